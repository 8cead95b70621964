import Foundation
import Glance
import GlanceSystem
import SwiftData

/// What a fetch request returns.
public struct NSFetchRequestResultType: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let managedObjectResultType = NSFetchRequestResultType([])
    public static let managedObjectIDResultType = NSFetchRequestResultType(rawValue: 1)
    public static let dictionaryResultType = NSFetchRequestResultType(rawValue: 2)
    public static let countResultType = NSFetchRequestResultType(rawValue: 4)
}

/// A request of a context's store: Core Data's persistent store requests.
open class NSPersistentStoreRequest: NSObject, @unchecked Sendable {}

/// Which objects of an entity, filtered by `predicate`, ordered by `sortDescriptors`, from
/// `fetchOffset`, at most `fetchLimit` (0: all).
open class NSFetchRequest<ResultType>: NSPersistentStoreRequest, @unchecked Sendable {
    open var entityName: String?
    open var entity: NSEntityDescription? {
        get { entityName.map { NSEntityDescription(name: $0, className: $0) } }
        set { entityName = newValue?.name }
    }
    open var predicate: NSPredicate?
    open var sortDescriptors: [NSSortDescriptor]?
    open var fetchLimit = 0
    open var fetchOffset = 0
    open var fetchBatchSize = 0
    open var resultType: NSFetchRequestResultType = .managedObjectResultType
    open var includesPendingChanges = true
    open var includesSubentities = true
    open var includesPropertyValues = true
    open var returnsObjectsAsFaults = true
    open var returnsDistinctResults = false
    open var relationshipKeyPathsForPrefetching: [String]?
    open var propertiesToFetch: [Any]?
    open var shouldRefreshRefetchedObjects = false

    public init(entityName: String) {
        self.entityName = entityName
    }

    public override init() {}

    /// Runs the request in the current context (Core Data's `execute()` inside `perform`).
    open func execute() throws -> [ResultType] {
        guard let context = NSManagedObjectContext.performing else {
            throw CoreDataError.noStore("NSFetchRequest.execute() runs only inside a context's perform { }")
        }
        return try context.fetch(self)
    }
}

/// How a context resolves a save against changes another context saved: a wall's store
/// keeps the last save whole, whichever policy is named.
public enum NSMergePolicyType: UInt, Sendable {
    case errorMergePolicyType, mergeByPropertyStoreTrumpMergePolicyType, mergeByPropertyObjectTrumpMergePolicyType,
         overwriteMergePolicyType, rollbackMergePolicyType
}

open class NSMergePolicy: NSObject, @unchecked Sendable {
    public let mergeType: NSMergePolicyType
    public init(merge type: NSMergePolicyType) { mergeType = type }
    public static let error = NSMergePolicy(merge: .errorMergePolicyType)
    public static let mergeByPropertyStoreTrump = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    public static let mergeByPropertyObjectTrump = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    public static let overwrite = NSMergePolicy(merge: .overwriteMergePolicyType)
    public static let rollback = NSMergePolicy(merge: .rollbackMergePolicyType)
}
nonisolated(unsafe) public let NSMergeByPropertyObjectTrumpMergePolicy: Any = NSMergePolicy.mergeByPropertyObjectTrump
nonisolated(unsafe) public let NSMergeByPropertyStoreTrumpMergePolicy: Any = NSMergePolicy.mergeByPropertyStoreTrump
nonisolated(unsafe) public let NSOverwriteMergePolicy: Any = NSMergePolicy.overwrite
nonisolated(unsafe) public let NSRollbackMergePolicy: Any = NSMergePolicy.rollback
nonisolated(unsafe) public let NSErrorMergePolicy: Any = NSMergePolicy.error

/// A scratch pad of objects over a store: fetch, insert, change, delete, then `save()`
/// writes every change in one SQLite transaction, or none. Objects are one per row in a
/// context; a fetch reads the store again, so rows another process saved are seen (an
/// object changed here and not saved keeps its own values).
open class NSManagedObjectContext: NSObject, @unchecked Sendable {
    public enum ConcurrencyType: UInt, Sendable {
        case confinementConcurrencyType, privateQueueConcurrencyType, mainQueueConcurrencyType
    }
    public struct ScheduledTaskType: Sendable {
        public static let immediate = ScheduledTaskType()
        public static let enqueued = ScheduledTaskType()
    }

