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

    init(title: LocalizedStringResource, value: Value?, coding: ParameterCoding<Value>) {
        storage = ParameterStorage(title: title, value: value, coding: coding)
    }

    /// `@Parameter var name: String?`, as a generated intent's `@NSManaged var name:
    /// String?` becomes: titled by its property name; optional types start as `nil`.
    /// For text, numbers, flags and dates (other types need a title).
    public init() {
        func plain<Plain: IntentParameterValue>(_: Plain.Type) -> ParameterCoding<Value>? { ParameterCoding<Plain>.plain as? ParameterCoding<Value> }
        let coding = (Value.self as? any IntentParameterValue.Type).flatMap { plain($0) } ?? .unsupported
        self.init(title: "", value: (Value.self as? any AbsentParameterValue.Type)?.absent as? Value, coding: coding)
    }
}

// MARK: - Plain values (text, numbers, dates, flags)

extension Parameter where Value: IntentParameterValue {
    public init(title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Value) {
        self.init(title: title, value: defaultValue, coding: .plain)
    }

    /// A parameter without a default: required (the config must give it), unless its
    /// type is optional (`var note: String?`), which starts as `nil` as in App Intents.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.init(title: title, value: (Value.self as? any AbsentParameterValue.Type)?.absent as? Value, coding: .plain)
    }


    /// A parameter whose default comes from `optionsProvider.defaultResult()` when the
    /// config gives none (Apple's `@Parameter(title:optionsProvider:)`).
    public init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Value? = nil, optionsProvider: Provider
    ) where Provider.Result.Element == Value {
        var coding = ParameterCoding<Value>.plain
        coding.resolve = { texts, current throws(ParameterResolutionError) in
            if let current { return current }
            guard let value = await optionsProvider.defaultResult() else { throw .missing }
            return value
        }
        coding.options = { try await optionsProvider.results().map(\.parameterText) }
        self.init(title: title, value: defaultValue, coding: coding)
    }

    /// An optional parameter with offered values: `nil` unless the config gives one.
    public init<Wrapped: IntentParameterValue, Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, optionsProvider: Provider
    ) where Value == Wrapped?, Provider.Result.Element == Wrapped {
        var coding = ParameterCoding<Value>.plain
        coding.options = { try await optionsProvider.results().map(\.parameterText) }
        self.init(title: title, value: .some(nil), coding: coding)
    }

}

extension Parameter {
    /// A list of plain values: `[a, b]` in the config, `a,b` or a repeated `--param` on
    /// the command line. Without a default it starts empty.
    public init<Element: IntentParameterValue>(
        title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: [Element] = []
    ) where Value == [Element] {
        self.init(title: title, value: defaultValue, coding: .list(of: .plain))
    }
}

extension Parameter {
    /// A list that is `nil` until the config gives one (an `.intentdefinition` parameter
    /// with several values, as Xcode generates it).
    public init<Element: IntentParameterValue>(title: LocalizedStringResource, description: IntentDescription? = nil) where Value == [Element]? {
        self.init(title: title, value: .some(nil), coding: .optionalList(of: .plain))
    }

    /// A list of an enumeration's values that is `nil` until the config gives one.
    public init<Element: AppEnum>(title: LocalizedStringResource, description: IntentDescription? = nil) where Value == [Element]? {
        self.init(title: title, value: .some(nil), coding: .optionalList(of: .enumeration))
    }
}

extension Parameter where Value: ExpressibleByNilLiteral {
    /// A parameter of a type made from a plain value, `nil` until the config gives one:
    /// Xcode's `NSNumber?` for an `.intentdefinition`'s whole number, flag or decimal
    /// (Glance's umbrella, which has Foundation's `NSNumber`, declares that one).
    package init<Plain: IntentParameterValue>(title: LocalizedStringResource, from plain: Plain.Type,
                                              make: @escaping @Sendable (Plain) throws(ParameterDecodingError) -> Value,
                                              read: @escaping @Sendable (Value) -> Plain?) {
        let coding = ParameterCoding<Value>(
            typeName: Plain.parameterTypeName, kind: Plain.parameterKind,
            decode: { texts, context throws(ParameterDecodingError) in try make(try Plain(parameterText: texts[0], context: context)) },
            text: { value in read(value).map { [$0.parameterText] } ?? [] },
            display: { value in read(value)?.parameterText ?? "" }
        )
        self.init(title: title, value: .some(nil), coding: coding)
    }
}

// MARK: - Parameters that name places (Glance's own)

