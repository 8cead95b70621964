import GlanceSystem
import FoundationEssentials
import GlanceTime

/// A type a `@Parameter` can hold and that can be written in the config as text.
public protocol IntentParameterValue: Sendable {
    /// What a valid value looks like, for error messages.
    static var parameterTypeName: String { get }
    /// What kind of value it is, for front ends that offer a control per kind (Home
    /// Assistant's number, switch, text).
    static var parameterKind: ParameterKind { get }
    init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError)
    /// The value as the config writes it (what `init(parameterText:context:)` reads back).
    var parameterText: String { get }
}

extension IntentParameterValue {
    public var parameterText: String { String(describing: self) }
    public static var parameterKind: ParameterKind { .text }
}

/// What kind of value a parameter holds.
public enum ParameterKind: Sendable, Equatable {
    case text
    case wholeNumber
    case number
    case toggle
    case date
    /// One of these values (an `AppEnum`'s raw values).
    case choice([String])
    /// The id of an `AppEntity`.
    case entity
    /// Several values.
    case list
}

extension String: IntentParameterValue {
    public static var parameterTypeName: String { "text" }
    public init(parameterText text: String, context: ParameterDecodingContext) { self = text }
}

extension Int: IntentParameterValue {
    public static var parameterTypeName: String { "a whole number" }
    public static var parameterKind: ParameterKind { .wholeNumber }
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        guard let value = Int(text.trimmedOfSpaces) else {
            throw ParameterDecodingError(expected: Self.parameterTypeName)
        }
        self = value
    }
}

extension Double: IntentParameterValue {
    public static var parameterTypeName: String { "a number" }
    public static var parameterKind: ParameterKind { .number }
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        guard let value = Double(text.trimmedOfSpaces), value.isFinite else {
            throw ParameterDecodingError(expected: Self.parameterTypeName)
        }
        self = value
    }
}

extension Bool: IntentParameterValue {
    public static var parameterTypeName: String { "true or false" }
    public static var parameterKind: ParameterKind { .toggle }
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        switch text.lowercased() {
        case "true", "yes", "on", "1": self = true
        case "false", "no", "off", "0": self = false
        default: throw ParameterDecodingError(expected: Self.parameterTypeName)
        }
    }
}

extension Date: IntentParameterValue {
    public static var parameterTypeName: String { "a date like 2027-01-03 or 2027-01-03T09:00:00+09:00" }
    public static var parameterKind: ParameterKind { .date }
    public var parameterText: String { iso8601String(self, in: .utc) }

    /// A bare date is the start of that day in the context's zone.
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        let trimmed = text.trimmedOfSpaces
        if let day = CalendarDay(isoString: trimmed), let start = day.start(in: context.timeZone) {
            self = start
            return
        }
        if let instant = parseISO8601Instant(trimmed) {
            self = instant
            return
        }
        throw ParameterDecodingError(expected: Self.parameterTypeName)
    }
}

extension URL: IntentParameterValue {
    public static var parameterTypeName: String { "a URL like https://example.com/feed" }
    public var parameterText: String { absoluteString }
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        guard let url = URL(string: text.trimmedOfSpaces), url.scheme != nil else { throw ParameterDecodingError(expected: Self.parameterTypeName) }
        self = url
    }
}

extension DateComponents: IntentParameterValue {
    public static var parameterTypeName: String { "a date like 2027-01-03, a time like 09:30, or both (2027-01-03T09:30)" }
    public static var parameterKind: ParameterKind { .date }
    public var parameterText: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = year.flatMap { year in month.flatMap { month in day.map { "\(year)-\(two(month))-\(two($0))" } } }
        let time = hour.flatMap { hour in minute.map { "\(two(hour)):\(two($0))" } }
        return [date, time].compactMap { $0 }.joined(separator: "T")
    }
    /// The fields the text has: year, month and day; hour and minute; or all five.
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        let parts = text.trimmedOfSpaces.split(separator: "T", omittingEmptySubsequences: false)
        var components = DateComponents()
        for part in parts {
            let fields = part.split(separator: part.contains(":") ? ":" : "-").map { Int($0) }
            if part.contains(":"), fields.count == 2, let hour = fields[0], let minute = fields[1], (0..<24).contains(hour), (0..<60).contains(minute) {
                components.hour = hour
                components.minute = minute
            } else if !part.contains(":"), fields.count == 3, let year = fields[0], let month = fields[1], let day = fields[2],
                      (1...12).contains(month), (1...31).contains(day) {
                components.year = year
                components.month = month
                components.day = day
            } else {
                throw ParameterDecodingError(expected: Self.parameterTypeName)
            }
        }
        guard parts.count <= 2, components != DateComponents() else { throw ParameterDecodingError(expected: Self.parameterTypeName) }
        self = components
    }
}

extension Optional: IntentParameterValue where Wrapped: IntentParameterValue {
    public static var parameterTypeName: String { Wrapped.parameterTypeName + " (optional)" }
    public static var parameterKind: ParameterKind { Wrapped.parameterKind }
    public var parameterText: String { self?.parameterText ?? "" }
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        self = .some(try Wrapped(parameterText: text, context: context))
    }
}

