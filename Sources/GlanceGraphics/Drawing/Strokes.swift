import Glibc

/// How a line is stroked, in pixels: SwiftUI's `StrokeStyle` without its points.
public struct StrokeGeometry: Sendable, Equatable {
    public enum Cap: Sendable { case butt, round, square }
    public enum Join: Sendable { case miter, round, bevel }

    public var width: Double
    public var cap: Cap
    public var join: Join
    /// The longest miter, in line widths, before a join is bevelled.
    public var miterLimit: Double
    /// Dash and gap lengths in pixels, alternating; empty for a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the line starts, in pixels.
    public var dashPhase: Double

    public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// A stroke's coverage, drawn segment by segment: never as a polygon of its outline, so a
/// 500-point line costs what its pixels cost.
///
/// Each pixel's coverage is the area of the pixel the stroke covers, worked out from the
/// area a straight edge cuts from a square (exact for a straight stretch; corners, where
/// two edges cross one pixel, as the product of the two):
/// - with round joins and round caps (a chart's line), the stroke is the union of one
///   capsule a segment, and a pixel takes the largest coverage any capsule gives it;
/// - otherwise each segment is a piece of the stroke cut where it meets the next along the
///   bisector of their directions (a miter), bevelled where the join is `.bevel`, `.round`
///   or a miter longer than the limit, ended as its cap says; the pieces tile the stroke,
///   so their coverages add; round joins and caps are discs over them.
/// Dashes are cut while walking the line, into one reused buffer.
public struct StrokeCoverage {
    /// Coverage 0–255 for each pixel of `bounds`, row by row.
    public private(set) var mask: [UInt8]
    public let bounds: PixelRect
    /// The columns of each row of `bounds` that were drawn in (the rest are 0).
    public private(set) var rowExtents: [Canvas.MaskRowExtent] = []

    /// Strokes `polylines` (pixel coordinates; `closed` joins the last point to the first)
    /// with `style`, inside `clip`.
    public init(_ polylines: [(points: [(x: Double, y: Double)], closed: Bool)], style: StrokeGeometry, clip: PixelRect) {
        let half = style.width / 2
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for line in polylines {
            for point in line.points where point.x.isFinite && point.y.isFinite {
                minX = min(minX, point.x); maxX = max(maxX, point.x)
                minY = min(minY, point.y); maxY = max(maxY, point.y)
            }
        }
        // A miter reaches at most miterLimit half-widths from its vertex; a square cap √2.
        let reach = half * max(style.join == .miter ? max(style.miterLimit, 1.5) : 1.5, 1.5) + 1
        guard half > 0, minX <= maxX, minY <= maxY else {
            mask = []
            bounds = PixelRect(x: clip.x, y: clip.y, width: 0, height: 0)
            return
        }
        let area = PixelRect(x: pixel((minX - reach).rounded(.down)), y: pixel((minY - reach).rounded(.down)),
                             width: pixel((maxX + reach).rounded(.up)) - pixel((minX - reach).rounded(.down)) + 1,
                             height: pixel((maxY + reach).rounded(.up)) - pixel((minY - reach).rounded(.down)) + 1).intersection(clip)
        bounds = area
        mask = []
        guard !area.isEmpty else { return }
        var raster = StrokeRaster(area: area, style: style)
        var dash: [(x: Double, y: Double)] = []
        for line in polylines {
            var points = line.points.filter { $0.x.isFinite && $0.y.isFinite }
            // Repeated points have no direction.
            var kept = 0
            for index in points.indices where index == 0 || points[index] != points[kept - 1] {
                points[kept] = points[index]
                kept += 1
            }
            points.removeLast(points.count - kept)
            var closed = line.closed
            if closed, points.count >= 2, points[0] == points[points.count - 1] { points.removeLast() }
            if closed && points.count < 3 { closed = false }
            if style.dash.isEmpty || style.dash.reduce(0, +) <= 0 {
                raster.stroke(points, closed: closed)
            } else {
                raster.dashed(points, closed: closed, into: &dash)
            }
        }
        raster.finish()
        mask = raster.coverage
        rowExtents = raster.extents
    }
}

extension Canvas {
    /// Strokes `polylines` (pixel coordinates) with `color`.
    public mutating func strokePolylines(_ polylines: [(points: [(x: Double, y: Double)], closed: Bool)], style: StrokeGeometry, _ color: RGBA, tonal: Bool = false) {
        draw(StrokeCoverage(polylines, style: style, clip: clip), color, tonal: tonal)
    }

