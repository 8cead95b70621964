import Foundation
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
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    public init() {}

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let shape: ShapeNode.Kind = environment.widgetFamily == .accessoryCircular ? .circle : .roundedRectangle(cornerRadius: 8)
        return .shape(ShapeNode(kind: shape, fill: .color(RGBA(120, 120, 128, 46))))
    }
}


/// How a widget is being drawn (WidgetKit's `WidgetRenderingMode`), which the display
/// decides: `.fullColor` on panels that show every colour; on panels of few inks
/// `.accented` where they have colour inks besides black and white (content marked
/// `.widgetAccentable()` prints in them, the rest in black and white) and `.vibrant`
/// where they have only black, white and greys (everything by luminance). A display's
/// `rendering_mode:` chooses another. Whatever the mode, text and symbols on such panels
/// take the ink that contrasts with their ground.
public struct WidgetRenderingMode: Hashable, Sendable, CustomStringConvertible {
    let name: String

    public static let fullColor = WidgetRenderingMode(name: "fullColor")
    public static let accented = WidgetRenderingMode(name: "accented")
    public static let vibrant = WidgetRenderingMode(name: "vibrant")

    public var description: String { name }

    /// The mode a panel is drawn in.
    package init(_ mode: InkPrinting.Mode) {
        switch mode {
        case .fullColor: self = .fullColor
        case .accented: self = .accented
        case .vibrant: self = .vibrant
        }
    }

    package init(name: String) { self.name = name }
}

private struct WidgetRenderingModeKey: EnvironmentKey {
    static let defaultValue = WidgetRenderingMode.fullColor
}

extension EnvironmentValues {
    /// How the display draws this widget (`@Environment(\.widgetRenderingMode)`).
    public var widgetRenderingMode: WidgetRenderingMode {
        get { self[WidgetRenderingModeKey.self] }
        set { self[WidgetRenderingModeKey.self] = newValue }
    }

    /// Whether the widget's container background is drawn: on panels that show every
    /// colour (`.fullColor`); not in `.vibrant` and `.accented`, where, as on iOS's Lock
    /// Screen and StandBy, the content stands on the paper.
    public var showsWidgetContainerBackground: Bool {
        get { containerBackgroundShown }
        set { containerBackgroundShown = newValue }
    }
    /// A wall's display is never dimmed to save power (iOS's Always-On and StandBy at
    /// night): always `false`.
    public var isLuminanceReduced: Bool {
        get { false }
        set {}
    }

    /// Whether an accessory widget's `widgetLabel` is shown: a wall shows no labels
    /// around its widgets, so `false`.
    public var showsWidgetLabel: Bool {
        get { false }
        set {}
    }
}

/// Where content margins apply (SwiftUI's `ContentMarginPlacement`).
public struct ContentMarginPlacement: Hashable, Sendable {
    let name: String
    public static let automatic = ContentMarginPlacement(name: "automatic")
    public static let scrollContent = ContentMarginPlacement(name: "scrollContent")
    public static let scrollIndicators = ContentMarginPlacement(name: "scrollIndicators")
}

extension View {
    /// Accepted: SwiftUI applies these margins to scrollable content, and nothing on a
    /// widget scrolls. A widget's own margins are the host's (`\.widgetContentMargins`;
    /// `.contentMarginsDisabled()` on the configuration turns them off).
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic) -> Self { self }
    public func contentMargins(_ edges: Edge.Set = .all, _ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic) -> Self { self }
    public func contentMargins(_ length: CGFloat, for placement: ContentMarginPlacement = .automatic) -> Self { self }
}

/// Where a widget is shown on iOS (WidgetKit's `WidgetLocation`), for
/// `.disfavoredLocations`: a wall display is none of them.
public struct WidgetLocation: Hashable, Sendable {
    let name: String
    public static let homeScreen = WidgetLocation(name: "homeScreen")
    public static let lockScreen = WidgetLocation(name: "lockScreen")
    public static let standBy = WidgetLocation(name: "standBy")
    public static let iPhoneWidgetsOnMac = WidgetLocation(name: "iPhoneWidgetsOnMac")
}

extension WidgetConfiguration {
    /// Accepted: a wall display always draws the container background.
    public func containerBackgroundRemovable(_ isRemovable: Bool = true) -> some WidgetConfiguration { self }
    /// Accepted: there is no home screen, lock screen or StandBy to avoid.
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> some WidgetConfiguration { self }
    /// Accepted: a slot's `params:` configure the widget before it is shown.
    public func promptsForUserConfiguration() -> some WidgetConfiguration { self }
    /// Accepted: fetches finish inside the provider (no background URL sessions).
    public func onBackgroundURLSessionEvents(matching identifier: String? = nil,
                                             _ handler: @escaping (String, @escaping () -> Void) -> Void) -> some WidgetConfiguration { self }
}
