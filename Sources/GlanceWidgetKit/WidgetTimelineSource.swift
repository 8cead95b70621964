import FoundationEssentials
import GlanceIntents
import GlanceUI

/// One configured widget as the host drives it: a provider, its configuration intent
/// (if any), and the view builder, with their types erased.
package protocol WidgetTimelineSource: AnyObject {
    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry
    /// Asks the provider on `executor`'s thread, never the caller's (a provider that
    /// blocks holds up only that thread), and calls `completion` once, on any thread: the
    /// entry, or why the widget's configuration could not be resolved (an entity id that
    /// names nothing). A provider that never answers never calls it.
    func snapshot(in context: TimelineProviderContext, on executor: ProviderExecutor,
                  completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimelineEntry, IntentConfigurator.Failure>>) -> Void)
    /// As `snapshot`, for the timeline.
    func timeline(in context: TimelineProviderContext, on executor: ProviderExecutor,
                  completion: @escaping @Sendable (UncheckedSendable<Result<AnyTimeline, IntentConfigurator.Failure>>) -> Void)
    /// The view for an entry this source produced.
    func content(for entry: AnyTimelineEntry) -> AnyView
    /// The entry type's name (part of what a persisted entry must match).
    var entryTypeName: String { get }
    /// The entry as JSON when its type is `Codable` (the host keeps the last good one).
    func encodeEntry(_ entry: AnyTimelineEntry) -> [UInt8]?
    /// An entry `encodeEntry` wrote, or `nil` when the bytes are not one.
    func decodeEntry(_ bytes: [UInt8]) -> AnyTimelineEntry?
}

/// Carries a value that is not `Sendable` across a thread hop that the sender and the
/// receiver order themselves (a completion handler followed by a semaphore).
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// A provider and a view builder with their types erased: the one source class every
/// configuration makes (static, App Intent, `INIntent`), differing only in how they fetch.
final class ProviderTimelineSource<Entry: TimelineEntry, Content: View>: WidgetTimelineSource {
    typealias Completion<Value> = @Sendable (UncheckedSendable<Result<Value, IntentConfigurator.Failure>>) -> Void
    private let placeholderBody: (TimelineProviderContext) -> Entry
    typealias Body<Value> = (TimelineProviderContext, ProviderExecutor, @escaping Completion<Value>) -> Void
    private let snapshotBody: Body<AnyTimelineEntry>
    private let timelineBody: Body<AnyTimeline>
    private let makeContent: (Entry) -> Content

    init(placeholder: @escaping (TimelineProviderContext) -> Entry,
         snapshot: @escaping Body<AnyTimelineEntry>,
         timeline: @escaping Body<AnyTimeline>,
         content: @escaping (Entry) -> Content) {
        placeholderBody = placeholder
        snapshotBody = snapshot
        timelineBody = timeline
        makeContent = content
    }

    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry { AnyTimelineEntry(placeholderBody(context)) }

    func snapshot(in context: TimelineProviderContext, on executor: ProviderExecutor, completion: @escaping Completion<AnyTimelineEntry>) {
        snapshotBody(context, executor, completion)
    }

    func timeline(in context: TimelineProviderContext, on executor: ProviderExecutor, completion: @escaping Completion<AnyTimeline>) {
        timelineBody(context, executor, completion)
    }

    func content(for entry: AnyTimelineEntry) -> AnyView {
        guard let typed = entry.base as? Entry else { return AnyView(EmptyView()) }
        return AnyView(makeContent(typed))
    }

    // `_typeName`, not `String(reflecting:)`: the same text, without first asking whether
    // the metatype conforms to the printing protocols (each a scan of every conformance
    // record the first time: 2 % of a start).
    var entryTypeName: String { _typeName(Entry.self, qualified: true) }