    /// Draws a stroke's coverage (worked out now or kept from before) with `color`.
    public mutating func draw(_ coverage: StrokeCoverage, _ color: RGBA, tonal: Bool = false) {
        drawMask(coverage.mask, width: coverage.bounds.width, height: coverage.bounds.height,
                 atX: coverage.bounds.x, y: coverage.bounds.y, color, tonal: tonal, rowExtents: coverage.rowExtents)
    }
}

/// A whole coordinate as a pixel index, kept within a billion either way: a point far off
/// the canvas (a chart's value scaled by a widget) bounds no loop and traps no conversion.
@inline(__always)
func pixel(_ coordinate: Double) -> Int { Int(max(-1e9, min(1e9, coordinate))) }

/// `pixel(coordinate.rounded(.down))` without a call into the C library.
@inline(__always)
func floorPixel(_ coordinate: Double) -> Int {
    let clamped = max(-1e9, min(1e9, coordinate))
    let whole = Int(clamped)
    return Double(whole) > clamped ? whole - 1 : whole
}

/// The area of a unit pixel on the near side of a straight edge: the part where
/// `n·(p − centre) ≤ t`, for a unit normal n whose larger component (absolute) is `a` and
/// smaller `b`.
@inline(__always)
func edgeArea(_ t: Double, _ a: Double, _ b: Double) -> Double {
    let outer = (a + b) * 0.5
    if t <= -outer { return 0 }
    if t >= outer { return 1 }
    let inner = (a - b) * 0.5
    if t < -inner {
        let u = t + outer
        return u * u / (2 * a * b)
    }
    if t > inner {
        let u = outer - t
        return 1 - u * u / (2 * a * b)
    }
    return 0.5 + t / a
}

/// A unit direction, with what `edgeArea` works out from its components kept.
struct EdgeDirection {
    let x, y: Double
    /// The larger and smaller of |x| and |y|.
    let a, b: Double
    /// Half the sum of |x| and |y|: how far an edge's area reaches from a pixel's centre.
    let outer: Double
    private let inner, inverseA, inverseTwoAB: Double

    init(_ x: Double, _ y: Double) {
        let length = (x * x + y * y).squareRoot()
        self.x = length > 0 ? x / length : 1
        self.y = length > 0 ? y / length : 0
        a = max(abs(self.x), abs(self.y))
        b = min(abs(self.x), abs(self.y))
        outer = (a + b) * 0.5
        inner = (a - b) * 0.5
        inverseA = 1 / a
        inverseTwoAB = b > 0 ? 1 / (2 * a * b) : 0
    }

    /// `edgeArea(t, a, b)`, without its divisions.
    @inline(__always)
    func covered(_ t: Double) -> Double {
        if t <= -outer { return 0 }
        if t >= outer { return 1 }
        if t < -inner {
            let u = t + outer
            return u * u * inverseTwoAB
        }
        if t > inner {
            let u = outer - t
            return 1 - u * u * inverseTwoAB
        }
        return 0.5 + t * inverseA
    }

    /// The area of a pixel centred at (`cx`, `cy`) where `self·(p − origin) ≤ limit`.
    @inline(__always)
    func area(_ cx: Double, _ cy: Double, origin: (x: Double, y: Double), limit: Double) -> Double {
        covered(limit - (x * (cx - origin.x) + y * (cy - origin.y)))
    }

