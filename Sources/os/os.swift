// `import os` (and `import OSLog`) in a widget's file is this module: Apple's unified
// logging writing to the daemon's log, each line with the name of the slot whose widget
// logged it. `Logger` is Glance's (every widget file sees it); this module adds the older
// `OSLog` and `os_log`. As on iOS, a string or object is `<private>` unless marked public.
@_exported import Glance

/// A log's subsystem and category (`OSLog(subsystem:category:)`).
public final class OSLog: Sendable {
    public let subsystem: String
    public let category: String
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }
    public static let `default` = OSLog(subsystem: "", category: "")
    public static let disabled = OSLog(subsystem: "", category: "disabled")
}

/// `os_log("fetched %d items", log: .default, type: .info, count)`: a printf-style format;
/// `%{public}@` values are shown, other `%@` strings and objects are `<private>`.
public func os_log(_ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ arguments: any CVarArg...) {
    Logger(log).log(level: type, OSLogMessage(stringLiteral: formatLogMessage("\(message)", arguments)))
}

public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: StaticString, _ arguments: any CVarArg...) {
    Logger(log).log(level: type, OSLogMessage(stringLiteral: formatLogMessage("\(message)", arguments)))
}

extension Logger {
    /// A logger for an `OSLog`'s subsystem and category.
    public init(_ log: OSLog) { self.init(subsystem: log.subsystem, category: log.category) }
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
