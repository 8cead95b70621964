import Foundation
import GlanceGraphics
import GlanceUI

/// The marks as shapes. A value that does not place (NaN, ∞, a category or date the
/// scale does not have) leaves its mark out; nothing here traps on bad data.
extension ChartRenderer {
    func markViews() -> [AnyView] {
        var views: [AnyView] = []
        let order = model.marks.indices.sorted { (model.marks[$0].zIndex, $0) < (model.marks[$1].zIndex, $1) }
        // Lines and areas: one path per series, in data order (Swift Charts joins a
        // series' points in the order given, not sorted by x).
        var lineGroups: [String: [Int]] = [:], lineOrder: [String] = []
        var areaGroups: [String: [Int]] = [:], areaOrder: [String] = []
        for index in order {
            let mark = model.marks[index]
            let key = "\(mark.lineSeries ?? "")|\(mark.series ?? "")|\(mark.lineStyleKey ?? "")"
            switch mark.kind {
            case .line:
                if lineGroups[key] == nil { lineOrder.append(key) }
                lineGroups[key, default: []].append(index)
            case .area:
                if areaGroups[key] == nil { areaOrder.append(key) }
                areaGroups[key, default: []].append(index)
            default: break
            }
        }
        for key in areaOrder { views += areaViews(areaGroups[key] ?? []) }
        for index in order {
            let mark = model.marks[index]
            switch mark.kind {
            case .bar, .rectangle:
                guard let rect = markRect(index, mark), rect.width.isFinite, rect.height.isFinite else { continue }
                // A capsule's radius is as large as it gets: half the bar's narrower side.
                let shape = mark.cornerRadius.map { Path(roundedRect: rect, cornerRadius: min($0, min(rect.width, rect.height) / 2)) } ?? Path(rect)
                views += filled(shape, mark: mark)
            case .rule:
                guard let rect = markRect(index, mark) else { continue }
                var path = Path()
                if rect.width >= rect.height {
                    path.move(to: CGPoint(x: rect.minX, y: crisp(rect.midY))); path.addLine(to: CGPoint(x: rect.maxX, y: crisp(rect.midY)))
                } else {
                    path.move(to: CGPoint(x: crisp(rect.midX), y: rect.minY)); path.addLine(to: CGPoint(x: crisp(rect.midX), y: rect.maxY))
                }
                var style = mark.lineStyle ?? StrokeStyle(lineWidth: 1)
                style.lineWidth = max(style.lineWidth, pixel)
                if ink && hasFills {
                    // Paper either side, so the rule shows where it crosses a black bar.
                    views.append(AnyView(path.stroke(Color.white, style: StrokeStyle(lineWidth: style.lineWidth + 3))))
                }
                views += accentable([AnyView(path.stroke(Color(color(of: mark)), style: style).opacity(mark.opacity))], mark)
            default: break
            }
        }
        for key in lineOrder { views += lineViews(lineGroups[key] ?? []) }
        for index in order where model.marks[index].kind == .point {
            let mark = model.marks[index]
            guard let rect = markRect(index, mark) else { continue }
            let shape = symbol(for: mark)
            let path = SymbolPath.path(shape, in: rect)
            if let width = shape.strokeWidth ?? (shape.kind == .plus || shape.kind == .cross || shape.kind == .asterisk ? 1.5 : nil) {
                views += accentable([AnyView(path.stroke(Color(color(of: mark)), style: StrokeStyle(lineWidth: max(width, pixel))).opacity(mark.opacity))], mark)
            } else {
                views += accentable([AnyView(path.fill(Color(color(of: mark))).opacity(mark.opacity))], mark)
            }
        }
        return views
    }

    func filled(_ shape: Path, mark: ResolvedMark) -> [AnyView] {
        if ink {
            // A see-through fill (a band under a line) is hatched, so what is drawn over it shows.
            let seeThrough = mark.opacity < 1 || (mark.color.map { $0.a < 255 } ?? false)
            return accentable(patternViews(shape, index: seeThrough ? 1 : patternIndex(seriesIndex(mark)), color: Color(color(of: mark))), mark)
        }
        if let style = mark.style { return [AnyView(shape.fill(AnyShapeStyle(style.style)).opacity(mark.opacity))] }
        return [AnyView(shape.fill(Color(color(of: mark))).opacity(mark.opacity))]
    }

