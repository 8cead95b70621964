import Foundation
import GlanceGraphics
import GlanceUI
import GlanceTime
import GlanceWidgetKit

/// Draws a ``ChartModel`` at one size: grid, marks, axis labels, legend and annotations,
/// as GlanceUI views laid over one another from the chart's top-leading corner.
///
/// Marks are drawn as shapes in solid colours, never as greys: on a panel that dithers,
/// a grey line turns into scattered dots. In `.vibrant` (black-and-white and grey ink)
/// every mark is black and the series are told apart by dash pattern (lines), symbol
/// (points) and fill pattern (bars and areas), and the legend shows the same.
struct ChartRenderer {
    let model: ChartModel
    let layout: ChartLayout
    let series: ChartSeries
    let ink: Bool
    /// `.accented`: a panel with colour inks besides black and white. The first series
    /// prints in a colour ink (`widgetAccentable`), the others as on `.vibrant`.
    let accented: Bool
    let pixel: CGFloat
    let positionKeys: [String]
    /// Bars or areas under the lines: on ink, lines get a paper halo over them.
    let hasFills: Bool
    /// The extent of the `symbolSize(by:)` numbers, for sizes without a scale.
    let symbolSizeRange: ClosedRange<Double>

    init(model: ChartModel, size: CGSize, environment: EnvironmentValues) {
        self.model = model
        accented = environment.widgetRenderingMode == .accented
        ink = environment.widgetRenderingMode == .vibrant || accented
        series = ChartSeries(model: model, locale: environment.locale)
        layout = ChartLayout(model: model, size: size, zone: environment.timeZone, locale: environment.locale,
                             seriesCount: series.names.count, seriesNames: series.names)
        pixel = 1 / max(environment.displayScale, 1)
        positionKeys = Self.positionKeys(model.marks)
        hasFills = model.marks.contains { $0.kind == .area || $0.kind == .bar }
        let sizes = model.marks.compactMap { mark -> Double? in
            if case .number(let value)? = mark.symbolSizeValue, value.isFinite { value } else { nil }
        }
        symbolSizeRange = (sizes.min() ?? 0)...(sizes.max() ?? 0)
    }

    /// Every part of the chart, back to front.
    func views() -> [AnyView] {
        if model.marks.contains(where: { $0.kind == .sector }) { return sectorViews() + legendViews() }
        var views: [AnyView] = []
        // The plot area's own background (`chartPlotStyle`) lies under the grid, as in Swift Charts.
        if let plotStyle = model.plotStyle {
            views.append(AnyView(plotStyle.content(ChartPlotContent()).frame(width: layout.plot.width, height: layout.plot.height)
                .offset(x: layout.plot.minX, y: layout.plot.minY)))
        }
        views += gridViews()
        views += markViews()
        views += axisLabelViews()
        views += legendViews()
        views += titleViews()
        views += annotationViews()
        return views
    }

    /// The axis titles: text or the widget's view, at the trailing end of their row
    /// (`alignment:` moves it), as Swift Charts places an automatic axis label.
    func titleViews() -> [AnyView] {
        var views: [AnyView] = []
        for (settings, row, isX) in [(model.xAxis.label, layout.xTitle, true), (model.yAxis.label, layout.yTitle, false)] {
            guard let settings, let row else { continue }
            let view: AnyView
            if let content = settings.content {
                view = content
            } else if let text = settings.text {
                view = AnyView(Text(text).font(.system(size: ChartLayout.labelSize)).foregroundColor(ink ? Color.black : Color(RGBA(0x6C, 0x6C, 0x70))).lineLimit(1))
            } else { continue }
            let span = isX ? CGRect(x: layout.plot.minX, y: row.minY, width: layout.plot.width, height: row.height) : row
            let horizontal = settings.alignment?.horizontal ?? .trailing
            views.append(AnyView(view.frame(width: span.width, height: span.height, alignment: Alignment(horizontal: horizontal, vertical: .center))
                .position(x: span.midX, y: span.midY)))
        }
        return views
    }

    // MARK: Colours and styles

    /// Swift Charts' default series colours, in order.
    static let palette: [RGBA] = [Color.blue, .green, .orange, .purple, .red, .cyan, .yellow, .brown, .pink, .indigo].map(\.rgba)
    /// Line dashes that tell series apart on ink panels.
    static let dashes: [[CGFloat]] = [[], [6, 3], [2, 2], [8, 3, 2, 3]]

