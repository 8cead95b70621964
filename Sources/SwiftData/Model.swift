import Foundation

/// Makes a class a stored model: `@Model final class Trip { var name: String; … }`. The
/// macro (GlanceMacros' `ModelMacro`) reads the class's stored properties and writes how
/// each is saved and read back, as JSON in the store; `@Transient` ones, `static` ones,
/// computed ones and `let`s with a value are not stored. A stored property's type must be
/// `Codable` (strings, numbers, dates, URLs, arrays, your own `Codable` types) or another
/// model, or an array or optional of models (a relationship, saved as the other model's
/// identifier).
@attached(member, names: named(_glanceStorage), named(init(_glanceRow:)), named(_glanceEncode))
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "GlanceMacros", type: "ModelMacro")

/// A stored property's options (`.unique`, `.externalStorage`, …). The store keeps every
/// property as JSON, so none of them changes what is kept; `originalName:` renames are not
/// followed.
@attached(peer)
public macro Attribute(_ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil) =
    #externalMacro(module: "GlanceMacros", type: "NothingMacro")

/// A relationship's options (`deleteRule:`, `inverse:`). Related models are saved by
/// identifier; delete rules are not applied (a deleted model's partners keep a dangling
/// identifier, read back as missing).
@attached(peer)
public macro Relationship(_ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
                          minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
                          inverse: AnyKeyPath? = nil, hashModifier: String? = nil) =
    #externalMacro(module: "GlanceMacros", type: "NothingMacro")

/// A property the store does not keep: it has its declared value after a fetch.
@attached(peer)
public macro Transient() = #externalMacro(module: "GlanceMacros", type: "NothingMacro")

/// A class made by `@Model`. Its members with `_glance` names are the macro's.
public protocol PersistentModel: AnyObject, Hashable, Identifiable {
    /// Reads the stored properties back from a saved row.
    init(_glanceRow row: ModelRow) throws
    /// Writes the stored properties into `row`.
    func _glanceEncode(into row: inout ModelRow) throws
    /// Where this instance is saved, and which context holds it.
    var _glanceStorage: ModelStorage { get }
}

extension PersistentModel {
    /// The model's identity in its store (temporary until the first save).
    public var persistentModelID: PersistentIdentifier {
        PersistentIdentifier(entity: Self.entityName, row: _glanceStorage.row, instance: ObjectIdentifier(self))
    }
    public var id: PersistentIdentifier { persistentModelID }
    /// The context that inserted or fetched it.
    public var modelContext: ModelContext? { _glanceStorage.context }
    /// Deleted from its context (saved or not).
    public var isDeleted: Bool { _glanceStorage.isDeleted }
    public var hasChanges: Bool { _glanceStorage.context?.changed(self) ?? true }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    static var entityName: String { String(describing: Self.self) }
}

/// The bookkeeping `@Model` adds to each instance.
public final class ModelStorage: @unchecked Sendable {
    var row: Int64?
    weak var context: ModelContext?
    var isDeleted = false
    /// The JSON last saved or read, to tell an edited model from an unchanged one.
    var saved: Data?
    public init() {}
}

/// A model's identity: its class and its row in the store.
public struct PersistentIdentifier: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let entityName: String
    let row: Int64?
    let instance: ObjectIdentifier?

    init(entity: String, row: Int64?, instance: ObjectIdentifier?) {
        entityName = entity
        self.row = row
        self.instance = row == nil ? instance : nil
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.entityName, lhs.row ?? -1) < (rhs.entityName, rhs.row ?? -1)
    }
    public var description: String { "\(entityName)/\(row.map(String.init) ?? "new")" }

    enum CodingKeys: String, CodingKey { case entityName, row }
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entityName = try container.decode(String.self, forKey: .entityName)
        row = try container.decodeIfPresent(Int64.self, forKey: .row)
        instance = nil
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entityName, forKey: .entityName)
        try container.encodeIfPresent(row, forKey: .row)
    }
}

/// A model's stored properties on their way to or from the store: one JSON object, a
/// key per property. Relationships are the related models' rows.
public struct ModelRow {
    var values: [String: Any] = [:]
    let entity: String
    let context: ModelContext?

