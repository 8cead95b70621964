import GlanceWidgetKit

/// The `stat` widget: a number from any JSON HTTP endpoint, with labelled subtitles,
/// fetched every 10 minutes and marked as old when the endpoint stops answering.
public struct StatWidget: Widget {
    public static let kind = "stat"

    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Self.kind, intent: StatIntent.self, provider: StatProvider()) { entry in
            StatView(entry: entry)
        }
        .configurationDisplayName("Stat")
        .description("A number from a JSON HTTP endpoint, with labelled subtitles.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline, .accessoryCircular])
        // The views pad themselves, as the other built-in widgets do.
        .contentMarginsDisabled()
    }
}