    func color(of mark: ResolvedMark) -> RGBA {
        if ink && !isAccent(mark) { return .black }
        if let color = mark.color { return color }
        if series.continuous != nil, let number = mark.seriesNumber { return series.continuousColor(number) }
        if let key = mark.series { return series.color(of: key) }
        return Self.palette[0]
    }

    /// On an `.accented` panel, whether the mark is the first series' (or of a chart of one).
    func isAccent(_ mark: ResolvedMark) -> Bool { accented && seriesIndex(mark) == 0 }

    /// The views of `mark`, marked for the panel's colour ink when it is the accent.
    func accentable(_ views: [AnyView], _ mark: ResolvedMark) -> [AnyView] {
        isAccent(mark) ? views.map { AnyView($0.widgetAccentable()) } : views
    }

    func seriesIndex(_ mark: ResolvedMark) -> Int {
        if series.continuous != nil, let number = mark.seriesNumber { return series.level(of: number) }
        return (mark.series ?? mark.lineStyleKey ?? mark.symbolKey).flatMap { series.index[$0] } ?? 0
    }

    /// The fill pattern of a series on ink: by series, or by density on a continuous scale.
    func patternIndex(_ seriesIndex: Int) -> Int {
        series.continuous != nil ? ChartSeries.densityOrder[min(max(seriesIndex, 0), ChartSeries.continuousSteps - 1)] : seriesIndex
    }

    func stroke(for mark: ResolvedMark, defaultWidth: CGFloat) -> StrokeStyle {
        var style = mark.lineStyle ?? StrokeStyle(lineWidth: defaultWidth, lineCap: .round, lineJoin: .round)
        style.lineWidth = max(style.lineWidth, pixel)
        if ink && style.dash.isEmpty {
            style.dash = Self.dashes[seriesIndex(mark) % Self.dashes.count]
            if !style.dash.isEmpty { style.lineCap = .butt }
        }
        return style
    }

    func symbol(for mark: ResolvedMark) -> BasicChartSymbolShape {
        if let symbol = mark.symbol { return symbol }
        if let key = mark.symbolKey {
            if let scaled = model.symbolScale.first(where: { $0.0 == key }) { return scaled.1 }
            return BasicChartSymbolShape.automaticOrder[(series.symbolIndex[key] ?? 0) % BasicChartSymbolShape.automaticOrder.count]
        }
        if ink, mark.series != nil {
            return BasicChartSymbolShape.automaticOrder[seriesIndex(mark) % BasicChartSymbolShape.automaticOrder.count]
        }
        return .circle
    }

    // MARK: Grid and axes

    /// Light grid lines at the axis marks (the y ticks, and the x ticks of a continuous x,
    /// unless the widget's `AxisMarks` say otherwise), as Swift Charts draws them; on ink a
    /// dotted black line, since a light grey would dither to noise. Ticks stick out 4
    /// points past the plot.
    func gridViews() -> [AnyView] {
        let plot = layout.plot
        let gridColor = ink ? Color.black : Color(RGBA(0xD1, 0xD1, 0xD6))
        var views: [AnyView] = []
        func line(_ from: CGPoint, _ to: CGPoint, _ stroke: StrokeStyle, color: RGBA?) {
            var path = Path()
            path.move(to: from); path.addLine(to: to)
            var style = stroke
            style.lineWidth = max(min(style.lineWidth, 1), pixel)
            if ink && style.dash.isEmpty { style.dash = [1, 3] }
            views.append(AnyView(path.stroke(ink ? Color.black : color.map { Color($0) } ?? gridColor, style: style)))
        }
        for mark in layout.yMarks {
            let y = crisp(layout.yPixel(mark.fraction))
            if let grid = mark.gridLine { line(CGPoint(x: plot.minX, y: y), CGPoint(x: plot.maxX, y: y), grid, color: nil) }
            if let tick = mark.tick {
                let x = layout.yLabelsLeading ? plot.minX : plot.maxX
                line(CGPoint(x: x, y: y), CGPoint(x: layout.yLabelsLeading ? x - 4 : x + 4, y: y), tick, color: nil)
            }
        }
        for mark in layout.xMarks {
            let x = crisp(layout.xPixel(mark.fraction))
            if let grid = mark.gridLine { line(CGPoint(x: x, y: plot.minY), CGPoint(x: x, y: plot.maxY), grid, color: nil) }
            if let tick = mark.tick {
                let edge = layout.xLabelsTop ? plot.minY : plot.maxY
                line(CGPoint(x: x, y: edge), CGPoint(x: x, y: layout.xLabelsTop ? edge - 4 : edge + 4), tick, color: nil)
            }
        }
        // The baseline under the plot, solid.
        if layout.showsXAxis {
            var base = Path()
            let y = crisp(plot.maxY)
            base.move(to: CGPoint(x: plot.minX, y: y)); base.addLine(to: CGPoint(x: plot.maxX, y: y))
            views.append(AnyView(base.stroke(ink ? Color.black : Color(RGBA(0x8E, 0x8E, 0x93)), style: StrokeStyle(lineWidth: pixel))))
        }
        return views
    }