    func encodeEntry(_ entry: AnyTimelineEntry) -> [UInt8]? {
        guard Entry.self is any Decodable.Type, let encodable = entry.base as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(encodable)).map { Array($0) }
    }

    func decodeEntry(_ bytes: [UInt8]) -> AnyTimelineEntry? {
        guard let type = Entry.self as? any Decodable.Type, let value = try? JSONDecoder().decode(type, from: Data(bytes)),
              let entry = value as? Entry else { return nil }
        return AnyTimelineEntry(entry)
    }
}

extension ProviderTimelineSource {
    /// A `StaticConfiguration`'s source.
    static func make<Provider: TimelineProvider>(_ provider: Provider, content: @escaping (Entry) -> Content)
        -> ProviderTimelineSource where Provider.Entry == Entry {
        ProviderTimelineSource(
            placeholder: provider.placeholder(in:),
            snapshot: { context, executor, completion in
                onThread(of: executor, provider) { $0.getSnapshot(in: context) { completion(UncheckedSendable(.success(AnyTimelineEntry($0)))) } }
            },
            timeline: { context, executor, completion in
                onThread(of: executor, provider) { $0.getTimeline(in: context) { completion(UncheckedSendable(.success(AnyTimeline($0)))) } }
            },
            content: content)
    }

    /// An `AppIntentConfiguration`'s source: the intent configured before every fetch.
    static func make<Provider: AppIntentTimelineProvider>(_ provider: Provider, recipe: IntentRecipe<Provider.Intent>,
                                                          content: @escaping (Entry) -> Content)
        -> ProviderTimelineSource where Provider.Entry == Entry {
        ProviderTimelineSource(
            placeholder: provider.placeholder(in:),
            snapshot: { context, executor, completion in
                recipe.fetch(on: executor, completion) { intent, done in done(AnyTimelineEntry(await provider.snapshot(for: intent, in: context))) }
            },
            timeline: { context, executor, completion in
                recipe.fetch(on: executor, completion) { intent, done in done(AnyTimeline(await provider.timeline(for: intent, in: context))) }
            },
            content: content)
    }

    /// An `IntentConfiguration`'s source: an `INIntent` and a provider with completion handlers.
    static func make<Provider: IntentTimelineProvider>(_ provider: Provider, recipe: IntentRecipe<Provider.Intent>,
                                                       content: @escaping (Entry) -> Content)
        -> ProviderTimelineSource where Provider.Entry == Entry {
        ProviderTimelineSource(
            placeholder: provider.placeholder(in:),
            snapshot: { context, executor, completion in
                recipe.fetch(on: executor, completion) { intent, done in provider.getSnapshot(for: intent, in: context) { done(AnyTimelineEntry($0)) } }
            },
            timeline: { context, executor, completion in
                recipe.fetch(on: executor, completion) { intent, done in provider.getTimeline(for: intent, in: context) { done(AnyTimeline($0)) } }
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

    /// On `executor`: configures the intent and hands it to `body`, which calls back with
    /// what the provider gave; a configuration failure goes to `completion` instead.
    func fetch<Value>(on executor: ProviderExecutor,
                      _ completion: @escaping @Sendable (UncheckedSendable<Result<Value, IntentConfigurator.Failure>>) -> Void,
                      _ body: @escaping (Intent, @escaping (Value) -> Void) async -> Void) {
        let work = UncheckedSendable((self, body))
        Task(executorPreference: executor) {
            do throws(IntentConfigurator.Failure) {
                let intent = try await work.value.0.configured()
                await work.value.1(intent) { completion(UncheckedSendable(.success($0))) }
            } catch {
                completion(UncheckedSendable(.failure(error)))
            }
        }
    }
}

/// Runs a completion-handler provider's call on `executor`'s thread.
private func onThread<Provider>(of executor: ProviderExecutor, _ provider: Provider, _ call: @escaping (Provider) -> Void) {
    let work = UncheckedSendable((provider, call))
    Task(executorPreference: executor) { work.value.1(work.value.0) }
}
