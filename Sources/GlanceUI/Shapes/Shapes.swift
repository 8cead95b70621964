/// A shape that fills the space it is offered (SwiftUI's `Shape`): an outline for any
/// rectangle, filled or stroked.
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: Rect) -> Path {
///         Path { p in
///             p.move(to: Point(x: rect.midX, y: rect.minY))
///             p.addLine(to: Point(x: rect.maxX, y: rect.maxY))
///             p.addLine(to: Point(x: rect.minX, y: rect.maxY))
///             p.closeSubpath()
///         }
///     }
/// }
/// ```
///
/// Code ported from iOS declares `path(in rect: CGRect)`, which works unchanged with
/// `import Glance`: the rectangle's type is the shape's `PathRect`, inferred from the
/// declaration.
public protocol Shape: View, Sendable {
    /// The rectangle type `path(in:)` takes: `Rect`, or Foundation's `CGRect`.
    associatedtype PathRect: ShapeRectangle = Rect
    /// The outline in `rect` (points, top-left origin).
    func path(in rect: PathRect) -> Path
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

/// A rectangle type a `Shape` may declare its `path(in:)` with (`Rect`; the `Glance`
/// module adds Foundation's `CGRect`).
public protocol ShapeRectangle {
    init(glanceRect: Rect)
}

extension Rect: ShapeRectangle {
    public init(glanceRect: Rect) { self = glanceRect }
}

/// A shape that can be shrunk inside its rectangle (SwiftUI's `InsettableShape`), which is
/// what `strokeBorder` needs to keep the whole line inside the frame.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    func inset(by amount: Double) -> InsetShape
}

extension Shape {
    /// How the renderer draws this shape.
    var kind: ShapeNode.Kind {
        if let builtin = _builtinKind { return builtin.kind }
        return .custom(CustomShape { [self] rect in self.path(in: PathRect(glanceRect: rect)) })
    }

    /// Unfilled shapes take the foreground colour, as in SwiftUI.
    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: kind, fill: .color(environment.foregroundColor)))
    }

    public func fill(_ style: some ShapeStyle) -> FilledShape {
        FilledShape(kind: kind, style: style)
    }

    /// `.fill.tertiary` and friends: the foreground at an emphasis level.
    public var fill: FillLevels { FillLevels(kind: kind) }

    /// The outline drawn as a line `lineWidth` points wide, centred on the outline.
    public func stroke(_ style: some ShapeStyle, lineWidth: Double = 1) -> FilledShape {
        FilledShape(kind: kind, style: style, stroke: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke(_ style: some ShapeStyle, style strokeStyle: StrokeStyle) -> FilledShape {
        FilledShape(kind: kind, style: style, stroke: strokeStyle)
    }

    /// The outline in the foreground colour.
    public func stroke(lineWidth: Double = 1) -> FilledShape {
        FilledShape(kind: kind, style: nil, stroke: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke(style strokeStyle: StrokeStyle) -> FilledShape {
        FilledShape(kind: kind, style: nil, stroke: strokeStyle)
    }

    /// The part of the outline between two fractions of its length (a progress ring).
    public func trim(from start: Double = 0, to end: Double = 1) -> TrimmedShape {
        TrimmedShape(kind: .trimmed(kind, from: start, to: end))
    }
}

extension InsettableShape {
    /// The outline drawn inside the shape's rectangle: inset by half the line width, then
    /// stroked, so the line's outer edge is the frame's.
    public func strokeBorder(_ style: some ShapeStyle, lineWidth: Double = 1) -> FilledShape {
        FilledShape(kind: .inset(kind, amount: lineWidth / 2), style: style, stroke: StrokeStyle(lineWidth: lineWidth))
    }

    public func strokeBorder(_ style: some ShapeStyle, style strokeStyle: StrokeStyle) -> FilledShape {
        FilledShape(kind: .inset(kind, amount: strokeStyle.lineWidth / 2), style: style, stroke: strokeStyle)
    }

    public func strokeBorder(lineWidth: Double = 1) -> FilledShape {
        FilledShape(kind: .inset(kind, amount: lineWidth / 2), style: nil, stroke: StrokeStyle(lineWidth: lineWidth))
    }
}

/// How a stroke is drawn (SwiftUI's `StrokeStyle`), in points.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// Lengths of dashes and gaps, alternating; empty for a solid line.
    public var dash: [Double]
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// The ends of an open stroke (Core Graphics' `CGLineCap`).
public enum LineCap: Hashable, Sendable { case butt, round, square }

/// Where two segments of a stroke meet (Core Graphics' `CGLineJoin`).
public enum LineJoin: Hashable, Sendable { case miter, round, bevel }

/// A shape painted with a style, filled or stroked.
public struct FilledShape: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let kind: ShapeNode.Kind
    /// `nil`: the foreground colour.
    let style: (any ShapeStyle)?
    var stroke: StrokeStyle?

    init(kind: ShapeNode.Kind, style: (any ShapeStyle)?, stroke: StrokeStyle? = nil) {
        self.kind = kind
        self.style = style
        self.stroke = stroke
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: kind, fill: style?.fill(in: environment) ?? .color(environment.foregroundColor), stroke: stroke))
    }
}

/// A shape cut to part of its outline (`.trim(from:to:)`), itself a shape.
public struct TrimmedShape: Shape {
    let kind: ShapeNode.Kind
    public func path(in rect: Rect) -> Path { kind.path(in: rect) }
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
    public func path(in rect: Rect) -> Path { kind.path(in: rect) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: Double) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: amount)) }
}

public struct RoundedRectangle: InsettableShape {
    public let cornerRadius: Double
    public init(cornerRadius: Double, style: RoundedCornerStyle = .continuous) { self.cornerRadius = cornerRadius }
    var kind: ShapeNode.Kind { .roundedRectangle(cornerRadius: cornerRadius) }
    public func path(in rect: Rect) -> Path { kind.path(in: rect) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: Double) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: amount)) }
}

public enum RoundedCornerStyle: Sendable {
    case circular, continuous
}

/// The largest circle centred in the rectangle it is given.
public struct Circle: InsettableShape {
    public init() {}
    var kind: ShapeNode.Kind { .circle }
    public func path(in rect: Rect) -> Path { kind.path(in: rect) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: Double) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: amount)) }
}

public struct Ellipse: InsettableShape {
    public init() {}
    var kind: ShapeNode.Kind { .ellipse }
    public func path(in rect: Rect) -> Path { kind.path(in: rect) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: Double) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: amount)) }
}

public struct Capsule: InsettableShape {
    public init(style: RoundedCornerStyle = .continuous) {}
    var kind: ShapeNode.Kind { .capsule }
    public func path(in rect: Rect) -> Path { kind.path(in: rect) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: Double) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: amount)) }
}

/// The widget's own corner shape (SwiftUI's `ContainerRelativeShape`): on a panel, a
/// rounded rectangle with the widget corner radius.
public struct ContainerRelativeShape: InsettableShape {
    public init() {}
    var kind: ShapeNode.Kind { .roundedRectangle(cornerRadius: 12) }
    public func path(in rect: Rect) -> Path { kind.path(in: rect) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: Double) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: amount)) }
}

/// One of SwiftUI's shapes shrunk inside its rectangle (`.inset(by:)`).
public struct InsetBuiltinShape: InsettableShape {
    let kind: ShapeNode.Kind
    public func path(in rect: Rect) -> Path { kind.path(in: rect) }
    public var _builtinKind: _ShapeKind? { _ShapeKind(kind) }
    public func inset(by amount: Double) -> InsetBuiltinShape { InsetBuiltinShape(kind: .inset(kind, amount: amount)) }
}
