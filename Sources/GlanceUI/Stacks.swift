/// Children placed top to bottom (SwiftUI's `VStack`).
public struct VStack<Content: View>: View, PrimitiveView {
    let spacing: Double?
    let content: Content

    /// - Parameter spacing: points between children; `nil` for the default.
    public init(spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .stack(.vertical, flattenedChildren(content, in: environment))
    }
}

/// Children placed leading to trailing (SwiftUI's `HStack`).
public struct HStack<Content: View>: View, PrimitiveView {
    let spacing: Double?
    let content: Content

    /// - Parameter spacing: points between children; `nil` for the default.
    public init(spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .stack(.horizontal, flattenedChildren(content, in: environment))
    }
}

/// Children drawn on top of each other (SwiftUI's `ZStack`).
public struct ZStack<Content: View>: View, PrimitiveView {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .stack(.depth, flattenedChildren(content, in: environment))
    }
}

/// A stack's children: groups from builder blocks, conditionals and `ForEach` dissolve
/// into the stack, as in SwiftUI.
func flattenedChildren<Content: View>(_ content: Content, in environment: EnvironmentValues) -> [ViewNode] {
    func flatten(_ node: ViewNode) -> [ViewNode] {
        switch node {
        case .empty: []
        case .group(let children): children.flatMap(flatten)
        default: [node]
        }
    }
    return flatten(resolveNode(content, in: environment))
}