    /// A line's centre on the middle of a pixel, so a one-pixel line is one pixel, not two
    /// half-covered ones.
    func crisp(_ value: CGFloat) -> CGFloat { ((value - pixel / 2) / pixel).rounded() * pixel + pixel / 2 }

    /// Tick labels: y on the trailing side (Swift Charts' default; leading with
    /// `AxisMarks(position: .leading)`); x below the plot, centred on their tick (a date's
    /// label starts at its tick, as Swift Charts puts a day's label at the day's start).
    func axisLabelViews() -> [AnyView] {
        var views: [AnyView] = []
        let defaultColor = ink ? Color.black : Color(RGBA(0x6C, 0x6C, 0x70))
        let lineHeight = (ChartLayout.labelSize * 1.3).rounded(.up)
        func label(_ mark: AxisTickMark) -> AnyView? {
            // The widget's own label view at its ideal size, as Swift Charts lays it out: it
            // is not measured before the fonts are known, and its room (four characters) may
            // be too narrow for it and its padding ("$80" broke over two lines, over the text
            // above the chart).
            if let view = mark.labelView { return AnyView(view.font(mark.font ?? .system(size: ChartLayout.labelSize)).fixedSize()) }
            guard let text = mark.label, !text.isEmpty else { return nil }
            let color = ink ? Color.black : mark.color.map { Color($0) } ?? defaultColor
            return AnyView(Text(text).font(mark.font ?? .system(size: ChartLayout.labelSize)).foregroundColor(color).lineLimit(1).fixedSize())
        }
        if layout.showsYAxis {
            let leading = layout.yLabelsLeading, inset = layout.yLabelsInset
            // Beside the plot in the room kept for them; inset, inside the plot's edge and
            // just above their grid line (`AxisMarks(preset: .inset)`).
            let width = inset ? min(layout.plot.width / 2, ChartLayout.labelWidth("00000")) : max(layout.yLabelWidth - ChartLayout.labelGap, 1)
            let centreX: CGFloat = switch (leading, inset) {
            case (true, false): layout.plot.minX - ChartLayout.labelGap - width / 2
            case (false, false): layout.plot.maxX + ChartLayout.labelGap + width / 2
            case (true, true): layout.plot.minX + 2 + width / 2
            case (false, true): layout.plot.maxX - 2 - width / 2
            }
            var lastY = CGFloat.infinity
            for mark in layout.yMarks.sorted(by: { layout.yPixel($0.fraction) > layout.yPixel($1.fraction) }) {
                // Bottom up, leaving out a label that would overlap the one below.
                let y = layout.yPixel(mark.fraction) - (inset ? lineHeight / 2 : 0)
                guard var view = label(mark), y <= lastY - lineHeight * 0.9, !inset || y - lineHeight / 2 >= layout.plot.minY - 1 else { continue }
                lastY = y
                // Inside the plot on ink, a label sits on paper: the dotted grid and the
                // marks would run through it (OCR loses "10" under a dotted line).
                if inset && ink { view = AnyView(view.background(Color.white.padding(-1))) }
                views.append(AnyView(view.frame(width: width, height: lineHeight, alignment: leading != inset ? .trailing : .leading)
                    .position(x: centreX, y: y)))
            }
        }
        if layout.showsXAxis {
            let y = layout.xLabelsInset ? layout.plot.maxY - 2 - lineHeight / 2
                : layout.xLabelsTop ? layout.plot.minY - ChartLayout.labelGap - lineHeight / 2 : layout.plot.maxY + ChartLayout.labelGap + lineHeight / 2
            let (minX, maxX) = (layout.labelsMinX, layout.labelsMaxX)
            let band = layout.x.kind == .band ? layout.x.bandWidth * Double(layout.plot.width) : 0
            // A centred label stands for the interval from its value to the next: the last
            // value at the plot's trailing edge has none on the plot, and no label (as in
            // Swift Charts: seven days' bars, seven weekday names, not eight).
            let marks = layout.xMarks.enumerated().filter { index, mark in
                !(mark.centered && layout.x.kind != .band && index > 0 && index == layout.xMarks.count - 1
                  && layout.xPixel(mark.fraction) >= layout.plot.maxX - 0.5)
            }.map(\.element)
            struct Placed { var centre: CGFloat; var width: CGFloat; var alignment: Alignment; var start: CGFloat; var end: CGFloat }
            let placed: [Placed] = marks.indices.map { index in
                let mark = marks[index]
                var x = layout.xPixel(mark.fraction)
                var startsAtTick = layout.x.kind == .date
                if mark.centered, marks.count > 1 {
                    // Midway to the next value; the last one as far as the one before it.
                    let next = index + 1 < marks.count ? layout.xPixel(marks[index + 1].fraction)
                        : x + (x - layout.xPixel(marks[index - 1].fraction))
                    x = (x + next) / 2
                    startsAtTick = false
                }
                let text = ChartLayout.labelWidth(mark.label ?? "0000")
                let width = max(text + 8, CGFloat(band))
                // Kept inside the chart: a label that would run off an edge ends at it.
                if startsAtTick ? x + text > maxX : x + text / 2 > maxX {
                    return Placed(centre: maxX - width / 2, width: width, alignment: .trailing, start: maxX - text, end: maxX)
                } else if !startsAtTick && x - text / 2 < minX {
                    return Placed(centre: minX + width / 2, width: width, alignment: .leading, start: minX, end: minX + text)
                } else if startsAtTick {
                    return Placed(centre: x + width / 2, width: width, alignment: .leading, start: x, end: x + text)
                }
                return Placed(centre: x, width: width, alignment: .center, start: x - text / 2, end: x + text / 2)
            }
            // A crowded axis shows every k-th label, the smallest k whose labels do not
            // overlap, so they stay evenly spaced (24 hourly bars: every fifth name).
            let labelled = marks.indices.filter { marks[$0].labelView != nil || !(marks[$0].label ?? "").isEmpty }
            func fits(_ every: Int) -> Bool {
                var lastEnd = -CGFloat.infinity
                for (position, index) in labelled.enumerated() where position % every == 0 {
                    if placed[index].start < lastEnd + 2 { return false }
                    lastEnd = placed[index].end
                }
                return true
            }
            let every = (1...max(min(labelled.count, 200), 1)).first(where: fits) ?? max(labelled.count, 1)
            for (position, index) in labelled.enumerated() where position % every == 0 {
                guard var view = label(marks[index]) else { continue }
                if layout.xLabelsInset && ink { view = AnyView(view.background(Color.white.padding(-1))) }
                let place = placed[index]
                views.append(AnyView(view.frame(width: place.width, height: lineHeight, alignment: place.alignment).position(x: place.centre, y: y)))
            }
        }
        return views
    }

