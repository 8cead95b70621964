/// A shape that fills the space it is offered (SwiftUI's `Shape`).
public protocol Shape: View, PrimitiveView, Sendable {
    var kind: ShapeNode.Kind { get }
}

extension Shape {
    /// Unfilled shapes take the foreground colour, as in SwiftUI.
    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: kind, fill: .color(environment.foregroundColor)))
    }

    public func fill(_ style: some ShapeStyle) -> FilledShape {
        FilledShape(kind: kind, style: style)
    }

    /// `.fill.tertiary` and friends: the foreground at an emphasis level.
    public var fill: FillLevels { FillLevels(kind: kind) }
}

/// A shape painted with a style.
public struct FilledShape: View, PrimitiveView {
    let kind: ShapeNode.Kind
    let style: any ShapeStyle

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .shape(ShapeNode(kind: kind, fill: style.resolveFill(in: environment)))
    }
}

/// What `shape.fill` offers: `.fill.secondary`, `.fill.tertiary`, `.fill.quaternary`.
public struct FillLevels: Sendable {
    let kind: ShapeNode.Kind
    public var primary: FilledShape { FilledShape(kind: kind, style: HierarchicalShapeStyle.primary) }
    public var secondary: FilledShape { FilledShape(kind: kind, style: HierarchicalShapeStyle.secondary) }
    public var tertiary: FilledShape { FilledShape(kind: kind, style: HierarchicalShapeStyle.tertiary) }
    public var quaternary: FilledShape { FilledShape(kind: kind, style: HierarchicalShapeStyle.quaternary) }
}

public struct Rectangle: Shape {
    public init() {}
    public var kind: ShapeNode.Kind { .rectangle }
}

public struct RoundedRectangle: Shape {
    let cornerRadius: Double
    public init(cornerRadius: Double, style: RoundedCornerStyle = .continuous) { self.cornerRadius = cornerRadius }
    public var kind: ShapeNode.Kind { .roundedRectangle(cornerRadius: cornerRadius) }
}

public enum RoundedCornerStyle: Sendable {
    case circular, continuous
}

public struct Circle: Shape {
    public init() {}
    public var kind: ShapeNode.Kind { .ellipse }
}

public struct Ellipse: Shape {
    public init() {}
    public var kind: ShapeNode.Kind { .ellipse }
}

public struct Capsule: Shape {
    public init(style: RoundedCornerStyle = .continuous) {}
    public var kind: ShapeNode.Kind { .capsule }
}

/// The widget's own corner shape (SwiftUI's `ContainerRelativeShape`): on a panel, a
/// rounded rectangle with the widget corner radius.
public struct ContainerRelativeShape: Shape {
    public init() {}
    public var kind: ShapeNode.Kind { .roundedRectangle(cornerRadius: 12) }
}