    // MARK: Where a mark sits

    /// The mark's rectangle in the chart (a point's symbol box; a rule's line as a
    /// rectangle of no width or height); `nil` when a value does not place.
    func markRect(_ index: Int, _ mark: ResolvedMark) -> CGRect? {
        let plot = layout.plot
        switch mark.kind {
        case .point, .line:
            let size = mark.symbolSize ?? symbolSize(for: mark)
            // A date binned to a unit sits mid-bin, as Swift Charts plots `.value(_:_:unit:)`
            // (so a day's point is between its gridlines, under a centred label).
            func binned(_ value: PlotValue?, _ unit: Calendar.Component?) -> PlotValue? {
                guard let unit, case .date(let date)? = value else { return value }
                return .date(date.addingTimeInterval(ChartLayout.seconds(of: unit) / 2))
            }
            guard let x = layout.xPixel(of: binned(mark.x, mark.xUnit)) ?? mark.xStartPoints ?? (mark.x == nil ? plot.midX : nil),
                  let y = layout.yPixel(of: binned(mark.y, mark.yUnit)) ?? mark.yStartPoints ?? (mark.y == nil ? plot.midY : nil) else { return nil }
            return CGRect(x: x - size.width / 2 + mark.offset.width, y: y - size.height / 2 + mark.offset.height,
                          width: size.width, height: size.height)
        case .rule:
            let xs = span(mark.x, mark.xStart, mark.xEnd, points: (mark.xStartPoints, mark.xEndPoints), axis: .x, full: true)
            let ys = span(mark.y, mark.yStart, mark.yEnd, points: (mark.yStartPoints, mark.yEndPoints), axis: .y, full: true)
            guard let xs, let ys else { return nil }
            // A rule at one value is a line across the plot (its extent on the other axis).
            let rect = CGRect(x: xs.0, y: ys.0, width: xs.1 - xs.0, height: ys.1 - ys.0)
            return rect.offsetBy(dx: mark.offset.width, dy: mark.offset.height)
        case .bar, .rectangle, .area:
            let horizontal = layout.horizontal.contains(index)
            var xs = span(mark.x, mark.xStart, mark.xEnd, points: (mark.xStartPoints, mark.xEndPoints), axis: .x,
                          full: false, unit: mark.xUnit, dimension: mark.width, isValue: horizontal && mark.kind != .rectangle)
            var ys = span(mark.y, mark.yStart, mark.yEnd, points: (mark.yStartPoints, mark.yEndPoints), axis: .y,
                          full: false, unit: mark.yUnit, dimension: mark.height, isValue: !horizontal && mark.kind != .rectangle)
            if let stacked = layout.stacks[index] {
                if horizontal {
                    if let a = layout.xPixel(number: stacked.lowerBound), let b = layout.xPixel(number: stacked.upperBound) { xs = (min(a, b), max(a, b)) }
                } else if let a = layout.yPixel(number: stacked.lowerBound), let b = layout.yPixel(number: stacked.upperBound) {
                    ys = (min(a, b), max(a, b))
                }
            }
            guard var xr = xs, var yr = ys else { return nil }
            if let key = mark.positionKey {
                // Grouped bars: the band shared out among the group's keys, in first-seen order.
                let keys = positionKeys
                if let slot = keys.firstIndex(of: key), keys.count > 1 {
                    if horizontal {
                        let share = (yr.1 - yr.0) / CGFloat(keys.count)
                        yr = (yr.0 + share * CGFloat(slot), yr.0 + share * CGFloat(slot + 1))
                    } else {
                        let share = (xr.1 - xr.0) / CGFloat(keys.count)
                        xr = (xr.0 + share * CGFloat(slot), xr.0 + share * CGFloat(slot + 1))
                    }
                }
            }
            return CGRect(x: xr.0, y: yr.0, width: max(xr.1 - xr.0, 0), height: max(yr.1 - yr.0, 0))
                .offsetBy(dx: mark.offset.width, dy: mark.offset.height)
        case .sector:
            return nil
        }
    }