    // MARK: Legend

    /// One row under the chart: each series' swatch (a square of its colour, or on ink
    /// its dash, symbol or pattern) and its name.
    func legendViews() -> [AnyView] {
        guard let legend = layout.legend else { return [] }
        if let content = model.legend.content {
            return [AnyView(content.frame(width: legend.width, height: legend.height, alignment: .leading).offset(x: legend.minX, y: legend.minY))]
        }
        // Each series' own mark kinds: a line series shows its dash, a bar series its fill.
        var kindsOf: [String: Set<ResolvedMark.Kind>] = [:]
        for mark in model.marks { if let key = mark.series { kindsOf[key, default: []].insert(mark.kind) } }
        let allKinds = Set(model.marks.map(\.kind))
        let font = Font.system(size: ChartLayout.labelSize)
        var views: [AnyView] = []
        for (row, indices) in layout.legendRows.enumerated() {
            // `chartLegend(alignment:)`: the row's estimated width placed in the chart's.
            let rowWidth = indices.map { ChartLayout.legendItemWidth(series.names[$0]) }.reduce(0, +) - 8
            var x = legend.minX
            switch model.legend.alignment?.horizontal {
            case .center?: x += max((legend.width - rowWidth) / 2, 0)
            case .trailing?: x += max(legend.width - rowWidth, 0)
            default: break
            }
            let midY = legend.minY + ChartLayout.legendHeight * (CGFloat(row) + 0.5)
            for index in indices {
                let name = series.names[index]
                let swatch = CGRect(x: x, y: midY - 4, width: 8, height: 8)
                let sample = ResolvedMark.sample(series: name)
                let kinds = kindsOf[name] ?? allKinds
                let filled = kinds.contains(.bar) || kinds.contains(.area) || kinds.contains(.rectangle)
                if ink && kinds.contains(.line) && !filled {
                    var path = Path()
                    path.move(to: CGPoint(x: x, y: midY)); path.addLine(to: CGPoint(x: x + 16, y: midY))
                    var style = StrokeStyle(lineWidth: 2)
                    style.dash = Self.dashes[index % Self.dashes.count]
                    views += accentable([AnyView(path.stroke(Color(color(of: sample)), style: style))], sample)
                    x += 20
                } else if kinds.contains(.point) && !kinds.contains(.bar) && !kinds.contains(.area) {
                    views += accentable([AnyView(SymbolPath.path(symbol(for: sample), in: swatch).fill(Color(color(of: sample))))], sample)
                    x += 12
                } else if ink {
                    views += accentable(patternViews(Path(swatch), index: patternIndex(index), color: Color(color(of: sample))), sample)
                    x += 12
                } else {
                    views.append(AnyView(Path(swatch).fill(Color(color(of: sample)))))
                    x += 12
                }
                let width = ChartLayout.legendTextWidth(name)
                views.append(AnyView(Text(name).font(font).foregroundColor(ink ? Color.black : Color(RGBA(0x6C, 0x6C, 0x70))).lineLimit(1).fixedSize()
                    .frame(width: width, height: ChartLayout.legendHeight, alignment: .leading).position(x: x + width / 2, y: midY)))
                x += width + 8
            }
        }
        return views
    }

