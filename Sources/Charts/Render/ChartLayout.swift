import Foundation
import GlanceGraphics
import GlanceTime
import GlanceUI

/// Where a chart's parts go for one size: the plot rectangle, the two scales, and the
/// room kept for the axis labels and the legend.
///
/// Text is not measured here: a view's body is built before the renderer's fonts are
/// reachable (measuring lives in GlanceText, below the renderer, not in GlanceUI). The
/// room for labels is reserved from the label font's size and the labels' character
/// counts instead (`averageGlyphWidth`), generously, so a label never runs into the plot.
struct ChartLayout {
    var size: CGSize
    var plot: CGRect
    var x: ResolvedScale
    var y: ResolvedScale
    var xReversed: Bool
    var yReversed: Bool
    var showsXAxis: Bool
    var showsYAxis: Bool
    /// The legend's row, below the x labels; `nil` without a legend.
    var legend: CGRect?
    /// Each bar and area mark's stacked extent on its value axis, by mark index.
    var stacks: [Int: ClosedRange<Double>]
    /// Marks whose value axis is x (horizontal bars), by mark index.
    var horizontal: Set<Int>
    var xMarks: [AxisTickMark] = []
    var yMarks: [AxisTickMark] = []
    /// `AxisMarks(position: .leading)` on y: its labels left of the plot.
    var yLabelsLeading = false
    /// `AxisMarks(position: .top)` on x: its labels above the plot.
    var xLabelsTop = false
    /// `AxisMarks(preset: .inset)`: the axis's labels inside the plot, no room kept for them.
    var xLabelsInset = false
    var yLabelsInset = false
    /// The room kept beside the plot for the y labels (with the gap before them).
    var yLabelWidth: CGFloat = 0
    /// `chartLegend(position: .leading/.trailing)`: the legend is a column beside the plot.
    var legendBeside = false
    /// The horizontal extent labels may use: the chart's, less a legend beside the plot.
    var labelsMinX: CGFloat = 0
    var labelsMaxX: CGFloat = 0

    /// The axis labels' point size (Swift Charts uses `caption2`).
    static let labelSize: CGFloat = 11
    /// An estimate of a glyph's advance as a share of the point size: wide enough for
    /// DejaVu Sans digits (0.64), so reserved room is never too small.
    static let averageGlyphWidth: CGFloat = 0.64
    static let labelGap: CGFloat = 4
    static let legendHeight: CGFloat = 16
    /// Between the plot (or its labels) and a legend beside it: wide enough that a label
    /// at the plot's edge is not read as part of a legend row.
    static let legendGap: CGFloat = 20

    static func labelWidth(_ text: String) -> CGFloat { CGFloat(text.count) * labelSize * averageGlyphWidth }

    /// `chartXAxisLabel`/`chartYAxisLabel`: a row below the x labels, and one above the plot.
    var xTitle: CGRect?
    var yTitle: CGRect?
    /// The legend's rows: indices into the series names, wrapped to the chart's width.
    var legendRows: [[Int]] = []