    /// The `position(by:)` values in first-seen order: the slots of a grouped bar's band.
    static func positionKeys(_ marks: [ResolvedMark]) -> [String] {
        var keys: [String] = [], seen: Set<String> = []
        for mark in marks { if let key = mark.positionKey, seen.insert(key).inserted { keys.append(key) } }
        return keys
    }

    /// A symbol's box: `symbolSize(by:)`'s value through `chartSymbolSizeScale` (its pairs,
    /// and between them linearly), else over the data's values from 16 to 256 square
    /// points; Swift Charts' default symbol is about 8 points across.
    func symbolSize(for mark: ResolvedMark) -> CGSize {
        func square(_ area: CGFloat) -> CGSize {
            let side = sqrt(min(max(area, 1), 10_000)); return CGSize(width: side, height: side)
        }
        guard let sized = mark.symbolSizeValue else { return CGSize(width: 8, height: 8) }
        if case .number(let value) = sized, value.isFinite {
            let pairs = model.symbolSizeScale.compactMap { key, area in Double(key).map { ($0, area) } }.sorted { $0.0 < $1.0 }
            if let first = pairs.first, let last = pairs.last {
                if value <= first.0 { return square(first.1) }
                if value >= last.0 { return square(last.1) }
                for (a, b) in zip(pairs, pairs.dropFirst()) where value <= b.0 {
                    let t = CGFloat((value - a.0) / max(b.0 - a.0, .leastNormalMagnitude))
                    return square(a.1 + (b.1 - a.1) * t)
                }
            }
            let range = symbolSizeRange
            let t = range.upperBound > range.lowerBound ? CGFloat((value - range.lowerBound) / (range.upperBound - range.lowerBound)) : 0.5
            return square(16 + 240 * min(max(t, 0), 1))
        }
        let key: String = if case .category(let name) = sized { name } else { "\(sized)" }
        if let area = model.symbolSizeScale.first(where: { $0.0 == key })?.1 { return square(area) }
        return CGSize(width: 8, height: 8)
    }

    /// Pixel extent (low, high) of a mark on one axis: a range (start…end), a value with
    /// its band, bin or fixed width, or the whole plot (`full`, for rules at one value on
    /// the other axis). `isValue`: the value runs from zero (a bar's length).
    func span(_ value: PlotValue?, _ start: PlotValue?, _ end: PlotValue?, points: (CGFloat?, CGFloat?),
              axis: ChartLayout.Axis, full: Bool, unit: Calendar.Component? = nil, dimension: MarkDimension? = nil,
              isValue: Bool = false) -> (CGFloat, CGFloat)? {
        let scale = axis == .x ? layout.x : layout.y
        let pixel: (PlotValue?) -> CGFloat? = { axis == .x ? layout.xPixel(of: $0) : layout.yPixel(of: $0) }
        let plotStart = axis == .x ? layout.plot.minX : layout.plot.minY
        let plotEnd = axis == .x ? layout.plot.maxX : layout.plot.maxY
        let length = plotEnd - plotStart
        func ordered(_ a: CGFloat, _ b: CGFloat) -> (CGFloat, CGFloat) { (min(a, b), max(a, b)) }
        if start != nil || end != nil {
            if let start, let end {
                guard var a = pixel(start), var b = pixel(end) else { return nil }
                // Ranged over bands: from the start band's leading edge to the end band's trailing.
                if scale.kind == .band {
                    let half = CGFloat(scale.bandWidth) * length / 2
                    (a, b) = ordered(a, b); a -= half; b += half
                }
                return ordered(a, b)
            }
            return nil
        }
        if points.0 != nil || points.1 != nil {
            return ordered(points.0 ?? plotStart, points.1 ?? plotEnd)
        }
        guard let value else {
            return full || !isValue ? (plotStart, plotEnd) : nil
        }
        guard let centre = pixel(value) else { return nil }
        if isValue {
            // From zero, or from the axis's start where zero is not on it (a date or log axis).
            let zero = pixel(.number(0)) ?? (axis == .x ? plotStart : plotEnd)
            let base = min(max(zero, plotStart), plotEnd)
            return ordered(base, centre)
        }
        if full && scale.kind != .band { return (centre, centre) }
        // A bar's thickness across its category, bin or value.
        var thickness: CGFloat
        var low = centre
        if scale.kind == .band {
            thickness = CGFloat(scale.bandWidth) * length
            low = centre - thickness / 2
            if full { return (centre, centre) }
        } else if let unit, case .date(let date) = value, let end = pixel(.date(date.addingTimeInterval(ChartLayout.seconds(of: unit)))) {
            let (a, b) = ordered(centre, end)
            thickness = (b - a) * 0.8
            low = a + (b - a) * 0.1
        } else {
            thickness = min(max(length / CGFloat(max(model.marks.count, 1)) * 0.6, 2), 24)
            low = centre - thickness / 2
        }
        switch dimension?.kind {
        case .fixed(let points)?:
            return (low + thickness / 2 - points / 2, low + thickness / 2 + points / 2)
        case .ratio(let ratio)?:
            let full = thickness / 0.8
            return (low + thickness / 2 - full * ratio / 2, low + thickness / 2 + full * ratio / 2)
        case .inset(let inset)?:
            let full = thickness / 0.8
            return (low + thickness / 2 - full / 2 + inset, low + thickness / 2 + full / 2 - inset)
        default:
            return (low, low + thickness)
        }
    }