    public let concurrencyType: ConcurrencyType
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator?
    open var parent: NSManagedObjectContext?
    open var name: String?
    open var transactionAuthor: String?
    open var automaticallyMergesChangesFromParent = false
    open var mergePolicy: Any = NSMergePolicy.error
    open var undoManager: AnyObject?
    open var shouldDeleteInaccessibleFaults = true
    open var stalenessInterval: TimeInterval = -1

    private let lock = NSRecursiveLock()
    /// Objects read or saved, by entity and row.
    private var registry: [String: [Int64: NSManagedObject]] = [:]
    private var pending: [NSManagedObject] = []
    private var deleted: [NSManagedObject] = []

    @TaskLocal static var performing: NSManagedObjectContext?

    public init(concurrencyType: ConcurrencyType) {
        self.concurrencyType = concurrencyType
    }

    var store: SQLiteStore? { persistentStoreCoordinator?.store ?? parent?.store }
    var storeName: String { persistentStoreCoordinator?.storeName ?? parent?.storeName ?? "" }
    var isReadOnly: Bool { persistentStoreCoordinator?.readOnly ?? parent?.isReadOnly ?? false }

    private func storeOrThrow() throws -> SQLiteStore {
        guard let store else {
            throw CoreDataError.noStore("this context has no store: load the container's stores (loadPersistentStores) before fetching or saving")
        }
        return store
    }

    // MARK: Changes

    open func insert(_ object: NSManagedObject) {
        lock.lock(); defer { lock.unlock() }
        if object.managedObjectContext === self, !object.isDeleted, object.inserted || object.objectID.row != nil { return }
        object.managedObjectContext = self
        object.isDeleted = false
        if object.objectID.row == nil {
            object.inserted = true
            object.changedKeys.formUnion(object.values.keys)
            pending.append(object)
        }
    }

    open func delete(_ object: NSManagedObject) {
        lock.lock(); defer { lock.unlock() }
        guard !object.isDeleted else { return }
        object.prepareForDeletion()
        object.isDeleted = true
        // Nullify: the objects it is related to let go of it (inverses of its relationships).
        for value in object.values.values {
            let related: [Any] = switch value {
            case let one as NSManagedObject: [one]
            case let set as NSSet: set.allObjects
            case let ordered as NSOrderedSet: ordered.array
            default: []
            }
            for case let other as NSManagedObject in related { other.forget(object) }
        }
        pending.removeAll { $0 === object }
        object.inserted = false
        if let row = object.objectID.row {
            registry[object.objectID.entityName]?[row] = nil
            deleted.append(object)
        }
    }

    open var hasChanges: Bool {
        lock.lock(); defer { lock.unlock() }
        return !pending.isEmpty || !deleted.isEmpty || registry.values.contains { $0.values.contains { !$0.changedKeys.isEmpty } }
    }

    open var insertedObjects: Set<NSManagedObject> { lock.lock(); defer { lock.unlock() }; return Set(pending) }
    open var deletedObjects: Set<NSManagedObject> { lock.lock(); defer { lock.unlock() }; return Set(deleted) }
    open var updatedObjects: Set<NSManagedObject> {
        lock.lock(); defer { lock.unlock() }
        return Set(registry.values.flatMap(\.values).filter { !$0.changedKeys.isEmpty })
    }
    open var registeredObjects: Set<NSManagedObject> {
        lock.lock(); defer { lock.unlock() }
        return Set(registry.values.flatMap(\.values) + pending)
    }

    /// The JSON of `object`'s values, relationships as the rows they name.
    private func encode(_ object: NSManagedObject) throws -> [String: StoredValue] {
        var row: [String: StoredValue] = [:]
        for (key, value) in object.values {
            let entity = object.objectID.entityName
            switch value {
            case let related as NSManagedObject:
                if let reference = try reference(to: related, from: entity, key: key) { row[key] = .object(reference) }
            case let reference as ObjectReference:
                row[key] = .object(reference)
            case let references as [ObjectReference]:
                row[key] = .objects(references)
            case let ordered as OrderedReferences:
                row[key] = .ordered(ordered.references)
            case let ordered as NSOrderedSet:
                row[key] = .ordered(try ordered.array.compactMap { try reference(to: $0, from: entity, key: key) })
            case let set as NSSet:
                row[key] = .objects(try set.allObjects.compactMap { try reference(to: $0, from: entity, key: key) }
                    .sorted { ($0.entity, $0.row) < ($1.entity, $1.row) })
            case let many as [NSManagedObject]:
                row[key] = .objects(try many.compactMap { try reference(to: $0, from: entity, key: key) })
            default:
                if let stored = try PredicateFormatValue.stored(value, key: key, entity: entity) { row[key] = stored }
            }
        }
        return row
    }