    /// The area of a pixel whose centre is `side` along this direction from a band's middle
    /// line, inside the band `half` either side of it.
    @inline(__always)
    func band(_ side: Double, half: Double) -> Double {
        covered(half - side) - covered(-half - side)
    }
}

/// The coverage buffer a stroke is drawn into, and the pieces it is drawn with.
struct StrokeRaster {
    let area: PixelRect
    let style: StrokeGeometry
    let half: Double
    /// Capsules, whose coverages combine by the largest (round joins and caps).
    let capsules: Bool
    /// Coverage so far, 0–255: capsules' largest, or pieces' sum (kept to 255).
    var coverage: [UInt8]
    /// The columns of each row drawn in so far.
    var extents: [Canvas.MaskRowExtent]
    /// Discs (round joins and caps over pieces), combined by the largest after the pieces.
    var discs: [(x: Double, y: Double)] = []
    /// A row's worth of factors, reused.
    var scratch: [Double] = []

    init(area: PixelRect, style: StrokeGeometry) {
        self.area = area
        self.style = style
        half = style.width / 2
        capsules = style.join == .round && style.cap == .round
        coverage = [UInt8](repeating: 0, count: area.width * area.height)
        extents = [Canvas.MaskRowExtent](repeating: Canvas.MaskRowExtent(start: Int32(area.width), end: 0), count: area.height)
    }

    /// Notes that `columns` of `rows` (canvas pixels) are drawn in.
    private mutating func touch(_ columns: Range<Int>, _ rows: Range<Int>) {
        let start = Int32(columns.lowerBound - area.x), end = Int32(columns.upperBound - area.x)
        for row in rows {
            let index = row - area.y
            if start < extents[index].start { extents[index].start = start }
            if end > extents[index].end { extents[index].end = end }
        }
    }

