import GlanceUI

private struct WidgetFamilyKey: EnvironmentKey {
    static let defaultValue = WidgetFamily.systemSmall
}

extension EnvironmentValues {
    /// The family of the widget being drawn (`@Environment(\.widgetFamily)`).
    public var widgetFamily: WidgetFamily {
        get { self[WidgetFamilyKey.self] }
        set { self[WidgetFamilyKey.self] = newValue }
    }
}
