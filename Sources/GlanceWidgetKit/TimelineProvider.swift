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
    /// Configurations to offer (`glance widgets` lists them); none unless the provider says.
    func recommendations() -> [AppIntentRecommendation<Intent>]
}

extension AppIntentTimelineProvider {
    /// Configurations to offer; none unless the provider says.
    public func recommendations() -> [AppIntentRecommendation<Intent>] { [] }
}

/// A ready-made configuration of a widget (WidgetKit's `AppIntentRecommendation`):
/// `glance widgets` lists each with the `params:` that make it.
public struct AppIntentRecommendation<Intent: WidgetConfigurationIntent>: Sendable {
    public let intent: Intent
    public let description: String

    public init(intent: Intent, description: LocalizedStringResource) {
        self.intent = intent
        self.description = description.key
    }

    public init(intent: Intent, description: some StringProtocol) {
        self.intent = intent
        self.description = String(description)
    }
}

/// Supplies an `IntentConfiguration` widget's entries with completion handlers
/// (WidgetKit's `IntentTimelineProvider`, before iOS 17): the configuration is the
/// widget's own `INIntent` subclass, filled from the slot's `params:`.
public protocol IntentTimelineProvider: SendableMetatype {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: INIntent
    typealias Context = TimelineProviderContext

    func placeholder(in context: Context) -> Entry
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
    /// Configurations to offer; none unless the provider says.
    func recommendations() -> [IntentRecommendation<Intent>]
}

extension IntentTimelineProvider {
    public func recommendations() -> [IntentRecommendation<Intent>] { [] }
}

/// A ready-made configuration of an `IntentConfiguration` widget (WidgetKit's `IntentRecommendation`).
public struct IntentRecommendation<Intent: INIntent>: @unchecked Sendable {
    public let intent: Intent
    public let description: String

    public init(intent: Intent, description: some StringProtocol) {
        self.intent = intent
        self.description = String(description)
    }
}