    // MARK: Lines and areas

    /// A series' points in pixels, in data order, unplaceable ones left out; thinned to
    /// the lowest and highest point of each pixel column where there are more points
    /// than columns, which keeps a dense line's shape (its spikes) at a fraction of the work.
    func linePoints(_ indices: [Int]) -> [CGPoint] {
        var points: [CGPoint] = []
        points.reserveCapacity(indices.count)
        for index in indices {
            let mark = model.marks[index]
            guard let rect = markRect(index, mark) else { continue }
            let point = CGPoint(x: rect.midX, y: rect.midY)
            if point.x.isFinite && point.y.isFinite { points.append(point) }
        }
        return Self.decimate(points, columnWidth: pixel)
    }

    static func decimate(_ points: [CGPoint], columnWidth: CGFloat) -> [CGPoint] {
        guard points.count > 4 else { return points }
        var result: [CGPoint] = []
        var column = Int.min
        var first = points[0], low = points[0], high = points[0], last = points[0]
        var lowIndex = 0, highIndex = 0, count = 0
        func flush() {
            guard count > 0 else { return }
            result.append(first)
            let middle = lowIndex <= highIndex ? [low, high] : [high, low]
            for point in middle where point != result.last { result.append(point) }
            if last != result.last { result.append(last) }
        }
        for (position, point) in points.enumerated() {
            let c = Int((point.x / columnWidth).rounded(.down).clamped(to: -1e9...1e9))
            if c != column {
                flush()
                column = c; first = point; low = point; high = point; last = point
                lowIndex = position; highIndex = position; count = 0
            }
            if point.y > low.y { low = point; lowIndex = position }
            if point.y < high.y { high = point; highIndex = position }
            last = point
            count += 1
        }
        flush()
        return result.count < points.count ? result : points
    }

    func lineViews(_ indices: [Int]) -> [AnyView] {
        guard let firstIndex = indices.first else { return [] }
        let mark = model.marks[firstIndex]
        let points = linePoints(indices)
        var views: [AnyView] = [], halo: [AnyView] = []
        if points.count >= 2 {
            let path = Self.curve(through: points, method: mark.interpolation?.kind ?? .linear)
            let style = stroke(for: mark, defaultWidth: 2)
            if ink && hasFills {
                // A white halo parts a black line from the hatching or bar it crosses.
                halo.append(AnyView(path.stroke(Color.white, style: StrokeStyle(lineWidth: style.lineWidth + 3, lineCap: .round, lineJoin: .round))))
            }
            views.append(AnyView(path.stroke(Color(color(of: mark)), style: style).opacity(mark.opacity)))
        } else if let point = points.first {
            // One point: a dot, so a series of one value still shows.
            views.append(AnyView(Path(ellipseIn: CGRect(x: point.x - 2, y: point.y - 2, width: 4, height: 4)).fill(Color(color(of: mark)))))
        }
        // A line's explicit symbols.
        for index in indices where model.marks[index].symbol != nil || model.marks[index].symbolKey != nil {
            let symbolMark = model.marks[index]
            guard let rect = markRect(index, symbolMark) else { continue }
            views.append(AnyView(SymbolPath.path(symbol(for: symbolMark), in: rect).fill(Color(color(of: symbolMark)))))
        }
        // The halo is paper, never the accent ink.
        return halo + accentable(views, mark)
    }