    init(model: ChartModel, size: CGSize, zone: ZoneRules, locale: DisplayLocale, seriesCount: Int, seriesNames: [String] = []) {
        self.size = size
        let marks = model.marks
        horizontal = Set(marks.indices.filter { Self.isHorizontal(marks[$0]) })
        stacks = Self.stack(marks, horizontal: horizontal)
        xReversed = model.xReversed ?? false
        yReversed = model.yReversed ?? false

        var xValues: [PlotValue] = [], yValues: [PlotValue] = []
        var xZero = false, yZero = false
        for (index, mark) in marks.enumerated() {
            if let range = stacks[index] {
                let values = [PlotValue.number(range.lowerBound), .number(range.upperBound)]
                if horizontal.contains(index) { xValues += values; xZero = true } else { yValues += values; yZero = true }
                if horizontal.contains(index) { Self.append(mark, axis: .y, to: &yValues) } else { Self.append(mark, axis: .x, to: &xValues) }
            } else {
                Self.append(mark, axis: .x, to: &xValues)
                Self.append(mark, axis: .y, to: &yValues)
                // A bar from zero, an area and a line reach zero on their value axis: Swift
                // Charts' automatic scales include it for them (a line chart of 70…80 kg
                // starts at 0 unless `chartYScale(domain: .automatic(includesZero: false))`).
                if mark.kind == .bar || mark.kind == .area || mark.kind == .line {
                    if horizontal.contains(index) { xZero = xZero || mark.xStart == nil } else { yZero = yZero || mark.yStart == nil }
                }
            }
        }
        xZero = model.xIncludesZero ?? xZero
        yZero = model.yIncludesZero ?? yZero

        // An axis nothing is plotted on (bars from `xStart:xEnd:` alone have no y) shows
        // no labels, as in Swift Charts; a chart with no data at all keeps both axes.
        let hasMarks = !marks.isEmpty
        showsXAxis = model.xAxis.visibility != .hidden && !(hasMarks && xValues.isEmpty && model.xDomain == nil && model.xAxis.visibility != .visible)
        showsYAxis = model.yAxis.visibility != .hidden && !(hasMarks && yValues.isEmpty && model.yDomain == nil && model.yAxis.visibility != .visible)
        let showsLegend = model.legend.visibility != .hidden && (seriesCount > 1 || model.legend.visibility == .visible && seriesCount > 0)
        let lineHeight = (Self.labelSize * 1.3).rounded(.up)
        let xGroups = model.xAxis.marks ?? [], yGroups = model.yAxis.marks ?? []
        xLabelsTop = xGroups.contains { $0.position.kind == .top }
        xLabelsInset = xGroups.contains { $0.preset.kind == .inset }
        yLabelsInset = yGroups.contains { $0.preset.kind == .inset }
        let xLabelRoom: CGFloat = showsXAxis && !xLabelsInset ? lineHeight + Self.labelGap : 0

        // y first (its labels' width narrows the plot), for the height left after the x
        // labels and the legend.
        var bottom: CGFloat = xLabelsTop ? 0 : xLabelRoom
        // `chartLegend(position: .top)` puts the row above the plot, `.leading` and
        // `.trailing` a column beside it; every other position a row below.
        let legendKind = model.legend.position.kind
        let legendOnTop = legendKind == .top || legendKind == .topLeading || legendKind == .topTrailing
        legendBeside = showsLegend && (legendKind == .leading || legendKind == .trailing)
        let legendLeading = legendBeside && legendKind == .leading
        // A column of one name a row, at most 40% of the width; rows wrapped to the width otherwise.
        let sideWidth: CGFloat = legendBeside
            ? min(seriesNames.map(Self.legendItemWidth).max() ?? Self.legendItemWidth("Series"), size.width * 0.4) + Self.legendGap : 0
        legendRows = !showsLegend ? [] : legendBeside ? seriesNames.indices.map { [$0] } : Self.wrap(seriesNames, width: size.width)
        // A legend of the widget's own view is one row; no more rows than leave half the
        // height (all of it, beside the plot).
        let rows = CGFloat(min(max(legendRows.count, 1), max(Int(size.height / (legendBeside ? 1 : 2) / Self.legendHeight), 1)))
        legendRows = Array(legendRows.prefix(Int(rows)))
        let legendHeight = Self.legendHeight * rows
        if showsLegend && !legendOnTop && !legendBeside { bottom += legendHeight + Self.labelGap }
        let titleHeight = lineHeight
        let xTitled = model.xAxis.label != nil && model.xAxis.visibility != .hidden
        let yTitled = model.yAxis.label != nil && model.yAxis.visibility != .hidden
        if xTitled { bottom += titleHeight }
        let xTop: CGFloat = xLabelsTop ? xLabelRoom : 0
        let plotHeight = max(size.height - bottom - lineHeight / 2 - (showsLegend && legendOnTop ? legendHeight : 0) - (yTitled ? titleHeight : 0) - xTop, 1)
        var y = ScaleResolver.resolve(yValues, includesZero: yZero, domain: model.yDomain,
                                      desiredTicks: max(Int(plotHeight / 40), 2), zone: zone, locale: locale, type: model.yScaleType?.kind)
        var yAxis = model.yAxis, xAxis = model.xAxis
        if !showsYAxis { yAxis.visibility = .hidden }
        if !showsXAxis { xAxis.visibility = .hidden }
        (yMarks, yLabelsLeading) = Self.axisMarks(yAxis, scale: &y, isX: false, values: yValues, includesZero: yZero,
                                                  domain: model.yDomain, type: model.yScaleType?.kind, zone: zone, locale: locale)
        self.y = y
        // A label of the widget's own view is not measured: it is given the room of four characters.
        yLabelWidth = showsYAxis && !yLabelsInset
            ? (yMarks.map { $0.labelView != nil ? Self.labelWidth("0000") : Self.labelWidth($0.label ?? "") }.max() ?? 0) + Self.labelGap : 0
        let plotWidth = max(size.width - sideWidth - yLabelWidth, 1)
        var x = ScaleResolver.resolve(xValues, includesZero: xZero, domain: model.xDomain,
                                      desiredTicks: max(Int(plotWidth / 50), 2), zone: zone, locale: locale, type: model.xScaleType?.kind)
        xMarks = Self.axisMarks(xAxis, scale: &x, isX: true, values: xValues, includesZero: xZero,
                                domain: model.xDomain, type: model.xScaleType?.kind, zone: zone, locale: locale).marks
        self.x = x
        // Half a label's height above the plot, so the top y label is not cut; an x label
        // that would hang past the chart's edge is moved in by the renderer.
        let legendTop: CGFloat = showsLegend && legendOnTop ? legendHeight + Self.labelGap : 0
        let top = (showsYAxis ? lineHeight / 2 : 0) + legendTop + (yTitled ? titleHeight : 0) + xTop
        plot = CGRect(x: (legendLeading ? sideWidth : 0) + (yLabelsLeading ? yLabelWidth : 0), y: top,
                      width: plotWidth, height: max(size.height - bottom - top, 1))
        labelsMinX = legendLeading ? sideWidth : 0
        labelsMaxX = legendBeside && !legendLeading ? size.width - sideWidth : size.width
        if let padding = model.xPadding {
            plot.origin.x += padding.start
            plot.size.width = max(plot.width - padding.start - padding.end, 1)
        }
        if let padding = model.yPadding {
            plot.origin.y += padding.end
            plot.size.height = max(plot.height - padding.start - padding.end, 1)
        }
        // Titles: y's above the plot, x's under the x labels (the legend, if below, under it).
        yTitle = yTitled ? CGRect(x: 0, y: legendTop, width: size.width, height: titleHeight) : nil
        xTitle = xTitled ? CGRect(x: 0, y: plot.maxY + (xLabelsTop ? 0 : xLabelRoom), width: size.width, height: titleHeight) : nil
        if legendBeside {
            // Beside the plot, centred on it unless `chartLegend(alignment:)` says top or bottom.
            let columnY: CGFloat = switch model.legend.alignment?.vertical {
            case .top?: plot.minY
            case .bottom?: plot.maxY - legendHeight
            default: plot.midY - legendHeight / 2
            }
            legend = CGRect(x: legendLeading ? 0 : size.width - sideWidth + Self.legendGap, y: max(min(columnY, size.height - legendHeight), 0),
                            width: sideWidth - Self.legendGap, height: legendHeight)
        } else {
            legend = showsLegend ? CGRect(x: 0, y: legendOnTop ? 0 : size.height - legendHeight, width: size.width, height: legendHeight) : nil
        }
    }