    /// The pixels of `area` within the box of `points` grown by `grow`.
    private func box(_ xs: (Double, Double), _ ys: (Double, Double), grow: Double) -> (x: Range<Int>, y: Range<Int>)? {
        let x0 = max(area.x, pixel((min(xs.0, xs.1) - grow).rounded(.down))), x1 = min(area.maxX, pixel((max(xs.0, xs.1) + grow).rounded(.up)) + 1)
        let y0 = max(area.y, pixel((min(ys.0, ys.1) - grow).rounded(.down))), y1 = min(area.maxY, pixel((max(ys.0, ys.1) + grow).rounded(.up)) + 1)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// One solid polyline (no repeated points).
    mutating func stroke(_ points: [(x: Double, y: Double)], closed: Bool) {
        guard let first = points.first else { return }
        guard points.count >= 2 else {
            // A single point shows only as a round or square cap.
            switch style.cap {
            case .round: capsule(first, first)
            case .square: piece((first.x - 1e-9, first.y), first, start: nil, end: nil)
            case .butt: break
            }
            return
        }
        if capsules {
            for index in 0..<(points.count - 1) { capsule(points[index], points[index + 1]) }
            if closed { capsule(points[points.count - 1], points[0]) }
            return
        }
        let count = points.count
        let segments = closed ? count : count - 1
        for index in 0..<segments {
            let a = points[index], b = points[(index + 1) % count]
            // Where the piece starts and ends: where it meets its neighbours, or the line's cap.
            let previous: (x: Double, y: Double)? = index > 0 ? points[index - 1] : closed ? points[count - 1] : nil
            let next: (x: Double, y: Double)? = index + 1 < count - 1 ? points[index + 2] : closed ? points[(index + 2) % count] : nil
            piece(a, b, start: previous.map { meeting(at: a, from: $0, to: b) }, end: next.map { meeting(at: b, from: a, to: $0) })
            if style.join == .round, next != nil { discs.append(b) }
        }
        if !closed && style.cap == .round {
            discs.append(points[0])
            discs.append(points[count - 1])
        }
    }

    /// Where two pieces meet at a vertex: along the bisector of their directions (the one
    /// before keeps the side the bisector points away from), with the join's bevel (its
    /// outward direction and distance from the vertex); `reach`, how far the join goes from
    /// the vertex. A line that turns straight back meets itself square across.
    struct Meeting {
        var bisector: EdgeDirection?
        var bevel: (EdgeDirection, Double)?
        var reach: Double
    }

    private func meeting(at vertex: (x: Double, y: Double), from: (x: Double, y: Double), to: (x: Double, y: Double)) -> Meeting {
        let d1 = EdgeDirection(vertex.x - from.x, vertex.y - from.y), d2 = EdgeDirection(to.x - vertex.x, to.y - vertex.y)
        let sum = (x: d1.x + d2.x, y: d1.y + d2.y)
        guard sum.x * sum.x + sum.y * sum.y > 1e-12 else { return Meeting(bisector: nil, bevel: nil, reach: half) }
        let bisector = EdgeDirection(sum.x, sum.y)
        let cross = d1.x * d2.y - d1.y * d2.x
        guard abs(cross) > 1e-9 else { return Meeting(bisector: bisector, bevel: nil, reach: half) }
        // The normals' bisector, pointing out of the turn on the side where it opens.
        let n1 = (x: -d1.y, y: d1.x), n2 = (x: -d2.y, y: d2.x)
        let sign: Double = cross > 0 ? -1 : 1
        let outward = EdgeDirection(sign * (n1.x + n2.x), sign * (n1.y + n2.y))
        // The cosine of half the angle between the normals: the miter is half over it long.
        let cosine = abs(n1.x * outward.x + n1.y * outward.y)
        if style.join == .miter, cosine > 0, 1 / cosine <= style.miterLimit {
            return Meeting(bisector: bisector, bevel: nil, reach: half / cosine)
        }
        return Meeting(bisector: bisector, bevel: (outward, half * cosine), reach: half)
    }

    /// A segment's piece: the band `half` either side of a→b, cut where it meets its
    /// neighbours (nil: the line's end, as its cap says).
    private mutating func piece(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), start: Meeting?, end: Meeting?) {
        let along = EdgeDirection(b.x - a.x, b.y - a.y)
        let normal = EdgeDirection(-along.y, along.x)
        // Caps: butt and round end at the point, square half a width beyond it.
        let capExtent = style.cap == .square ? half : 0
        // Each meeting unwrapped once.
        let capped = Meeting(bisector: nil, bevel: nil, reach: half * 1.5)
        let startMeeting = start ?? capped, endMeeting = end ?? capped
        let reach = max(startMeeting.reach, endMeeting.reach) + 1
        guard let (columns, rows) = box((a.x, b.x), (a.y, b.y), grow: reach) else { return }
        let startBisector = startMeeting.bisector, endBisector = endMeeting.bisector
        let startExtent = start == nil ? capExtent : 0, endExtent = end == nil ? capExtent : 0
        let startBevel = startMeeting.bevel, endBevel = endMeeting.bevel
        touch(columns, rows)
        let width = area.width, left = area.x, top = area.y
        // Level or upright, cut square at both ends.
        func square(_ cut: EdgeDirection?) -> Bool { cut.map { abs($0.x * along.y - $0.y * along.x) < 1e-12 } ?? true }
        if along.b == 0, startBevel == nil, endBevel == nil, square(startBisector), square(endBisector) {
            squarePiece(a, b, along: along, normal: normal, columns: columns, rows: rows, startCut: startBisector ?? along,
                        endCut: endBisector ?? along, startExtent: startExtent, endExtent: endExtent)
            return
        }
        // Plain values for the loop (no optionals unwrapped a pixel).
        let startCut = startBisector ?? along, endCut = endBisector ?? along
        let startBevelled = startBevel != nil, endBevelled = endBevel != nil
        let startOutward = startBevel?.0 ?? along, startDistance = startBevel?.1 ?? 0
        let endOutward = endBevel?.0 ?? along, endDistance = endBevel?.1 ?? 0
        coverage.withUnsafeMutableBufferPointer { coverage in
            for py in rows {
                let cy = Double(py) + 0.5
                for px in columns {
                    let cx = Double(px) + 0.5
                    let side = normal.x * (cx - a.x) + normal.y * (cy - a.y)
                    var value = normal.band(side, half: half)
                    guard value > 0 else { continue }
                    value *= 1 - startCut.area(cx, cy, origin: a, limit: -startExtent)
                    value *= endCut.area(cx, cy, origin: b, limit: endExtent)
                    if startBevelled { value *= startOutward.area(cx, cy, origin: a, limit: startDistance) }
                    if endBevelled { value *= endOutward.area(cx, cy, origin: b, limit: endDistance) }
                    guard value > 0 else { continue }
                    let index = (py - top) * width + px - left
                    coverage[index] = UInt8(min(255, Int(coverage[index]) + Int(value * 255 + 0.5)))
                }
            }
        }
    }

