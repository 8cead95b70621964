/// A change to a view, written as a view of its own (SwiftUI's `ViewModifier`):
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding(8).background(.white, in: RoundedRectangle(cornerRadius: 8))
///     }
/// }
/// Text("Hi").modifier(Card())
/// ```
public protocol ViewModifier {
    associatedtype Body: View
    /// The view the modifier is applied to.
    typealias Content = ViewModifierContent
    @ViewBuilder func body(content: Content) -> Body
    /// Glance's own modifiers resolve `content` with themselves applied, without a
    /// `body` (and without copying themselves: their closures are not retained again);
    /// others answer nil.
    func _resolve<Modified: View>(_ content: Modified, in environment: EnvironmentValues) -> _ResolvedView?
}

extension ViewModifier {
    public func _resolve<Modified: View>(_ content: Modified, in environment: EnvironmentValues) -> _ResolvedView? { nil }
}

/// The view a ``ViewModifier`` is applied to, as its `body(content:)` sees it. It takes
/// the environment in force where it appears in that body.
public struct ViewModifierContent: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let resolve: (EnvironmentValues) -> ViewNode

    package func makeNode(in environment: EnvironmentValues) -> ViewNode { resolve(environment) }
}

/// A view with a modifier applied (SwiftUI's `ModifiedContent`).
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        if let resolved = modifier._resolve(content, in: environment) { return resolved.node }
        let content = ViewModifierContent { [content] in resolveNode(content, in: $0) }
        return EnvironmentScope.$bound.withValue(environment) { resolveNode(modifier.body(content: content), in: environment) }
    }
}

extension View {
    /// Applies a ``ViewModifier``.
    public consuming func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// Glance's own modifiers: an environment change for the content, and/or a wrapping of
/// the content's node. Every modifier Glance defines is one of these.
public struct BuiltinModifier: ViewModifier {
    let environment: (inout EnvironmentValues) -> Void
    let wrap: (ViewNode, EnvironmentValues) -> ViewNode

    @usableFromInline init(environment: @escaping (inout EnvironmentValues) -> Void, wrap: @escaping (ViewNode, EnvironmentValues) -> ViewNode) {
        self.environment = environment
        self.wrap = wrap
    }

    public func body(content: Content) -> Never { fatalError("BuiltinModifier is applied by ModifiedContent directly") }

    public func _resolve<Modified: View>(_ content: Modified, in environment: EnvironmentValues) -> _ResolvedView? {
        var inner = environment
        self.environment(&inner)
        return _ResolvedView(wrap(resolveNode(content, in: inner), inner))
    }
}

extension ModifiedContent where Modifier == BuiltinModifier {
    /// An environment change and/or a wrapping: `package` for the modules that add
    /// SwiftUI-family modifiers of their own (`Charts`' chart modifiers). Inlinable, as
    /// the modifiers that widgets call most are: see `View.offset(x:y:)`.
    @inlinable package init(
        _ content: Content,
        environment: @escaping (inout EnvironmentValues) -> Void = { _ in },
        wrap: @escaping (ViewNode, EnvironmentValues) -> ViewNode = { node, _ in node }
    ) {
        self.init(content: content, modifier: BuiltinModifier(environment: environment, wrap: wrap))
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
    public static func numericText(value: Double) -> ContentTransition { ContentTransition() }
    public static let interpolate = ContentTransition()
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
