import Foundation

/// An angle (SwiftUI's `Angle`).
public struct Angle: Hashable, Sendable, Comparable {
    public var radians: Double
    public var degrees: Double { radians * 180 / .pi }

    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }

    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
    public static let zero = Angle(radians: 0)
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
}

/// An outline made of lines and curves, in points, top-left origin (SwiftUI's `Path`).
/// Shapes describe themselves as paths; the renderer fills them by the non-zero winding
/// rule or strokes them. A path is itself a shape: drawn where it is, whatever the
/// rectangle it is offered.
public struct Path: Hashable, Sendable {
    /// One step of an outline (SwiftUI's `Path.Element`).
    public enum Element: Hashable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    package private(set) var elements: [Element] = []

    public init() {}

    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    public init(_ rect: CGRect) { addRect(rect) }

    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// Calls `body` with each element, in order.
    public func forEach(_ body: (Element) -> Void) { elements.forEach(body) }

    public var isEmpty: Bool { elements.isEmpty }

    /// The last point added, where the next segment starts; `nil` for an empty path.
    public var currentPoint: CGPoint? {
        // From the end: the last element's point, or after a close its subpath's start
        // (the last move before it). `addLine` asks at every point, so a scan from the
        // start made a polyline of n points cost n² (a chart's 500-point line).
        guard let last = elements.last else { return nil }
        switch last {
        case .move(let point), .line(let point), .quadCurve(let point, _), .curve(let point, _, _): return point
        case .closeSubpath:
            for element in elements.reversed() {
                if case .move(let point) = element { return point }
            }
            return nil
        }
    }

    public mutating func move(to point: CGPoint) { elements.append(.move(to: point)) }

