import Foundation

/// A shape that fills the space it is offered (SwiftUI's `Shape`): an outline for any
/// rectangle, filled or stroked.
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: CGRect) -> Path {
///         Path { p in
///             p.move(to: CGPoint(x: rect.midX, y: rect.minY))
///             p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
///             p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
///             p.closeSubpath()
///         }
///     }
/// }
/// ```
public protocol Shape: View, Sendable {
    /// The outline in `rect` (points, top-left origin).
    func path(in rect: CGRect) -> Path
    /// SwiftUI's own shapes answer how Glance draws them exactly (no dynamic cast);
    /// others nil, and are drawn from their path.
    var _builtinKind: _ShapeKind? { get }
}

extension Shape {
    public var _builtinKind: _ShapeKind? { nil }
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
}

/// How Glance draws one of SwiftUI's own shapes exactly: opaque to widget code.
public struct _ShapeKind {
    package let kind: ShapeNode.Kind
    package init(_ kind: ShapeNode.Kind) { self.kind = kind }
}

/// A shape that can be shrunk inside its rectangle (SwiftUI's `InsettableShape`), which is
/// what `strokeBorder` needs to keep the whole line inside the frame.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    func inset(by amount: CGFloat) -> InsetShape
}

extension Shape {
    /// How the renderer draws this shape.
    var kind: ShapeNode.Kind {
        if let builtin = _builtinKind { return builtin.kind }
        return .custom(CustomShape { [self] rect in self.path(in: rect.cgRect) })
    }

    /// Unfilled shapes take the foreground colour, as in SwiftUI.
    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: kind, fill: .color(environment.foregroundColor)))
    }

    /// The shape filled with `style`, by the non-zero winding rule or, with
    /// `FillStyle(eoFill: true)`, the even-odd rule (a ring from two circles).
    public func fill(_ style: some ShapeStyle, style fillStyle: FillStyle = FillStyle()) -> FilledShape {
        FilledShape(kind: kind, style: style, evenOdd: fillStyle.isEOFilled)
    }

    /// The shape filled with the foreground style (SwiftUI's `fill(style:)`).
    public func fill(style fillStyle: FillStyle = FillStyle()) -> FilledShape {
        FilledShape(kind: kind, style: nil, evenOdd: fillStyle.isEOFilled)
    }

    /// `.fill.tertiary` and friends: the foreground at an emphasis level.
    public var fill: FillLevels { FillLevels(kind: kind) }

    /// The outline drawn as a line `lineWidth` points wide, centred on the outline.
    public func stroke(_ style: some ShapeStyle, lineWidth: CGFloat = 1) -> FilledShape {
        FilledShape(kind: kind, style: style, stroke: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke(_ style: some ShapeStyle, style strokeStyle: StrokeStyle) -> FilledShape {
        FilledShape(kind: kind, style: style, stroke: strokeStyle)
    }

    /// The outline in the foreground colour.
    public func stroke(lineWidth: CGFloat = 1) -> FilledShape {
        FilledShape(kind: kind, style: nil, stroke: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke(style strokeStyle: StrokeStyle) -> FilledShape {
        FilledShape(kind: kind, style: nil, stroke: strokeStyle)
    }

    /// The part of the outline between two fractions of its length (a progress ring).
    public func trim(from start: CGFloat = 0, to end: CGFloat = 1) -> TrimmedShape {
        TrimmedShape(kind: .trimmed(kind, from: Double(start), to: Double(end)))
    }
}

extension InsettableShape {
    /// The outline drawn inside the shape's rectangle: inset by half the line width, then
    /// stroked, so the line's outer edge is the frame's.
    public func strokeBorder(_ style: some ShapeStyle, lineWidth: CGFloat = 1) -> FilledShape {
        FilledShape(kind: .inset(kind, amount: Double(lineWidth) / 2), style: style, stroke: StrokeStyle(lineWidth: lineWidth))
    }

    public func strokeBorder(_ style: some ShapeStyle, style strokeStyle: StrokeStyle) -> FilledShape {
        FilledShape(kind: .inset(kind, amount: Double(strokeStyle.lineWidth) / 2), style: style, stroke: strokeStyle)
    }

    public func strokeBorder(lineWidth: CGFloat = 1) -> FilledShape {
        FilledShape(kind: .inset(kind, amount: Double(lineWidth) / 2), style: nil, stroke: StrokeStyle(lineWidth: lineWidth))
    }

    public func strokeBorder(style strokeStyle: StrokeStyle) -> FilledShape {
        FilledShape(kind: .inset(kind, amount: Double(strokeStyle.lineWidth) / 2), style: nil, stroke: strokeStyle)
    }
}

/// How a shape is filled (SwiftUI's `FillStyle`): by the non-zero rule, or the even-odd
/// rule with `eoFill`. Edges are always antialiased (`isAntialiased` is kept, not
/// honoured: a panel of few inks cuts them anyway).
public struct FillStyle: Hashable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool

    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// How a stroke is drawn (SwiftUI's `StrokeStyle`), in points.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    /// Lengths of dashes and gaps, alternating; empty for a solid line.
    public var dash: [CGFloat]
    public var dashPhase: CGFloat

    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// The ends of an open stroke (Core Graphics' `CGLineCap`, which Foundation on Linux lacks).
public enum CGLineCap: Int32, Hashable, Sendable { case butt, round, square }

/// Where two segments of a stroke meet (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Hashable, Sendable { case miter, round, bevel }

/// A shape painted with a style, filled or stroked.
public struct FilledShape: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let kind: ShapeNode.Kind
    /// `nil`: the foreground colour.
    let style: (any ShapeStyle)?
    var stroke: StrokeStyle?
    var evenOdd: Bool

    init(kind: ShapeNode.Kind, style: (any ShapeStyle)?, stroke: StrokeStyle? = nil, evenOdd: Bool = false) {
        self.kind = kind
        self.style = style
        self.stroke = stroke
        self.evenOdd = evenOdd
    }

    /// A stroked shape filled as well (SwiftUI's `StrokeShapeView.fill`, iOS 17): the
    /// inside in `content`, the outline drawn over it as before.
    public func fill(_ content: some ShapeStyle, style fillStyle: FillStyle = FillStyle()) -> some View {
        ZStack {
            FilledShape(kind: kind, style: content, evenOdd: fillStyle.isEOFilled)
            self
        }
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: kind, fill: style?.fill(in: environment) ?? .color(environment.foregroundColor), stroke: stroke,
                         evenOdd: evenOdd))
    }
}