    /// An ink fill that tells series apart without grey: solid, hatched, outlined,
    /// cross-hatched, in turn.
    func patternViews(_ shape: Path, index: Int, color: Color = .black) -> [AnyView] {
        let outline = AnyView(shape.stroke(color, style: StrokeStyle(lineWidth: max(1, pixel))))
        switch index % 4 {
        case 0: return [AnyView(shape.fill(color))]
        case 2: return [outline]
        default:
            let bounds = shape.boundingRect
            var hatch = Path()
            let step: CGFloat = 4
            var offset = -bounds.height
            while offset < bounds.width {
                hatch.move(to: CGPoint(x: bounds.minX + offset, y: bounds.maxY))
                hatch.addLine(to: CGPoint(x: bounds.minX + offset + bounds.height, y: bounds.minY))
                if index % 4 == 3 {
                    hatch.move(to: CGPoint(x: bounds.minX + offset, y: bounds.minY))
                    hatch.addLine(to: CGPoint(x: bounds.minX + offset + bounds.height, y: bounds.maxY))
                }
                offset += step
            }
            return [AnyView(hatch.stroke(color, style: StrokeStyle(lineWidth: 1)).clipShape(shape)), outline]
        }
    }

    // MARK: Annotations

    func annotationViews() -> [AnyView] {
        var views: [AnyView] = []
        for (index, mark) in model.marks.enumerated() where !mark.annotations.isEmpty {
            guard let target = markRect(index, mark) else { continue }
            for annotation in mark.annotations {
                views.append(place(annotation, around: target, of: mark))
            }
        }
        return views
    }

