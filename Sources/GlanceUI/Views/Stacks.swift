import Foundation

/// Children placed top to bottom (SwiftUI's `VStack`).
public struct VStack<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content

    /// - Parameter spacing: points between children; `nil` for the default (8).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing?.native
        self.content = content()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .stack(StackNode(axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center),
                         spacing: spacing, children: flattenedChildren(content, in: environment)))
    }
}

/// Children placed leading to trailing (SwiftUI's `HStack`).
public struct HStack<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing?.native
        self.content = content()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .stack(StackNode(axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment),
                         spacing: spacing, children: flattenedChildren(content, in: environment)))
    }
}

/// Children drawn on top of each other (SwiftUI's `ZStack`).
public struct ZStack<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .stack(StackNode(axis: .depth, alignment: alignment, spacing: 0, children: Self.drawingOrder(flattenedChildren(content, in: environment))))
    }
}

/// Flexible space along a stack's axis (SwiftUI's `Spacer`).
public struct Spacer: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let minLength: Double?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength?.native }
    package func makeNode(in environment: EnvironmentValues) -> ViewNode { .spacer(minLength: minLength ?? 0) }
}

/// A thin line across the stack it is in (SwiftUI's `Divider`).
public struct Divider: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    public init() {}
    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        // A 1-point line in a faint foreground colour; the stack decides its direction.
        var color = environment.foregroundColor
        color.a = UInt8(Double(color.a) * 0.3)
        return .divider(color)
    }
}

/// One view per element (SwiftUI's `ForEach`); its views dissolve into the enclosing stack.
///
/// As in SwiftUI, the type does not ask its content to be a view: it is one when its
/// content is, and other modules make it their own content the same way (`Charts`' marks).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The elements and what each becomes, for the modules that give `ForEach` other
    /// content (`Charts`).
    package let data: Data
    package let content: (Data.Element) -> Content

    package init(elements data: Data, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach: View, PrimitiveView where Content: View {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(elements: data, content: content)
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .group(data.map { resolveNode(content($0), in: environment) })
    }
}

extension ForEach where Content: View, Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Content: View, Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

/// A stack's children: groups from builder blocks, conditionals and `ForEach` dissolve
/// into the stack, as in SwiftUI.
extension ZStack {
    /// Children in the order they are drawn: by `.zIndex` (0 where none), in their own order where equal.
    static func drawingOrder(_ children: [ViewNode]) -> [ViewNode] {
        func zIndex(_ node: ViewNode) -> Double {
            if case .effect(let effect, let inner) = node {
                if case .zIndex(let value) = effect { return value }
                return zIndex(inner)
            }
            return 0
        }
        guard children.contains(where: { zIndex($0) != 0 }) else { return children }
        let indexes = children.map(zIndex)
        return children.indices.sorted { (indexes[$0], $0) < (indexes[$1], $1) }.map { children[$0] }
    }
}

func flattenedChildren<Content: View>(_ content: Content, in environment: EnvironmentValues) -> [ViewNode] {
    // Into one array (not an array a child, joined: a ForEach of 196 cells made 196).
    func flatten(_ node: ViewNode, into children: inout [ViewNode]) {
        switch node {
        case .empty: break
        case .group(let nodes): for child in nodes { flatten(child, into: &children) }
        default: children.append(node)
        }
    }
    let node = resolveNode(content, in: environment)
    if case .group(let nodes) = node, !nodes.contains(where: \.isEmptyOrGroup) { return nodes }
    var children: [ViewNode] = []
    flatten(node, into: &children)
    return children
}

extension ViewNode {
    /// `.empty` or `.group`: what flattening a stack's children takes apart.
    fileprivate var isEmptyOrGroup: Bool {
        switch self {
        case .empty, .group: true
        default: false
        }
    }
}
