import GlanceWidgetKit

/// The `agenda` widget: the coming events of iCalendar feeds (files, or http(s):// and
/// webcal:// URLs), with an entry at each event's start and end and at each midnight.
public struct AgendaWidget: Widget {
    public static let kind = "agenda"

    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Self.kind, intent: AgendaIntent.self, provider: AgendaProvider()) { entry in
            AgendaView(entry: entry)
        }
        .configurationDisplayName("Agenda")
        .description("The coming events of iCalendar feeds from files or webcal/https URLs.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        // The views pad themselves, as the other built-in widgets do.
        .contentMarginsDisabled()
    }
}
