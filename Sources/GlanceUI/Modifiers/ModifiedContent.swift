/// A view with a modifier applied: an environment change for the content, and/or a
/// wrapping of the content's node. Every modifier in Glance is one of these.
public struct ModifiedContent<Content: View>: View, PrimitiveView {
    let content: Content
    let environment: (inout EnvironmentValues) -> Void
    let wrap: (ViewNode, EnvironmentValues) -> ViewNode

    init(
        _ content: Content,
        environment: @escaping (inout EnvironmentValues) -> Void = { _ in },
        wrap: @escaping (ViewNode, EnvironmentValues) -> ViewNode = { node, _ in node }
    ) {
        self.content = content
        self.environment = environment
        self.wrap = wrap
    }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        var inner = environment
        self.environment(&inner)
        return wrap(resolveNode(content, in: inner), inner)
    }
}

/// Edges (SwiftUI's `Edge.Set`).
public enum Edge: Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Where a container background goes (SwiftUI's `ContainerBackgroundPlacement`).
public struct ContainerBackgroundPlacement: Sendable {
    public static let widget = ContainerBackgroundPlacement()
}

/// SwiftUI's `ContentTransition`, accepted and ignored: paper does not animate.
public struct ContentTransition: Sendable {
    public static let numericText = ContentTransition()
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    public static let identity = ContentTransition()
    public static let opacity = ContentTransition()
}

/// SwiftUI's `SymbolRenderingMode`, accepted and ignored: icons are one colour on paper.
public struct SymbolRenderingMode: Sendable {
    public static let monochrome = SymbolRenderingMode()
    public static let hierarchical = SymbolRenderingMode()
    public static let multicolor = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode()
}
