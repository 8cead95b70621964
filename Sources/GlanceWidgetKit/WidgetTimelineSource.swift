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

/// A provider and a view builder with their types erased: the one source class every
/// configuration makes (static, App Intent, `INIntent`), differing only in how they fetch.
final class ProviderTimelineSource<Entry: TimelineEntry, Content: View>: WidgetTimelineSource {
    typealias Completion<Value> = @Sendable (UncheckedSendable<Result<Value, IntentConfigurator.Failure>>) -> Void
    private let placeholderBody: (TimelineProviderContext) -> Entry
    private let snapshotBody: (TimelineProviderContext, @escaping Completion<AnyTimelineEntry>) -> Void
    private let timelineBody: (TimelineProviderContext, @escaping Completion<AnyTimeline>) -> Void
    private let makeContent: (Entry) -> Content

    init(placeholder: @escaping (TimelineProviderContext) -> Entry,
         snapshot: @escaping (TimelineProviderContext, @escaping Completion<AnyTimelineEntry>) -> Void,
         timeline: @escaping (TimelineProviderContext, @escaping Completion<AnyTimeline>) -> Void,
         content: @escaping (Entry) -> Content) {
        placeholderBody = placeholder
        snapshotBody = snapshot
        timelineBody = timeline
        makeContent = content
    }

    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry { AnyTimelineEntry(placeholderBody(context)) }

    func snapshot(in context: TimelineProviderContext, completion: @escaping Completion<AnyTimelineEntry>) { snapshotBody(context, completion) }

    func timeline(in context: TimelineProviderContext, completion: @escaping Completion<AnyTimeline>) { timelineBody(context, completion) }

    func content(for entry: AnyTimelineEntry) -> AnyView {
        guard let typed = entry.base as? Entry else { return AnyView(EmptyView()) }
        return AnyView(makeContent(typed))
    }
}

extension ProviderTimelineSource {
    /// A `StaticConfiguration`'s source.
    static func make<Provider: TimelineProvider>(_ provider: Provider, content: @escaping (Entry) -> Content)
        -> ProviderTimelineSource where Provider.Entry == Entry {
        ProviderTimelineSource(
            placeholder: provider.placeholder(in:),
            snapshot: { context, completion in provider.getSnapshot(in: context) { completion(UncheckedSendable(.success(AnyTimelineEntry($0)))) } },
            timeline: { context, completion in provider.getTimeline(in: context) { completion(UncheckedSendable(.success(AnyTimeline($0)))) } },
            content: content)
    }

    /// An `AppIntentConfiguration`'s source: the intent configured before every fetch.
    static func make<Provider: AppIntentTimelineProvider>(_ provider: Provider, recipe: IntentRecipe<Provider.Intent>,
                                                          content: @escaping (Entry) -> Content)
        -> ProviderTimelineSource where Provider.Entry == Entry {
        ProviderTimelineSource(
            placeholder: provider.placeholder(in:),
            snapshot: { context, completion in
                recipe.fetch(completion) { intent, done in done(AnyTimelineEntry(await provider.snapshot(for: intent, in: context))) }
            },
            timeline: { context, completion in
                recipe.fetch(completion) { intent, done in done(AnyTimeline(await provider.timeline(for: intent, in: context))) }
            },
            content: content)
    }

    /// An `IntentConfiguration`'s source: an `INIntent` and a provider with completion handlers.
    static func make<Provider: IntentTimelineProvider>(_ provider: Provider, recipe: IntentRecipe<Provider.Intent>,
                                                       content: @escaping (Entry) -> Content)
        -> ProviderTimelineSource where Provider.Entry == Entry {
        ProviderTimelineSource(
            placeholder: provider.placeholder(in:),
            snapshot: { context, completion in
                recipe.fetch(completion) { intent, done in provider.getSnapshot(for: intent, in: context) { done(AnyTimelineEntry($0)) } }
            },
            timeline: { context, completion in
                recipe.fetch(completion) { intent, done in provider.getTimeline(for: intent, in: context) { done(AnyTimeline($0)) } }
            },
            content: content)
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