    /// The row a related object is saved as (nil for a deleted one).
    private var transaction: SQLiteStore.Transaction?
    private func reference(to value: Any, from entity: String, key: String) throws -> ObjectReference? {
        guard let object = value as? NSManagedObject else {
            throw CoreDataError.unsupported("\(entity).\(key): a relationship holds managed objects, not \(type(of: value))")
        }
        guard !object.isDeleted else { return nil }
        if object.managedObjectContext == nil || object.managedObjectContext !== self { insert(object) }
        if object.objectID.row == nil, let transaction {
            pending.removeAll { $0 === object }
            try giveRow(object, in: transaction)
        }
        guard let row = object.objectID.row else { return nil }
        return ObjectReference(entity: object.objectID.entityName, row: row)
    }

    /// Objects given a row by the save in progress (put back as new if it fails).
    private var given: [NSManagedObject] = []

    private func giveRow(_ object: NSManagedObject, in transaction: SQLiteStore.Transaction) throws {
        let row = try transaction.insert(object.objectID.entityName, json: Data("{}".utf8))
        object.objectID.row = row
        given.append(object)
        registry[object.objectID.entityName, default: [:]][row] = object
    }

    /// The rows deleted here and not saved yet: fetches and relationships do not bring them back.
    private var deletedRows: Set<ObjectReference> {
        Set(deleted.compactMap { object in object.objectID.row.map { ObjectReference(entity: object.objectID.entityName, row: $0) } })
    }

    /// Writes every insert, change and delete in one transaction. On a failure (a full disk,
    /// a read-only store, another process holding the store past its timeout) nothing is
    /// written and the context keeps its changes to try again.
    open func save() throws {
        lock.lock(); defer { lock.unlock() }
        guard hasChanges else { return }
        let store = try storeOrThrow()
        let before = (registry: registry, pending: pending, rows: (registry.values.flatMap(\.values) + pending).map { ($0, $0.objectID.row) })
        let everyone = registry.values.flatMap(\.values) + pending
        for object in everyone where object.hasChanges { object.willSave() }
        var written: [(NSManagedObject, [String: StoredValue])] = []
        given = []
        do {
            try store.transaction { transaction in
                self.transaction = transaction
                defer { self.transaction = nil }
                while let object = pending.first {
                    pending.removeFirst()
                    try giveRow(object, in: transaction)
                }
                var encoded: Set<ObjectIdentifier> = []
                while case let todo = registry.values.flatMap(\.values).filter({ !encoded.contains(ObjectIdentifier($0)) }), !todo.isEmpty {
                    for object in todo {
                        encoded.insert(ObjectIdentifier(object))
                        guard !object.changedKeys.isEmpty || object.saved == nil, let row = object.objectID.row else { continue }
                        let values = try encode(object)
                        let json = try JSONEncoder().encode(values)
                        try transaction.update(object.objectID.entityName, id: row, json: json)
                        written.append((object, values))
                    }
                }
                for object in deleted {
                    if let row = object.objectID.row { try transaction.delete(object.objectID.entityName, id: row) }
                }
            }
        } catch {
            registry = before.registry
            pending = before.pending
            for (object, row) in before.rows { object.objectID.row = row }
            // Objects a relationship brought into this save are new again, and still to save.
            for object in given where !before.rows.contains(where: { $0.0 === object }) {
                object.objectID.row = nil
                if !pending.contains(where: { $0 === object }) { pending.append(object) }
            }
            given = []
            throw (error as? SwiftDataError).map { CoreDataError.store($0.description) } ?? error
        }
        for (object, values) in written {
            object.saved = values
            object.changedKeys = []
            object.inserted = false
            object.didSave()
        }
        for object in deleted { object.didSave() }
        deleted = []
    }

    /// Forgets every change since the last save.
    open func rollback() {
        lock.lock(); defer { lock.unlock() }
        for object in pending {
            object.managedObjectContext = nil
            object.inserted = false
        }
        pending = []
        for object in deleted {
            object.isDeleted = false
            if let row = object.objectID.row { registry[object.objectID.entityName, default: [:]][row] = object }
        }
        deleted = []
        for object in registry.values.flatMap(\.values) where !object.changedKeys.isEmpty {
            restore(object)
        }
    }