extension Parameter where Value: IntentParameterValue {
    /// A parameter whose text names a place the daemon reads (`ParameterRole`): set by
    /// the config file, and from outside only where the slot's `settable:` names it.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Value, role: ParameterRole) {
        var coding = ParameterCoding<Value>.plain
        coding.role = role
        self.init(title: title, value: defaultValue, coding: coding)
    }

    /// A parameter naming a place, without a default (required unless optional).
    public init(title: LocalizedStringResource, description: IntentDescription? = nil, role: ParameterRole) {
        var coding = ParameterCoding<Value>.plain
        coding.role = role
        self.init(title: title, value: (Value.self as? any AbsentParameterValue.Type)?.absent as? Value, coding: coding)
    }
}

extension Parameter {
    /// A list of texts that name places (`ParameterRole`).
    public init<Element: IntentParameterValue>(
        title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: [Element] = [], role: ParameterRole
    ) where Value == [Element] {
        var coding = ParameterCoding<Value>.list(of: .plain)
        coding.role = role
        self.init(title: title, value: defaultValue, coding: coding)
    }
}

// MARK: - Enumerations

extension Parameter where Value: AppEnum {
    public init(title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Value) {
        self.init(title: title, value: defaultValue, coding: .enumeration)
    }

    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.init(title: title, value: nil, coding: .enumeration)
    }
}

extension Parameter {
    /// An optional enum parameter (`var mood: Mood?`): `nil` unless the config gives it.
    public init<Wrapped: AppEnum>(title: LocalizedStringResource, description: IntentDescription? = nil) where Value == Wrapped? {
        self.init(title: title, value: .some(nil), coding: .optional(of: .enumeration))
    }

    public init<Wrapped: AppEnum>(title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Wrapped?) where Value == Wrapped? {
        self.init(title: title, value: .some(defaultValue), coding: .optional(of: .enumeration))
    }

    /// A list of enum cases, written as their raw values.
    public init<Element: AppEnum>(
        title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: [Element] = []
    ) where Value == [Element] {
        self.init(title: title, value: defaultValue, coding: .list(of: .enumeration))
    }
}

// MARK: - Entities

extension Parameter where Value: AppEntity {
    /// An entity parameter, written in the config as the entity's id. Without one in the
    /// config it takes `defaultQuery.defaultResult()`; when that is `nil` too the
    /// parameter is missing.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.init(title: title, value: nil, coding: .entity)
    }

    public init(title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Value) {
        self.init(title: title, value: defaultValue, coding: .entity)
    }
}

extension Parameter {
    /// An optional entity parameter: `nil` unless the config names one.
    public init<Wrapped: AppEntity>(title: LocalizedStringResource, description: IntentDescription? = nil) where Value == Wrapped? {
        var coding = ParameterCoding<Value>.optional(of: .entity)
        let find = ParameterCoding<Wrapped>.entity.resolve
        coding.resolve = { texts, current throws(ParameterResolutionError) in
            guard let texts, let find else { return current ?? nil }
            return try await find(texts, nil)
        }
        self.init(title: title, value: .some(nil), coding: coding)
    }

    /// A list of entities, written as their ids; every id must name one.
    public init<Element: AppEntity>(title: LocalizedStringResource, description: IntentDescription? = nil) where Value == [Element] {
        var coding = ParameterCoding<Value>.list(of: .entity)
        coding.decode = { texts, _ throws(ParameterDecodingError) in
            _ = try EntityLookup<Element>.identifiers(texts)
            return nil
        }
        coding.resolve = { texts, current throws(ParameterResolutionError) in
            guard let texts else { return current ?? [] }
            return try await EntityLookup<Element>.find(texts)
        }
        self.init(title: title, value: [], coding: coding)
    }
}

// MARK: - The box

/// Types whose parameters need no value from the config: `Optional`, whose absence is `nil`.
protocol AbsentParameterValue {
    static var absent: Self { get }
    var isAbsent: Bool { get }
}

extension Optional: AbsentParameterValue {
    static var absent: Optional { nil }
    var isAbsent: Bool { self == nil }
}

extension Parameter: AnyIntentParameter {
    var isSet: Bool { storage.isSet }
    var typeName: String { storage.coding.typeName }
    var kind: ParameterKind { storage.coding.kind }
    var isList: Bool { storage.coding.isList }
    var valueDescription: String { storage.valueDescription }
    var titleText: String { storage.title.key }
    var configTexts: [String]? { storage.configTexts }
    var displayText: String? { storage.displayText }
    var offeredTexts: (@Sendable () async throws -> [String])? { storage.coding.options }
    var role: ParameterRole? { storage.coding.role }
    func assign(texts: [String], context: ParameterDecodingContext) throws(ParameterDecodingError) {
        try storage.assign(texts: texts, context: context)
    }
    func resolve() async throws(ParameterResolutionError) { try await storage.resolve() }
}

