import Foundation
import GlanceUI

// Live Activities (ActivityKit and WidgetKit's `ActivityConfiguration`): what an iPhone shows
// on its Lock Screen and in the Dynamic Island while the app's activity runs. A wall has no
// app starting activities and no Dynamic Island, so a widget bundle's `ActivityConfiguration`
// compiles as on iOS and the wall leaves it out of the bundle (docs/swiftui-coverage.md,
// "no-op on a wall"); the bundle's other widgets run as written.

/// The static data of a Live Activity, and the type of its changing state (ActivityKit's).
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// What an activity's views read: its attributes, its current state, whether it is stale.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public let attributes: Attributes
    public let state: Attributes.ContentState
    public let isStale: Bool
    public let activityID: String

    public init(attributes: Attributes, state: Attributes.ContentState, isStale: Bool = false, activityID: String = "") {
        self.attributes = attributes
        self.state = state
        self.isStale = isStale
        self.activityID = activityID
    }
}

/// Sizes a Live Activity is shown at (`.small` on a watch, `.medium` on an iPhone).
public enum ActivityFamily: Hashable, Sendable { case small, medium }

extension EnvironmentValues {
    /// The size the activity is drawn at; a wall shows no activities, so `.medium`.
    public var activityFamily: ActivityFamily { .medium }
}

/// A Live Activity in a widget bundle: its Lock Screen view and its Dynamic Island.
/// Left out of the bundle on a wall (there are no activities to show).
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration, LeftOutOnAWall {
    public init<Content: View>(for attributesType: Attributes.Type,
                               @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
                               dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland) {}

    public init<Content: View>(attributesType: Attributes.Type,
                               @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
                               dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland) {}

    /// iOS 16.0's first form, a Lock Screen view without a Dynamic Island.
    public init<Content: View>(attributesType: Attributes.Type,
                               @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content) {}

    public var descriptor: WidgetDescriptor {
        preconditionFailure("a Live Activity is not a widget on a wall; the bundle leaves it out")
    }

    public var reasonLeftOut: String { "a Live Activity (\(Attributes.self)) lives on an iPhone's Lock Screen; a wall has none" }

    /// The sizes besides the iPhone's (a watch's `.small`).
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> Self { self }
    public func configurationDisplayName(_ name: some StringProtocol) -> Self { self }
    public func description(_ text: some StringProtocol) -> Self { self }
}

/// A configuration a wall does not show, and why (Live Activities, Control Center controls).
public protocol LeftOutOnAWall {
    var reasonLeftOut: String { get }
}

/// The Dynamic Island's presentations of an activity.
public struct DynamicIsland {
    public init<Expanded: DynamicIslandExpandedContent, Leading: View, Trailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: () -> Expanded,
        @ViewBuilder compactLeading: () -> Leading,
        @ViewBuilder compactTrailing: () -> Trailing,
        @ViewBuilder minimal: () -> Minimal) {}

    /// The island's outline colour.
    public func keylineTint(_ color: Color?) -> DynamicIsland { self }
    /// The activity's link (no finger taps a wall).
    public func widgetURL(_ url: URL?) -> DynamicIsland { self }
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for mode: DynamicIslandMode) -> DynamicIsland { self }
    public func contentMargins(_ edges: Edge.Set = .all, _ insets: EdgeInsets, for mode: DynamicIslandMode) -> DynamicIsland { self }
}

/// The Dynamic Island's presentations, for `contentMargins(_:_:for:)`.
public enum DynamicIslandMode: Hashable, Sendable { case compact, compactLeading, compactTrailing, expanded, minimal }

/// Where an expanded region sits in the Dynamic Island.
public struct DynamicIslandExpandedRegionPosition: Hashable, Sendable {
    let name: String
    public static let leading = DynamicIslandExpandedRegionPosition(name: "leading")
    public static let trailing = DynamicIslandExpandedRegionPosition(name: "trailing")
    public static let center = DynamicIslandExpandedRegionPosition(name: "center")
    public static let bottom = DynamicIslandExpandedRegionPosition(name: "bottom")
}

/// The content of the expanded Dynamic Island.
public protocol DynamicIslandExpandedContent {}

/// One region of the expanded Dynamic Island.
public struct DynamicIslandExpandedRegion<Content: View>: DynamicIslandExpandedContent {
    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {}
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?) -> Self { self }
    public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement) -> Self { self }
}

/// Where an expanded region sits vertically.
public struct DynamicIslandExpandedRegionVerticalPlacement: Hashable, Sendable {
    public static let belowIfTooWide = DynamicIslandExpandedRegionVerticalPlacement()
}

/// The regions of the expanded Dynamic Island, one after another.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    public struct Regions: DynamicIslandExpandedContent {}
    public static func buildExpression(_ region: some DynamicIslandExpandedContent) -> Regions { Regions() }
    public static func buildBlock(_ regions: Regions...) -> Regions { Regions() }
    public static func buildOptional(_ regions: Regions?) -> Regions { Regions() }
    public static func buildEither(first regions: Regions) -> Regions { regions }
    public static func buildEither(second regions: Regions) -> Regions { regions }
    public static func buildLimitedAvailability(_ regions: Regions) -> Regions { regions }
}

/// What an activity's preview shows (`.previewContext(_:viewKind:)`, `#Preview(as:)`).
public enum ActivityPreviewViewKind: Hashable, Sendable {
    case content
    case dynamicIsland(DynamicIslandMode)
}

extension View {
    /// The Lock Screen banner's background (a wall shows no activities).
    public func activityBackgroundTint(_ color: Color?) -> Self { self }
    /// The colour of the Lock Screen's system buttons (a wall shows no activities).
    public func activitySystemActionForegroundColor(_ color: Color?) -> Self { self }
}

extension ActivityAttributes {
    /// An activity's view in Xcode's canvas (`PreviewProvider`): a wall has no canvas and
    /// no activities, so it draws nothing.
    public func previewContext(_ contentState: ContentState, viewKind: ActivityPreviewViewKind) -> EmptyView { EmptyView() }
}

// MARK: What watchOS draws around a complication

extension View {
    /// The label watchOS draws around a circular or corner complication. An iPhone's Lock
    /// Screen draws no such label, and neither does a wall: the widget is drawn alone.
    public func widgetLabel(_ label: some StringProtocol) -> Self { WallNoOp.note(self, "widgetLabel", "a wall shows no labels around its widgets") }
    public func widgetLabel(_ label: Text) -> Self { WallNoOp.note(self, "widgetLabel", "a wall shows no labels around its widgets") }
    public func widgetLabel<Label: View>(@ViewBuilder label: () -> Label) -> Self { WallNoOp.note(self, "widgetLabel", "a wall shows no labels around its widgets") }
    /// Curves content along a watch face's corner; a wall has no corners to curve along.
    public func widgetCurvesContent(_ curves: Bool = true) -> Self { WallNoOp.note(self, "widgetCurvesContent", "a wall has no round watch face") }
}

/// How an image shows in the accented rendering mode (WidgetKit's).
public struct WidgetAccentedRenderingMode: Hashable, Sendable {
    let name: String
    public static let accented = WidgetAccentedRenderingMode(name: "accented")
    public static let desaturated = WidgetAccentedRenderingMode(name: "desaturated")
    public static let accentedDesaturated = WidgetAccentedRenderingMode(name: "accentedDesaturated")
    public static let fullColor = WidgetAccentedRenderingMode(name: "fullColor")
}

extension Image {
    /// How the image tints in iOS's accented mode. A wall's accented mode prints pictures in
    /// the panel's inks as they are, so every mode draws the picture the same.
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> Image { self }
}
