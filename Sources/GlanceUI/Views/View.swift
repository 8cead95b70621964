/// A piece of user interface, described as a value: SwiftUI's `View`.
///
/// Composite views describe themselves through `body`; the primitive views that Glance
/// understands directly (text, stacks, modifiers) have `Body == Never` and turn
/// themselves into a ``ViewNode``.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
}

extension View where Body == Never {
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// Views that Glance turns into nodes directly instead of through `body`.
public protocol PrimitiveView {
    func makeNode(in environment: EnvironmentValues) -> ViewNode
}

/// Resolves any view to its node tree: primitives directly, composites through `body`
/// (evaluated with `environment` visible to `@Environment`, and resolved in it too: the
/// `ForEach` and builder closures in a body run while it resolves, and read the view's
/// own environment, as in SwiftUI).
package func resolveNode<V: View>(_ view: V, in environment: EnvironmentValues) -> ViewNode {
    if let primitive = view as? any PrimitiveView {
        return primitive.makeNode(in: environment)
    }
    return EnvironmentScope.$current.withValue(environment) { resolveNode(view.body, in: environment) }
}
