import Foundation
import GlanceSystem

// SwiftUI's modifiers for what a wall does not have: animation, touch, accessibility
// services, a dark mode switch. Each compiles as on iOS and leaves the frame as it was;
// Tests/Census/noops.tsv says why for each, and docs/swiftui-coverage.md lists them.

/// SwiftUI's `Animation`: a wall changes frames without animating.
public struct Animation: Hashable, Sendable {
    public static let `default` = Animation()
    public static let linear = Animation()
    public static let easeIn = Animation()
    public static let easeOut = Animation()
    public static let easeInOut = Animation()
    public static let spring = Animation()
    public static let bouncy = Animation()
    public static let smooth = Animation()
    public static func linear(duration: Double) -> Animation { Animation() }
    public static func easeIn(duration: Double) -> Animation { Animation() }
    public static func easeOut(duration: Double) -> Animation { Animation() }
    public static func easeInOut(duration: Double) -> Animation { Animation() }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation { Animation() }
    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// SwiftUI's `AnyTransition`: a wall changes frames without transitions.
public struct AnyTransition: Sendable {
    public static let identity = AnyTransition()
    public static let opacity = AnyTransition()
    public static let scale = AnyTransition()
    public static let slide = AnyTransition()
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

/// How accessibility services see a view's children.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static let ignore = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
}

/// SwiftUI's `BlendMode`.
public enum BlendMode: Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion,
         hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}

/// SwiftUI's `DynamicTypeSize`: the reader's text size setting; a wall has one size.
public enum DynamicTypeSize: Hashable, Sendable, Comparable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

extension View {
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { WallNoOp.note(self, "animation", "a wall changes frames without animating") }
    public func animation(_ animation: Animation?) -> Self { WallNoOp.note(self, "animation", "a wall changes frames without animating") }
    public func transition(_ transition: AnyTransition) -> Self { WallNoOp.note(self, "transition", "a wall changes frames without transitions") }
    /// Runs nothing: a widget's view is drawn, never shown on a screen that appears.
    public func onAppear(perform action: (() -> Void)? = nil) -> Self { WallNoOp.note(self, "onAppear", "a widget view is drawn, never shown on a screen that appears") }
    public func onDisappear(perform action: (() -> Void)? = nil) -> Self { WallNoOp.note(self, "onDisappear", "a widget view is drawn, never shown on a screen that appears") }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Self { WallNoOp.note(self, "accessibilityElement", "a wall has no screen reader") }
    public func contentShape(_ shape: some Shape, eoFill: Bool = false) -> Self { WallNoOp.note(self, "contentShape", "a wall has no touch") }
    public func preferredColorScheme(_ scheme: ColorScheme?) -> Self { WallNoOp.note(self, "preferredColorScheme", "the config sets the display's appearance") }
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { WallNoOp.note(self, "edgesIgnoringSafeArea", "a widget has no safe area") }
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> Self { WallNoOp.note(self, "dynamicTypeSize", "a wall has one text size") }
    public func dynamicTypeSize<Range: RangeExpression>(_ range: Range) -> Self where Range.Bound == DynamicTypeSize { WallNoOp.note(self, "dynamicTypeSize", "a wall has one text size") }
    public func blendMode(_ mode: BlendMode) -> Self { WallNoOp.note(self, "blendMode", "colours are drawn over each other as they are") }
    public func accessibilityLabel(_ label: Text) -> Self { WallNoOp.note(self, "accessibilityLabel", "a wall has no screen reader") }
    public func accessibilityLabel(_ label: some StringProtocol) -> Self { WallNoOp.note(self, "accessibilityLabel", "a wall has no screen reader") }
    public func accessibilityValue(_ value: Text) -> Self { WallNoOp.note(self, "accessibilityValue", "a wall has no screen reader") }
    public func accessibilityValue(_ value: some StringProtocol) -> Self { WallNoOp.note(self, "accessibilityValue", "a wall has no screen reader") }
    public func accessibilityHint(_ hint: some StringProtocol) -> Self { WallNoOp.note(self, "accessibilityHint", "a wall has no screen reader") }
    public func accessibilityHidden(_ hidden: Bool) -> Self { WallNoOp.note(self, "accessibilityHidden", "a wall has no screen reader") }
    public func accessibilityIdentifier(_ identifier: String) -> Self { WallNoOp.note(self, "accessibilityIdentifier", "a wall has no screen reader") }
    public func accessibility(hidden: Bool) -> Self { WallNoOp.note(self, "accessibility", "a wall has no screen reader") }
    public func accessibility(label: Text) -> Self { WallNoOp.note(self, "accessibility", "a wall has no screen reader") }
    /// Paper has no blur: the view is drawn sharp.
    public func blur(radius: CGFloat, opaque: Bool = false) -> Self { WallNoOp.note(self, "blur", "paper has no blur: the view is drawn sharp") }
    /// Xcode's canvas layout of a preview: a wall's previews are `glance render`'s frames.
    public func previewLayout(_ layout: PreviewLayout) -> Self { WallNoOp.note(self, "previewLayout", "previews are glance render's frames") }
    /// Touch: a wall has none (keys and the page reach `Button(intent:)`, not hit tests).
    public func allowsHitTesting(_ enabled: Bool) -> Self { WallNoOp.note(self, "allowsHitTesting", "a wall has no touch") }
}

/// How Xcode's canvas lays out a preview (`.previewLayout`).
public enum PreviewLayout: Hashable, Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// SwiftUI's older name for the reader's text size (`ContentSizeCategory`); a wall has one.
public enum ContentSizeCategory: Hashable, Sendable, CaseIterable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge
}

extension EnvironmentValues {
    /// The reader's text size: a wall's is the default, `.large` (as `dynamicTypeSize`'s `.large`).
    public var sizeCategory: ContentSizeCategory {
        get { .large }
        set {}
    }

    public var dynamicTypeSize: DynamicTypeSize {
        get { .large }
        set {}
    }
}

/// The log line of an API a wall accepts and ignores: once per slot (the daemon's log,
/// or standard error under `render`), so that a widget's author sees what a wall leaves
/// out without a line at every frame.
package enum WallNoOp {
    package static func note<Value>(_ value: Value, _ api: String, _ why: String) -> Value {
        SlotLog.once(api, ".\(api)(…) does nothing on a wall: \(why) (docs/swiftui-coverage.md)")
        return value
    }
}