    /// A level or upright piece cut square at both ends (a grid line, an axis, a dash of
    /// one), in `columns` × `rows` (already touched): the coverage is the band's across
    /// times the ends' along, each worked out once a row and once a column.
    private mutating func squarePiece(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), along: EdgeDirection, normal: EdgeDirection,
                                      columns: Range<Int>, rows: Range<Int>, startCut: EdgeDirection, endCut: EdgeDirection,
                                      startExtent: Double, endExtent: Double) {
        let width = area.width, left = area.x, top = area.y, half = self.half
        let level = along.a == abs(along.x)
        @inline(__always) func alongFactor(_ c: Double) -> Double {
            Self.squareAlong(c, level: level, a, b, startCut: startCut, endCut: endCut, startExtent: startExtent, endExtent: endExtent)
        }
        @inline(__always) func acrossFactor(_ c: Double) -> Double { Self.squareAcross(c, level: level, a, normal: normal, half: half) }
        scratch.removeAll(keepingCapacity: true)
        for px in columns { scratch.append(level ? alongFactor(Double(px) + 0.5) : acrossFactor(Double(px) + 0.5)) }
        let columnFactors = scratch
        coverage.withUnsafeMutableBufferPointer { coverage in
            columnFactors.withUnsafeBufferPointer { columnFactors in
                for py in rows {
                    let cy = Double(py) + 0.5
                    let rowFactor = level ? acrossFactor(cy) : alongFactor(cy)
                    guard rowFactor > 0 else { continue }
                    let rowStart = (py - top) * width - left
                    var offset = 0
                    for px in columns {
                        let value = rowFactor * columnFactors[offset]
                        offset &+= 1
                        guard value > 0 else { continue }
                        coverage[rowStart + px] = UInt8(min(255, Int(coverage[rowStart + px]) + Int(value * 255 + 0.5)))
                    }
                }
            }
        }
    }

