import Foundation
import GlanceUI

/// A chart of marks (Swift Charts' `Chart`):
///
///     Chart(data) { day in
///         BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps))
///     }
///
/// The chart resolves its content and the chart modifiers in force into a ``ChartModel``
/// and, for the size it is given (it takes all the space offered, as Swift Charts' chart
/// does), lays out and draws it (``ChartRenderer``).
public struct Chart<Content: ChartContent>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content

    public init(@ChartContentBuilder content: () -> Content) { self.content = content() }

    public init<Data: RandomAccessCollection, ID: Hashable, C: ChartContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ForEach<Data, ID, C> {
        self.content = ForEach(data, id: id, content: content)
    }

    public init<Data: RandomAccessCollection, C: ChartContent>(
        _ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ForEach<Data, Data.Element.ID, C>, Data.Element: Identifiable {
        self.content = ForEach(data, content: content)
    }

    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }

    /// The chart's model in `environment`: its marks and the chart modifiers around it.
    func model(in environment: EnvironmentValues) -> ChartModel { ChartModel.resolve(content, environment) }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let model = model(in: environment)
        ChartModelRecorder.current?.models.append(model)
        return resolveNode(GeometryReader { proxy in
            let views = ChartRenderer(model: model, size: proxy.size, environment: environment).views()
            let _ = ChartModelRecorder.current?.record(views, in: environment)
            ZStack(alignment: .topLeading) {
                ForEach(0..<views.count) { views[$0] }
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: .topLeading)
        }, in: environment)
    }
}

/// Collects the models of the charts a view resolves, for tests (and, until the renderer
/// reads them itself, anything that wants to see what a chart asked for).
final class ChartModelRecorder: @unchecked Sendable {
    @TaskLocal static var current: ChartModelRecorder?
    var models: [ChartModel] = []
    /// The texts each chart drew (its labels, titles, legend and annotations), one list
    /// each time a chart was laid out at a size while this recorder was current.
    var texts: [[String]] = []

    func record(_ views: [AnyView], in environment: EnvironmentValues) {
        texts.append(views.flatMap { resolveNode($0, in: environment).textLines })
    }

    /// The models of the charts in `view`, resolved in `environment`, in order.
    static func models<V: View>(of view: V, in environment: EnvironmentValues = EnvironmentValues()) -> [ChartModel] {
        let recorder = ChartModelRecorder()
        $current.withValue(recorder) { _ = resolveNode(view, in: environment) }
        return recorder.models
    }
}
