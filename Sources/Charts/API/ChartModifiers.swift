import Foundation
import GlanceGraphics
import GlanceUI

// The chart modifiers: view modifiers that record into the environment what the `Chart`
// below them reads into its model, as in Swift Charts (they reach every chart inside).

extension View {
    consuming func chartSettings(_ change: @escaping (inout ChartSettings) -> Void) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { change(&$0[ChartSettingsKey.self]) })
    }

    // MARK: Axes

    public func chartXAxis(_ visibility: Visibility) -> some View { chartSettings { $0.xAxis.visibility = visibility } }
    public func chartYAxis(_ visibility: Visibility) -> some View { chartSettings { $0.yAxis.visibility = visibility } }

    public func chartXAxis<Content: AxisContent>(@AxisContentBuilder content: () -> Content) -> some View {
        let marks = content()._axisMarks().marks
        return chartSettings { $0.xAxis.marks = marks }
    }

    public func chartYAxis<Content: AxisContent>(@AxisContentBuilder content: () -> Content) -> some View {
        let marks = content()._axisMarks().marks
        return chartSettings { $0.yAxis.marks = marks }
    }

    public func chartXAxisLabel(_ label: LocalizedStringKey, position: AnnotationPosition = .automatic, alignment: Alignment? = nil,
                                spacing: CGFloat? = nil) -> some View {
        let settings = AxisLabelSettings(text: Text(label).string, content: nil, position: position, alignment: alignment, spacing: spacing)
        return chartSettings { $0.xAxis.label = settings }
    }

    @_disfavoredOverload
    public func chartXAxisLabel<S: StringProtocol>(_ label: S, position: AnnotationPosition = .automatic, alignment: Alignment? = nil,
                                                   spacing: CGFloat? = nil) -> some View {
        let settings = AxisLabelSettings(text: String(label), content: nil, position: position, alignment: alignment, spacing: spacing)
        return chartSettings { $0.xAxis.label = settings }
    }

    public func chartXAxisLabel<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil,
                                         @ViewBuilder content: () -> C) -> some View {
        let settings = AxisLabelSettings(text: nil, content: AnyView(content()), position: position, alignment: alignment, spacing: spacing)
        return chartSettings { $0.xAxis.label = settings }
    }

    public func chartYAxisLabel(_ label: LocalizedStringKey, position: AnnotationPosition = .automatic, alignment: Alignment? = nil,
                                spacing: CGFloat? = nil) -> some View {
        let settings = AxisLabelSettings(text: Text(label).string, content: nil, position: position, alignment: alignment, spacing: spacing)
        return chartSettings { $0.yAxis.label = settings }
    }

    @_disfavoredOverload
    public func chartYAxisLabel<S: StringProtocol>(_ label: S, position: AnnotationPosition = .automatic, alignment: Alignment? = nil,
                                                   spacing: CGFloat? = nil) -> some View {
        let settings = AxisLabelSettings(text: String(label), content: nil, position: position, alignment: alignment, spacing: spacing)
        return chartSettings { $0.yAxis.label = settings }
    }

    public func chartYAxisLabel<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil,
                                         @ViewBuilder content: () -> C) -> some View {
        let settings = AxisLabelSettings(text: nil, content: AnyView(content()), position: position, alignment: alignment, spacing: spacing)
        return chartSettings { $0.yAxis.label = settings }
    }

    // MARK: Scales

    public func chartXScale<Domain: ScaleDomain>(domain: Domain, type: ScaleType? = nil) -> some View {
        let resolved = domain._scaleDomain()
        return chartSettings { settings in
            if let explicit = resolved.explicit { settings.xDomain = explicit }
            if let includesZero = resolved.includesZero { settings.xIncludesZero = includesZero }
            if let reversed = resolved.reversed { settings.xReversed = reversed }
            if let type { settings.xScaleType = type }
        }
    }

    public func chartYScale<Domain: ScaleDomain>(domain: Domain, type: ScaleType? = nil) -> some View {
        let resolved = domain._scaleDomain()
        return chartSettings { settings in
            if let explicit = resolved.explicit { settings.yDomain = explicit }
            if let includesZero = resolved.includesZero { settings.yIncludesZero = includesZero }
            if let reversed = resolved.reversed { settings.yReversed = reversed }
            if let type { settings.yScaleType = type }
        }
    }

    public func chartXScale<Domain: ScaleDomain, Range: PositionScaleRange>(domain: Domain, range: Range, type: ScaleType? = nil) -> some View {
        chartXScale(domain: domain, type: type).chartXScale(range: range)
    }

    public func chartYScale<Domain: ScaleDomain, Range: PositionScaleRange>(domain: Domain, range: Range, type: ScaleType? = nil) -> some View {
        chartYScale(domain: domain, type: type).chartYScale(range: range)
    }

    /// The plot's extent along the axis: `.plotDimension(padding:)` is recorded; an explicit
    /// range of points is accepted and left to the renderer.
    public func chartXScale<Range: PositionScaleRange>(range: Range, type: ScaleType? = nil) -> some View {
        let padding = (range as? PlotDimensionScaleRange).map { PlotPadding(start: $0.startPadding, end: $0.endPadding) }
        return chartSettings { settings in
            if let padding { settings.xPadding = padding }
            if let type { settings.xScaleType = type }
        }
    }
    public func chartYScale<Range: PositionScaleRange>(range: Range, type: ScaleType? = nil) -> some View {
        let padding = (range as? PlotDimensionScaleRange).map { PlotPadding(start: $0.startPadding, end: $0.endPadding) }
        return chartSettings { settings in
            if let padding { settings.yPadding = padding }
            if let type { settings.yScaleType = type }
        }
    }
    public func chartXScale(type: ScaleType? = nil) -> some View { chartSettings { if let type { $0.xScaleType = type } } }
    public func chartYScale(type: ScaleType? = nil) -> some View { chartSettings { if let type { $0.yScaleType = type } } }

    // MARK: Legend

    public func chartLegend(_ visibility: Visibility) -> some View { chartSettings { $0.legend.visibility = visibility } }

    public func chartLegend(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        chartSettings { $0.legend.position = position; $0.legend.alignment = alignment; $0.legend.spacing = spacing }
    }

    public func chartLegend<Content: View>(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil,
                                           @ViewBuilder content: () -> Content) -> some View {
        let view = AnyView(content())
        return chartSettings { $0.legend.position = position; $0.legend.alignment = alignment; $0.legend.spacing = spacing; $0.legend.content = view }
    }

    // MARK: Styles by series

    /// Colours for `foregroundStyle(by:)`'s values: `["Green": .green, "Purple": .purple]`.
    public func chartForegroundStyleScale<DataValue: Plottable, S: ShapeStyle>(_ mapping: KeyValuePairs<DataValue, S>) -> some View {
        let pairs = mapping.map { (plotValue(of: $0.key).seriesKey, rgba(of: $0.value)) }
        return chartSettings { $0.foregroundScale = pairs }
    }

    /// Styles for a domain: categories paired with the range's styles in order, or a
    /// numeric or date domain's ends with the range's first and last styles.
    public func chartForegroundStyleScale<Domain: ScaleDomain, Range: ScaleRange>(domain: Domain, range: Range, type: ScaleType? = nil) -> some View
    where Range.VisualValue: ShapeStyle {
        let pairs = scalePairs(domain, range._visualValues() ?? [])
        return chartSettings { settings in settings.foregroundScale = pairs.map { ($0, rgba(of: $1)) } }
    }

    /// Styles in order for the series as they come (`chartForegroundStyleScale(range: [.red, .blue])`).
    public func chartForegroundStyleScale<Range: ScaleRange>(range: Range, type: ScaleType? = nil) -> some View where Range.VisualValue: ShapeStyle {
        let colors = (range._visualValues() ?? []).map { rgba(of: $0) }
        return chartSettings { $0.foregroundRange = colors }
    }

    /// The series' domain (their order in the legend), styles chosen by Glance.
    public func chartForegroundStyleScale<Domain: ScaleDomain>(domain: Domain, type: ScaleType? = nil) -> some View {
        let explicit = domain._scaleDomain().explicit
        return chartSettings { $0.foregroundDomain = explicit }
    }

    public func chartForegroundStyleScale(type: ScaleType? = nil) -> some View { self }

    /// A style for each series value, asked of `mapping`.
    public func chartForegroundStyleScale<DataValue: Plottable, S: ShapeStyle>(mapping: @escaping (DataValue) -> S) -> some View {
        let map = SeriesMapping { value in plottable(value, as: DataValue.self).map { rgba(of: mapping($0)) } }
        return chartSettings { $0.foregroundMapping = map }
    }

    public func chartForegroundStyleScale<Domain: Collection, S: ShapeStyle>(domain: Domain, mapping: @escaping (Domain.Element) -> S) -> some View
    where Domain.Element: Plottable {
        let pairs = domain.map { (plotValue(of: $0).seriesKey, rgba(of: mapping($0))) }
        return chartSettings { $0.foregroundScale = pairs }
    }

    /// Symbols for `symbol(by:)`'s values.
    public func chartSymbolScale<DataValue: Plottable, S: ChartSymbolShape>(_ mapping: KeyValuePairs<DataValue, S>) -> some View {
        let pairs = mapping.map { (plotValue(of: $0.key).seriesKey, $0.value as? BasicChartSymbolShape ?? .circle) }
        return chartSettings { $0.symbolScale = pairs }
    }

    public func chartSymbolScale<Domain: ScaleDomain, Range: ScaleRange>(domain: Domain, range: Range) -> some View
    where Range.VisualValue: ChartSymbolShape {
        let pairs = scalePairs(domain, range._visualValues() ?? []).map { ($0, $1 as? BasicChartSymbolShape ?? .circle) }
        return chartSettings { $0.symbolScale = pairs }
    }

    /// Symbol sizes (areas in square points) for `symbolSize(by:)`'s values.
    public func chartSymbolSizeScale<DataValue: Plottable>(_ mapping: KeyValuePairs<DataValue, CGFloat>) -> some View {
        let pairs = mapping.map { (plotValue(of: $0.key).seriesKey, $0.value) }
        return chartSettings { $0.symbolSizeScale = pairs }
    }

    public func chartSymbolSizeScale<Domain: ScaleDomain, Range: ScaleRange>(domain: Domain, range: Range, type: ScaleType? = nil) -> some View
    where Range.VisualValue == CGFloat {
        let pairs = scalePairs(domain, range._visualValues() ?? [])
        return chartSettings { $0.symbolSizeScale = pairs }
    }

    // MARK: Plot area

    /// The plot area under your modifiers: `chartPlotStyle { $0.background(.gray.opacity(0.1)) }`.
    public func chartPlotStyle<Content: View>(@ViewBuilder content: @escaping (ChartPlotContent) -> Content) -> some View {
        let style = PlotStyle { AnyView(content($0)) }
        return chartSettings { $0.plotStyle = style }
    }

    // MARK: Selection and scrolling: no-ops on paper

    /// Accepted for source compatibility: a panel has no touch, so nothing is ever selected.
    public func chartXSelection<P: Plottable>(value: Binding<P?>) -> some View { self }
    public func chartYSelection<P: Plottable>(value: Binding<P?>) -> some View { self }
    public func chartXSelection<P: Plottable>(range: Binding<ClosedRange<P>?>) -> some View { self }
    public func chartYSelection<P: Plottable>(range: Binding<ClosedRange<P>?>) -> some View { self }
    public func chartAngleSelection<P: Plottable>(value: Binding<P?>) -> some View { self }
    /// Accepted for source compatibility: a panel does not scroll; the whole domain is shown.
    public func chartScrollableAxes(_ axes: Axis.Set) -> some View { self }
    public func chartXVisibleDomain<P: Plottable>(length: P) -> some View { self }
    public func chartYVisibleDomain<P: Plottable>(length: P) -> some View { self }
    public func chartScrollPosition<P: Plottable>(x: Binding<P>) -> some View { self }
    public func chartScrollPosition<P: Plottable>(y: Binding<P>) -> some View { self }
    public func chartScrollPosition<P: Plottable>(initialX: P) -> some View { self }
    public func chartScrollPosition<P: Plottable>(initialY: P) -> some View { self }

    /// Accepted for source compatibility; drawn by nothing yet (the overlay needs the
    /// renderer's positions, which `ChartProxy` will give).
    public func chartOverlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: @escaping (ChartProxy) -> V) -> some View { self }
    public func chartBackground<V: View>(alignment: Alignment = .center, @ViewBuilder content: @escaping (ChartProxy) -> V) -> some View { self }
}

