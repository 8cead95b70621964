import GlanceWidgetKit

/// The widgets `glance` ships, by kind.
public enum BuiltinWidgets {
    public static let all: [any Widget.Type] = [CountdownWidget.self, WeekdayWidget.self, StatWidget.self, HeatmapWidget.self, WeatherWidget.self, AgendaWidget.self, PhotoWidget.self]
}