    public mutating func addLine(to point: CGPoint) {
        if currentPoint == nil { move(to: point) } else { elements.append(.line(to: point)) }
    }

    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        if currentPoint == nil { move(to: point) } else { elements.append(.quadCurve(to: point, control: control)) }
    }

    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        if currentPoint == nil { move(to: point) } else { elements.append(.curve(to: point, control1: control1, control2: control2)) }
    }

    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { elements.append(.line(to: point)) }
    }

    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        transforming(transform) { path in
            let r = Rect(rect)
            path.addLines([CGPoint(x: r.x, y: r.y), CGPoint(x: r.x + r.width, y: r.y),
                           CGPoint(x: r.x + r.width, y: r.y + r.height), CGPoint(x: r.x, y: r.y + r.height)])
            path.closeSubpath()
        }
    }

    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        rects.forEach { addRect($0, transform: transform) }
    }

    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        transforming(transform) { path in
            let r = Rect(rect)
            let centre = Point(x: r.x + r.width / 2, y: r.y + r.height / 2)
            let rx = r.width / 2, ry = r.height / 2
            path.move(to: CGPoint(x: centre.x + rx, y: centre.y))
            path.appendArc(centre: centre, rx: rx, ry: ry, from: 0, to: 2 * .pi)
            path.closeSubpath()
        }
    }

    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        transforming(transform) { path in
            let r = Rect(rect), corner = Size(cornerSize)
            let rx = max(0, min(corner.width, r.width / 2)), ry = max(0, min(corner.height, r.height / 2))
            let left = r.x, top = r.y, right = r.x + r.width, bottom = r.y + r.height
            path.move(to: CGPoint(x: left + rx, y: top))
            path.elements.append(.line(to: CGPoint(x: right - rx, y: top)))
            path.appendArc(centre: Point(x: right - rx, y: top + ry), rx: rx, ry: ry, from: -.pi / 2, to: 0)
            path.elements.append(.line(to: CGPoint(x: right, y: bottom - ry)))
            path.appendArc(centre: Point(x: right - rx, y: bottom - ry), rx: rx, ry: ry, from: 0, to: .pi / 2)
            path.elements.append(.line(to: CGPoint(x: left + rx, y: bottom)))
            path.appendArc(centre: Point(x: left + rx, y: bottom - ry), rx: rx, ry: ry, from: .pi / 2, to: .pi)
            path.elements.append(.line(to: CGPoint(x: left, y: top + ry)))
            path.appendArc(centre: Point(x: left + rx, y: top + ry), rx: rx, ry: ry, from: .pi, to: 1.5 * .pi)
            path.closeSubpath()
        }
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (0 points
    /// right, angles grow clockwise on screen because y grows downwards). `clockwise`
    /// follows SwiftUI: `true` turns towards smaller angles. A line joins the current
    /// point to the arc's start.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
                                transform: CGAffineTransform = .identity) {
        transforming(transform) { path in
            let centre = Point(center), radius = Double(radius)
            var start = startAngle.radians, end = endAngle.radians
            if clockwise {
                while end > start { end -= 2 * .pi }
            } else {
                while end < start { end += 2 * .pi }
            }
            let first = CGPoint(x: centre.x + radius * cos(start), y: centre.y + radius * sin(start))
            if path.currentPoint == nil { path.move(to: first) } else { path.elements.append(.line(to: first)) }
            path.appendArc(centre: centre, rx: radius, ry: radius, from: start, to: end)
        }
    }

    /// Appends another path's elements, mapped by `transform` (SwiftUI's `addPath(_:transform:)`).
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        elements += transform.isIdentity ? path.elements : path.applying(transform).elements
    }

    /// Cubic Béziers for an elliptical arc, at most a quarter turn each.
    private mutating func appendArc(centre: Point, rx: Double, ry: Double, from start: Double, to end: Double) {
        let pieces = max(1, Int((abs(end - start) / (.pi / 2)).rounded(.up)))
        let step = (end - start) / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        for piece in 0..<pieces {
            let a = start + Double(piece) * step, b = a + step
            let p1 = CGPoint(x: centre.x + rx * (cos(a) - k * sin(a)), y: centre.y + ry * (sin(a) + k * cos(a)))
            let p2 = CGPoint(x: centre.x + rx * (cos(b) + k * sin(b)), y: centre.y + ry * (sin(b) - k * cos(b)))
            elements.append(.curve(to: CGPoint(x: centre.x + rx * cos(b), y: centre.y + ry * sin(b)), control1: p1, control2: p2))
        }
    }

    /// Runs `build`, then maps what it appended by `transform`.
    private mutating func transforming(_ transform: CGAffineTransform, _ build: (inout Path) -> Void) {
        guard !transform.isIdentity else { return build(&self) }
        var added = Path()
        if let point = currentPoint { added.move(to: point) }
        let skipped = added.elements.count
        build(&added)
        elements += added.elements.dropFirst(skipped).map { $0.applying(transform) }
    }

    /// Every point of the path mapped by `transform` (SwiftUI's `applying(_:)`).
    public func applying(_ transform: CGAffineTransform) -> Path {
        var copy = Path()
        copy.elements = elements.map { $0.applying(transform) }
        return copy
    }

    /// The path moved by `dx`, `dy` points.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }

    /// The path moved by (`dx`, `dy`) and scaled by `scale` (points to pixels), as the
    /// renderer draws it.
    package func applying(scale: Double, dx: Double, dy: Double) -> Path {
        func map(_ p: CGPoint) -> CGPoint { CGPoint(x: Double(p.x) * scale + dx, y: Double(p.y) * scale + dy) }
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
    public var boundingRect: CGRect {
        var xs: [Double] = [], ys: [Double] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): xs.append(Double(p.x)); ys.append(Double(p.y))
            case .quadCurve(let p, let c): xs += [Double(p.x), Double(c.x)]; ys += [Double(p.y), Double(c.y)]
            case .curve(let p, let c1, let c2):
                xs += [Double(p.x), Double(c1.x), Double(c2.x)]
                ys += [Double(p.y), Double(c1.y), Double(c2.y)]
            case .closeSubpath: break
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .zero }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The part of the path between two fractions of its length (SwiftUI's
    /// `trimmedPath(from:to:)`), as line segments fine enough to draw.
    public func trimmedPath(from start: CGFloat, to end: CGFloat) -> Path {
        trimmedPath(from: Double(start), to: Double(end), tolerance: 0.25)
    }

    /// The part of the path between two fractions of its length, as line segments no
    /// further than about `tolerance` points from the curve.
    package func trimmedPath(from start: Double, to end: Double, tolerance: Double) -> Path {
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
                func at(_ distance: Double) -> CGPoint {
                    let t = (distance - segmentStart) / length
                    return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
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
    package func flattened(tolerance: Double) -> [Polyline] {
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
            case .move(let to):
                finish(closed: false)
                start = Point(to)
                current = [start]
            case .line(let to):
                if current.isEmpty { current = [start] }
                current.append(Point(to))
            case .quadCurve(let to, let controlPoint):
                let point = Point(to), control = Point(controlPoint)
                let p0 = current.last ?? start
                if current.isEmpty { current = [p0] }
                let n = pieces(hypot(control.x - p0.x, control.y - p0.y) + hypot(point.x - control.x, point.y - control.y))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(Point(x: u * u * p0.x + 2 * u * t * control.x + t * t * point.x,
                                         y: u * u * p0.y + 2 * u * t * control.y + t * t * point.y))
                }
            case .curve(let to, let control1, let control2):
                let point = Point(to), c1 = Point(control1), c2 = Point(control2)
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
    package struct Polyline: Sendable {
        package var points: [Point]
        package var closed: Bool

        package init(points: [Point], closed: Bool) {
            self.points = points
            self.closed = closed
        }

        package var length: Double {
            zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        }
    }
}

extension Path.Element {
    /// The element with every point mapped by `transform`.
    func applying(_ transform: CGAffineTransform) -> Path.Element {
        switch self {
        case .move(let p): .move(to: p.applying(transform))
        case .line(let p): .line(to: p.applying(transform))
        case .quadCurve(let p, let c): .quadCurve(to: p.applying(transform), control: c.applying(transform))
        case .curve(let p, let c1, let c2): .curve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
        case .closeSubpath: .closeSubpath
        }
    }
}

/// A path drawn as it is, in the coordinates of the rectangle it is offered
/// (SwiftUI's `Path` as a shape).
extension Path: Shape {
    public func path(in rect: CGRect) -> Path { self }
}