/// A shape cut to part of its outline (`.trim(from:to:)`), itself a shape.
public struct TrimmedShape: Shape {
    let kind: ShapeNode.Kind
    public func path(in rect: CGRect) -> Path { kind.path(in: Rect(rect)) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
}

/// What `shape.fill` offers: `.fill.secondary`, `.fill.tertiary`, `.fill.quaternary`.
public struct FillLevels: Sendable {
    let kind: ShapeNode.Kind
    public var primary: FilledShape { FilledShape(kind: kind, style: HierarchicalShapeStyle.primary) }
    public var secondary: FilledShape { FilledShape(kind: kind, style: HierarchicalShapeStyle.secondary) }
    public var tertiary: FilledShape { FilledShape(kind: kind, style: HierarchicalShapeStyle.tertiary) }
    public var quaternary: FilledShape { FilledShape(kind: kind, style: HierarchicalShapeStyle.quaternary) }
}

public struct Rectangle: InsettableShape {
    public init() {}
    var kind: ShapeNode.Kind { .rectangle }
    public func path(in rect: CGRect) -> Path { kind.path(in: Rect(rect)) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: CGFloat) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: Double(amount))) }
}

public struct RoundedRectangle: InsettableShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    /// Elliptical corners are drawn from the path (the exact rounded rectangle takes one radius).
    var kind: ShapeNode.Kind {
        cornerSize.width == cornerSize.height ? .roundedRectangle(cornerRadius: Double(cornerSize.width)) : .custom(cornerPath)
    }
    private var cornerPath: CustomShape {
        CustomShape { [cornerSize, style] rect in Path(roundedRect: rect.cgRect, cornerSize: cornerSize, style: style) }
    }
    public func path(in rect: CGRect) -> Path { kind.path(in: Rect(rect)) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: CGFloat) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: Double(amount))) }
}

