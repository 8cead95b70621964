import FoundationEssentials
import GlanceIntents
import GlanceUI

/// One configured widget as the host drives it: a provider, its configuration intent
/// (if any), and the view builder, with their types erased.
public protocol WidgetTimelineSource: AnyObject {
    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry
    /// Calls `completion` exactly once, on any thread: the entry, or why the widget's
    /// configuration could not be resolved (an entity id that names nothing).
    func snapshot(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimelineEntry, IntentConfigurator.Failure>>) -> Void)
    /// Calls `completion` exactly once, on any thread: the timeline, or why the
    /// widget's configuration could not be resolved.
    func timeline(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimeline, IntentConfigurator.Failure>>) -> Void)
    /// The view for an entry this source produced.
    func content(for entry: AnyTimelineEntry) -> AnyView
}

/// Carries a value that is not `Sendable` across a thread hop that the sender and the
/// receiver order themselves (a completion handler followed by a semaphore).
public struct UncheckedSendable<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

final class StaticTimelineSource<Provider: TimelineProvider, Content: View>: WidgetTimelineSource {
    let provider: Provider
    let makeContent: (Provider.Entry) -> Content

    init(provider: Provider, content: @escaping (Provider.Entry) -> Content) {
        self.provider = provider
        makeContent = content
    }

    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry {
        AnyTimelineEntry(provider.placeholder(in: context))
    }

    func snapshot(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimelineEntry, IntentConfigurator.Failure>>) -> Void) {
        provider.getSnapshot(in: context) { completion(UncheckedSendable(.success(AnyTimelineEntry($0)))) }
    }

    func timeline(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimeline, IntentConfigurator.Failure>>) -> Void) {
        provider.getTimeline(in: context) { completion(UncheckedSendable(.success(AnyTimeline($0)))) }
    }

    func content(for entry: AnyTimelineEntry) -> AnyView {
        guard let typed = entry.base as? Provider.Entry else { return AnyView(EmptyView()) }
        return AnyView(makeContent(typed))
    }
}

/// The parameters a slot gives, configured anew and resolved before every fetch: an
/// entity is looked up each time (the query may answer differently), and a provider
/// still running after a time-out never shares an intent with the next fetch.
struct IntentRecipe<Intent: ConfigurableIntent>: @unchecked Sendable {
    let values: [(name: String, text: String)]
    let context: ParameterDecodingContext

    func configured() async throws(IntentConfigurator.Failure) -> Intent {
        try await IntentConfigurator.configure(Intent.self, values: values, context: context)
    }

    /// On the provider executor: configures the intent and hands it to `body`, which
    /// calls back with what the provider gave; a configuration failure goes to
    /// `completion` instead.
    func fetch<Value>(_ completion: @escaping @Sendable (UncheckedSendable<Result<Value, IntentConfigurator.Failure>>) -> Void,
                      _ body: @escaping (Intent, @escaping (Value) -> Void) async -> Void) {
        let work = UncheckedSendable((self, body))
        Task(executorPreference: ProviderExecutor.shared) {
            do throws(IntentConfigurator.Failure) {
                let intent = try await work.value.0.configured()
                await work.value.1(intent) { completion(UncheckedSendable(.success($0))) }
            } catch {
                completion(UncheckedSendable(.failure(error)))
            }
        }
    }
}

final class IntentTimelineSource<Provider: AppIntentTimelineProvider, Content: View>: WidgetTimelineSource {
    let provider: Provider
    let recipe: IntentRecipe<Provider.Intent>
    let makeContent: (Provider.Entry) -> Content

    init(provider: Provider, recipe: IntentRecipe<Provider.Intent>, content: @escaping (Provider.Entry) -> Content) {
        self.provider = provider
        self.recipe = recipe
        makeContent = content
    }

    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry {
        AnyTimelineEntry(provider.placeholder(in: context))
    }

    func snapshot(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimelineEntry, IntentConfigurator.Failure>>) -> Void) {
        let provider = provider
        recipe.fetch(completion) { intent, done in done(AnyTimelineEntry(await provider.snapshot(for: intent, in: context))) }
    }

    func timeline(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimeline, IntentConfigurator.Failure>>) -> Void) {
        let provider = provider
        recipe.fetch(completion) { intent, done in done(AnyTimeline(await provider.timeline(for: intent, in: context))) }
    }

    func content(for entry: AnyTimelineEntry) -> AnyView {
        guard let typed = entry.base as? Provider.Entry else { return AnyView(EmptyView()) }
        return AnyView(makeContent(typed))
    }
}

/// An `IntentConfiguration` widget: an `INIntent` configuration and a provider with
/// completion handlers.
final class INIntentTimelineSource<Provider: IntentTimelineProvider, Content: View>: WidgetTimelineSource {
    let provider: Provider
    let recipe: IntentRecipe<Provider.Intent>
    let makeContent: (Provider.Entry) -> Content

    init(provider: Provider, recipe: IntentRecipe<Provider.Intent>, content: @escaping (Provider.Entry) -> Content) {
        self.provider = provider
        self.recipe = recipe
        makeContent = content
    }

    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry {
        AnyTimelineEntry(provider.placeholder(in: context))
    }

    func snapshot(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimelineEntry, IntentConfigurator.Failure>>) -> Void) {
        let provider = provider
        recipe.fetch(completion) { intent, done in provider.getSnapshot(for: intent, in: context) { done(AnyTimelineEntry($0)) } }
    }

    func timeline(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimeline, IntentConfigurator.Failure>>) -> Void) {
        let provider = provider
        recipe.fetch(completion) { intent, done in provider.getTimeline(for: intent, in: context) { done(AnyTimeline($0)) } }
    }

    func content(for entry: AnyTimelineEntry) -> AnyView {
        guard let typed = entry.base as? Provider.Entry else { return AnyView(EmptyView()) }
        return AnyView(makeContent(typed))
    }
}
