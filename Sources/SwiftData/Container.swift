import Foundation
import GlanceSystem

/// Where a container keeps its models (SwiftData's `ModelConfiguration`). On a wall the
/// store is a SQLite file in the state folder, which the widget's process and its
/// companion program (the app's side) share as they share app groups:
/// `<state_dir>/swiftdata/NAME.store` (NAME `default`), with `groupContainer:
/// .identifier(G)` `<state_dir>/groups/G/NAME.store`, or the `url:` given.
public struct ModelConfiguration: Hashable, Sendable {
    public let name: String
    public let isStoredInMemoryOnly: Bool
    public let allowsSave: Bool
    public let groupContainer: GroupContainer
    public let cloudKitDatabase: CloudKitDatabase
    let explicitURL: URL?
    let schemaTypes: [String]

    public init(_ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
                groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.name = name ?? "default"
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.groupContainer = groupContainer
        self.cloudKitDatabase = cloudKitDatabase
        explicitURL = nil
        schemaTypes = schema?.types.map { "\($0)" } ?? []
    }

    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true,
                cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.name = name ?? "default"
        isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
        groupContainer = .automatic
        self.cloudKitDatabase = cloudKitDatabase
        explicitURL = url
        schemaTypes = schema?.types.map { "\($0)" } ?? []
    }

    /// The store's file (nil in memory).
    public var url: URL {
        if let explicitURL { return explicitURL }
        if isStoredInMemoryOnly { return URL(fileURLWithPath: "/dev/null") }
        let state = URL(fileURLWithPath: StateDirectory.inUse ?? StateDirectory.resolve(configured: nil))
        switch groupContainer.kind {
        case .identifier(let group) where Self.plainName(group):
            return state.appendingPathComponent("groups").appendingPathComponent(group).appendingPathComponent(name + ".store")
        default:
            return state.appendingPathComponent("swiftdata").appendingPathComponent(name + ".store")
        }
    }

    static func plainName(_ name: String) -> Bool { !name.isEmpty && !name.contains("/") && name != "." && name != ".." }

    /// An app group's container, or none (SwiftData's `ModelConfiguration.GroupContainer`).
    public struct GroupContainer: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case automatic, none, identifier(String) }
        let kind: Kind
        public static let automatic = GroupContainer(kind: .automatic)
        public static let none = GroupContainer(kind: .none)
        public static func identifier(_ groupName: String) -> GroupContainer { GroupContainer(kind: .identifier(groupName)) }
    }

    /// iCloud's database: a wall has no iCloud account; the store is local whatever this says.
    public struct CloudKitDatabase: Hashable, Sendable {
        let name: String
        public static let automatic = CloudKitDatabase(name: "automatic")
        public static let none = CloudKitDatabase(name: "none")
        public static func `private`(_ container: String) -> CloudKitDatabase { CloudKitDatabase(name: "private") }
    }
}

/// A schema's migrations between versions (SwiftData's). A wall's store keeps every
/// property as JSON, so a plan is accepted and not run; a property added since a row was
/// saved must be optional to read that row.
public protocol SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { get }
    static var stages: [MigrationStage] { get }
}
public protocol VersionedSchema {
    static var versionIdentifier: Schema.Version { get }
    static var models: [any PersistentModel.Type] { get }
}
public enum MigrationStage {
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    case custom(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
                willMigrate: ((ModelContext) throws -> Void)?, didMigrate: ((ModelContext) throws -> Void)?)
}

/// The store a widget and its app share (SwiftData's `ModelContainer`).
public final class ModelContainer: @unchecked Sendable {
    public let schema: Schema
    public let configurations: [ModelConfiguration]
    let store: SQLiteStore
    private let lock = NSLock()
    private var main: ModelContext?

    public init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: [ModelConfiguration]) throws {
        schema = givenSchema
        let configuration = configurations.first ?? ModelConfiguration()
        self.configurations = [configuration]
        let path: String? = configuration.isStoredInMemoryOnly ? nil : configuration.url.path
        store = try SQLiteStore(path: path, readOnly: !configuration.allowsSave)
    }

    public convenience init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: configurations)
    }

    public convenience init(for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The container's own context, the same one each time. Its `autosaveEnabled` is true
    /// as on iOS, but a wall has no run loop to save on: call `save()`.
    public var mainContext: ModelContext {
        lock.lock(); defer { lock.unlock() }
        if let main { return main }
        let context = ModelContext(self)
        context.autosaveEnabled = true
        main = context
        return context
    }

    /// Deletes every model in the store.
    public func deleteAllData() {
        try? store.transaction { transaction in
            for type in schema.types { try transaction.deleteAll(type.entityName) }
        }
    }
}