    func areaViews(_ indices: [Int]) -> [AnyView] {
        guard let firstIndex = indices.first else { return [] }
        let mark = model.marks[firstIndex]
        var top: [CGPoint] = [], bottom: [CGPoint] = []
        for index in indices {
            guard let rect = markRect(index, model.marks[index]) else { continue }
            if layout.horizontal.contains(index) {
                top.append(CGPoint(x: rect.maxX, y: rect.midY)); bottom.append(CGPoint(x: rect.minX, y: rect.midY))
            } else {
                let x = layout.xPixel(of: model.marks[index].x) ?? rect.midX
                top.append(CGPoint(x: x, y: rect.minY)); bottom.append(CGPoint(x: x, y: rect.maxY))
            }
        }
        guard top.count >= 2 else { return [] }
        let method = mark.interpolation?.kind ?? .linear
        var path = Self.curve(through: top, method: method)
        let back = Self.curve(through: Array(bottom.reversed()), method: method)
        path.addLine(to: bottom.last!)
        back.forEach { element in
            switch element {
            case .move: break
            case .line(let to): path.addLine(to: to)
            case .quadCurve(let to, let control): path.addQuadCurve(to: to, control: control)
            case .curve(let to, let c1, let c2): path.addCurve(to: to, control1: c1, control2: c2)
            case .closeSubpath: break
            }
        }
        path.closeSubpath()
        return filled(path, mark: mark)
    }

    /// The path through `points` by Swift Charts' interpolation methods: straight, steps,
    /// or a smooth cubic (monotone keeps each segment's control points within its ends'
    /// heights, so the curve never overshoots the data).
    static func curve(through points: [CGPoint], method: InterpolationMethod.Kind) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        guard points.count > 1 else { return path }
        switch method {
        case .linear:
            for point in points.dropFirst() { path.addLine(to: point) }
        case .stepStart:
            for (a, b) in zip(points, points.dropFirst()) { _ = a; path.addLine(to: CGPoint(x: a.x, y: b.y)); path.addLine(to: b) }
        case .stepEnd:
            for (a, b) in zip(points, points.dropFirst()) { path.addLine(to: CGPoint(x: b.x, y: a.y)); path.addLine(to: b) }
        case .stepCenter:
            for (a, b) in zip(points, points.dropFirst()) {
                let mid = (a.x + b.x) / 2
                path.addLine(to: CGPoint(x: mid, y: a.y)); path.addLine(to: CGPoint(x: mid, y: b.y)); path.addLine(to: b)
            }
        case .monotone, .catmullRom, .cardinal:
            let tension: CGFloat = if case .cardinal(let t) = method { CGFloat(1 - t) } else { 1 }
            for i in 0..<(points.count - 1) {
                let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[i + 1], p3 = points[min(i + 2, points.count - 1)]
                var c1 = CGPoint(x: p1.x + (p2.x - p0.x) / 6 * tension, y: p1.y + (p2.y - p0.y) / 6 * tension)
                var c2 = CGPoint(x: p2.x - (p3.x - p1.x) / 6 * tension, y: p2.y - (p3.y - p1.y) / 6 * tension)
                if method == .monotone {
                    let low = min(p1.y, p2.y), high = max(p1.y, p2.y)
                    c1.y = min(max(c1.y, low), high); c2.y = min(max(c2.y, low), high)
                    c1.x = min(max(c1.x, min(p1.x, p2.x)), max(p1.x, p2.x)); c2.x = min(max(c2.x, min(p1.x, p2.x)), max(p1.x, p2.x))
                }
                path.addCurve(to: p2, control1: c1, control2: c2)
            }
        }
        return path
    }

    // MARK: Sectors

    /// A pie or donut in the middle of the chart: each sector's angle is its share of
    /// the whole, clockwise from twelve o'clock, as Swift Charts draws them.
    func sectorViews() -> [AnyView] {
        let sectors = model.marks.enumerated().filter { $0.element.kind == .sector }
        var total = 0.0
        for (_, mark) in sectors { if case .number(let v)? = mark.angle, v.isFinite, v > 0 { total += v } }
        guard total > 0 else { return [] }
        var area = CGRect(origin: .zero, size: layout.size)
        if let legend = layout.legend {
            if legend.minY > 0 { area.size.height = max(legend.minY - ChartLayout.labelGap, 1) } else {
                area.origin.y = legend.maxY + ChartLayout.labelGap
                area.size.height = max(layout.size.height - area.minY, 1)
            }
        }
        let radius = min(area.width, area.height) / 2
        let centre = CGPoint(x: area.midX, y: area.midY)
        var angle = -Double.pi / 2
        var views: [AnyView] = []
        for (_, mark) in sectors {
            guard case .number(let value)? = mark.angle, value.isFinite, value > 0 else { continue }
            let sweep = value / total * 2 * .pi
            let outer = Self.radius(mark.outerRadius, of: radius, default: radius)
            let inner = Self.radius(mark.innerRadius, of: radius, default: 0)
            // On ink, sectors of the same pattern would merge: a gap of at least 2 points parts them.
            let inset = Double(max(mark.angularInset ?? 0, ink ? 2 : 0)) / Double(max(outer, 1))
            let start = angle + inset / 2, end = angle + sweep - inset / 2
            angle += sweep
            guard end > start else { continue }
            var path = Path()
            path.addArc(center: centre, radius: outer, startAngle: .radians(start), endAngle: .radians(end), clockwise: false)
            if inner > 0 {
                path.addArc(center: centre, radius: inner, startAngle: .radians(end), endAngle: .radians(start), clockwise: true)
            } else {
                path.addLine(to: centre)
            }
            path.closeSubpath()
            views += filled(path, mark: mark)
        }
        return views
    }

    static func radius(_ dimension: MarkDimension?, of full: CGFloat, default value: CGFloat) -> CGFloat {
        switch dimension?.kind {
        case .fixed(let points)?: min(points, full)
        case .ratio(let ratio)?: full * ratio
        case .inset(let inset)?: max(full - inset, 0)
        default: value
        }
    }
}

