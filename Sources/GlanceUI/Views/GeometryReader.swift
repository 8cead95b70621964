import Foundation

/// The size a `GeometryReader` was given, for its content to use (SwiftUI's
/// `GeometryProxy`), in points. Widgets have no safe area and do not scroll.
public struct GeometryProxy: Sendable {
    public let size: CGSize

    /// Where the reader is in a coordinate space: its own bounds (local, and every other
    /// space, since a widget does not scroll or move).
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { CGRect(origin: .zero, size: size) }

    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// A coordinate space (SwiftUI's `CoordinateSpace`).
public enum CoordinateSpace: Hashable, Sendable {
    case global, local
    case named(String)
}

/// Content built for the size it is given (SwiftUI's `GeometryReader`). It takes all the
/// space offered (10 points on an axis offered nothing) and puts its content at its
/// top-leading corner.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let content = content
        return .geometry(GeometryNode { size in
            // The closure runs at layout, after the enclosing body has resolved: `@Environment`
            // reads in it (and in the `ForEach`es it builds) see the reader's environment.
            let children = EnvironmentScope.$bound.withValue(environment) {
                flattenedChildren(content(GeometryProxy(size: size.cgSize)), in: environment)
            }
            return .stack(StackNode(axis: .depth, alignment: .topLeading, spacing: 0, children: children))
        })
    }
}

/// The first of its children whose ideal size fits the space offered on the given axes,
/// else the last (SwiftUI's `ViewThatFits`).
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let axes: Axis.Set
    let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .firstFitting(FitNode(horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical),
                              children: flattenedChildren(content, in: environment)))
    }
}
