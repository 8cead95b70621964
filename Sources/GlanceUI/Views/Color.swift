import Foundation
import GlanceGraphics

/// A colour, usable as a view (it fills its space) and as a shape style (SwiftUI's `Color`).
public struct Color: View, PrimitiveView, ShapeStyle, Hashable, Sendable {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    package var rgba: RGBA
    /// An asset-style name (`Color("Accent")`), resolved from the config's `named_colors:`.
    var assetName: String?

    /// A colour from Glance's pixel type (UIKit's names win for `Color(.black)`).
    @_disfavoredOverload
    package init(_ rgba: RGBA) { self.rgba = rgba }

    /// A colour by name from the config's `named_colors:`, as from an asset catalog on
    /// iOS. An unknown name is clear, as SwiftUI draws a missing asset colour.
    public init(_ name: String) {
        rgba = .clear
        assetName = name
    }

    /// A colour by name (`Color("Accent", bundle: .main)`): the config's `named_colors:`,
    /// whichever bundle is named (a wall has one set of colours).
    public init(_ name: String, bundle: Bundle?) {
        self.init(name)
    }

    /// The colour, with an asset name looked up in `environment`.
    package func resolved(in environment: EnvironmentValues) -> RGBA {
        guard let assetName else { return rgba }
        guard var named = environment.namedColors[assetName] else { return .clear }
        // `.opacity` applied to an asset colour scales the named colour's alpha.
        named.a = UInt8(Int(named.a) * Int(rgba.a == 0 ? 255 : rgba.a) / 255)
        return named
    }

    /// Components 0…1 (sRGB).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func byte(_ value: Double) -> UInt8 { UInt8((min(1, max(0, value)) * 255).rounded()) }
        rgba = RGBA(byte(red), byte(green), byte(blue), byte(opacity))
    }

    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    public static let black = Color(.black)
    public static let white = Color(.white)
    public static let red = Color(RGBA(hex: 0xFF3B30))
    public static let orange = Color(RGBA(hex: 0xFF9500))
    public static let yellow = Color(RGBA(hex: 0xFFCC00))
    public static let green = Color(RGBA(hex: 0x34C759))
    public static let blue = Color(RGBA(hex: 0x007AFF))
    /// The app's accent colour: iOS's default, system blue (a wall has no asset catalogue).
    public static let accentColor = Color(RGBA(hex: 0x007AFF))
    public static let purple = Color(RGBA(hex: 0xAF52DE))
    public static let gray = Color(RGBA(hex: 0x8E8E93))
    public static let clear = Color(.clear)
    /// The text colour of the colour scheme (black on paper).
    public static let primary = Color(.black)
    public static let secondary = Color(RGBA(60, 60, 67, 153))

    /// SwiftUI's colour names, as a setting writes them (`blue`, `orange`), with the
    /// colours Glance draws for them.
    package static let configNames: [(name: String, color: Color)] = [
        ("red", .red), ("orange", .orange), ("yellow", .yellow), ("green", .green), ("mint", .mint), ("teal", .teal),
        ("cyan", .cyan), ("blue", .blue), ("indigo", .indigo), ("purple", .purple), ("pink", .pink), ("brown", .brown),
        ("gray", .gray), ("black", .black),
    ]

    /// A colour as a widget's setting writes it: one of SwiftUI's names (`blue`, any
    /// case; `grey` too) or `#RRGGBB` as `named_colors:` takes it; nil for any other text.
    package init?(configText text: String) {
        let name = text.lowercased() == "grey" ? "gray" : text.lowercased()
        if let named = Self.configNames.first(where: { $0.name == name }) {
            self = named.color
        } else if let rgba = RGBA(configText: text) {
            self.init(rgba)
        } else {
            return nil
        }
    }

    public func opacity(_ opacity: Double) -> Color {
        var copy = self
        let base = assetName != nil && rgba.a == 0 ? 255.0 : Double(rgba.a)
        copy.rgba.a = UInt8((base * min(1, max(0, opacity))).rounded())
        return copy
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: .color(resolved(in: environment))))
    }

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill { .color(resolved(in: environment)) }
}

/// Something a shape or text can be painted with (SwiftUI's `ShapeStyle`).
public protocol ShapeStyle: Sendable {
    /// What the style fills with: Glance's own, opaque to widget code (every style
    /// Glance provides answers it).
    func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill
}

/// Any shape style, its type erased (SwiftUI's `AnyShapeStyle`): the two sides of a
/// condition that are different styles.
public struct AnyShapeStyle: ShapeStyle {
    private let resolve: @Sendable (EnvironmentValues) -> _ResolvedFill

    public init<Style: ShapeStyle>(_ style: Style) { resolve = { style._resolvedFill(in: $0) } }

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { resolve(environment) }
}

/// A style's fill, for the package's modules only.
public struct _ResolvedFill {
    package let fill: ShapeNode.Fill
    package init(_ fill: ShapeNode.Fill) { self.fill = fill }
}