    /// The annotation's view beside `target`: the point of the view that faces the mark (its
    /// bottom centre for `.top`, its leading edge for `.trailing`…, moved along the side by
    /// `alignment`) goes `spacing` away from the mark, and the view, measured when laid out,
    /// moves the least that keeps it inside the box its `overflowResolution` names (the
    /// chart unless it says otherwise): an annotation at the panel's edge stays readable.
    func place(_ annotation: MarkAnnotation, around target: CGRect, of mark: ResolvedMark) -> AnyView {
        var view = annotation.content(AnnotationContext(targetSize: target.size))
        // On ink the grid is dotted black: an annotation beside its mark sits on paper of
        // its own (a point wider each side), or the dots run through its letters.
        if ink && annotation.position.kind != .overlay {
            view = AnyView(view.background(Color.white.padding(-1)))
        }
        let spacing = annotation.spacing ?? 4
        var position = annotation.position.kind
        if position == .automatic { position = mark.kind == .rule && target.height > target.width ? .trailing : .top }
        let h = annotation.alignment.horizontal, v = annotation.alignment.vertical
        // Along a side: the view's leading/centre/trailing on the mark's.
        let fractionX: CGFloat = h == .leading ? 0 : h == .trailing ? 1 : 0.5
        let fractionY: CGFloat = v == .top ? 0 : v == .bottom ? 1 : 0.5
        let alongX = target.minX + fractionX * target.width, alongY = target.minY + fractionY * target.height
        let anchor: UnitPoint
        let point: CGPoint
        switch position {
        case .overlay:
            anchor = UnitPoint(x: fractionX, y: fractionY)
            point = CGPoint(x: alongX, y: alongY)
        case .bottom:
            anchor = UnitPoint(x: fractionX, y: 0)
            point = CGPoint(x: alongX, y: target.maxY + spacing)
        case .leading:
            anchor = UnitPoint(x: 1, y: fractionY)
            point = CGPoint(x: target.minX - spacing, y: alongY)
        case .trailing:
            anchor = UnitPoint(x: 0, y: fractionY)
            point = CGPoint(x: target.maxX + spacing, y: alongY)
        case .topLeading:
            anchor = UnitPoint(x: 1, y: 1)
            point = CGPoint(x: target.minX - spacing, y: target.minY - spacing)
        case .topTrailing:
            anchor = UnitPoint(x: 0, y: 1)
            point = CGPoint(x: target.maxX + spacing, y: target.minY - spacing)
        case .bottomLeading:
            anchor = UnitPoint(x: 1, y: 0)
            point = CGPoint(x: target.minX - spacing, y: target.maxY + spacing)
        case .bottomTrailing:
            anchor = UnitPoint(x: 0, y: 0)
            point = CGPoint(x: target.maxX + spacing, y: target.maxY + spacing)
        default:
            anchor = UnitPoint(x: fractionX, y: 1)
            point = CGPoint(x: alongX, y: target.minY - spacing)
        }
        return AnyView(view._anchored(anchor, at: point, inside: overflowBox(annotation.overflowResolution)))
    }

    /// The box an annotation is kept inside, per axis: the plot's or the chart's extent, or
    /// (`.disabled`) none. `.automatic` and `.padScale` keep it inside the chart (the scale
    /// is not padded: the chart's room is the panel's).
    func overflowBox(_ resolution: AnnotationOverflowResolution) -> CGRect {
        let chart = CGRect(origin: .zero, size: layout.size), free = CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
        func extent(_ strategy: AnnotationOverflowResolution.Strategy) -> CGRect {
            switch strategy.kind {
            case .fitPlot: layout.plot
            case .disabled: free
            case .automatic, .fitChart, .padScale: chart
            }
        }
        let x = extent(resolution.x), y = extent(resolution.y)
        return CGRect(x: x.minX, y: y.minY, width: x.width, height: y.height)
    }
}

extension ResolvedMark {
    /// A mark of `series` with nothing else set: what the legend draws a swatch of.
    static func sample(series: String) -> ResolvedMark {
        var mark = ResolvedMark(kind: .bar)
        mark.series = series
        return mark
    }
}

/// The chart's series (the `foregroundStyle(by:)` values) in legend order, and their colours.
///
/// Numbers given to `foregroundStyle(by:)` on bars, rectangles, points, rules or sectors
/// make a continuous scale instead (a heat map's cells): each mark's colour is its number's
/// place between the gradient's ends, and the legend shows four steps of the range. On
/// ink the four steps are fills of rising density (outline, hatch, cross-hatch, solid).
struct ChartSeries {
    var names: [String] = []
    var index: [String: Int] = [:]
    var symbolIndex: [String: Int] = [:]
    var colors: [String: RGBA] = [:]
    /// The numbers' extent when the colour scale is continuous.
    var continuous: ClosedRange<Double>?
    var gradient: [RGBA] = []

    /// The continuous scale's steps in the legend, and on ink its fills by density.
    static let continuousSteps = 4
    /// `patternViews` indices from the sparsest fill to the densest.
    static let densityOrder = [2, 1, 3, 0]
    /// Swift Charts' default continuous ramp, light to dark blue.
    static let defaultGradient = [RGBA(0xB3, 0xD7, 0xFF), RGBA(0x00, 0x4F, 0xC4)]