/// The point symbols as paths in a box.
enum SymbolPath {
    static func path(_ symbol: BasicChartSymbolShape, in rect: CGRect) -> Path {
        var path = Path()
        let c = CGPoint(x: rect.midX, y: rect.midY), r = min(rect.width, rect.height) / 2
        func polygon(_ sides: Int, rotation: Double) {
            for i in 0..<sides {
                let a = rotation + Double(i) * 2 * .pi / Double(sides)
                let p = CGPoint(x: c.x + r * CGFloat(cos(a)), y: c.y + r * CGFloat(sin(a)))
                if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
            path.closeSubpath()
        }
        switch symbol.kind {
        case .circle: path.addEllipse(in: rect)
        case .square: path.addRect(rect.insetBy(dx: r * 0.1, dy: r * 0.1))
        case .triangle: polygon(3, rotation: -.pi / 2)
        case .diamond: polygon(4, rotation: -.pi / 2)
        case .pentagon: polygon(5, rotation: -.pi / 2)
        case .plus:
            path.move(to: CGPoint(x: c.x - r, y: c.y)); path.addLine(to: CGPoint(x: c.x + r, y: c.y))
            path.move(to: CGPoint(x: c.x, y: c.y - r)); path.addLine(to: CGPoint(x: c.x, y: c.y + r))
        case .cross:
            let d = r * 0.8
            path.move(to: CGPoint(x: c.x - d, y: c.y - d)); path.addLine(to: CGPoint(x: c.x + d, y: c.y + d))
            path.move(to: CGPoint(x: c.x + d, y: c.y - d)); path.addLine(to: CGPoint(x: c.x - d, y: c.y + d))
        case .asterisk:
            for i in 0..<3 {
                let a = Double(i) * .pi / 3 - .pi / 2
                let dx = r * CGFloat(cos(a)), dy = r * CGFloat(sin(a))
                path.move(to: CGPoint(x: c.x - dx, y: c.y - dy)); path.addLine(to: CGPoint(x: c.x + dx, y: c.y + dy))
            }
        }
        return path
    }
}

private extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
