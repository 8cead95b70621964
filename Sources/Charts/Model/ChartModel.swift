import Foundation
import GlanceGraphics
import GlanceUI

/// A chart as the renderer reads it: its marks with their values, labels and styles, and
/// what the chart modifiers asked of the axes, the scales and the legend.
struct ChartModel: Sendable {
    var marks: [ResolvedMark]
    var xAxis: AxisSettings
    var yAxis: AxisSettings
    var xDomain: ExplicitDomain?
    var yDomain: ExplicitDomain?
    /// `chartXScale(domain: .automatic(includesZero:))` and the like; `nil` when unsaid.
    var xIncludesZero: Bool?
    var yIncludesZero: Bool?
    /// `.automatic(reversed: true)`: the axis runs from high to low; `nil` when unsaid.
    var xReversed: Bool?
    var yReversed: Bool?
    /// `chartXScale(domain:type:)`'s `type:` (`.log`, `.squareRoot`…); `nil`: the scales choose.
    var xScaleType: ScaleType?
    var yScaleType: ScaleType?
    /// `range: .plotDimension(startPadding:endPadding:)`: points kept free at the plot's ends.
    var xPadding: PlotPadding?
    var yPadding: PlotPadding?
    var legend: LegendSettings
    /// `chartForegroundStyleScale`: series value (as text) to colour, in the order given.
    var foregroundScale: [(String, RGBA)]
    /// `chartForegroundStyleScale(range:)`: colours handed to the series in order.
    var foregroundRange: [RGBA]
    /// `chartForegroundStyleScale(domain:)`: the series in the order to show them.
    var foregroundDomain: ExplicitDomain?
    /// `chartForegroundStyleScale(mapping:)`: a colour for a series value.
    var foregroundMapping: SeriesMapping?
    /// `chartSymbolScale`: series value (as text) to symbol, in the order given.
    var symbolScale: [(String, BasicChartSymbolShape)]
    /// `chartSymbolSizeScale`: series value (as text) to symbol area in square points.
    var symbolSizeScale: [(String, CGFloat)]
    /// `chartPlotStyle { plotArea in … }`: the plot area's modifiers, applied by the renderer.
    var plotStyle: PlotStyle?

    /// The marks of `content`, and the chart modifiers in force in `environment`.
    static func resolve<Content: ChartContent>(_ content: Content, _ environment: EnvironmentValues) -> ChartModel {
        let settings = environment[ChartSettingsKey.self]
        let marks = content._chartMarks(in: environment).marks
        return ChartModel(marks: marks, xAxis: settings.xAxis, yAxis: settings.yAxis,
                          xDomain: settings.xDomain, yDomain: settings.yDomain,
                          xIncludesZero: settings.xIncludesZero, yIncludesZero: settings.yIncludesZero,
                          xReversed: settings.xReversed, yReversed: settings.yReversed,
                          xScaleType: settings.xScaleType, yScaleType: settings.yScaleType,
                          xPadding: settings.xPadding, yPadding: settings.yPadding,
                          legend: settings.legend,
                          foregroundScale: settings.foregroundScale, foregroundRange: settings.foregroundRange,
                          foregroundDomain: settings.foregroundDomain, foregroundMapping: settings.foregroundMapping,
                          symbolScale: settings.symbolScale, symbolSizeScale: settings.symbolSizeScale, plotStyle: settings.plotStyle)
    }
}

/// One mark, kept in a box that copies share: a loop over a chart's 500 marks, or an
/// array of them passed on, retains one box a mark rather than every field's storage; a
/// change to a shared mark copies its box first (as an array does). Its fields are
/// `ResolvedMarkFields`', read and written by name.
@dynamicMemberLookup
struct ResolvedMark: Sendable {
    typealias Kind = ResolvedMarkFields.Kind

    /// Changed only while one mark holds it (`isKnownUniquelyReferenced`). The fields sit
    /// behind a pointer, so that reading one projects it in place, with neither a copy of
    /// the rest nor a class property's exclusivity check.
    private final class Box: @unchecked Sendable {
        let fields: UnsafeMutablePointer<ResolvedMarkFields>
        init(_ value: ResolvedMarkFields) {
            fields = .allocate(capacity: 1)
            fields.initialize(to: value)
        }
        deinit {
            fields.deinitialize(count: 1)
            fields.deallocate()
        }
    }

