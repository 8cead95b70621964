import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The `weather` widget: current conditions and the forecast from Open-Meteo, refreshed
/// every 15 minutes or when its refresh button is pressed.
public struct WeatherWidget: Widget {
    public static let kind = "weather"

    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Self.kind, intent: SelectCityIntent.self, provider: WeatherProvider()) { entry in
            WeatherView(entry: entry)
        }
        .configurationDisplayName("Weather")
        .description("Current conditions, the next hours and the next days, from Open-Meteo.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

extension DisplayLocale {
    /// The language part of the identifier: `ko` for `ko_KR`.
    var languageCode: String { String(identifier.prefix { $0 != "_" }) }
}
