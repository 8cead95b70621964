import FoundationEssentials
import GlanceSystem

/// An identifier an entity parameter can be written as in the config (Apple's
/// `EntityIdentifierConvertible`): `params: {city: paris}`.
public protocol EntityIdentifierConvertible: Hashable, Sendable {
    /// The identifier as the config writes it.
    var entityIdentifierString: String { get }
    /// The identifier written as `entityIdentifierString`, or `nil` when the text is none.
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    public var entityIdentifierString: String { self }
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

extension Int: EntityIdentifierConvertible {
    public var entityIdentifierString: String { String(self) }
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString.trimmedOfSpaces) }
}

extension UUID: EntityIdentifierConvertible {
    public var entityIdentifierString: String { uuidString }
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString.trimmedOfSpaces) }
}

/// Something of the app's a parameter can name: a city, a counter, a calendar
/// (Apple's `AppEntity`).
///
/// In the config an entity is written as its `id`; before each timeline fetch Glance
/// looks the id up with `defaultQuery.entities(for:)`, so the entity the provider gets
/// is as current as the query makes it.
public protocol AppEntity: Identifiable, Sendable where ID: EntityIdentifierConvertible, DefaultQuery.Entity == Self {
    associatedtype DefaultQuery: EntityQuery
    /// The name of the type in pickers and messages ("City").
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// How this entity is shown ("Paris").
    var displayRepresentation: DisplayRepresentation { get }
    /// The query that finds entities of this type by id.
    static var defaultQuery: DefaultQuery { get }
}

/// Finds entities by their identifiers (Apple's `EntityQuery`).
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    init()
    /// The entities with these ids; an id that names nothing is left out.
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// Entities to offer; Glance lists their ids when a configured id names nothing.
    func suggestedEntities() async throws -> [Entity]
    /// The entity a required parameter takes when the config names none.
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
    public func defaultResult() async -> Entity? { nil }
}

/// A query that can also search by text (Apple's `EntityStringQuery`).
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> [Entity]
}

/// Supplies the values a parameter offers and its default (Apple's `DynamicOptionsProvider`).
///
/// `@Parameter(title: "City", optionsProvider: CityOptions()) var city: String`: when
/// the config gives no value, the parameter takes `defaultResult()`; `glance widgets`
/// lists `results()`.
public protocol DynamicOptionsProvider: Sendable {
    associatedtype Result: Sequence where Result.Element: Sendable
    typealias DefaultValue = Result.Element
    func results() async throws -> Result
    func defaultResult() async -> DefaultValue?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> DefaultValue? { nil }
}