    private func restore(_ object: NSManagedObject) {
        object.values = (object.saved ?? [:]).mapValues(\.value)
        object.changedKeys = []
    }

    /// Lets go of every object.
    open func reset() {
        lock.lock(); defer { lock.unlock() }
        for object in registry.values.flatMap(\.values) + pending { object.managedObjectContext = nil }
        registry = [:]
        pending = []
        deleted = []
    }

    /// Reads `object` again from the store (its unsaved changes are kept when `flag`).
    open func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {
        lock.lock(); defer { lock.unlock() }
        guard let row = object.objectID.row, let json = try? store?.row(of: object.objectID.entityName, id: row),
              let values = try? JSONDecoder().decode([String: StoredValue].self, from: json) else { return }
        let kept = flag ? object.values.filter { object.changedKeys.contains($0.key) } : [:]
        object.saved = values
        object.values = values.mapValues(\.value).merging(kept) { _, mine in mine }
        if !flag { object.changedKeys = [] }
    }

    open func refreshAllObjects() {
        lock.lock(); defer { lock.unlock() }
        for object in registry.values.flatMap(\.values) { refresh(object, mergeChanges: true) }
    }

    // MARK: Reading

    /// The object a saved row names, read now if this context has not read it.
    func object(for reference: ObjectReference) -> NSManagedObject? {
        lock.lock(); defer { lock.unlock() }
        if let known = registry[reference.entity]?[reference.row] { return known }
        if deletedRows.contains(reference) { return nil }
        guard let json = try? store?.row(of: reference.entity, id: reference.row) else { return nil }
        return try? make(entity: reference.entity, type: nil, row: reference.row, json: json)
    }

    private func make(entity: String, type: NSManagedObject.Type?, row: Int64, json: Data) throws -> NSManagedObject {
        if let known = registry[entity]?[row] {
            // Rows another process saved are read again, unless changed here.
            if known.changedKeys.isEmpty, let values = try? JSONDecoder().decode([String: StoredValue].self, from: json), values != known.saved {
                known.saved = values
                known.values = values.mapValues(\.value)
            }
            return known
        }
        let values: [String: StoredValue]
        do {
            values = try JSONDecoder().decode([String: StoredValue].self, from: json)
        } catch {
            throw CoreDataError.store("\(storeName): \(entity) row \(row) does not read as an object's values: \(error)")
        }
        let made = (type ?? NSManagedObject.classFor(entity: entity) ?? NSManagedObject.self)
            .init(entity: NSEntityDescription(name: entity, className: entity), insertInto: nil)
        made.objectID = NSManagedObjectID(entityName: entity, store: storeName, row: row)
        made.managedObjectContext = self
        made.saved = values
        made.values = values.mapValues(\.value)
        registry[entity, default: [:]][row] = made
        made.awakeFromFetch()
        return made
    }