    /// A legend item's width: its swatch (a line sample on ink is the widest), its name and the gap after it.
    static func legendItemWidth(_ name: String) -> CGFloat { 20 + legendTextWidth(name) + 8 }
    /// Names in the legend are mostly letters, narrower than the digits the axes reserve for.
    static func legendTextWidth(_ name: String) -> CGFloat { labelWidth(name) * 0.9 + 4 }

    /// Series names in rows that fit `width`, as Swift Charts wraps a long legend.
    static func wrap(_ names: [String], width: CGFloat) -> [[Int]] {
        var rows: [[Int]] = [], row: [Int] = [], used: CGFloat = 0
        for (index, name) in names.enumerated() {
            let item = legendItemWidth(name)
            if !row.isEmpty && used + item > width { rows.append(row); row = []; used = 0 }
            row.append(index); used += item
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    // MARK: Positions

    /// The x pixel of a fraction along the x scale.
    func xPixel(_ fraction: Double) -> CGFloat { plot.minX + CGFloat(xReversed ? 1 - fraction : fraction) * plot.width }
    /// The y pixel of a fraction along the y scale (0 at the bottom).
    /// Categories run down from the top, as Swift Charts lists them on a y axis.
    func yPixel(_ fraction: Double) -> CGFloat {
        plot.maxY - CGFloat((y.kind == .band) != yReversed ? 1 - fraction : fraction) * plot.height
    }

    func xPixel(of value: PlotValue?) -> CGFloat? { value.flatMap { x.fraction(of: $0) }.map(xPixel) }
    func yPixel(of value: PlotValue?) -> CGFloat? { value.flatMap { y.fraction(of: $0) }.map(yPixel) }
    func xPixel(number: Double) -> CGFloat? { xPixel(of: .number(number)) }
    func yPixel(number: Double) -> CGFloat? { yPixel(of: .number(number)) }

    // MARK: Orientation and stacking

    enum Axis { case x, y }

    /// A bar whose length runs along x: a number (or a range) on x against a category,
    /// date or nothing on y (Swift Charts decides by which value is the quantity).
    static func isHorizontal(_ mark: ResolvedMark) -> Bool {
        guard mark.kind == .bar || mark.kind == .area else { return false }
        let xIsNumber: Bool = if case .number? = mark.x { true } else { mark.xStart != nil && mark.xEnd != nil }
        let yIsNumber: Bool = if case .number? = mark.y { true } else { mark.yStart != nil && mark.yEnd != nil }
        if mark.kind == .area { return xIsNumber && !yIsNumber && mark.y != nil }
        return xIsNumber && !yIsNumber
    }

    /// The plotted values of `mark` on one axis (a date binned to a unit adds its bin's
    /// end, so the last bar, or the last point mid-bin, fits).
    static func append(_ mark: ResolvedMark, axis: Axis, to values: inout [PlotValue]) {
        let (value, start, end, unit) = axis == .x ? (mark.x, mark.xStart, mark.xEnd, mark.xUnit) : (mark.y, mark.yStart, mark.yEnd, mark.yUnit)
        for case let v? in [value, start, end] { values.append(v) }
        if let unit, case .date(let date)? = value, mark.kind != .rule {
            values.append(.date(date.addingTimeInterval(seconds(of: unit))))
        }
    }

    /// A calendar unit's length, near enough to size a bar (a month is 30.44 days).
    static func seconds(of unit: Calendar.Component) -> TimeInterval {
        switch unit {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .weekOfYear, .weekOfMonth, .weekday: 7 * 86400
        case .month: 30.44 * 86400
        case .quarter: 91.31 * 86400
        case .year: 365.25 * 86400
        default: 86400
        }
    }

    /// Bars and areas at the same place stack by series, in data order, positives up and
    /// negatives down (`.standard`); `.normalized` scales each stack to 0…1, `.center`
    /// centres it on zero. Grouped bars (`position(by:)`), ranged marks and `.unstacked`
    /// marks keep their own extent.
    static func stack(_ marks: [ResolvedMark], horizontal: Set<Int>) -> [Int: ClosedRange<Double>] {
        struct Group { var members: [(Int, Double)] = []; var method = MarkStackingMethod.Kind.standard }
        var groups: [String: Group] = [:]
        for (index, mark) in marks.enumerated() where mark.kind == .bar || mark.kind == .area {
            guard mark.positionKey == nil, mark.stacking?.kind != .unstacked else { continue }
            let isHorizontal = horizontal.contains(index)
            guard case .number(let value)? = isHorizontal ? mark.x : mark.y, value.isFinite else { continue }
            if isHorizontal ? mark.xStart != nil : mark.yStart != nil { continue }
            let place = isHorizontal ? mark.y : mark.x
            let key = "\(mark.kind)|\(isHorizontal)|\(place.map { "\($0)" } ?? "")"
            groups[key, default: Group()].members.append((index, value))
            if let method = mark.stacking?.kind { groups[key]?.method = method }
        }
        var result: [Int: ClosedRange<Double>] = [:]
        for group in groups.values {
            var up = 0.0, down = 0.0
            var ranges: [(Int, Double, Double)] = []
            for (index, value) in group.members {
                if value >= 0 { ranges.append((index, up, up + value)); up += value } else { ranges.append((index, down + value, down)); down += value }
            }
            let total = up - down
            for (index, low, high) in ranges {
                let range: (Double, Double) = switch group.method {
                case .normalized where total > 0: ((low - down) / total, (high - down) / total)
                case .center: (low - down - total / 2, high - down - total / 2)
                default: (low, high)
                }
                // Sums past the doubles' range are left unstacked, never made a NaN range.
                if range.0.isFinite, range.1.isFinite, range.0 <= range.1 { result[index] = range.0...range.1 }
            }
        }
        return result
    }
}

/// What an axis draws at one value: a grid line, a tick, a label (text or a view of the
/// widget's own), as the automatic marks or the widget's `AxisMarks` ask.
struct AxisTickMark {
    var fraction: Double
    var gridLine: StrokeStyle?
    var tick: StrokeStyle?
    var label: String?
    var labelView: AnyView?
    /// `AxisValueLabel(centered: true)`: the label sits midway to the next value (a day's
    /// name across its day), not at its own.
    var centered = false
    var color: RGBA?
    var font: Font?
}

extension ChartLayout {
    /// The marks of one axis: Swift Charts' automatic ones (a grid line and a label at each
    /// of the scale's ticks; no grid across categories), or the widget's `AxisMarks`,
    /// each at its own values (`.automatic(desiredCount:)`, `.stride(by:)`, an array).
    /// `desiredCount` re-resolves the scale with that many ticks, so `scale` may change.
    /// Returns whether the labels go on the leading side (`position: .leading` on y).
    static func axisMarks(_ settings: AxisSettings, scale: inout ResolvedScale, isX: Bool, values: [PlotValue], includesZero: Bool,
                          domain: ExplicitDomain?, type: ScaleType.Kind? = nil, zone: ZoneRules, locale: DisplayLocale) -> (marks: [AxisTickMark], leading: Bool) {
        guard settings.visibility != .hidden else { return ([], false) }
        guard let groups = settings.marks else {
            let grid = scale.kind == .band ? nil : StrokeStyle(lineWidth: 1)
            return (scale.ticks.map { AxisTickMark(fraction: $0.fraction, gridLine: grid, label: $0.label) }, false)
        }
        var marks: [AxisTickMark] = []
        var leading = false
        for group in groups {
            if !isX && group.position.kind == .leading { leading = true }
            let ticks: [ScaleTick]
            switch group.values.kind {
            case .automatic(let desiredCount?, _, _, _) where scale.kind != .band:
                scale = ScaleResolver.resolve(values, includesZero: includesZero, domain: domain, desiredTicks: desiredCount, zone: zone, locale: locale, type: type)
                ticks = scale.ticks
            case .calendarStride(let component, let count, _, _, _) where scale.kind == .date:
                ticks = dateStride(component).map { ScaleResolver.dateTicks(domain: scale.domain, component: $0, count: count, zone: zone, locale: locale) } ?? scale.ticks
            case .numberStride(let step, _, _) where scale.kind == .linear && scale.transform == .identity:
                ticks = ScaleResolver.numberTicks(domain: scale.domain, stride: step, locale: locale)
            case .values(let values):
                ticks = ScaleResolver.ticks(at: values, scale: scale, zone: zone, locale: locale)
            default:
                ticks = scale.ticks
            }
            // More marks than a panel has pixels would only blacken it.
            for (index, tick) in ticks.prefix(1000).enumerated() {
                var mark = AxisTickMark(fraction: tick.fraction)
                for component in group.components(AxisValue(index: index, count: ticks.count, value: tick.value)) {
                    switch component.kind {
                    case .gridLine(_, let stroke): mark.gridLine = stroke ?? StrokeStyle(lineWidth: 1)
                    case .tick(_, _, let stroke): mark.tick = stroke ?? StrokeStyle(lineWidth: 1)
                    case .valueLabel(let text, let format, let centered, _, let content):
                        mark.centered = centered ?? false
                        mark.label = text ?? format.flatMap { $0(tick.value, zone, locale) } ?? tick.label
                        mark.labelView = content
                        mark.color = component.color ?? mark.color
                        mark.font = component.font ?? mark.font
                    }
                }
                marks.append(mark)
            }
        }
        return (marks, leading)
    }

    static func dateStride(_ component: Calendar.Component) -> DateStride? {
        switch component {
        case .minute: .minute
        case .hour: .hour
        case .day, .weekday: .day
        case .weekOfYear, .weekOfMonth: .weekOfYear
        case .month: .month
        case .year: .year
        default: nil
        }
    }
}
