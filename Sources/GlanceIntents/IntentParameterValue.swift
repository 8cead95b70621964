import GlanceSystem
import FoundationEssentials
import GlanceTime

/// A type a `@Parameter` can hold and that can be written in the config as text.
public protocol IntentParameterValue: Sendable {
    /// What a valid value looks like, for error messages.
    static var parameterTypeName: String { get }
    init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError)
    /// The value as the config writes it (what `init(parameterText:context:)` reads back).
    var parameterText: String { get }
}

extension IntentParameterValue {
    public var parameterText: String { String(describing: self) }
}

extension String: IntentParameterValue {
    public static var parameterTypeName: String { "text" }
    public init(parameterText text: String, context: ParameterDecodingContext) { self = text }
}

extension Int: IntentParameterValue {
    public static var parameterTypeName: String { "a whole number" }
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        guard let value = Int(text.trimmedOfSpaces) else {
            throw ParameterDecodingError(expected: Self.parameterTypeName)
        }
        self = value
    }
}

extension Double: IntentParameterValue {
    public static var parameterTypeName: String { "a number" }
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        guard let value = Double(text.trimmedOfSpaces), value.isFinite else {
            throw ParameterDecodingError(expected: Self.parameterTypeName)
        }
        self = value
    }
}

extension Bool: IntentParameterValue {
    public static var parameterTypeName: String { "true or false" }
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

extension Optional: IntentParameterValue where Wrapped: IntentParameterValue {
    public static var parameterTypeName: String { Wrapped.parameterTypeName + " (optional)" }
    public var parameterText: String { self?.parameterText ?? "" }
    public init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        self = .some(try Wrapped(parameterText: text, context: context))
    }
}

