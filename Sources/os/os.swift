// `import os` in a widget's file is this module: Apple's unified logging (`Logger`,
// `OSLog`, `os_log`) writing to the daemon's log, each line with the name of the slot whose
// widget logged it. It brings Glance's names too, as Apple's module brings Foundation's.
//
// As on iOS, an interpolated string or object is `<private>` unless marked
// `privacy: .public` (numbers and booleans are shown): what a widget fetches with a key
// does not reach the log by accident.
@_exported import Glance
import GlanceSystem

/// How widely an interpolated value may be seen in the log.
public struct OSLogPrivacy: Sendable, Equatable {
    enum Kind: Sendable { case auto, `public`, `private`, sensitive }
    let kind: Kind
    public static let auto = OSLogPrivacy(kind: .auto)
    public static let `public` = OSLogPrivacy(kind: .public)
    public static let `private` = OSLogPrivacy(kind: .private)
    public static let sensitive = OSLogPrivacy(kind: .sensitive)
    public static func `private`(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .private }
    public static func sensitive(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .sensitive }

    public struct Mask: Sendable, Equatable {
        public static let hash = Mask()
        public static let none = Mask()
    }
}

/// How an interpolated number is written.
public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    public static let fixed = OSLogFloatFormatting(precision: 6)
    public static func fixed(precision: Int) -> OSLogFloatFormatting { OSLogFloatFormatting(precision: precision) }
}

public struct OSLogIntegerFormatting: Sendable {
    public static let decimal = OSLogIntegerFormatting()
}

/// A log message with its values and their privacy (`"loaded \(count) items"`).
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: OSLogInterpolation) { text = stringInterpolation.text }

    public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Strings and objects: `<private>` unless `privacy: .public`.
        public mutating func appendInterpolation<T>(_ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto) {
            text += privacy.kind == .public ? String(describing: value()) : "<private>"
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> String, privacy: OSLogPrivacy = .auto) {
            text += privacy.kind == .public ? value() : "<private>"
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> Int, format: OSLogIntegerFormatting = .decimal,
                                                 privacy: OSLogPrivacy = .auto) {
            text += privacy.kind == .private || privacy.kind == .sensitive ? "<private>" : String(value())
        }

        public mutating func appendInterpolation<T: BinaryInteger>(_ value: @autoclosure () -> T, format: OSLogIntegerFormatting,
                                                                   privacy: OSLogPrivacy = .auto) {
            text += privacy.kind == .private || privacy.kind == .sensitive ? "<private>" : String(value())
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> Double, format: OSLogFloatFormatting = .fixed,
                                                 privacy: OSLogPrivacy = .auto) {
            guard privacy.kind != .private && privacy.kind != .sensitive else { text += "<private>"; return }
            text += format.precision.map { value().formatted(.number.precision(.fractionLength($0)).grouping(.never)) } ?? String(value())
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> Bool, privacy: OSLogPrivacy = .auto) {
            text += privacy.kind == .private || privacy.kind == .sensitive ? "<private>" : String(value())
        }
    }
}

/// The level of a log line.
public struct OSLogType: Sendable, Equatable {
    let name: String
    public static let `default` = OSLogType(name: "notice")
    public static let info = OSLogType(name: "info")
    public static let debug = OSLogType(name: "debug")
    public static let error = OSLogType(name: "error")
    public static let fault = OSLogType(name: "fault")
}

/// A log's subsystem and category (`OSLog(subsystem:category:)`).
public final class OSLog: Sendable {
    let category: String
    public init(subsystem: String, category: String) { self.category = category }
    public static let `default` = OSLog(subsystem: "", category: "")
    public static let disabled = OSLog(subsystem: "", category: "disabled")
}

/// Apple's `Logger`: each line goes to the daemon's log as "slot NAME: [category] level: message".
public struct Logger: Sendable {
    let category: String

    public init(subsystem: String, category: String) { self.category = category }
    public init() { category = "" }
    public init(_ log: OSLog) { category = log.category }

    public func log(_ message: OSLogMessage) { write("notice", message.text) }
    public func log(level: OSLogType, _ message: OSLogMessage) { write(level.name, message.text) }
    public func trace(_ message: OSLogMessage) { write("debug", message.text) }
    public func debug(_ message: OSLogMessage) { write("debug", message.text) }
    public func info(_ message: OSLogMessage) { write("info", message.text) }
    public func notice(_ message: OSLogMessage) { write("notice", message.text) }
    public func warning(_ message: OSLogMessage) { write("warning", message.text) }
    public func error(_ message: OSLogMessage) { write("error", message.text) }
    public func critical(_ message: OSLogMessage) { write("critical", message.text) }
    public func fault(_ message: OSLogMessage) { write("fault", message.text) }

    func write(_ level: String, _ text: String) {
        SlotLog.write((category.isEmpty ? "" : "[\(category)] ") + "\(level): \(text)")
    }
}

/// `os_log("fetched %d items", log: .default, type: .info, count)`: a printf-style format;
/// `%{public}@` values are shown, other `%@` strings and objects are `<private>`.
public func os_log(_ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ arguments: any CVarArg...) {
    Logger(log).write(type.name, formatLogMessage("\(message)", arguments))
}

public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: StaticString, _ arguments: any CVarArg...) {
    Logger(log).write(type.name, formatLogMessage("\(message)", arguments))
}

/// printf's conversions one argument each, `{public}`/`{private}` read as privacy.
func formatLogMessage(_ format: String, _ arguments: [any CVarArg]) -> String {
    var result = ""
    var remaining = arguments[...]
    var index = format.startIndex
    while index < format.endIndex {
        let character = format[index]
        guard character == "%" else {
            result.append(character)
            index = format.index(after: index)
            continue
        }
        var end = format.index(after: index)
        guard end < format.endIndex else { result.append("%"); break }
        if format[end] == "%" {
            result.append("%")
            index = format.index(after: end)
            continue
        }
        var isPublic = false
        if format[end] == "{", let close = format[end...].firstIndex(of: "}") {
            isPublic = format[end...close].contains("public")
            end = format.index(after: close)
        }
        // Flags, width, precision and length, up to the conversion letter.
        while end < format.endIndex, !"dDiuUxXoOfFeEgGcsSp@aA".contains(format[end]) { end = format.index(after: end) }
        guard end < format.endIndex else { break }
        let conversion = format[end]
        let argument = remaining.popFirst()
        if let argument {
            let isString = conversion == "@" || conversion == "s" || conversion == "S"
            if isString && !isPublic {
                result += "<private>"
            } else if conversion == "@" {
                result += String(describing: argument)
            } else {
                result += String(format: "%" + format[format.index(after: index)...end].replacingOccurrences(of: "{public}", with: "")
                                    .replacingOccurrences(of: "{private}", with: ""), argument)
            }
        }
        index = format.index(after: end)
    }
    return result
}
