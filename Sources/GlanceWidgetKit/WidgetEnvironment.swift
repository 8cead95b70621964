import GlanceGraphics
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

/// The round backdrop of a lock-screen widget (WidgetKit's `AccessoryWidgetBackground`):
/// a light translucent disc or rounded rectangle filling its frame.
public struct AccessoryWidgetBackground: View, PrimitiveView {
    public init() {}

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let shape: ShapeNode.Kind = environment.widgetFamily == .accessoryCircular ? .circle : .roundedRectangle(cornerRadius: 8)
        return .shape(ShapeNode(kind: shape, fill: .color(RGBA(120, 120, 128, 46))))
    }
}

