import FoundationEssentials
import GlanceTime

/// A configurable input of an intent (Apple's `@Parameter`).
///
/// The value lives in a shared box so that Glance can fill a freshly made intent from
/// the config by name (`params: {title: Launch}` sets `@Parameter var title`).
@propertyWrapper
public struct Parameter<Value: Sendable>: Sendable {
    let storage: ParameterStorage<Value>

    public var wrappedValue: Value {
        get { storage.currentValue() }
        nonmutating set { storage.set(newValue) }
    }

    public var projectedValue: Parameter<Value> { self }

    /// The title shown for this parameter.
    public var title: LocalizedStringResource { storage.title }

    public init(
        title: LocalizedStringResource,
        description: IntentDescription? = nil,
        default defaultValue: Value
    ) where Value: IntentParameterValue {
        self.init(title: title, value: defaultValue, decode: Value.init(parameterText:context:), typeName: Value.parameterTypeName)
    }

    /// A parameter without a default: required (the config must give it), unless its
    /// type is optional (`var note: String?`), which starts as `nil` as in App Intents.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) where Value: IntentParameterValue {
        self.init(title: title, value: (Value.self as? any AbsentParameterValue.Type)?.absent as? Value, decode: Value.init(parameterText:context:), typeName: Value.parameterTypeName)
    }

    /// An optional enum parameter (`var mood: Mood?`): `nil` unless the config gives it.
    public init<Wrapped: AppEnum>(title: LocalizedStringResource, description: IntentDescription? = nil) where Value == Wrapped? {
        self.init(title: title, value: .some(nil), decode: { (text, context) throws(ParameterDecodingError) -> Wrapped? in
            try Wrapped(enumText: text, context: context)
        }, typeName: Wrapped.enumTypeName)
    }

    public init(
        title: LocalizedStringResource,
        description: IntentDescription? = nil,
        default defaultValue: Value
    ) where Value: AppEnum {
        self.init(title: title, value: defaultValue, decode: Value.init(enumText:context:), typeName: Value.enumTypeName)
    }

    public init(title: LocalizedStringResource, description: IntentDescription? = nil) where Value: AppEnum {
        self.init(title: title, value: nil, decode: Value.init(enumText:context:), typeName: Value.enumTypeName)
    }

    private init(
        title: LocalizedStringResource,
        value: Value?,
        decode: @escaping (String, ParameterDecodingContext) throws(ParameterDecodingError) -> Value,
        typeName: String
    ) {
        storage = ParameterStorage(title: title, value: value, decode: decode, typeName: typeName)
    }
}

/// Types whose parameters need no value from the config: `Optional`, whose absence is `nil`.
protocol AbsentParameterValue {
    static var absent: Self { get }
}

extension Optional: AbsentParameterValue {
    static var absent: Optional { nil }
}

extension Parameter: AnyIntentParameter {
    var isSet: Bool { storage.isSet }
    var typeName: String { storage.typeName }
    var valueDescription: String { storage.valueDescription }
    func assign(text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        try storage.assign(text: text, context: context)
    }
}

/// What `Parameter` needs of a box, without its value type.
protocol AnyIntentParameter {
    var isSet: Bool { get }
    var typeName: String { get }
    /// The value as text, for telling intents apart.
    var valueDescription: String { get }
    func assign(text: String, context: ParameterDecodingContext) throws(ParameterDecodingError)
}

/// The box behind a `Parameter`.
///
/// Unchecked Sendable: a box is written only while its intent is being configured,
/// before the intent is handed to a provider, and read afterwards.
final class ParameterStorage<Value: Sendable>: @unchecked Sendable {
    let title: LocalizedStringResource
    let typeName: String
    private var value: Value?
    private let decode: (String, ParameterDecodingContext) throws(ParameterDecodingError) -> Value

    init(
        title: LocalizedStringResource,
        value: Value?,
        decode: @escaping (String, ParameterDecodingContext) throws(ParameterDecodingError) -> Value,
        typeName: String
    ) {
        self.title = title
        self.value = value
        self.decode = decode
        self.typeName = typeName
    }

    var isSet: Bool { value != nil }

    func set(_ newValue: Value) { value = newValue }

    var valueDescription: String { value.map { String(reflecting: $0) } ?? "unset" }

    func currentValue() -> Value {
        guard let value else {
            // IntentConfigurator refuses to hand out an intent with a required parameter unset.
            preconditionFailure("required parameter '\(title)' was read before it was set")
        }
        return value
    }

    func assign(text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        value = try decode(text, context)
    }
}

/// Where a parameter's text came from, for decoding dates in the right zone.
public struct ParameterDecodingContext: Sendable {
    /// The zone a date without an offset (`2027-01-03`) is read in.
    public var timeZone: ZoneRules

    public init(timeZone: ZoneRules) { self.timeZone = timeZone }
}

/// A parameter's text could not be read as its type.
public struct ParameterDecodingError: Error, Sendable, Equatable {
    /// What the parameter expects, for the message: "a date like 2027-01-03".
    public var expected: String

    public init(expected: String) { self.expected = expected }
}

extension AppEnum {
    static var enumTypeName: String {
        "one of " + allCases.map(\.rawValue).joined(separator: ", ")
    }

    init(enumText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        guard let value = Self(rawValue: text) else { throw ParameterDecodingError(expected: Self.enumTypeName) }
        self = value
    }
}