/// The plot area `chartPlotStyle`'s closure gets (Swift Charts' `ChartPlotContent`): a
/// view the size of the plot, to modify.
public struct ChartPlotContent: View, PrimitiveView {
    public typealias Body = Never
    init() {}
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    package func makeNode(in environment: EnvironmentValues) -> ViewNode { resolveNode(Color.clear, in: environment) }
}

/// The chart's geometry for `chartOverlay` (Swift Charts' `ChartProxy`). Until the
/// renderer lays charts out, it knows no positions: every question answers `nil`.
public struct ChartProxy {
    init() {}
    public var plotSize: CGSize { .zero }
    public func position<P: Plottable>(forX value: P) -> CGFloat? { nil }
    public func position<P: Plottable>(forY value: P) -> CGFloat? { nil }
    public func value<P: Plottable>(atX position: CGFloat, as type: P.Type) -> P? { nil }
    public func value<P: Plottable>(atY position: CGFloat, as type: P.Type) -> P? { nil }
}

// MARK: Scale domains and types

/// A scale's domain (Swift Charts' `ScaleDomain`): a range, an array of values, or `.automatic`.
public protocol ScaleDomain {
    /// The domain as the model reads it: Glance's own.
    func _scaleDomain() -> _ResolvedScaleDomain
}