/// What `Parameter` needs of a box, without its value type.
protocol AnyIntentParameter {
    var isSet: Bool { get }
    var typeName: String { get }
    var kind: ParameterKind { get }
    /// Whether the config may give a list.
    var isList: Bool { get }
    /// The value as text, for telling intents apart.
    var valueDescription: String { get }
    var titleText: String { get }
    /// The value as the config would write it; `nil` while unset.
    var configTexts: [String]? { get }
    /// The value as a person reads it; `nil` while unset.
    var displayText: String? { get }
    /// The values an options provider offers, as the config writes them.
    var offeredTexts: (@Sendable () async throws -> [String])? { get }
    /// What place the value names, if any.
    var role: ParameterRole? { get }
    func assign(texts: [String], context: ParameterDecodingContext) throws(ParameterDecodingError)
    func resolve() async throws(ParameterResolutionError)
}

/// The box behind a `Parameter`.
///
/// Unchecked Sendable: a box is written only while its intent is being configured and
/// resolved, before the intent is handed to a provider, and read afterwards.
final class ParameterStorage<Value: Sendable>: @unchecked Sendable {
    let title: LocalizedStringResource
    let coding: ParameterCoding<Value>
    private var value: Value?
    /// What the config gave, kept for resolving entities before each fetch.
    private var texts: [String]?

    init(title: LocalizedStringResource, value: Value?, coding: ParameterCoding<Value>) {
        self.title = title
        self.value = value
        self.coding = coding
    }

    /// Set, or found before each fetch (entities, options providers).
    var isSet: Bool { value != nil || coding.resolve != nil }

    var valueIfSet: Value? { value }

    func set(_ newValue: Value) { value = newValue }

    var valueDescription: String { value.map { String(reflecting: $0) } ?? "unset" }

    var configTexts: [String]? { value.map(coding.text) }

    var displayText: String? { value.map(coding.display) }

    func currentValue() -> Value {
        guard let value else {
            // IntentConfigurator refuses to hand out an intent with a required parameter unset.
            preconditionFailure("required parameter '\(title)' was read before it was set")
        }
        return value
    }

    func assign(texts: [String], context: ParameterDecodingContext) throws(ParameterDecodingError) {
        guard coding.isList || texts.count == 1 else {
            throw ParameterDecodingError(expected: "\(coding.typeName) (one value; a list was given)")
        }
        self.texts = texts
        if let decoded = try coding.decode(texts, context) { value = decoded }
    }

    func resolve() async throws(ParameterResolutionError) {
        guard let resolve = coding.resolve else { return }
        value = try await resolve(texts, value)
    }
}

/// How a parameter's value is read from the config, found, and written back.
struct ParameterCoding<Value: Sendable>: Sendable {
    var typeName: String
    var kind: ParameterKind = .text
    var isList = false
    /// The config's texts as a value; `nil` when the value is found later by `resolve`.
    var decode: @Sendable ([String], ParameterDecodingContext) throws(ParameterDecodingError) -> Value?
    /// Finds the value before a fetch, from the config's texts (`nil`: none given) and
    /// the value the parameter holds.
    var resolve: (@Sendable (_ texts: [String]?, _ current: Value?) async throws(ParameterResolutionError) -> Value)?
    /// The value as the config writes it (none for an absent optional).
    var text: @Sendable (Value) -> [String]
    /// The value as a person reads it.
    var display: @Sendable (Value) -> String
    /// The values an options provider offers.
    var options: (@Sendable () async throws -> [String])?
    /// What place the value names, if any (`ParameterRole`).
    var role: ParameterRole?
}

extension ParameterCoding {
    /// A type `@Parameter` without a title cannot read: every value is refused.
    static var unsupported: ParameterCoding {
        ParameterCoding(
            typeName: "\(Value.self), which needs @Parameter(title:)",
            decode: { _, _ throws(ParameterDecodingError) in throw ParameterDecodingError(expected: "\(Value.self), which needs @Parameter(title:)") },
            text: { _ in [] },
            display: { "\($0)" }
        )
    }
}

extension ParameterCoding where Value: IntentParameterValue {
    static var plain: ParameterCoding {
        ParameterCoding(
            typeName: Value.parameterTypeName,
            kind: Value.parameterKind,
            decode: { texts, context throws(ParameterDecodingError) in try Value(parameterText: texts[0], context: context) },
            text: { value in (value as? any AbsentParameterValue)?.isAbsent == true ? [] : [value.parameterText] },
            display: { $0.parameterText }
        )
    }
}

extension ParameterCoding where Value: AppEnum {
    static var enumeration: ParameterCoding {
        ParameterCoding(
            typeName: Value.enumTypeName,
            kind: .choice(Value.allCases.map(\.rawValue)),
            decode: { texts, context throws(ParameterDecodingError) in try Value(enumText: texts[0], context: context) },
            text: { [$0.rawValue] },
            display: { Value.caseDisplayRepresentations[$0]?.title.key ?? $0.rawValue }
        )
    }
}

