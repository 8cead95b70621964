import FoundationEssentials
import Glibc

/// A point in points, top-left origin (SwiftUI's `CGPoint`).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

/// An angle (SwiftUI's `Angle`).
public struct Angle: Hashable, Sendable, Comparable {
    public var radians: Double
    public var degrees: Double { radians * 180 / .pi }

    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }

    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
    public static let zero = Angle(radians: 0)
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
}

/// An outline made of lines and curves, in points (SwiftUI's `Path`). Shapes describe
/// themselves as paths; the renderer fills them by the non-zero winding rule or strokes
/// them.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    public init(_ rect: Rect) { addRect(rect) }

    public init(roundedRect rect: Rect, cornerRadius: Double, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: Size(width: cornerRadius, height: cornerRadius), style: style)
    }

    public init(ellipseIn rect: Rect) { addEllipse(in: rect) }

    /// Appends another path's subpaths (SwiftUI's `addPath(_:)`, without a transform).
    public mutating func addPath(_ path: Path) { elements += path.elements }

    public var isEmpty: Bool { elements.isEmpty }

    /// The last point added, where the next segment starts.
    public var currentPoint: Point? {
        var start: Point?
        var current: Point?
        for element in elements {
            switch element {
            case .move(let point): start = point; current = point
            case .line(let point), .quadCurve(let point, _), .curve(let point, _, _): current = point
            case .closeSubpath: current = start
            }
        }
        return current
    }

    public mutating func move(to point: Point) { elements.append(.move(to: point)) }

    public mutating func addLine(to point: Point) {
        if currentPoint == nil { move(to: point) } else { elements.append(.line(to: point)) }
    }

    public mutating func addQuadCurve(to point: Point, control: Point) {
        if currentPoint == nil { move(to: point) } else { elements.append(.quadCurve(to: point, control: control)) }
    }

    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        if currentPoint == nil { move(to: point) } else { elements.append(.curve(to: point, control1: control1, control2: control2)) }
    }

    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    public mutating func addLines(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { elements.append(.line(to: point)) }
    }

    public mutating func addRect(_ rect: Rect) {
        addLines([Point(x: rect.x, y: rect.y), Point(x: rect.x + rect.width, y: rect.y),
                  Point(x: rect.x + rect.width, y: rect.y + rect.height), Point(x: rect.x, y: rect.y + rect.height)])
        closeSubpath()
    }

    public mutating func addRects(_ rects: [Rect]) { rects.forEach { addRect($0) } }

    public mutating func addEllipse(in rect: Rect) {
        let centre = Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        let rx = rect.width / 2, ry = rect.height / 2
        move(to: Point(x: centre.x + rx, y: centre.y))
        appendArc(centre: centre, rx: rx, ry: ry, from: 0, to: 2 * .pi)
        closeSubpath()
    }

    public mutating func addRoundedRect(in rect: Rect, cornerSize: Size, style: RoundedCornerStyle = .continuous) {
        let rx = max(0, min(cornerSize.width, rect.width / 2)), ry = max(0, min(cornerSize.height, rect.height / 2))
        let left = rect.x, top = rect.y, right = rect.x + rect.width, bottom = rect.y + rect.height
        move(to: Point(x: left + rx, y: top))
        elements.append(.line(to: Point(x: right - rx, y: top)))
        appendArc(centre: Point(x: right - rx, y: top + ry), rx: rx, ry: ry, from: -.pi / 2, to: 0)
        elements.append(.line(to: Point(x: right, y: bottom - ry)))
        appendArc(centre: Point(x: right - rx, y: bottom - ry), rx: rx, ry: ry, from: 0, to: .pi / 2)
        elements.append(.line(to: Point(x: left + rx, y: bottom)))
        appendArc(centre: Point(x: left + rx, y: bottom - ry), rx: rx, ry: ry, from: .pi / 2, to: .pi)
        elements.append(.line(to: Point(x: left, y: top + ry)))
        appendArc(centre: Point(x: left + rx, y: top + ry), rx: rx, ry: ry, from: .pi, to: 1.5 * .pi)
        closeSubpath()
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (0 points
    /// right, angles grow clockwise on screen because y grows downwards). `clockwise`
    /// follows SwiftUI: `true` turns towards smaller angles. A line joins the current
    /// point to the arc's start.
    public mutating func addArc(center: Point, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        var start = startAngle.radians, end = endAngle.radians
        if clockwise {
            while end > start { end -= 2 * .pi }
        } else {
            while end < start { end += 2 * .pi }
        }
        let first = Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        if currentPoint == nil { move(to: first) } else { elements.append(.line(to: first)) }
        appendArc(centre: center, rx: radius, ry: radius, from: start, to: end)
    }

    /// Cubic Béziers for an elliptical arc, at most a quarter turn each.
    private mutating func appendArc(centre: Point, rx: Double, ry: Double, from start: Double, to end: Double) {
        let pieces = max(1, Int((abs(end - start) / (.pi / 2)).rounded(.up)))
        let step = (end - start) / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        for piece in 0..<pieces {
            let a = start + Double(piece) * step, b = a + step
            let p1 = Point(x: centre.x + rx * (cos(a) - k * sin(a)), y: centre.y + ry * (sin(a) + k * cos(a)))
            let p2 = Point(x: centre.x + rx * (cos(b) + k * sin(b)), y: centre.y + ry * (sin(b) - k * cos(b)))
            elements.append(.curve(to: Point(x: centre.x + rx * cos(b), y: centre.y + ry * sin(b)), control1: p1, control2: p2))
        }
    }

    /// The path moved by (`dx`, `dy`) and scaled by `scale` (points to pixels).
    public func applying(scale: Double, dx: Double, dy: Double) -> Path {
        func map(_ p: Point) -> Point { Point(x: p.x * scale + dx, y: p.y * scale + dy) }
        var copy = Path()
        copy.elements = elements.map {
            switch $0 {
            case .move(let p): .move(to: map(p))
            case .line(let p): .line(to: map(p))
            case .quadCurve(let p, let c): .quadCurve(to: map(p), control: map(c))
            case .curve(let p, let c1, let c2): .curve(to: map(p), control1: map(c1), control2: map(c2))
            case .closeSubpath: .closeSubpath
            }
        }
        return copy
    }

    /// The smallest rectangle holding every point and control point.
    public var boundingRect: Rect {
        var xs: [Double] = [], ys: [Double] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case .quadCurve(let p, let c): xs += [p.x, c.x]; ys += [p.y, c.y]
            case .curve(let p, let c1, let c2): xs += [p.x, c1.x, c2.x]; ys += [p.y, c1.y, c2.y]
            case .closeSubpath: break
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else {
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The part of the path between two fractions of its length (SwiftUI's
    /// `trimmedPath(from:to:)`), as line segments fine enough to draw at `tolerance`.
    public func trimmedPath(from start: Double, to end: Double, tolerance: Double = 0.25) -> Path {
        let from = min(1, max(0, start)), to = min(1, max(0, end))
        guard from < to else { return Path() }
        let polylines = flattened(tolerance: tolerance)
        let total = polylines.reduce(0) { $0 + $1.length }
        guard total > 0 else { return Path() }
        let first = from * total, last = to * total
        var result = Path()
        var travelled = 0.0
        for line in polylines {
            var open = false
            for (a, b) in zip(line.points, line.points.dropFirst()) {
                let length = hypot(b.x - a.x, b.y - a.y)
                defer { travelled += length }
                let segmentStart = travelled, segmentEnd = travelled + length
                guard segmentEnd > first, segmentStart < last, length > 0 else { open = false; continue }
                func at(_ distance: Double) -> Point {
                    let t = (distance - segmentStart) / length
                    return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if !open {
                    result.move(to: at(max(first, segmentStart)))
                    open = true
                }
                result.elements.append(.line(to: at(min(last, segmentEnd))))
            }
        }
        return result
    }

    /// The path as polylines: curves cut into segments no further than about
    /// `tolerance` from the curve.
    public func flattened(tolerance: Double) -> [Polyline] {
        var lines: [Polyline] = []
        var current: [Point] = []
        var start = Point.zero
        func finish(closed: Bool) {
            if current.count >= 2 || (closed && current.count >= 1) { lines.append(Polyline(points: current, closed: closed)) }
            current = []
        }
        func pieces(_ controlLength: Double) -> Int { max(1, min(256, Int((controlLength / max(0.01, tolerance * 8)).squareRoot() * 2) + 1)) }
        for element in elements {
            switch element {
            case .move(let point):
                finish(closed: false)
                start = point
                current = [point]
            case .line(let point):
                if current.isEmpty { current = [start] }
                current.append(point)
            case .quadCurve(let point, let control):
                let p0 = current.last ?? start
                if current.isEmpty { current = [p0] }
                let n = pieces(hypot(control.x - p0.x, control.y - p0.y) + hypot(point.x - control.x, point.y - control.y))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(Point(x: u * u * p0.x + 2 * u * t * control.x + t * t * point.x,
                                         y: u * u * p0.y + 2 * u * t * control.y + t * t * point.y))
                }
            case .curve(let point, let c1, let c2):
                let p0 = current.last ?? start
                if current.isEmpty { current = [p0] }
                let n = pieces(hypot(c1.x - p0.x, c1.y - p0.y) + hypot(c2.x - c1.x, c2.y - c1.y) + hypot(point.x - c2.x, point.y - c2.y))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(Point(x: a * p0.x + b * c1.x + c * c2.x + d * point.x,
                                         y: a * p0.y + b * c1.y + c * c2.y + d * point.y))
                }
            case .closeSubpath:
                if current.count >= 2, current.last != current.first, let first = current.first { current.append(first) }
                finish(closed: true)
                current = []
            }
        }
        finish(closed: false)
        return lines
    }

    /// Points joined by straight segments; `closed` when the last joins the first.
    public struct Polyline: Sendable {
        public var points: [Point]
        public var closed: Bool

        package init(points: [Point], closed: Bool) {
            self.points = points
            self.closed = closed
        }

        public var length: Double {
            zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        }
    }
}
