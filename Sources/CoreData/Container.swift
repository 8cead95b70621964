import Foundation
import Glance
import GlanceSystem
import GlanceUI
import SwiftData

public let NSSQLiteStoreType = "SQLite"
public let NSInMemoryStoreType = "InMemory"
public let NSBinaryStoreType = "Binary"
public let NSPersistentHistoryTrackingKey = "NSPersistentHistoryTrackingKey"
public let NSPersistentStoreRemoteChangeNotificationPostOptionKey = "NSPersistentStoreRemoteChangeNotificationOptionKey"
public let NSMigratePersistentStoresAutomaticallyOption = "NSMigratePersistentStoresAutomaticallyOption"
public let NSInferMappingModelAutomaticallyOption = "NSInferMappingModelAutomaticallyOption"
public let NSReadOnlyPersistentStoreOption = "NSReadOnlyPersistentStoreOption"

extension Notification.Name {
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagedObjectContextDidSaveNotification")
    public static let NSManagedObjectContextObjectsDidChange = Notification.Name("NSManagedObjectContextObjectsDidChangeNotification")
    public static let NSPersistentStoreRemoteChange = Notification.Name("NSPersistentStoreRemoteChangeNotification")
}

/// iCloud's options for a store: a wall has no iCloud account; the store stays local.
open class NSPersistentCloudKitContainerOptions: NSObject, @unchecked Sendable {
    public let containerIdentifier: String
    public init(containerIdentifier: String) { self.containerIdentifier = containerIdentifier }
}

/// Where and how a container's store is kept.
open class NSPersistentStoreDescription: NSObject, @unchecked Sendable {
    open var url: URL?
    open var type = NSSQLiteStoreType
    open var configuration: String?
    open var isReadOnly = false
    open var shouldAddStoreAsynchronously = false
    open var shouldMigrateStoreAutomatically = true
    open var shouldInferMappingModelAutomatically = true
    open var timeout: TimeInterval = 2
    open var options: [String: NSObject] = [:]
    open var cloudKitContainerOptions: NSPersistentCloudKitContainerOptions?

    public override init() {}
    public init(url: URL) { self.url = url }

    open func setOption(_ option: NSObject?, forKey key: String) {
        options[key] = option
        if key == NSReadOnlyPersistentStoreOption, let flag = option as? NSNumber { isReadOnly = flag.boolValue }
    }
}

/// The store behind contexts: one SQLite file (or memory).
open class NSPersistentStoreCoordinator: NSObject, @unchecked Sendable {
    public let managedObjectModel: NSManagedObjectModel
    var store: SQLiteStore?
    var storeName = ""
    var readOnly = false

    public init(managedObjectModel model: NSManagedObjectModel) {
        managedObjectModel = model
    }

    /// Opens the store `description` names: its `url`'s file (a symlink there is refused), or memory.
    func load(_ description: NSPersistentStoreDescription) throws {
        let inMemory = description.type == NSInMemoryStoreType || description.url?.path == "/dev/null"
        let path = inMemory ? nil : description.url?.path
        if let path, !path.hasPrefix("/") { throw CoreDataError.store("\(path): a store's URL must be an absolute file URL") }
        store = try SQLiteStore(path: path, readOnly: description.isReadOnly)
        storeName = path.map { ($0 as NSString).lastPathComponent } ?? "memory"
        readOnly = description.isReadOnly
    }

    open func managedObjectID(forURIRepresentation url: URL) -> NSManagedObjectID? {
        let parts = url.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        guard url.scheme == "x-coredata", parts.count == 3, parts[2].hasPrefix("p"), let row = Int64(parts[2].dropFirst()) else { return nil }
        return NSManagedObjectID(entityName: parts[1], store: parts[0], row: row)
    }
}

/// A data model's store and the contexts over it (Core Data's `NSPersistentContainer`).
/// The store is `<state_dir>/coredata/NAME.sqlite` unless a description names a URL (an
/// app group's: `FileManager.default.containerURL(forSecurityApplicationGroupIdentifier:)`,
/// where the widget's process and its app's side meet).
open class NSPersistentContainer: NSObject, @unchecked Sendable {
    public let name: String
    public let managedObjectModel: NSManagedObjectModel
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    open var persistentStoreDescriptions: [NSPersistentStoreDescription]
    private let lock = NSLock()
    private var loaded = false
    private lazy var mainContext: NSManagedObjectContext = {
        let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }()

    public convenience init(name: String) {
        self.init(name: name, managedObjectModel: NSManagedObjectModel())
    }