    private var box: Box

    init(kind: Kind) { box = Box(ResolvedMarkFields(kind: kind)) }
    init(fields: ResolvedMarkFields) { box = Box(fields) }

    subscript<T>(dynamicMember field: KeyPath<ResolvedMarkFields, T>) -> T {
        box.fields.pointee[keyPath: field]
    }

    subscript<T>(dynamicMember field: WritableKeyPath<ResolvedMarkFields, T>) -> T {
        get { box.fields.pointee[keyPath: field] }
        set {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields.pointee) }
            box.fields.pointee[keyPath: field] = newValue
        }
    }
}

/// What a mark is: what kind, where (in plot values, scaled later), and how it is drawn.
struct ResolvedMarkFields: Sendable {
    enum Kind: Hashable, Sendable { case line, area, bar, point, rule, rectangle, sector }

    var kind: Kind
    var x: PlotValue?
    var y: PlotValue?
    var xStart: PlotValue?
    var xEnd: PlotValue?
    var yStart: PlotValue?
    var yEnd: PlotValue?
    /// Fixed positions in points (a `PointMark(x:)`'s `y: CGFloat`, a `RuleMark`'s `yStart:`).
    var xStartPoints: CGFloat?
    var xEndPoints: CGFloat?
    var yStartPoints: CGFloat?
    var yEndPoints: CGFloat?
    /// The x and y values' labels, as given (`xLabel`, `yLabel`: as text).
    var xLabelSource: PlotLabel = .string("")
    var yLabelSource: PlotLabel = .string("")
    var xLabel: String { xLabelSource.string }
    var yLabel: String { yLabelSource.string }
    /// `.value(_:_:unit:)`: a date binned to a calendar unit.
    var xUnit: Calendar.Component?
    var yUnit: Calendar.Component?
    /// `foregroundStyle(by:)`'s value as text, and its label.
    var series: String?
    var seriesLabel: String?
    /// `foregroundStyle(by:)`'s value when it is a number (a continuous colour scale).
    var seriesNumber: Double?
    /// `LineMark(x:y:series:)`/`AreaMark(…series:)`: which line the mark belongs to.
    var lineSeries: String?
    /// `symbol(by:)`'s value as text, and its label.
    var symbolKey: String?
    var symbolLabel: String?
    /// `position(by:)`'s value as text (grouped bars), and its label.
    var positionKey: String?
    var positionLabel: String?
    var symbol: BasicChartSymbolShape?
    /// `symbolSize(by:)`: the value the symbol's size encodes, and its label.
    var symbolSizeValue: PlotValue?
    var symbolSizeLabel: String?
    /// `lineStyle(by:)`'s value as text, and its label.
    var lineStyleKey: String?
    var lineStyleLabel: String?
    /// `offset(x:y:)`, in points.
    var offset: CGSize = .zero
    var symbolSize: CGSize?
    /// `foregroundStyle(_:)` when a plain colour; a gradient is kept whole in `style`.
    var color: RGBA?
    var style: ChartStyle?
    /// `alignsMarkStylesWithPlotArea()`: `style` spans the plot area, not the mark.
    var alignsStylesWithPlotArea = false
    var opacity: Double = 1
    var lineStyle: StrokeStyle?
    var interpolation: InterpolationMethod?
    var stacking: MarkStackingMethod?
    var annotations: [MarkAnnotation] = []
    var width: MarkDimension?
    var height: MarkDimension?
    var cornerRadius: CGFloat?
    var zIndex: Double = 0
    /// A sector's value (its share of the whole), radii and the gap between sectors.
    var angle: PlotValue?
    var angleLabel: String = ""
    var innerRadius: MarkDimension?
    var outerRadius: MarkDimension?
    var angularInset: CGFloat?

    init(kind: Kind) { self.kind = kind }
}

/// A foreground style that is not one colour (a gradient): resolved by the renderer.
struct ChartStyle: @unchecked Sendable {
    let style: any ShapeStyle
}

