import Foundation
import Glance
import GlanceSystem
import GlanceUI

/// The container a widget's configuration or view named with `.modelContainer(…)`;
/// `@Query` and `@Environment(\.modelContext)` read it where the view's environment
/// names none. Without either, the default store (`ModelConfiguration()`).
enum ProcessContainer {
    nonisolated(unsafe) private static var named: ModelContainer?
    nonisolated(unsafe) private static var fallback: ModelContainer?
    private static let lock = NSLock()

    nonisolated(unsafe) private static var made: [String: Result<ModelContainer, any Error>] = [:]

    static func set(_ container: ModelContainer) {
        lock.lock(); defer { lock.unlock() }
        named = container
    }

    /// `.modelContainer(for:)`'s container, made once per set of types: a view's body runs
    /// at every frame, and each container holds the store open.
    static func container(for types: [any PersistentModel.Type], inMemory: Bool) -> Result<ModelContainer, any Error> {
        let key = types.map { "\($0)" }.sorted().joined(separator: ",") + (inMemory ? "|memory" : "")
        lock.lock(); defer { lock.unlock() }
        if let known = made[key] { return known }
        let result = Result { try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(isStoredInMemoryOnly: inMemory)]) }
        made[key] = result
        return result
    }

    static var context: ModelContext {
        lock.lock(); defer { lock.unlock() }
        if let named { return named.mainContext }
        if let fallback { return fallback.mainContext }
        // The default store; if even that cannot be opened, one in memory (every fetch empty).
        let made = (try? ModelContainer(for: Schema([]), configurations: [ModelConfiguration()]))
            ?? (try! ModelContainer(for: Schema([]), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)]))
        fallback = made
        return made.mainContext
    }
}

private struct ModelContextKey: EnvironmentKey {
    static var defaultValue: ModelContext { ProcessContainer.context }
}

extension EnvironmentValues {
    /// The context views read models through (`@Environment(\.modelContext)`).
    public var modelContext: ModelContext {
        get { self[ModelContextKey.self] }
        set { self[ModelContextKey.self] = newValue }
    }
}

extension View {
    /// The store this view's `@Query`s and `\.modelContext` read.
    public func modelContainer(_ container: ModelContainer) -> some View {
        ProcessContainer.set(container)
        return environment(\.modelContext, container.mainContext)
    }

    /// A container for `modelTypes` in the default store (`inMemory` for none), made now.
    public func modelContainer(for modelTypes: [any PersistentModel.Type], inMemory: Bool = false, isAutosaveEnabled: Bool = true,
                               isUndoEnabled: Bool = false, onSetup: @escaping (Result<ModelContainer, any Error>) -> Void = { _ in }) -> some View {
        let made = ProcessContainer.container(for: modelTypes, inMemory: inMemory)
        onSetup(made)
        return modelContainer(Self.usable(made))
    }

    public func modelContainer(for modelType: any PersistentModel.Type, inMemory: Bool = false, isAutosaveEnabled: Bool = true,
                               isUndoEnabled: Bool = false, onSetup: @escaping (Result<ModelContainer, any Error>) -> Void = { _ in }) -> some View {
        modelContainer(for: [modelType], inMemory: inMemory, isAutosaveEnabled: isAutosaveEnabled, isUndoEnabled: isUndoEnabled, onSetup: onSetup)
    }

    /// The view's context, as `.modelContainer` sets it.
    public func modelContext(_ context: ModelContext) -> some View {
        environment(\.modelContext, context)
    }

    fileprivate static func usable(_ made: Result<ModelContainer, any Error>) -> ModelContainer {
        switch made {
        case .success(let container): return container
        case .failure:
            // As SwiftUI, a container that cannot be made leaves the views an empty store.
            return (try? ProcessContainer.container(for: [], inMemory: true).get())
                ?? (try! ModelContainer(for: Schema([]), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)]))
        }
    }
}

extension WidgetConfiguration {
    /// The store the widget's views read (`@Query`, `\.modelContext`).
    public func modelContainer(_ container: ModelContainer) -> some WidgetConfiguration {
        ProcessContainer.set(container)
        return self
    }

    public func modelContainer(for modelTypes: [any PersistentModel.Type], inMemory: Bool = false, isAutosaveEnabled: Bool = true,
                               isUndoEnabled: Bool = false, onSetup: @escaping (Result<ModelContainer, any Error>) -> Void = { _ in }) -> some WidgetConfiguration {
        let made = ProcessContainer.container(for: modelTypes, inMemory: inMemory)
        onSetup(made)
        if case .success(let container) = made { ProcessContainer.set(container) }
        return self
    }

    public func modelContainer(for modelType: any PersistentModel.Type, inMemory: Bool = false, isAutosaveEnabled: Bool = true,
                               isUndoEnabled: Bool = false, onSetup: @escaping (Result<ModelContainer, any Error>) -> Void = { _ in }) -> some WidgetConfiguration {
        modelContainer(for: [modelType], inMemory: inMemory, isAutosaveEnabled: isAutosaveEnabled, isUndoEnabled: isUndoEnabled, onSetup: onSetup)
    }
}

/// The models of a fetch, read when the view's body is made (SwiftData's `@Query`):
/// `@Query(sort: \Trip.start) var trips: [Trip]`. A store that cannot be read gives none
/// (as SwiftUI's), and the error is said once.
@propertyWrapper
public struct Query<Element: PersistentModel, Result>: @unchecked Sendable {
    let descriptor: FetchDescriptor<Element>

    public init(_ descriptor: FetchDescriptor<Element>, animation: Animation? = nil) where Result == [Element] {
        self.descriptor = descriptor
    }

    public init(filter: Predicate<Element>? = nil, sort descriptors: [SortDescriptor<Element>] = [], animation: Animation? = nil)
        where Result == [Element] {
        descriptor = FetchDescriptor(predicate: filter, sortBy: descriptors)
    }

    public init<Value: Comparable>(filter: Predicate<Element>? = nil, sort keyPath: KeyPath<Element, Value> & Sendable, order: SortOrder = .forward,
                                   animation: Animation? = nil) where Result == [Element] {
        descriptor = FetchDescriptor(predicate: filter, sortBy: [SortDescriptor(keyPath, order: order)])
    }

    public init<Value: Comparable>(filter: Predicate<Element>? = nil, sort keyPath: KeyPath<Element, Value?> & Sendable, order: SortOrder = .forward,
                                   animation: Animation? = nil) where Result == [Element] {
        descriptor = FetchDescriptor(predicate: filter, sortBy: [SortDescriptor(keyPath, order: order)])
    }

    public var wrappedValue: [Element] {
        let context = EnvironmentScope.bound?.modelContext ?? ProcessContainer.context
        do {
            return try context.fetch(descriptor)
        } catch {
            SlotLog.once("query:\(Element.self)", "@Query of \(Element.self) read nothing: \(error)")
            return []
        }
    }

    /// Whether the last fetch failed: never kept; `wrappedValue` says it once in the log.
    public var fetchError: (any Error)? { nil }
    public var modelContext: ModelContext { EnvironmentScope.bound?.modelContext ?? ProcessContainer.context }
}
