/// The result builder behind `body` and every view-taking closure.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<(repeat each Content)> {
        var children: [AnyView] = []
        for child in repeat each content { children.append(AnyView(child)) }
        return TupleView(value: (repeat each content), children: children)
    }

    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .trueContent(first))
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .falseContent(second))
    }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A view with no content.
public struct EmptyView: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    public init() {}
    package func makeNode(in environment: EnvironmentValues) -> ViewNode { .empty }
}

/// Several views in one builder block; the enclosing stack lays them out in order.
public struct TupleView<T>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    public let value: T
    let children: [AnyView]

    init(value: T, children: [AnyView]) {
        self.value = value
        self.children = children
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .group(children.map { $0.makeNode(in: environment) })
    }
}

/// The result of `if`/`else` or `switch` in a view builder.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        switch storage {
        case .trueContent(let view): resolveNode(view, in: environment)
        case .falseContent(let view): resolveNode(view, in: environment)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
}

extension Optional: PrimitiveView where Wrapped: View {
    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        switch self {
        case .some(let view): resolveNode(view, in: environment)
        case .none: .empty
        }
    }
}

/// A type-erased view.
public struct AnyView: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    private let storage: any View

    public init<V: View>(_ view: V) {
        if let erased = view as? AnyView {
            storage = erased.storage
        } else {
            storage = view
        }
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        resolveNode(storage, in: environment)
    }
}