/// What to fetch: which models, in which order, how many (SwiftData's `FetchDescriptor`).
public struct FetchDescriptor<T: PersistentModel> {
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    public var fetchLimit: Int?
    public var fetchOffset: Int?
    public var includePendingChanges = true
    /// Every property is read: a row is one JSON object.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}

/// Reads and changes models (SwiftData's `ModelContext`). Models it fetched or inserted
/// are its own until it saves: a fetch gives back the same instance for the same row, and
/// includes models inserted and not saved yet.
public final class ModelContext: @unchecked Sendable {
    public let container: ModelContainer
    public var autosaveEnabled = false
    private let lock = NSRecursiveLock()
    /// Models read or saved, by entity and row.
    private var registry: [String: [Int64: any PersistentModel]] = [:]
    /// Models inserted and not saved yet, in order.
    private var pending: [any PersistentModel] = []
    private var deleted: [any PersistentModel] = []
    /// Rows being read now (a relationship back to one is a cycle).
    private var reading: Set<String> = []
    /// The save in progress: new related models get their rows from it.
    private var transaction: SQLiteStore.Transaction?

    public init(_ container: ModelContainer) {
        self.container = container
    }

    /// A context of its own (`ModelContext(container)`) saves what is left when it goes, if
    /// `autosaveEnabled`.
    deinit {
        if autosaveEnabled, hasChanges { try? save() }
    }

    public func insert<T: PersistentModel>(_ model: T) {
        lock.lock(); defer { lock.unlock() }
        let storage = model._glanceStorage
        if storage.context === self, !storage.isDeleted { return }
        storage.context = self
        storage.isDeleted = false
        if storage.row == nil { pending.append(model) }
    }

    public func delete<T: PersistentModel>(_ model: T) {
        lock.lock(); defer { lock.unlock() }
        let storage = model._glanceStorage
        guard !storage.isDeleted else { return }
        storage.isDeleted = true
        pending.removeAll { $0 === model }
        if let row = storage.row { registry[T.entityName]?[row] = nil }
        if storage.row != nil { deleted.append(model) }
    }

    /// Deletes every model of `model` that `predicate` accepts (all when nil).
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        for found in try fetch(FetchDescriptor<T>(predicate: predicate)) { delete(found) }
    }

    /// Whether an insert, a delete or an edit is not saved yet.
    public var hasChanges: Bool {
        lock.lock(); defer { lock.unlock() }
        if !pending.isEmpty || !deleted.isEmpty { return true }
        return registry.values.contains { $0.values.contains { changed($0) } }
    }

    public var insertedModelsArray: [any PersistentModel] { lock.lock(); defer { lock.unlock() }; return pending }
    public var deletedModelsArray: [any PersistentModel] { lock.lock(); defer { lock.unlock() }; return deleted }

    func changed(_ model: any PersistentModel) -> Bool {
        guard let saved = model._glanceStorage.saved else { return true }
        return (try? encode(model)) != saved
    }

    private func encode(_ model: any PersistentModel) throws -> Data {
        var row = ModelRow(entity: type(of: model).entityName, context: self)
        try model._glanceEncode(into: &row)
        return try row.json()
    }

    /// Writes every insert, edit and delete in one transaction. On a failure (a full disk,
    /// another process holding the store past its timeout) nothing is written and the
    /// context keeps its changes to try again.
    public func save() throws {
        lock.lock(); defer { lock.unlock() }
        // What a failed save puts back: every model's row and saved JSON, the registry
        // and the pending inserts (a model given a row through a relationship is new again).
        let before = (registry: registry, pending: pending,
                      storage: (registry.values.flatMap(\.values) + pending).map { ($0._glanceStorage, $0._glanceStorage.row, $0._glanceStorage.saved) })
        do {
            try container.store.transaction { transaction in
                self.transaction = transaction
                defer { self.transaction = nil }
                // Rows first, so relationships between new models can name them.
                while let model = pending.first {
                    pending.removeFirst()
                    _ = try giveRow(model, in: transaction)
                }
                // Encoding a model may give a related new model its row: until none is left.
                var encoded: Set<ObjectIdentifier> = []
                while case let todo = registry.values.flatMap(\.values).filter({ !encoded.contains(ObjectIdentifier($0)) }), !todo.isEmpty {
                    for model in todo {
                        encoded.insert(ObjectIdentifier(model))
                        let json = try encode(model)
                        guard json != model._glanceStorage.saved, let row = model._glanceStorage.row else { continue }
                        try transaction.update(type(of: model).entityName, id: row, json: json)
                        model._glanceStorage.saved = json
                    }
                }
                for model in deleted {
                    if let row = model._glanceStorage.row { try transaction.delete(type(of: model).entityName, id: row) }
                }
            }
        } catch {
            // Nothing was written: every model is as it was before the save.
            for model in registry.values.flatMap(\.values) {
                model._glanceStorage.row = nil
                model._glanceStorage.saved = nil
            }
            for (storage, row, saved) in before.storage {
                storage.row = row
                storage.saved = saved
            }
            registry = before.registry
            pending = before.pending
            throw error
        }
        for model in deleted {
            model._glanceStorage.row = nil
            model._glanceStorage.context = nil
        }
        deleted = []
    }