/// What a scale domain resolves to: Glance's own, opaque to widget code.
public struct _ResolvedScaleDomain {
    let explicit: ExplicitDomain?
    let includesZero: Bool?
    var reversed: Bool? = nil
}

func explicitDomain(_ lower: PlotValue, _ upper: PlotValue) -> ExplicitDomain? {
    switch (lower, upper) {
    case (.number(let a), .number(let b)): .numbers(min(a, b)...max(a, b))
    case (.date(let a), .date(let b)): .dates(min(a, b)...max(a, b))
    case (.category(let a), .category(let b)): .categories([a, b])
    default: nil
    }
}

extension ClosedRange: ScaleDomain where Bound: Plottable {
    public func _scaleDomain() -> _ResolvedScaleDomain {
        _ResolvedScaleDomain(explicit: explicitDomain(plotValue(of: lowerBound), plotValue(of: upperBound)), includesZero: nil)
    }
}

extension Range: ScaleDomain where Bound: Plottable {
    public func _scaleDomain() -> _ResolvedScaleDomain {
        _ResolvedScaleDomain(explicit: explicitDomain(plotValue(of: lowerBound), plotValue(of: upperBound)), includesZero: nil)
    }
}

extension Array: ScaleDomain where Element: Plottable {
    public func _scaleDomain() -> _ResolvedScaleDomain {
        let values = map { plotValue(of: $0) }
        if values.allSatisfy({ if case .category = $0 { true } else { false } }) {
            return _ResolvedScaleDomain(explicit: .categories(values.map(\.seriesKey)), includesZero: nil)
        }
        guard let first = values.first, let last = values.last else { return _ResolvedScaleDomain(explicit: nil, includesZero: nil) }
        return _ResolvedScaleDomain(explicit: explicitDomain(first, last), includesZero: nil)
    }
}

