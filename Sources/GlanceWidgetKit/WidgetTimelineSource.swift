import FoundationEssentials
import GlanceIntents
import GlanceUI

/// One configured widget as the host drives it: a provider, its configuration intent
/// (if any), and the view builder, with their types erased.
public protocol WidgetTimelineSource: AnyObject {
    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry
    /// Calls `completion` exactly once, on any thread.
    func snapshot(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<AnyTimelineEntry>) -> Void)
    /// Calls `completion` exactly once, on any thread.
    func timeline(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<AnyTimeline>) -> Void)
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

    func snapshot(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<AnyTimelineEntry>) -> Void) {
        provider.getSnapshot(in: context) { completion(UncheckedSendable(AnyTimelineEntry($0))) }
    }

    func timeline(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<AnyTimeline>) -> Void) {
        provider.getTimeline(in: context) { completion(UncheckedSendable(AnyTimeline($0))) }
    }

    func content(for entry: AnyTimelineEntry) -> AnyView {
        guard let typed = entry.base as? Provider.Entry else { return AnyView(EmptyView()) }
        return AnyView(makeContent(typed))
    }
}

final class IntentTimelineSource<Provider: AppIntentTimelineProvider, Content: View>: WidgetTimelineSource {
    let provider: Provider
    let intent: Provider.Intent
    let makeContent: (Provider.Entry) -> Content

    init(provider: Provider, intent: Provider.Intent, content: @escaping (Provider.Entry) -> Content) {
        self.provider = provider
        self.intent = intent
        makeContent = content
    }

    func placeholder(in context: TimelineProviderContext) -> AnyTimelineEntry {
        AnyTimelineEntry(provider.placeholder(in: context))
    }

    func snapshot(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<AnyTimelineEntry>) -> Void) {
        let work = UncheckedSendable((provider, intent))
        Task(executorPreference: ProviderExecutor.shared) {
            let entry = await work.value.0.snapshot(for: work.value.1, in: context)
            completion(UncheckedSendable(AnyTimelineEntry(entry)))
        }
    }

    func timeline(in context: TimelineProviderContext, completion: @escaping @Sendable (UncheckedSendable<AnyTimeline>) -> Void) {
        let work = UncheckedSendable((provider, intent))
        Task(executorPreference: ProviderExecutor.shared) {
            let timeline = await work.value.0.timeline(for: work.value.1, in: context)
            completion(UncheckedSendable(AnyTimeline(timeline)))
        }
    }

    func content(for entry: AnyTimelineEntry) -> AnyView {
        guard let typed = entry.base as? Provider.Entry else { return AnyView(EmptyView()) }
        return AnyView(makeContent(typed))
    }
}