    private func giveRow(_ model: any PersistentModel, in transaction: SQLiteStore.Transaction) throws -> Int64 {
        if let row = model._glanceStorage.row { return row }
        let entity = type(of: model).entityName
        let row = try transaction.insert(entity, json: Data("{}".utf8))
        model._glanceStorage.row = row
        model._glanceStorage.context = self
        registry[entity, default: [:]][row] = model
        return row
    }

    /// A related model's row, for a relationship being saved; a model not inserted yet is
    /// inserted with the one that names it, as SwiftData does.
    func rowOf(_ model: some PersistentModel) throws -> Int64? {
        lock.lock(); defer { lock.unlock() }
        // A deleted model is named by no relationship (as SwiftData's nullify).
        if model._glanceStorage.isDeleted { return nil }
        if let row = model._glanceStorage.row { return row }
        guard let transaction else {
            // Encoding outside a save (to tell whether something changed).
            return -1
        }
        pending.removeAll { $0 === model }
        return try giveRow(model, in: transaction)
    }

    /// The model of `row`, read from the store once and then the same instance.
    func registered<T: PersistentModel>(_ type: T.Type, row: Int64) throws -> T? {
        lock.lock(); defer { lock.unlock() }
        if let model = registry[T.entityName]?[row] { return model as? T }
        guard let json = try container.store.row(of: T.entityName, id: row) else { return nil }
        return try read(T.self, row: row, json: json)
    }

    private func read<T: PersistentModel>(_ type: T.Type, row: Int64, json: Data) throws -> T {
        let key = "\(T.entityName)/\(row)"
        guard reading.insert(key).inserted else {
            throw SwiftDataError.decoding("\(key) is reached again through its own relationships; a wall's store reads relationships one way only")
        }
        defer { reading.remove(key) }
        let model = try T(_glanceRow: ModelRow.from(json, entity: T.entityName, context: self))
        model._glanceStorage.row = row
        model._glanceStorage.context = self
        model._glanceStorage.saved = json
        registry[T.entityName, default: [:]][row] = model
        return model
    }

    /// The models `descriptor` asks for: its predicate, order, offset and limit.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        lock.lock(); defer { lock.unlock() }
        var models: [T] = []
        for (row, json) in try container.store.rows(of: T.entityName) {
            if let known = registry[T.entityName]?[row] {
                // Another process (the app's side) saved this row since it was read: a
                // model not edited here is read again; one edited here keeps its edits.
                if json != known._glanceStorage.saved, !changed(known) {
                    registry[T.entityName]?[row] = nil
                    known._glanceStorage.context = nil
                    models.append(try read(T.self, row: row, json: json))
                } else if let model = known as? T {
                    models.append(model)
                }
                continue
            }
            if deleted.contains(where: { $0._glanceStorage.row == row && type(of: $0) == T.self }) { continue }
            models.append(try read(T.self, row: row, json: json))
        }
        if descriptor.includePendingChanges { models += pending.compactMap { $0 as? T } }
        if let predicate = descriptor.predicate { models = try models.filter { try predicate.evaluate($0) } }
        if !descriptor.sortBy.isEmpty { models.sort(using: descriptor.sortBy) }
        if let offset = descriptor.fetchOffset, offset > 0 { models = Array(models.dropFirst(offset)) }
        if let limit = descriptor.fetchLimit, limit >= 0 { models = Array(models.prefix(limit)) }
        return models
    }

    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try fetch(descriptor).count
    }

    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try fetch(descriptor).map(\.persistentModelID)
    }

    /// The model `id` names, if this context has it or the store does.
    public func model(for id: PersistentIdentifier) -> (any PersistentModel)? {
        lock.lock(); defer { lock.unlock() }
        guard let row = id.row else { return pending.first { $0.persistentModelID == id } }
        return registry[id.entityName]?[row]
    }

    public func registeredModel<T: PersistentModel>(for id: PersistentIdentifier) -> T? { model(for: id) as? T }

    /// Forgets unsaved inserts and deletes, and reads edited models back from the store.
    public func rollback() {
        lock.lock(); defer { lock.unlock() }
        // Every model this context held lets go of it: a later fetch reads the store anew,
        // and an insert of one of them inserts it again.
        for model in pending + deleted + registry.values.flatMap(\.values) {
            model._glanceStorage.context = nil
            model._glanceStorage.isDeleted = false
            model._glanceStorage.saved = nil
        }
        pending = []
        deleted = []
        registry = [:]
    }

    /// Runs `block`, then saves what it changed.
    public func transaction(block: () throws -> Void) throws {
        try block()
        try save()
    }

    /// Called with each model before a save (SwiftData's notification); nothing to observe here.
    public func processPendingChanges() {}
}