    init(entity: String, context: ModelContext?, values: [String: Any] = [:]) {
        self.entity = entity
        self.context = context
        self.values = values
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private func fragment(_ key: String) throws -> Data {
        let value = values[key] ?? NSNull()
        return try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
    }

    private func missing(_ key: String) -> SwiftDataError {
        .decoding("\(entity).\(key) is not in the saved row (a property added since it was saved needs a value)")
    }

    // Reading. An optional property missing from the row reads as nil.
    public func value<T: Decodable>(for key: String) throws -> T {
        guard values[key] != nil || T.self is any _OptionalMarker.Type else { throw missing(key) }
        do {
            return try JSONDecoder().decode(T.self, from: fragment(key))
        } catch {
            throw SwiftDataError.decoding("\(entity).\(key) does not read as \(T.self): \(error)")
        }
    }

    public func value<T: PersistentModel>(for key: String) throws -> T {
        guard let row = values[key] as? NSNumber else { throw missing(key) }
        guard let model: T = try context?.registered(T.self, row: row.int64Value) else {
            throw SwiftDataError.decoding("\(entity).\(key): \(T.entityName) row \(row) is not in the store")
        }
        return model
    }

    public func value<T: PersistentModel>(for key: String) throws -> T? {
        guard let row = values[key] as? NSNumber else { return nil }
        return try context?.registered(T.self, row: row.int64Value)
    }

    public func value<T: PersistentModel>(for key: String) throws -> [T] {
        guard let rows = values[key] as? [NSNumber] else { return [] }
        return try rows.compactMap { try context?.registered(T.self, row: $0.int64Value) }
    }

    public func value<T: PersistentModel>(for key: String) throws -> [T]? {
        guard values[key] != nil else { return nil }
        let models: [T] = try value(for: key)
        return models
    }

    // Writing.
    public mutating func set<T: Encodable>(_ value: T, for key: String) throws {
        do {
            let data = try Self.encoder.encode(value)
            values[key] = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw SwiftDataError.decoding("\(entity).\(key) cannot be saved as JSON: \(error)")
        }
    }

    public mutating func set<T: PersistentModel>(_ value: T, for key: String) throws {
        values[key] = try row(of: value).map { NSNumber(value: $0) } ?? NSNull()
    }

    /// A related model's row: nil for a deleted one, -1 while it has none (outside a save).
    private func row(of model: some PersistentModel) throws -> Int64? {
        guard let context else { return -1 }
        return try context.rowOf(model)
    }

    public mutating func set<T: PersistentModel>(_ value: T?, for key: String) throws {
        if let value { try set(value, for: key) } else { values[key] = NSNull() }
    }

    public mutating func set<T: PersistentModel>(_ value: [T], for key: String) throws {
        values[key] = try value.compactMap { try row(of: $0).map { NSNumber(value: $0) } }
    }

    public mutating func set<T: PersistentModel>(_ value: [T]?, for key: String) throws {
        if let value { try set(value, for: key) } else { values[key] = NSNull() }
    }

    func json() throws -> Data {
        try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys])
    }

    static func from(_ json: Data, entity: String, context: ModelContext?) throws -> ModelRow {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw SwiftDataError.decoding("a \(entity) row is not a JSON object")
        }
        return ModelRow(entity: entity, context: context, values: object)
    }
}

/// Optionals, told apart from other `Decodable`s.
protocol _OptionalMarker {}
extension Optional: _OptionalMarker {}

/// The models a container holds (`Schema([Trip.self, Note.self])`).
public struct Schema: @unchecked Sendable {
    public let types: [any PersistentModel.Type]
    public let version: Version

    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        self.types = types
        self.version = version
    }
    public init() { self.init([]) }

    public struct Version: Hashable, Sendable, CustomStringConvertible {
        public let major: Int, minor: Int, patch: Int
        public init(_ major: Int, _ minor: Int, _ patch: Int) { (self.major, self.minor, self.patch) = (major, minor, patch) }
        public var description: String { "\(major).\(minor).\(patch)" }
    }

    public enum Attribute {
        public struct Option: Sendable {
            let name: String
            public static let unique = Option(name: "unique")
            public static let externalStorage = Option(name: "externalStorage")
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            public static let ephemeral = Option(name: "ephemeral")
            public static let spotlight = Option(name: "spotlight")
            public static func transformable(by transformerName: String) -> Option { Option(name: "transformable") }
        }
    }

    public enum Relationship {
        public struct Option: Sendable {
            let name: String
            public static let unique = Option(name: "unique")
        }
        public enum DeleteRule: Sendable { case nullify, cascade, deny, noAction }
    }
}
