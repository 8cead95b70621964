import Foundation

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
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }
    public func animation(_ animation: Animation?) -> Self { self }
    public func transition(_ transition: AnyTransition) -> Self { self }
    /// Runs nothing: a widget's view is drawn, never shown on a screen that appears.
    public func onAppear(perform action: (() -> Void)? = nil) -> Self { self }
    public func onDisappear(perform action: (() -> Void)? = nil) -> Self { self }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Self { self }
    public func contentShape(_ shape: some Shape, eoFill: Bool = false) -> Self { self }
    public func preferredColorScheme(_ scheme: ColorScheme?) -> Self { self }
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> Self { self }
    public func dynamicTypeSize<Range: RangeExpression>(_ range: Range) -> Self where Range.Bound == DynamicTypeSize { self }
    public func blendMode(_ mode: BlendMode) -> Self { self }
    public func accessibilityLabel(_ label: Text) -> Self { self }
    public func accessibilityLabel(_ label: some StringProtocol) -> Self { self }
    public func accessibilityValue(_ value: Text) -> Self { self }
    public func accessibilityValue(_ value: some StringProtocol) -> Self { self }
    public func accessibilityHint(_ hint: some StringProtocol) -> Self { self }
    public func accessibilityHidden(_ hidden: Bool) -> Self { self }
    public func accessibilityIdentifier(_ identifier: String) -> Self { self }
    public func accessibility(hidden: Bool) -> Self { self }
    public func accessibility(label: Text) -> Self { self }
    /// Paper has no blur: the view is drawn sharp.
    public func blur(radius: CGFloat, opaque: Bool = false) -> Self { self }
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