    public init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.name = name
        managedObjectModel = model
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        let file = name.isEmpty || name.contains("/") || name == "." || name == ".." ? "Model" : name
        persistentStoreDescriptions = [NSPersistentStoreDescription(url: Self.defaultDirectoryURL().appendingPathComponent(file + ".sqlite"))]
    }

    /// `<state_dir>/coredata/`: the running daemon's state folder, else `$STATE_DIRECTORY`,
    /// `$XDG_STATE_HOME/glance` or `~/.local/state/glance` (as app groups are found).
    open class func defaultDirectoryURL() -> URL {
        URL(fileURLWithPath: StateDirectory.inUse ?? StateDirectory.resolve(configured: nil)).appendingPathComponent("coredata", isDirectory: true)
    }

    /// Opens the first description's store; `block` is told, once per description, whether it opened.
    open func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) {
        lock.lock()
        let descriptions = persistentStoreDescriptions
        lock.unlock()
        for (index, description) in descriptions.enumerated() {
            guard index == 0 else {
                block(description, CoreDataError.unsupported("a wall's container keeps one store; \(description.url?.path ?? "a second store") is not opened"))
                continue
            }
            do {
                try persistentStoreCoordinator.load(description)
                lock.lock(); loaded = true; lock.unlock()
                block(description, nil)
            } catch {
                block(description, (error as? SwiftDataError).map { CoreDataError.store($0.description) } ?? error)
            }
        }
    }

    /// The context views read (`\.managedObjectContext`).
    open var viewContext: NSManagedObjectContext {
        lock.lock(); defer { lock.unlock() }
        return mainContext
    }

    open func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }

    /// Runs `block` with a new context, now (a wall has no background queue to wait for).
    open func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) {
        let context = newBackgroundContext()
        context.performAndWait { block(context) }
    }

    open func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) throws -> T) async rethrows -> T {
        let context = newBackgroundContext()
        return try context.performAndWait { try block(context) }
    }
}

/// Core Data with iCloud: on a wall, the local store only (no account to sync with).
open class NSPersistentCloudKitContainer: NSPersistentContainer, @unchecked Sendable {
    public struct SchemaInitializationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let dryRun = SchemaInitializationOptions(rawValue: 1)
        public static let printSchema = SchemaInitializationOptions(rawValue: 2)
    }
    open func initializeCloudKitSchema(options: SchemaInitializationOptions = []) throws {}
}

// MARK: Views

enum ProcessContext {
    nonisolated(unsafe) static var fallback: NSManagedObjectContext?
    static let lock = NSLock()

    /// Where no view names a context: one with no store, as SwiftUI's default (fetches throw).
    static var context: NSManagedObjectContext {
        lock.lock(); defer { lock.unlock() }
        if let fallback { return fallback }
        let made = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        fallback = made
        return made
    }
}

private struct ManagedObjectContextKey: EnvironmentKey {
    static var defaultValue: NSManagedObjectContext { ProcessContext.context }
}

extension EnvironmentValues {
    /// The context `@FetchRequest` reads: `.environment(\.managedObjectContext, container.viewContext)`.
    public var managedObjectContext: NSManagedObjectContext {
        get { self[ManagedObjectContextKey.self] }
        set { self[ManagedObjectContextKey.self] = newValue }
    }
}

/// The objects of a fetch, read when the view's body is made (SwiftUI's `@FetchRequest`). A
/// store that cannot be read gives none, and the error is said once.
@propertyWrapper
public struct FetchRequest<Result: NSFetchRequestResult>: @unchecked Sendable {
    let request: NSFetchRequest<Result>
    let order: ((Result, Result) -> Bool)?

    public init(fetchRequest: NSFetchRequest<Result>, animation: Animation? = nil) {
        request = fetchRequest
        order = nil
    }

    public init(entity: NSEntityDescription, sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil) {
        request = NSFetchRequest(entityName: entity.name ?? "")
        request.sortDescriptors = sortDescriptors
        request.predicate = predicate
        order = nil
    }

    public init(sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil) where Result: NSManagedObject {
        request = NSFetchRequest(entityName: Result._glanceEntityName)
        request.sortDescriptors = sortDescriptors
        request.predicate = predicate
        order = nil
    }

    public init(sortDescriptors: [SortDescriptor<Result>], predicate: NSPredicate? = nil, animation: Animation? = nil) where Result: NSManagedObject {
        request = NSFetchRequest(entityName: Result._glanceEntityName)
        request.predicate = predicate
        order = sortDescriptors.isEmpty ? nil : { left, right in
            for descriptor in sortDescriptors {
                switch descriptor.compare(left, right) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return false
        }
    }

    public var wrappedValue: FetchedResults<Result> {
        let context = EnvironmentScope.bound?.managedObjectContext ?? ProcessContext.context
        do {
            var found = try context.fetch(request)
            if let order { found.sort(by: order) }
            return FetchedResults(elements: found, request: request)
        } catch {
            SlotLog.once("fetchrequest:\(request.entityName ?? "\(Result.self)")", "@FetchRequest of \(request.entityName ?? "\(Result.self)") read nothing: \(error)")
            return FetchedResults(elements: [], request: request)
        }
    }
}

/// A `@FetchRequest`'s objects, in order.
public struct FetchedResults<Result: NSFetchRequestResult>: RandomAccessCollection {
    let elements: [Result]
    let request: NSFetchRequest<Result>

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Result { elements[position] }

    public var nsPredicate: NSPredicate? { request.predicate }
    public var nsSortDescriptors: [NSSortDescriptor] { request.sortDescriptors ?? [] }
}