/// The domain the data gives (Swift Charts' `AutomaticScaleDomain`), with or without zero.
public struct AutomaticScaleDomain: ScaleDomain {
    let includesZero: Bool?
    let reversed: Bool?
    public func _scaleDomain() -> _ResolvedScaleDomain { _ResolvedScaleDomain(explicit: nil, includesZero: includesZero, reversed: reversed) }
}

extension ScaleDomain where Self == AutomaticScaleDomain {
    public static var automatic: AutomaticScaleDomain { AutomaticScaleDomain(includesZero: nil, reversed: nil) }
    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        AutomaticScaleDomain(includesZero: includesZero, reversed: reversed)
    }
}

/// A scale's output range (Swift Charts' `ScaleRange`): styles or symbols in order, or
/// the plot's extent.
public protocol ScaleRange {
    associatedtype VisualValue
    /// The range's values in order, when it lists them: Glance's own.
    func _visualValues() -> [VisualValue]?
}

extension Array: ScaleRange {
    public typealias VisualValue = Element
    public func _visualValues() -> [Element]? { self }
}

/// A range of positions along an axis (Swift Charts' `PositionScaleRange`).
public protocol PositionScaleRange: ScaleRange where VisualValue == CGFloat {}

/// The plot's extent, padded (Swift Charts' `PlotDimensionScaleRange`).
public struct PlotDimensionScaleRange: PositionScaleRange {
    public typealias VisualValue = CGFloat
    public func _visualValues() -> [CGFloat]? { nil }
    let startPadding: CGFloat
    let endPadding: CGFloat
}