public enum RoundedCornerStyle: Sendable {
    case circular, continuous
}

/// The largest circle centred in the rectangle it is given.
public struct Circle: InsettableShape {
    public init() {}
    var kind: ShapeNode.Kind { .circle }
    public func path(in rect: CGRect) -> Path { kind.path(in: Rect(rect)) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: CGFloat) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: Double(amount))) }
}

public struct Ellipse: InsettableShape {
    public init() {}
    var kind: ShapeNode.Kind { .ellipse }
    public func path(in rect: CGRect) -> Path { kind.path(in: Rect(rect)) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: CGFloat) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: Double(amount))) }
}

public struct Capsule: InsettableShape {
    public init(style: RoundedCornerStyle = .continuous) {}
    var kind: ShapeNode.Kind { .capsule }
    public func path(in rect: CGRect) -> Path { kind.path(in: Rect(rect)) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: CGFloat) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: Double(amount))) }
}

/// The widget's own corner shape (SwiftUI's `ContainerRelativeShape`): on a panel, a
/// rounded rectangle with the widget corner radius.
public struct ContainerRelativeShape: InsettableShape {
    public init() {}
    var kind: ShapeNode.Kind { .roundedRectangle(cornerRadius: 12) }
    public func path(in rect: CGRect) -> Path { kind.path(in: Rect(rect)) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: CGFloat) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: Double(amount))) }
}

/// One of SwiftUI's shapes shrunk inside its rectangle (`.inset(by:)`).
public struct InsetBuiltinShape: InsettableShape {
    let kind: ShapeNode.Kind
    public func path(in rect: CGRect) -> Path { kind.path(in: Rect(rect)) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: CGFloat) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: Double(amount))) }
}

// SwiftUI's shapes as leading-dot members where a shape goes: `.clipShape(.rect(cornerRadius: 8))`.
extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == UnevenRoundedRectangle {
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                            topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
                               bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
}

extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}

extension Shape where Self == ContainerRelativeShape {
    public static var containerRelative: ContainerRelativeShape { ContainerRelativeShape() }
}

/// A rectangle whose four corners have their own radii (SwiftUI's `UnevenRoundedRectangle`).
public struct UnevenRoundedRectangle: Shape {
    public var topLeadingRadius: CGFloat
    public var bottomLeadingRadius: CGFloat
    public var bottomTrailingRadius: CGFloat
    public var topTrailingRadius: CGFloat
    public var style: RoundedCornerStyle

    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.topLeadingRadius = topLeadingRadius
        self.bottomLeadingRadius = bottomLeadingRadius
        self.bottomTrailingRadius = bottomTrailingRadius
        self.topTrailingRadius = topTrailingRadius
        self.style = style
    }

    /// Each radius at most half the shorter side; corners as quarter circles.
    public func path(in rect: CGRect) -> Path {
        let limit = min(rect.width, rect.height) / 2
        let (tl, tr, br, bl) = (min(topLeadingRadius, limit), min(topTrailingRadius, limit), min(bottomTrailingRadius, limit),
                                min(bottomLeadingRadius, limit))
        var path = Path()
        path.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        if tr > 0 { path.addArc(center: CGPoint(x: rect.maxX - tr, y: rect.minY + tr), radius: tr, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false) }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        if br > 0 { path.addArc(center: CGPoint(x: rect.maxX - br, y: rect.maxY - br), radius: br, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false) }
        path.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        if bl > 0 { path.addArc(center: CGPoint(x: rect.minX + bl, y: rect.maxY - bl), radius: bl, startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false) }
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        if tl > 0 { path.addArc(center: CGPoint(x: rect.minX + tl, y: rect.minY + tl), radius: tl, startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false) }
        path.closeSubpath()
        return path
    }
}