    /// The objects `request` names: saved rows (and, with `includesPendingChanges`, this
    /// context's inserts and not its deletes), filtered, sorted, offset and limited.
    open func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        lock.lock(); defer { lock.unlock() }
        let store = try storeOrThrow()
        let type = T.self as? NSManagedObject.Type
        guard let entity = request.entityName ?? type.map({ $0._glanceEntityName }) else {
            throw CoreDataError.unsupported("a fetch request names no entity (NSFetchRequest(entityName:) or a model class's fetchRequest())")
        }
        if let type, type != NSManagedObject.self { NSManagedObject.register(type, entity: entity) }
        var objects: [NSManagedObject] = []
        let gone = deletedRows
        for (row, json) in try store.rows(of: entity) where !gone.contains(ObjectReference(entity: entity, row: row)) {
            let object = try make(entity: entity, type: type == NSManagedObject.self ? nil : type, row: row, json: json)
            if !object.isDeleted { objects.append(object) }
        }
        if request.includesPendingChanges { objects += pending.filter { $0.objectID.entityName == entity } }
        if let predicate = request.predicate { objects = objects.filter { predicate.evaluate(with: $0) } }
        if let descriptors = request.sortDescriptors, !descriptors.isEmpty { objects = objects.sorted(using: descriptors) }
        let offset = min(max(request.fetchOffset, 0), objects.count)
        var chosen = Array(objects[offset...])
        if request.fetchLimit > 0 { chosen = Array(chosen.prefix(request.fetchLimit)) }
        switch request.resultType {
        case .countResultType: return [NSNumber(value: chosen.count)].compactMap { $0 as? T }
        case .managedObjectIDResultType: return chosen.compactMap { $0.objectID as? T }
        case .dictionaryResultType:
            return chosen.compactMap { object in
                NSDictionary(dictionary: Dictionary(uniqueKeysWithValues: object.values.keys.map { ($0, object.value(forKey: $0) ?? NSNull()) })) as? T
            }
        default:
            return chosen.compactMap { $0 as? T }
        }
    }

    /// How many objects `request` would fetch.
    open func count<T>(for request: NSFetchRequest<T>) throws -> Int {
        let counting = NSFetchRequest<NSManagedObject>(entityName: request.entityName ?? (T.self as? NSManagedObject.Type)?._glanceEntityName ?? "")
        counting.predicate = request.predicate
        counting.fetchOffset = request.fetchOffset
        counting.fetchLimit = request.fetchLimit
        counting.includesPendingChanges = request.includesPendingChanges
        return try fetch(counting).count
    }

    /// The object `objectID` names (its row read now if needed).
    open func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        if let row = objectID.row, let object = object(for: ObjectReference(entity: objectID.entityName, row: row)) { return object }
        lock.lock(); defer { lock.unlock() }
        if let object = pending.first(where: { $0.objectID === objectID }) { return object }
        let type = NSManagedObject.classFor(entity: objectID.entityName) ?? NSManagedObject.self
        let made = type.init(entity: objectID.entity, insertInto: nil)
        made.objectID = objectID
        made.managedObjectContext = self
        return made
    }

    open func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        if let row = objectID.row, let object = object(for: ObjectReference(entity: objectID.entityName, row: row)) { return object }
        if let object = pending.first(where: { $0.objectID === objectID }) { return object }
        throw CoreDataError.store("\(storeName): no \(objectID.entityName) object \(objectID.uriRepresentation())")
    }

    /// Gives the objects saved rows (they have them at their first save already).
    open func obtainPermanentIDs(for objects: [NSManagedObject]) throws {}

    open func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult {
        if let delete = request as? NSBatchDeleteRequest {
            let objects = try fetch(delete.fetchRequest)
            for object in objects.compactMap({ $0 as? NSManagedObject }) { self.delete(object) }
            try save()
            let result = NSBatchDeleteResult()
            result.result = delete.resultType == .resultTypeCount ? objects.count : (delete.resultType == .resultTypeObjectIDs ? objects.compactMap { ($0 as? NSManagedObject)?.objectID } : true)
            return result
        }
        throw CoreDataError.unsupported("\(type(of: request)) is not run on a wall")
    }

    // MARK: Queues

    /// Runs `block` now: a wall's contexts serialize their work with a lock, not a queue.
    open func perform(_ block: @escaping () -> Void) { performAndWait(block) }

    open func performAndWait(_ block: () -> Void) {
        lock.lock(); defer { lock.unlock() }
        Self.$performing.withValue(self) { block() }
    }

    open func performAndWait<T>(_ block: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try Self.$performing.withValue(self) { try block() }
    }

    open func perform<T>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () throws -> T) async rethrows -> T {
        try performAndWait(block)
    }

    /// Another context's save, merged: this context reads the store again at its next fetch.
    open func mergeChanges(fromContextDidSave notification: Notification) { refreshAllObjects() }
}

open class NSPersistentStoreResult: NSObject, @unchecked Sendable {}

public enum NSBatchDeleteRequestResultType: UInt, Sendable { case resultTypeStatusOnly, resultTypeObjectIDs, resultTypeCount }

open class NSBatchDeleteResult: NSPersistentStoreResult, @unchecked Sendable {
    open var result: Any?
}

/// Deletes every object a fetch request names, and saves.
open class NSBatchDeleteRequest: NSPersistentStoreRequest, @unchecked Sendable {
    public let fetchRequest: NSFetchRequest<any NSFetchRequestResult>
    open var resultType: NSBatchDeleteRequestResultType = .resultTypeStatusOnly
    public init(fetchRequest: NSFetchRequest<any NSFetchRequestResult>) { self.fetchRequest = fetchRequest }
}
