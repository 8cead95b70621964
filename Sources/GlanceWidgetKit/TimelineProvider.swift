import FoundationEssentials
import GlanceIntents

/// Supplies a widget's entries with completion handlers (WidgetKit's `TimelineProvider`).
public protocol TimelineProvider: SendableMetatype {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext

    /// Content shown while nothing better is known; must return at once.
    func placeholder(in context: Context) -> Entry
    /// One entry for the gallery (`glance render --snapshot`).
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    /// Entries to show and when to ask again.
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// Supplies a configurable widget's entries with async calls
/// (WidgetKit's `AppIntentTimelineProvider`).
public protocol AppIntentTimelineProvider: SendableMetatype {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext

    func placeholder(in context: Context) -> Entry
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
}
