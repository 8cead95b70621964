import FoundationEssentials

/// A problem in a configuration file, with where it is and what was expected.
///
/// Printed as one line: `glance.yaml:7:13: slots[0].family: unknown family 'systemHuge';
/// expected one of systemSmall, systemMedium, …`.
public struct ConfigError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    /// 1-based; 0 when the problem has no single place (the file is missing).
    public var line: Int
    public var column: Int
    /// The field's path: `slots[0].family`, or empty for the whole file.
    public var field: String
    public var message: String

    public init(file: String, line: Int = 0, column: Int = 0, field: String = "", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    public var description: String {
        var text = file
        if line > 0 { text += ":\(line):\(column)" }
        text += ": "
        if !field.isEmpty { text += "\(field): " }
        return text + message
    }
}

/// Where a value came from in the file, kept so that later checks (an unknown widget
/// kind found when the host starts) can still point at the right line.
public struct ConfigLocation: Equatable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var field: String

    public init(file: String, line: Int, column: Int, field: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
    }

    public func error(_ message: String) -> ConfigError {
        ConfigError(file: file, line: line, column: column, field: field, message: message)
    }
}

/// A value from the file or the command line, as an error message shows it: in quotes,
/// control characters escaped (a newline or a terminal escape cannot forge or colour
/// the message), cut after 80 characters.
package func quoted(_ text: some StringProtocol) -> String {
    var out = "'"
    for (index, scalar) in text.unicodeScalars.enumerated() {
        if index == 80 {
            out += "…"
            break
        }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "'": out += "\\'"
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "'"
}