    /// A level or upright piece's coverage along it at `c` (a column's centre for a level
    /// one, a row's for an upright one): inside the start's cut and the end's.
    @inline(__always)
    static func squareAlong(_ c: Double, level: Bool, _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), startCut: EdgeDirection,
                            endCut: EdgeDirection, startExtent: Double, endExtent: Double) -> Double {
        let (cx, cy) = level ? (c, a.y) : (a.x, c)
        return (1 - startCut.area(cx, cy, origin: a, limit: -startExtent)) * endCut.area(cx, cy, origin: b, limit: endExtent)
    }

    /// Its coverage across at `c` (a row's centre for a level piece): the band `half`
    /// either side of its line.
    @inline(__always)
    static func squareAcross(_ c: Double, level: Bool, _ a: (x: Double, y: Double), normal: EdgeDirection, half: Double) -> Double {
        normal.band(level ? normal.y * (c - a.y) : normal.x * (c - a.x), half: half)
    }

    /// A level or upright line whose dashes are cut square (butt or square caps), what its
    /// dashes share worked out once: its directions, and the band's factor for each
    /// position across it (the rows of a level line) that it covers at all.
    struct SquareLine {
        let along: EdgeDirection, normal: EdgeDirection
        let level: Bool
        let extent: Double
        /// Positions across the line (canvas rows of a level line, columns of an upright
        /// one) and the band's coverage of each, where it is above 0.
        var across: [(position: Int, factor: Double)] = []
        /// The line's box along it (columns of a level line), nil when it is off the area.
        var alongRange: Range<Int>?
    }

    /// `SquareLine` for the segment a→b, its box touched; nil unless it is level or
    /// upright and the caps are butt or square.
    mutating func squareLine(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> SquareLine? {
        guard style.cap != .round, a.x == b.x || a.y == b.y else { return nil }
        let along = EdgeDirection(b.x - a.x, b.y - a.y)
        let normal = EdgeDirection(-along.y, along.x)
        let level = along.a == abs(along.x)
        var line = SquareLine(along: along, normal: normal, level: level, extent: style.cap == .square ? half : 0)
        // A dash's piece's box (grown as a capped piece's is) lies inside the line's.
        guard let (columns, rows) = box((a.x, b.x), (a.y, b.y), grow: half * 1.5 + 1) else { return line }
        touch(columns, rows)
        line.alongRange = level ? columns : rows
        for position in level ? rows : columns {
            let factor = Self.squareAcross(Double(position) + 0.5, level: level, a, normal: normal, half: half)
            if factor > 0 { line.across.append((position, factor)) }
        }
        return line
    }

    /// One dash a→b of `line`: `squarePiece`'s coverage (the same factors, multiplied and
    /// rounded alike), over only the positions along it its ends can cover.
    mutating func squareDash(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), line: SquareLine) {
        guard let alongRange = line.alongRange, !line.across.isEmpty else { return }
        let level = line.level, along = line.along, extent = line.extent
        // A pixel is covered where it overlaps the dash grown by its caps' extent.
        let low = level ? min(a.x, b.x) : min(a.y, b.y), high = level ? max(a.x, b.x) : max(a.y, b.y)
        let first = max(alongRange.lowerBound, floorPixel(low - extent) - 1)
        let end = min(alongRange.upperBound, 1 - floorPixel(-(high + extent)))
        guard first < end else { return }
        let width = area.width, left = area.x, top = area.y
        let across = line.across
        coverage.withUnsafeMutableBufferPointer { coverage in
            for position in first..<end {
                let factor = Self.squareAlong(Double(position) + 0.5, level: level, a, b, startCut: along, endCut: along,
                                              startExtent: extent, endExtent: extent)
                guard factor > 0 else { continue }
                for (other, acrossFactor) in across {
                    let value = acrossFactor * factor
                    guard value > 0 else { continue }
                    let index = level ? (other - top) * width + position - left : (position - top) * width + other - left
                    coverage[index] = UInt8(min(255, Int(coverage[index]) + Int(value * 255 + 0.5)))
                }
            }
        }
    }

    /// The capsule around a→b: every pixel's coverage by its distance to the segment,
    /// across the band where the segment is nearest, as a disc beyond its ends.
    private mutating func capsule(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) {
        // A pixel is touched when its centre is within half + √½ of the segment.
        let reach = half + 0.7072
        guard let (columns, rows) = box((a.x, b.x), (a.y, b.y), grow: reach) else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let inverseLengthSquared = lengthSquared > 0 ? 1 / lengthSquared : 0
        let band = EdgeDirection(-dy, dx)
        // The band's middle line's columns a row: its side is band.x·(cx − a.x) + the
        // row's part; 0 for a level segment (its rows are all in or all out).
        let acrossBand = band.x != 0 ? 1 / band.x : 0
        // The part of the segment a row's reach spans, found by a product (its ends are
        // only a bound: the columns beyond it are looked at and found empty).
        let inverseDY = dy != 0 ? 1 / dy : 0
        let reachSquared = reach * reach
        // Within this of the middle line a pixel lies wholly inside the band: neither
        // edge's area reaches it (`EdgeDirection.covered` is 1 from `outer` on).
        let solid = half - band.outer
        let width = area.width, left = area.x, top = area.y, half = self.half
        // The buffers once for the capsule, not once a row (a steep segment of a chart's
        // line is a few pixels a row over many rows).
        coverage.withUnsafeMutableBufferPointer { coverage in
        extents.withUnsafeMutableBufferPointer { extents in
            for py in rows {
                let cy = Double(py) + 0.5
                // The columns this row can touch: the segment's part within reach of the row's
                // centre line, widened by the reach.
                var low = 0.0, high = 1.0
                if dy != 0 {
                    let t0 = (cy - reach - a.y) * inverseDY, t1 = (cy + reach - a.y) * inverseDY
                    low = max(0, min(t0, t1))
                    high = min(1, max(t0, t1))
                    if low > high { continue }
                } else if abs(cy - a.y) > reach {
                    continue
                }
                let xa = a.x + dx * low, xb = a.x + dx * high
                // Narrowed to the columns whose centres lie within the reach of the band's
                // middle line or of an end: no pixel outside them is covered at all (the
                // band covers a pixel only within half + √½ of its middle, a disc within
                // half + √½ of its centre).
                var near = (low: Double.infinity, high: -Double.infinity)
                let rowSide = band.y * (cy - a.y)
                if acrossBand != 0 {
                    let one = (-reach - rowSide) * acrossBand, other = (reach - rowSide) * acrossBand
                    near = (a.x + min(one, other), a.x + max(one, other))
                } else if abs(rowSide) < reach {
                    near = (-Double.infinity, Double.infinity)
                }
                let offsetA = cy - a.y, offsetB = cy - b.y
                if offsetA * offsetA < reachSquared {
                    let across = (reachSquared - offsetA * offsetA).squareRoot()
                    near = (min(near.low, a.x - across), max(near.high, a.x + across))
                }
                if offsetB * offsetB < reachSquared {
                    let across = (reachSquared - offsetB * offsetB).squareRoot()
                    near = (min(near.low, b.x - across), max(near.high, b.x + across))
                }
                // A pixel counts when its centre (px + 0.5) lies within both.
                let first = max(columns.lowerBound, floorPixel(min(xa, xb) - reach), floorPixel(near.low - 0.5))
                let last = min(columns.upperBound, 1 - floorPixel(-(max(xa, xb) + reach)), floorPixel(near.high - 0.5) + 1)
                guard first < last else { continue }
                // What `touch` notes, for this row.
                let extent = py &- top
                let start = Int32(first &- left), end = Int32(last &- left)
                if start < extents[extent].start { extents[extent].start = start }
                if end > extents[extent].end { extents[extent].end = end }
                let rowStart = (py - top) * width - left
                for px in first..<last {
                    let cx = Double(px) + 0.5
                    let t = ((cx - a.x) * dx + (cy - a.y) * dy) * inverseLengthSquared
                    let value: Double
                    if t > 0 && t < 1 {
                        // Beside the segment: the band's edges cut the pixel.
                        let side = band.x * (cx - a.x) + band.y * (cy - a.y)
                        if abs(side) <= solid {
                            // Neither edge reaches the pixel: wholly covered (`band` gives 1).
                            coverage[rowStart + px] = 255
                            continue
                        }
                        if abs(side) >= reach { continue }
                        value = band.band(side, half: half)
                    } else {
                        // Beyond an end: the disc's edge, as a straight edge across the pixel.
                        let end = t <= 0 ? a : b
                        guard let disc = Self.discArea(cx - end.x, cy - end.y, half: half) else { continue }
                        value = disc
                    }
                    guard value > 0 else { continue }
                    let level = UInt8(min(1, value) * 255 + 0.5)
                    let index = rowStart + px
                    if level > coverage[index] { coverage[index] = level }
                }
            }
        }
        }
    }

    /// The dashes of a polyline, each stroked as a polyline of its own, cut into `buffer`.
    mutating func dashed(_ points: [(x: Double, y: Double)], closed: Bool, into buffer: inout [(x: Double, y: Double)]) {
        var points = points
        if closed, let first = points.first { points.append(first) }
        guard points.count >= 2 else { return }
        let pattern = style.dash.map { max(0, $0) }
        var index = 0
        var left = pattern[0]
        var on = true
        // The phase moves the pattern's start along the line.
        var phase = style.dashPhase.truncatingRemainder(dividingBy: pattern.reduce(0, +))
        if phase < 0 { phase += pattern.reduce(0, +) }
        while phase > 0 {
            let step = min(phase, left)
            phase -= step
            left -= step
            if left <= 0 {
                index = (index + 1) % pattern.count
                left = pattern[index]
                on.toggle()
            }
        }
        // One level or upright segment cut square (a chart's dotted grid line): what its
        // dashes share is worked out once.
        let shared = points.count == 2 ? squareLine(points[0], points[1]) : nil
        func dash(_ buffer: [(x: Double, y: Double)]) {
            if let shared, buffer.count == 2 {
                squareDash(buffer[0], buffer[1], line: shared)
            } else {
                stroke(buffer, closed: false)
            }
        }
        buffer.removeAll(keepingCapacity: true)
        if on { buffer.append(points[0]) }
        for segment in 0..<(points.count - 1) {
            let a = points[segment], b = points[segment + 1]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 0 else { continue }
            var travelled = 0.0
            while travelled < length {
                let step = min(length - travelled, left)
                travelled += step
                left -= step
                let t = travelled / length
                let position = (x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                if on, buffer.last.map({ $0 != position }) ?? true { buffer.append(position) }
                if left <= 1e-9 {
                    if on { dash(buffer) }
                    index = (index + 1) % pattern.count
                    left = pattern[index]
                    on.toggle()
                    buffer.removeAll(keepingCapacity: true)
                    if on { buffer.append(position) }
                }
            }
        }
        if on, buffer.count >= 2 { dash(buffer) }
    }

    /// The area of a pixel whose centre is (`ex`, `ey`) from a disc's centre inside the disc
    /// of radius `half`, its edge taken as straight across the pixel; nil beyond its reach.
    @inline(__always)
    private static func discArea(_ ex: Double, _ ey: Double, half: Double) -> Double? {
        let squared = ex * ex + ey * ey
        let reach = half + 0.7072
        guard squared < reach * reach else { return nil }
        let distance = squared.squareRoot()
        let ax = distance > 0 ? abs(ex) / distance : 1, ay = distance > 0 ? abs(ey) / distance : 0
        let major = max(ax, ay), minor = min(ax, ay)
        return edgeArea(half - distance, major, minor) - (distance < half ? edgeArea(-half - distance, major, minor) : 0)
    }

    /// The discs over the pieces (round joins and caps): each pixel keeps the larger.
    mutating func finish() {
        let width = area.width, left = area.x, top = area.y
        for centre in discs {
            guard let (columns, rows) = box((centre.x, centre.x), (centre.y, centre.y), grow: half + 1) else { continue }
            touch(columns, rows)
            for py in rows {
                let cy = Double(py) + 0.5
                for px in columns {
                    let cx = Double(px) + 0.5
                    guard let value = Self.discArea(cx - centre.x, cy - centre.y, half: half), value > 0 else { continue }
                    let level = UInt8(min(1, value) * 255 + 0.5)
                    let index = (py - top) * width + px - left
                    if level > coverage[index] { coverage[index] = level }
                }
            }
        }
    }
}