    init(model: ChartModel, locale: DisplayLocale = .english) {
        if let range = Self.continuousRange(model) {
            continuous = range
            gradient = model.foregroundRange.count >= 2 ? model.foregroundRange : Self.defaultGradient
            let step = (range.upperBound - range.lowerBound) / Double(Self.continuousSteps)
            for level in 0..<Self.continuousSteps {
                let low = range.lowerBound + step * Double(level), high = level == Self.continuousSteps - 1 ? range.upperBound : low + step
                let name = "\(NiceNumbers.label(low, step: Self.labelStep(step), locale: locale)) – \(NiceNumbers.label(high, step: Self.labelStep(step), locale: locale))"
                index[name] = names.count
                names.append(name)
                colors[name] = Self.interpolate(gradient, (Double(level) + 0.5) / Double(Self.continuousSteps))
            }
            return
        }
        var order: [String] = []
        if case .categories(let names)? = model.foregroundDomain { order = names }
        for (name, _) in model.foregroundScale { order.append(name) }
        for mark in model.marks { if let key = mark.series { order.append(key) } }
        for name in order where index[name] == nil {
            index[name] = names.count
            names.append(name)
        }
        var symbols = 0
        for mark in model.marks { if let key = mark.symbolKey, symbolIndex[key] == nil { symbolIndex[key] = symbols; symbols += 1 } }
        let range = model.foregroundRange.isEmpty ? ChartRenderer.palette : model.foregroundRange
        for (position, name) in names.enumerated() {
            if let scaled = model.foregroundScale.first(where: { $0.0 == name }) {
                colors[name] = scaled.1
            } else if let mapping = model.foregroundMapping, let mapped = mapping.color(.category(name)) {
                colors[name] = mapped
            } else {
                colors[name] = range[position % range.count]
            }
        }
    }

    func color(of name: String) -> RGBA { colors[name] ?? ChartRenderer.palette[0] }

    /// A continuous scale: every mark with a series has a number, none is a line or an
    /// area (whose marks join by series), and no categories were given for the colours.
    static func continuousRange(_ model: ChartModel) -> ClosedRange<Double>? {
        guard model.foregroundScale.isEmpty, model.foregroundMapping == nil else { return nil }
        if case .categories? = model.foregroundDomain { return nil }
        var lower = Double.infinity, upper = -Double.infinity, any = false
        for mark in model.marks where mark.series != nil {
            guard mark.kind != .line && mark.kind != .area else { return nil }
            guard let number = mark.seriesNumber else { return nil }
            any = true
            guard number.isFinite else { continue }
            lower = min(lower, number)
            upper = max(upper, number)
        }
        guard any else { return nil }
        if case .numbers(let domain)? = model.foregroundDomain, domain.lowerBound.isFinite, domain.upperBound.isFinite { return domain }
        guard lower <= upper else { return 0...1 }
        return lower < upper ? lower...upper : (lower - 1)...(upper + 1)
    }

    /// Where `number` falls, 0…1, clamped; the continuous step it belongs to.
    func place(of number: Double) -> Double {
        guard let range = continuous, number.isFinite else { return 0 }
        return min(max((number - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
    }

    func level(of number: Double) -> Int { min(Int(place(of: number) * Double(Self.continuousSteps)), Self.continuousSteps - 1) }

    func continuousColor(_ number: Double) -> RGBA { Self.interpolate(gradient, place(of: number)) }

    static func interpolate(_ stops: [RGBA], _ t: Double) -> RGBA {
        guard stops.count > 1 else { return stops.first ?? ChartRenderer.palette[0] }
        let scaled = min(max(t, 0), 1) * Double(stops.count - 1)
        let i = min(Int(scaled), stops.count - 2), f = scaled - Double(i)
        let a = stops[i], b = stops[i + 1]
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let from = Double(x), to = Double(y)
            let value: Double = from + (to - from) * f
            return UInt8(value.rounded())
        }
        return RGBA(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
    }

    /// Enough decimals for a step's labels to differ.
    static func labelStep(_ step: Double) -> Double {
        guard step > 0, step.isFinite else { return 1 }
        return NiceNumbers.pow10(Int(log10(step).rounded(.down)) - 1)
    }
}