extension ShapeStyle {
    /// The fill, for the package's own code over any style.
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill { _resolvedFill(in: environment).fill }
}

extension ShapeNode.Fill {
    /// One colour for text: a gradient's middle.
    var representativeColor: RGBA {
        switch self {
        case .color(let color): color
        case .gradient(let gradient):
            GradientRamp(stops: gradient.stops.map { ($0.color, $0.location) }).color(at: 0.5)
        }
    }
}

/// The foreground colour at a level of emphasis (SwiftUI's `.primary`, `.secondary` …).
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let opacity: Double

    public static let primary = HierarchicalShapeStyle(opacity: 1)
    public static let secondary = HierarchicalShapeStyle(opacity: 0.6)
    public static let tertiary = HierarchicalShapeStyle(opacity: 0.3)
    public static let quaternary = HierarchicalShapeStyle(opacity: 0.18)

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        var color = environment.foregroundColor
        color.a = UInt8((Double(color.a) * opacity).rounded())
        return .color(color)
    }
}

extension Color {
    /// This colour at a hierarchical level (SwiftUI's `ShapeStyle.secondary` … `.quaternary`
    /// on a colour: `.gray.quaternary`): its opacity scaled as the foreground's levels are.
    public var secondary: Color { opacity(HierarchicalShapeStyle.secondary.opacity) }
    public var tertiary: Color { opacity(HierarchicalShapeStyle.tertiary.opacity) }
    public var quaternary: Color { opacity(HierarchicalShapeStyle.quaternary.opacity) }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// The system's fill colours for shapes and backgrounds (SwiftUI's `.fill`, with
/// `.secondary`, `.tertiary` and `.quaternary` levels): a translucent grey.
public struct FillShapeStyle: ShapeStyle, Hashable {
    let opacity: Double

    public var secondary: FillShapeStyle { FillShapeStyle(opacity: 0.16) }
    public var tertiary: FillShapeStyle { FillShapeStyle(opacity: 0.12) }
    public var quaternary: FillShapeStyle { FillShapeStyle(opacity: 0.08) }

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        .color(RGBA(120, 120, 128, UInt8((255 * opacity).rounded())))
    }
}

extension ShapeStyle where Self == FillShapeStyle {
    public static var fill: FillShapeStyle { FillShapeStyle(opacity: 0.2) }
}

extension ShapeStyle where Self == Color {
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var blue: Color { Color.blue }
    public static var gray: Color { Color.gray }
    public static var clear: Color { .clear }
}

/// A linear gradient (SwiftUI's `LinearGradient`), as a view or a shape style.
public struct LinearGradient: View, PrimitiveView, ShapeStyle {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let stops: [GradientStop]
    let start: UnitPoint
    let end: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        stops = gradient.stops.map { GradientStop(color: $0.color.rgba, location: $0.location) }
        start = startPoint
        end = endPoint
    }

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        .gradient(GradientFill(stops: stops, geometry: .linear(startX: start.x, startY: start.y, endX: end.x, endY: end.y)))
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: fill(in: environment)))
    }
}

/// Colour stops (SwiftUI's `Gradient`).
public struct Gradient: Hashable, Sendable, ShapeStyle {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    public var stops: [Stop]

    public init(colors: [Color]) {
        let count = max(1, colors.count - 1)
        stops = colors.enumerated().map { Stop(color: $0.element, location: Double($0.offset) / Double(count)) }
    }

    public init(stops: [Stop]) { self.stops = stops }

    /// As a shape style: top to bottom, as SwiftUI does.
    public func _resolvedFill(in environment: EnvironmentValues) -> _ResolvedFill { _ResolvedFill(fill(in: environment)) }
    package func fill(in environment: EnvironmentValues) -> ShapeNode.Fill {
        LinearGradient(gradient: self, startPoint: .top, endPoint: .bottom).fill(in: environment)
    }
}

extension Color {
    /// `Color.blue.gradient`: a gentle top-to-bottom gradient of this colour.
    public var gradient: Gradient {
        func darker(_ channel: UInt8) -> UInt8 { UInt8(Int(channel) * 3 / 4) }
        return Gradient(colors: [self, Color(RGBA(darker(rgba.r), darker(rgba.g), darker(rgba.b), rgba.a))])
    }
}

/// A point in unit coordinates (SwiftUI's `UnitPoint`).
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A colour of the app's asset catalogue as Xcode's generated symbols name it
/// (`Color(.widgetBackground)`): drawn as the config's `named_colors:` entry of that name,
/// as `Color("WidgetBackground")` is. The two every widget template has are here.
public struct ColorResource: Hashable, Sendable {
    let name: String
    public init(name: String, bundle: Bundle? = nil) { self.name = name }
    public static let widgetBackground = ColorResource(name: "WidgetBackground")
    public static let accent = ColorResource(name: "AccentColor")
}

extension Color {
    public init(_ resource: ColorResource) { self.init(resource.name) }
}
