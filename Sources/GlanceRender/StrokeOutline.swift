import GlanceUI
import Glibc

/// A stroke as polygons to fill: one quadrilateral per segment, the joins and caps its
/// style asks for, all wound the same way so that filling them by the non-zero rule
/// draws their union.
struct StrokeOutline {
    typealias Polygon = [(x: Double, y: Double)]

    /// `polylines` and `style.lineWidth` in pixels.
    static func polygons(_ polylines: [Path.Polyline], style: StrokeStyle, width: Double) -> [Polygon] {
        guard width > 0 else { return [] }
        let half = width / 2
        var polygons: [Polygon] = []
        for line in dashed(polylines, style: style, scale: width / max(style.lineWidth, 1e-9)) {
            var points = line.points
            // Repeated points would have no direction.
            points = points.enumerated().filter { $0.offset == 0 || $0.element != points[$0.offset - 1] }.map(\.element)
            guard points.count >= 2 else {
                if let only = points.first, style.lineCap == .round { polygons.append(circle(only, half)) }
                continue
            }
            if !line.closed {
                switch style.lineCap {
                case .butt: break
                case .round:
                    polygons.append(circle(points[0], half))
                    polygons.append(circle(points[points.count - 1], half))
                case .square:
                    points[0] = extend(points[0], away: points[1], by: half)
                    points[points.count - 1] = extend(points[points.count - 1], away: points[points.count - 2], by: half)
                }
            }
            for (a, b) in zip(points, points.dropFirst()) {
                let (nx, ny) = normal(a, b, half)
                polygons.append([(a.x + nx, a.y + ny), (b.x + nx, b.y + ny), (b.x - nx, b.y - ny), (a.x - nx, a.y - ny)])
            }
            // Joins at every inner vertex, and where a closed line meets its start.
            var vertices = Array(1..<(points.count - 1))
            if line.closed && points.count >= 3 { vertices.append(0) }
            for index in vertices {
                let previous = index == 0 ? points[points.count - 2] : points[index - 1]
                let vertex = points[index], next = points[index + 1]
                polygons.append(contentsOf: join(previous, vertex, next, half, style))
            }
        }
        return polygons.map(oriented)
    }

    private static func join(_ a: Point, _ v: Point, _ b: Point, _ half: Double, _ style: StrokeStyle) -> [Polygon] {
        if style.lineJoin == .round { return [circle(v, half)] }
        let n1 = normal(a, v, half), n2 = normal(v, b, half)
        // The outer side is where the turn opens; cover both sides, the inner is inside anyway.
        var pieces: [Polygon] = [[(v.x, v.y), (v.x + n1.x, v.y + n1.y), (v.x + n2.x, v.y + n2.y)],
                                 [(v.x, v.y), (v.x - n1.x, v.y - n1.y), (v.x - n2.x, v.y - n2.y)]]
        guard style.lineJoin == .miter else { return pieces }
        // Miter: extend both edges to where they meet, if that is within the limit.
        for sign in [1.0, -1.0] {
            let p1 = (x: v.x + sign * n1.x, y: v.y + sign * n1.y), p2 = (x: v.x + sign * n2.x, y: v.y + sign * n2.y)
            let d1 = (x: v.x - a.x, y: v.y - a.y), d2 = (x: b.x - v.x, y: b.y - v.y)
            let cross = d1.x * d2.y - d1.y * d2.x
            guard abs(cross) > 1e-9 else { continue }
            let t = ((p2.x - p1.x) * d2.y - (p2.y - p1.y) * d2.x) / cross
            let tip = (x: p1.x + t * d1.x, y: p1.y + t * d1.y)
            guard hypot(tip.x - v.x, tip.y - v.y) <= style.miterLimit * half else { continue }
            pieces.append([(v.x, v.y), p1, tip, p2])
        }
        return pieces
    }

    /// Cuts polylines into dashes; `scale` turns the style's points into pixels.
    private static func dashed(_ polylines: [Path.Polyline], style: StrokeStyle, scale: Double) -> [Path.Polyline] {
        let pattern = style.dash.map { max(0, $0 * scale) }
        guard !pattern.isEmpty, pattern.reduce(0, +) > 0 else { return polylines }
        var result: [Path.Polyline] = []
        for line in polylines {
            var points = line.points
            if line.closed, let first = points.first, points.last != first { points.append(first) }
            var index = 0
            var left = pattern[0]
            var on = true
            // The phase moves the pattern's start along the line.
            var phase = style.dashPhase * scale
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
            var current: [Point] = on ? [points[0]] : []
            for (a, b) in zip(points, points.dropFirst()) {
                var position = a
                var remaining = hypot(b.x - a.x, b.y - a.y)
                let length = remaining
                guard length > 0 else { continue }
                while remaining > 0 {
                    let step = min(remaining, left)
                    let t = step / length
                    position = Point(x: position.x + (b.x - a.x) * t, y: position.y + (b.y - a.y) * t)
                    remaining -= step
                    left -= step
                    if on { current.append(position) }
                    if left <= 1e-9 {
                        if on, current.count >= 2 { result.append(Path.Polyline(points: current, closed: false)) }
                        index = (index + 1) % pattern.count
                        left = pattern[index]
                        on.toggle()
                        current = on ? [position] : []
                    }
                }
            }
            if on, current.count >= 2 { result.append(Path.Polyline(points: current, closed: false)) }
        }
        return result
    }

    private static func normal(_ a: Point, _ b: Point, _ half: Double) -> (x: Double, y: Double) {
        let length = hypot(b.x - a.x, b.y - a.y)
        guard length > 0 else { return (0, 0) }
        return (-(b.y - a.y) / length * half, (b.x - a.x) / length * half)
    }

    private static func extend(_ point: Point, away from: Point, by amount: Double) -> Point {
        let length = hypot(point.x - from.x, point.y - from.y)
        guard length > 0 else { return point }
        return Point(x: point.x + (point.x - from.x) / length * amount, y: point.y + (point.y - from.y) / length * amount)
    }

    private static func circle(_ centre: Point, _ radius: Double) -> Polygon {
        let steps = max(8, min(64, Int(radius * 2)))
        return (0..<steps).map {
            let angle = Double($0) / Double(steps) * 2 * .pi
            return (centre.x + radius * cos(angle), centre.y + radius * sin(angle))
        }
    }

    /// The polygon wound clockwise on screen (positive signed area with y down).
    private static func oriented(_ polygon: Polygon) -> Polygon {
        var area = 0.0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? polygon.reversed() : polygon
    }
}
