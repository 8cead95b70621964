import GlanceUI

/// What a chart's builder holds (Swift Charts' `ChartContent`): marks, `ForEach` over
/// marks, conditionals, and content of your own with a `body`.
public protocol ChartContent {
    associatedtype Body: ChartContent
    @ChartContentBuilder var body: Body { get }
    /// The content's marks: Glance's own, not for charts to implement. Primitive content
    /// answers it directly, other content through `body`.
    func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent
}

/// What chart content resolves to: Glance's own, opaque to widget code.
public struct _ResolvedChartContent {
    let marks: [ResolvedMark]
    init(_ marks: [ResolvedMark]) { self.marks = marks }
}

extension ChartContent {
    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent { body._chartMarks(in: environment) }
}

extension ChartContent where Body == Never {
    public var body: Never { fatalError("\(Self.self) is a primitive chart content and has no body") }
}

extension Never: ChartContent {
    // Declared here: `View`'s and `ChartContent`'s default `body` would both match.
    public var body: Never { fatalError("Never has no body") }
}

/// The result builder of `Chart { … }` (Swift Charts' `ChartContentBuilder`).
@resultBuilder
public enum ChartContentBuilder {
    public static func buildExpression<Content: ChartContent>(_ content: Content) -> Content { content }

    public static func buildBlock() -> EmptyChartContent { EmptyChartContent() }

    public static func buildBlock<Content: ChartContent>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: ChartContent>(_ content: repeat each Content) -> TupleChartContent<(repeat each Content)> {
        var children: [(EnvironmentValues) -> [ResolvedMark]] = []
        for child in repeat each content { children.append { child._chartMarks(in: $0).marks } }
        return TupleChartContent(value: (repeat each content), children: children)
    }

    public static func buildOptional<Content: ChartContent>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: ChartContent, FalseContent: ChartContent>(first: TrueContent) -> _ConditionalChartContent<TrueContent, FalseContent> {
        _ConditionalChartContent(storage: .trueContent(first))
    }

    public static func buildEither<TrueContent: ChartContent, FalseContent: ChartContent>(second: FalseContent) -> _ConditionalChartContent<TrueContent, FalseContent> {
        _ConditionalChartContent(storage: .falseContent(second))
    }

    public static func buildLimitedAvailability<Content: ChartContent>(_ content: Content) -> AnyChartContent { AnyChartContent(content) }
}

/// No marks.
public struct EmptyChartContent: ChartContent {
    public typealias Body = Never
    public init() {}
    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent { _ResolvedChartContent([]) }
}

/// Several contents of one builder block, in order.
public struct TupleChartContent<T>: ChartContent {
    public typealias Body = Never
    public let value: T
    let children: [(EnvironmentValues) -> [ResolvedMark]]

    init(value: T, children: [(EnvironmentValues) -> [ResolvedMark]]) {
        self.value = value
        self.children = children
    }

    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent {
        _ResolvedChartContent(children.flatMap { $0(environment) })
    }
}

/// `if`/`else` and `switch` in a chart builder.
public struct _ConditionalChartContent<TrueContent: ChartContent, FalseContent: ChartContent>: ChartContent {
    public typealias Body = Never
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent {
        switch storage {
        case .trueContent(let content): content._chartMarks(in: environment)
        case .falseContent(let content): content._chartMarks(in: environment)
        }
    }
}

extension Optional: ChartContent where Wrapped: ChartContent {
    public var body: Never { fatalError("Optional is a primitive chart content and has no body") }

    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent {
        switch self {
        case .some(let content): content._chartMarks(in: environment)
        case .none: _ResolvedChartContent([])
        }
    }
}

/// Chart content, its type erased (Swift Charts' `AnyChartContent`).
public struct AnyChartContent: ChartContent {
    public typealias Body = Never
    private let resolve: (EnvironmentValues) -> [ResolvedMark]

    public init<C: ChartContent>(_ content: C) { resolve = { content._chartMarks(in: $0).marks } }

    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent { _ResolvedChartContent(resolve(environment)) }
}

// MARK: ForEach over marks

/// `ForEach(data) { LineMark(…) }` inside a chart: GlanceUI's `ForEach`, chart content
/// when its content is, as in Swift Charts.
extension ForEach: ChartContent where Content: ChartContent {
    public var body: Never { fatalError("ForEach is a primitive chart content and has no body") }

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(elements: data, content: content)
    }

    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent {
        _ResolvedChartContent(data.flatMap { content($0)._chartMarks(in: environment).marks })
    }
}

extension ForEach where Content: ChartContent, Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Content: ChartContent, Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ChartContentBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

/// Chart content grouped as one (Swift Charts' `Plot`), for modifiers that apply to all of it.
public struct Plot<Content: ChartContent>: ChartContent {
    public typealias Body = Never
    let content: Content

    public init(@ChartContentBuilder content: () -> Content) { self.content = content() }

    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent { content._chartMarks(in: environment) }
}