extension ParameterCoding where Value: AppEntity {
    static var entity: ParameterCoding {
        ParameterCoding(
            typeName: "the id of a \(EntityLookup<Value>.typeName)",
            kind: .entity,
            decode: { texts, _ throws(ParameterDecodingError) in
                _ = try EntityLookup<Value>.identifiers(texts)
                return nil
            },
            resolve: { texts, current throws(ParameterResolutionError) in
                if let texts, let found = try await EntityLookup<Value>.find(texts).first { return found }
                if let current { return current }
                guard let fallback = await Value.defaultQuery.defaultResult() else { throw .missing }
                return fallback
            },
            text: { [$0.id.entityIdentifierString] },
            display: { $0.displayRepresentation.title.key }
        )
    }
}

extension ParameterCoding {
    /// `Wrapped?` read as `Wrapped`; absent is `nil`.
    static func optional<Wrapped>(of wrapped: ParameterCoding<Wrapped>) -> ParameterCoding where Value == Wrapped? {
        ParameterCoding(
            typeName: wrapped.typeName + " (optional)",
            kind: wrapped.kind,
            decode: { texts, context throws(ParameterDecodingError) in try wrapped.decode(texts, context).map { .some($0) } },
            text: { $0.map(wrapped.text) ?? [] },
            display: { $0.map(wrapped.display) ?? "" }
        )
    }

    /// `[Element]`, each text one element.
    static func list<Element>(of element: ParameterCoding<Element>) -> ParameterCoding where Value == [Element] {
        ParameterCoding(
            typeName: "a list of " + element.typeName,
            kind: .list,
            isList: true,
            decode: { texts, context throws(ParameterDecodingError) in
                var values: [Element] = []
                for text in texts {
                    guard let value = try element.decode([text], context) else { return nil }
                    values.append(value)
                }
                return values
            },
            text: { $0.flatMap(element.text) },
            display: { $0.map(element.display).joined(separator: ", ") }
        )
    }

    /// A list that is `nil` until the config gives one (what Xcode generates for an intent
    /// parameter with several values: `[City]?`).
    static func optionalList<Element>(of element: ParameterCoding<Element>) -> ParameterCoding where Value == [Element]? {
        let list = ParameterCoding<[Element]>.list(of: element)
        return ParameterCoding(
            typeName: list.typeName, kind: .list, isList: true,
            decode: { texts, context throws(ParameterDecodingError) in try list.decode(texts, context).map { .some($0) } },
            text: { $0.map(list.text) ?? [] },
            display: { $0.map(list.display) ?? "" }
        )
    }
}

/// Entities looked up by the ids the config gives.
enum EntityLookup<Entity: AppEntity> {
    static var typeName: String { Entity.typeDisplayRepresentation.name.key }

    static func identifiers(_ texts: [String]) throws(ParameterDecodingError) -> [Entity.ID] {
        var ids: [Entity.ID] = []
        for text in texts {
            guard let id = Entity.ID.entityIdentifier(for: text) else {
                throw ParameterDecodingError(expected: "the id of a \(typeName)")
            }
            ids.append(id)
        }
        return ids
    }

    /// The entities `texts` name, in order, from `defaultQuery.entities(for:)`.
    static func find(_ texts: [String]) async throws(ParameterResolutionError) -> [Entity] {
        let ids: [Entity.ID]
        do {
            ids = try identifiers(texts)
        } catch {
            throw .unknownIdentifiers(texts, typeName: typeName, suggested: [])
        }
        let found: [Entity]
        do {
            found = try await Entity.defaultQuery.entities(for: ids)
        } catch {
            throw .queryFailed("\(typeName) query failed: \(error)")
        }
        var entities: [Entity] = []
        var unknown: [String] = []
        for id in ids {
            if let entity = found.first(where: { $0.id == id }) { entities.append(entity) } else { unknown.append(id.entityIdentifierString) }
        }
        guard unknown.isEmpty else {
            // The ids worth offering instead; a query that cannot say offers none.
            let suggested = (try? await Entity.defaultQuery.suggestedEntities())?.map(\.id.entityIdentifierString) ?? []
            throw .unknownIdentifiers(unknown, typeName: typeName, suggested: suggested)
        }
        return entities
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

/// A parameter's value could not be found before a fetch.
public enum ParameterResolutionError: Error, Sendable, Equatable {
    /// No entity has these ids; `suggested` are the ids the query offers.
    case unknownIdentifiers([String], typeName: String, suggested: [String])
    /// Required, not in the config, and the query or options provider has no default.
    case missing
    /// The query threw.
    case queryFailed(String)
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
