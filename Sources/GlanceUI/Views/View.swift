/// A piece of user interface, described as a value: SwiftUI's `View`.
///
/// Composite views describe themselves through `body`; the primitive views that Glance
/// understands directly (text, stacks, modifiers) have `Body == Never` and turn
/// themselves into a ``ViewNode``.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
    /// The view's node: Glance's own, not for widgets to implement. Primitive views
    /// answer through `makeNode`, others through `body`; chosen when the type conforms,
    /// so resolving a view asks no dynamic cast.
    func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView
}

/// What a view resolves to: Glance's own, not for widgets to read or make. Its node tree
/// is for the package's modules only.
public struct _ResolvedView {
    package let node: ViewNode
    package init(_ node: ViewNode) { self.node = node }
}

extension View {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView {
        EnvironmentScope.$bound.withValue(environment) { _ResolvedView(resolveNode(body, in: environment)) }
    }
}

extension View where Self: PrimitiveView {
    /// The answer for the package's own non-public primitive views (a test's, a bench's);
    /// a public one must declare its own, public (the compiler says so).
    package func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
}

extension Never: View {
    public typealias Body = Never
}

extension View where Body == Never {
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// Views that Glance turns into nodes directly instead of through `body`.
///
/// Each one also answers `_glanceNode(in:)` with `_ResolvedView(makeNode(in:))`: the
/// public requirement cannot default through a `package` protocol.
package protocol PrimitiveView {
    func makeNode(in environment: EnvironmentValues) -> ViewNode
}

/// Resolves any view to its node tree: primitives directly, composites through `body`
/// (evaluated with `environment` visible to `@Environment`, and resolved in it too: the
/// `ForEach` and builder closures in a body run while it resolves, and read the view's
/// own environment, as in SwiftUI).
package func resolveNode<V: View>(_ view: V, in environment: EnvironmentValues) -> ViewNode {
    view._glanceNode(in: environment).node
}