/// `.annotation(position:alignment:spacing:) { … }`: a view placed beside the mark,
/// resolved by the renderer.
struct MarkAnnotation: @unchecked Sendable {
    var position: AnnotationPosition
    var alignment: Alignment
    var spacing: CGFloat?
    var overflowResolution: AnnotationOverflowResolution
    /// The view, made for the mark's context.
    var content: (AnnotationContext) -> AnyView
}

/// An axis as the chart modifiers left it.
struct AxisSettings: Sendable {
    /// `chartXAxis(.hidden)`.
    var visibility: Visibility = .automatic
    /// `chartXAxis { AxisMarks(…) … }`; `nil`: the automatic marks.
    var marks: [AxisMarksSettings]?
    /// `chartXAxisLabel(…)`.
    var label: AxisLabelSettings?
}

/// One `AxisMarks(…)` of an axis: where the values come from, and what each value draws.
struct AxisMarksSettings: @unchecked Sendable {
    var preset: AxisMarkPreset
    var position: AxisMarkPosition
    var values: AxisMarkValues
    /// `AxisMarks()` without content: grid line, tick and label, the default.
    var components: (AxisValue) -> [AxisComponent]
}

/// What an `AxisMarks` draws at a value: a grid line, a tick or a label, and the
/// styles its modifiers gave it.
struct AxisComponent {
    enum Kind {
        case gridLine(centered: Bool?, stroke: StrokeStyle?)
        case tick(centered: Bool?, length: AxisTick.Length, stroke: StrokeStyle?)
        /// `text`: a fixed text; `format`: the value's text through a format style; neither:
        /// the automatic text; `content`: a label's own view (`AxisValueLabel { … }`).
        case valueLabel(text: String?, format: AxisLabelFormat?, centered: Bool?, anchor: UnitPoint?, content: AnyView?)
    }

    var kind: Kind
    var color: RGBA?
    var font: Font?

    var isGridLine: Bool { if case .gridLine = kind { true } else { false } }
    var isTick: Bool { if case .tick = kind { true } else { false } }
    var isValueLabel: Bool { if case .valueLabel = kind { true } else { false } }
}

struct AxisLabelSettings: @unchecked Sendable {
    var text: String?
    var content: AnyView?
    var position: AnnotationPosition
    var alignment: Alignment?
    var spacing: CGFloat?
}

struct LegendSettings: @unchecked Sendable {
    var visibility: Visibility = .automatic
    var position: AnnotationPosition = .automatic
    var alignment: Alignment?
    var spacing: CGFloat?
    /// `chartLegend(position:alignment:spacing:) { … }`: a legend of the chart's own.
    var content: AnyView?
}

/// Points kept free at the start and the end of an axis's plot extent.
struct PlotPadding: Hashable, Sendable {
    var start: CGFloat
    var end: CGFloat
}

/// A colour for a series value, from the user's closure.
struct SeriesMapping: @unchecked Sendable {
    let color: (PlotValue) -> RGBA?
    init(_ color: @escaping (PlotValue) -> RGBA?) { self.color = color }
}

struct PlotStyle: @unchecked Sendable {
    /// The plot area (a clear view the size of the plot) under the chart's modifiers.
    let content: (ChartPlotContent) -> AnyView
}

/// Everything the chart modifiers record, carried down the environment to the `Chart`.
struct ChartSettings: Sendable {
    var xAxis = AxisSettings()
    var yAxis = AxisSettings()
    var xDomain: ExplicitDomain?
    var yDomain: ExplicitDomain?
    var xIncludesZero: Bool?
    var yIncludesZero: Bool?
    var xReversed: Bool?
    var yReversed: Bool?
    var xScaleType: ScaleType?
    var yScaleType: ScaleType?
    var xPadding: PlotPadding?
    var yPadding: PlotPadding?
    var legend = LegendSettings()
    var foregroundScale: [(String, RGBA)] = []
    var foregroundRange: [RGBA] = []
    var foregroundDomain: ExplicitDomain?
    var foregroundMapping: SeriesMapping?
    var symbolScale: [(String, BasicChartSymbolShape)] = []
    var symbolSizeScale: [(String, CGFloat)] = []
    var plotStyle: PlotStyle?
}

enum ChartSettingsKey: EnvironmentKey {
    static let defaultValue = ChartSettings()
}
