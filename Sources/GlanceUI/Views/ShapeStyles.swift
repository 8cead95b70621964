import Foundation
import GlanceGraphics

/// A gradient in circles about a point (SwiftUI's `RadialGradient`); radii in points.
public struct RadialGradient: View, PrimitiveView, ShapeStyle {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let gradient: Gradient
    let center: UnitPoint
    let startRadius: Double
    let endRadius: Double

    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        .gradient(GradientFill(stops: gradient.resolvedStops, geometry: .radial(centerX: center.x, centerY: center.y,
                                                                               startRadius: startRadius, endRadius: endRadius)))
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: fill(in: environment)))
    }
}

/// A gradient in ellipses of the shape's proportions (SwiftUI's `EllipticalGradient`);
/// radii as fractions of half the shape's size.
public struct EllipticalGradient: View, PrimitiveView, ShapeStyle {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let gradient: Gradient
    let center: UnitPoint
    let startFraction: Double
    let endFraction: Double

    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient
        self.center = center
        startFraction = startRadiusFraction
        endFraction = endRadiusFraction
    }

    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        // SwiftUI's fractions are of the whole size; the fill's are of the half-size.
        .gradient(GradientFill(stops: gradient.resolvedStops, geometry: .elliptical(centerX: center.x, centerY: center.y,
                                                                                   startFraction: startFraction * 2,
                                                                                   endFraction: endFraction * 2)))
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: fill(in: environment)))
    }
}

/// A gradient around a point (SwiftUI's `AngularGradient`, also called conic).
public struct AngularGradient: View, PrimitiveView, ShapeStyle {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let gradient: Gradient
    let center: UnitPoint
    let startAngle: Angle
    let endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        // Equal angles mean a whole turn, as in SwiftUI.
        self.endAngle = endAngle == startAngle ? startAngle + .degrees(360) : endAngle
    }

    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A whole turn starting at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }

    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        .gradient(GradientFill(stops: gradient.resolvedStops, geometry: .angular(centerX: center.x, centerY: center.y,
                                                                                startRadians: startAngle.radians,
                                                                                endRadians: endAngle.radians)))
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: fill(in: environment)))
    }
}

extension Gradient {
    var resolvedStops: [GradientStop] { stops.map { GradientStop(color: $0.color.rgba, location: $0.location) } }
}

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }

    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
}

extension LinearGradient {
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}

extension ShapeStyle where Self == AngularGradient {
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }

    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
}

/// A blurred translucent backdrop (SwiftUI's `Material`). Nothing behind a wall display
/// shows through, so a material is a flat tone: a light grey in the light scheme, a dark
/// one in the dark scheme, thicker materials further from the page.
public struct Material: ShapeStyle, Hashable {
    /// How far from white (light scheme) or black (dark scheme), 0…1.
    let depth: Double

    public static let ultraThinMaterial = Material(depth: 0.04)
    public static let thinMaterial = Material(depth: 0.07)
    public static let regularMaterial = Material(depth: 0.11)
    public static let thickMaterial = Material(depth: 0.15)
    public static let ultraThickMaterial = Material(depth: 0.19)
    public static let bar = Material(depth: 0.07)
    public static let ultraThin = ultraThinMaterial
    public static let thin = thinMaterial
    public static let regular = regularMaterial
    public static let thick = thickMaterial
    public static let ultraThick = ultraThickMaterial

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        let level = environment.colorScheme == .dark ? 0.11 + depth : 1 - depth
        return .color(Color(white: level).rgba)
    }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    public static var thinMaterial: Material { .thinMaterial }
    public static var regularMaterial: Material { .regularMaterial }
    public static var thickMaterial: Material { .thickMaterial }
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    public static var bar: Material { .bar }
}

/// The background of the view's context (SwiftUI's `.background` style): white in the
/// light scheme, black in the dark one.
public struct BackgroundStyle: ShapeStyle, Hashable {
    public init() {}

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        .color(environment.colorScheme == .dark ? .black : .white)
    }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// The foreground colour in force (SwiftUI's `.foreground` style).
public struct ForegroundStyle: ShapeStyle, Hashable {
    public init() {}

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill { .color(environment.foregroundColor) }
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// The accent colour in force (SwiftUI's `.tint` style): `.tint(_:)`'s, else blue.
public struct TintShapeStyle: ShapeStyle, Hashable {
    public init() {}

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill { .color(environment.tint ?? Color.blue.rgba) }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// Another style at a fraction of its opacity (`style.opacity(0.5)`).
public struct OpacityShapeStyle<Base: ShapeStyle>: ShapeStyle {
    let base: Base
    let opacity: Double

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        let factor = max(0, min(1, opacity))
        func fade(_ color: RGBA) -> RGBA {
            var copy = color
            copy.a = UInt8((Double(color.a) * factor).rounded())
            return copy
        }
        switch base.fill(in: environment) {
        case .color(let color): return .color(fade(color))
        case .gradient(var gradient):
            gradient.stops = gradient.stops.map { GradientStop(color: fade($0.color), location: $0.location) }
            return .gradient(gradient)
        }
    }
}

extension ShapeStyle {
    /// This style at `opacity` (0…1) of its own.
    @_disfavoredOverload
    public func opacity(_ opacity: Double) -> OpacityShapeStyle<Self> { OpacityShapeStyle(base: self, opacity: opacity) }
}