extension PositionScaleRange where Self == PlotDimensionScaleRange {
    public static var plotDimension: PlotDimensionScaleRange { PlotDimensionScaleRange(startPadding: 0, endPadding: 0) }
    public static func plotDimension(padding: CGFloat = 0) -> PlotDimensionScaleRange { PlotDimensionScaleRange(startPadding: padding, endPadding: padding) }
    public static func plotDimension(startPadding: CGFloat = 0, endPadding: CGFloat = 0) -> PlotDimensionScaleRange {
        PlotDimensionScaleRange(startPadding: startPadding, endPadding: endPadding)
    }
}

extension ClosedRange: ScaleRange, PositionScaleRange where Bound == CGFloat {
    public typealias VisualValue = CGFloat
    public func _visualValues() -> [CGFloat]? { [lowerBound, upperBound] }
}

/// A style's colour (a gradient's first stop's; black when it has none).
func rgba(of style: some ShapeStyle) -> RGBA {
    switch style.fill(in: EnvironmentValues()) {
    case .color(let color): color
    case .gradient(let gradient): gradient.stops.first?.color ?? RGBA(0, 0, 0, 255)
    }
}

/// A domain's values as text paired with a range's values: categories in order, or a
/// numeric or date domain's two ends with the range's first and last.
func scalePairs<Domain: ScaleDomain, Value>(_ domain: Domain, _ values: [Value]) -> [(String, Value)] {
    switch domain._scaleDomain().explicit {
    case .categories(let categories)?: Array(zip(categories, values))
    case .numbers(let range)?: values.count >= 2 ? [(PlotValue.number(range.lowerBound).seriesKey, values[0]), (PlotValue.number(range.upperBound).seriesKey, values[values.count - 1])] : []
    case .dates(let range)?: values.count >= 2 ? [(PlotValue.date(range.lowerBound).seriesKey, values[0]), (PlotValue.date(range.upperBound).seriesKey, values[values.count - 1])] : []
    case nil: []
    }
}

/// How a scale maps values (Swift Charts' `ScaleType`), recorded for the scales.
public struct ScaleType: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case linear, log, symmetricLog, squareRoot, power(Double), date, category }
    let kind: Kind
    public static let linear = ScaleType(kind: .linear)
    public static let log = ScaleType(kind: .log)
    public static let symmetricLog = ScaleType(kind: .symmetricLog)
    public static let squareRoot = ScaleType(kind: .squareRoot)
    public static func power(exponent: Double = 1) -> ScaleType { ScaleType(kind: .power(exponent)) }
    public static let date = ScaleType(kind: .date)
    public static let category = ScaleType(kind: .category)
}
