import Glibc

/// A colour ramp: stops at locations 0…1, interpolated in sRGB as SwiftUI does.
public struct GradientRamp: Sendable, Equatable {
    public var stops: [(color: RGBA, location: Double)]

    public init(stops: [(color: RGBA, location: Double)]) {
        self.stops = stops.sorted { $0.location < $1.location }
    }

    /// Evenly spaced colours.
    public init(colors: [RGBA]) {
        let count = max(1, colors.count - 1)
        self.init(stops: colors.enumerated().map { ($0.element, Double($0.offset) / Double(count)) })
    }

    public func color(at location: Double) -> RGBA {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if location <= first.location { return first.color }
        if location >= last.location { return last.color }
        for (a, b) in zip(stops, stops.dropFirst()) where location <= b.location {
            let span = b.location - a.location
            let t = span > 0 ? (location - a.location) / span : 1
            func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
                let from = Double(x), to = Double(y)
                let value: Double = from + (to - from) * t
                return UInt8(value.rounded())
            }
            return RGBA(mix(a.color.r, b.color.r), mix(a.color.g, b.color.g), mix(a.color.b, b.color.b), mix(a.color.a, b.color.a))
        }
        return last.color
    }

    public static func == (lhs: GradientRamp, rhs: GradientRamp) -> Bool {
        lhs.stops.count == rhs.stops.count && zip(lhs.stops, rhs.stops).allSatisfy { $0.color == $1.color && $0.location == $1.location }
    }
}

extension Canvas {
    /// Fills `rect` with a linear gradient from `start` to `end` (unit points in the
    /// rectangle: (0,0) top-left, (1,1) bottom-right). Gradient pixels are tonal: a
    /// 1-bit panel dithers them.
    public mutating func fillLinearGradient(_ rect: PixelRect, _ ramp: GradientRamp,
                                            start: (x: Double, y: Double), end: (x: Double, y: Double)) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        let sx = Double(rect.x) + start.x * Double(rect.width), sy = Double(rect.y) + start.y * Double(rect.height)
        let dx = (end.x - start.x) * Double(rect.width), dy = (end.y - start.y) * Double(rect.height)
        let lengthSquared = dx * dx + dy * dy
        func location(_ x: Int, _ y: Int) -> Double {
            lengthSquared > 0 ? ((Double(x) + 0.5 - sx) * dx + (Double(y) + 0.5 - sy) * dy) / lengthSquared : 0
        }
        if dx == 0 {
            // Top to bottom (or none): one colour a row, looked up once.
            for y in area.y..<area.maxY {
                let color = ramp.color(at: location(area.x, y))
                if color.a == 255 {
                    // Opaque: the row is that colour, as blending it in full would make it.
                    fill(PixelRect(x: area.x, y: y, width: area.width, height: 1), color, tonal: true)
                } else {
                    for x in area.x..<area.maxX { blend(x: x, y: y, color, tonal: true) }
                }
            }
        } else if dy == 0 {
            // Side to side: one colour a column, looked up once for every row.
            let colors = (area.x..<area.maxX).map { ramp.color(at: location($0, area.y)) }
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX { blend(x: x, y: y, colors[x - area.x], tonal: true) }
            }
        } else {
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX { blend(x: x, y: y, ramp.color(at: location(x, y)), tonal: true) }
            }
        }
    }
}

extension Canvas {
    /// Fills `rect` with `ramp` at the place `location(x, y)` gives each pixel centre
    /// (pixels of the canvas). Gradient pixels are tonal.
    public mutating func fillGradient(_ rect: PixelRect, _ ramp: GradientRamp, location: (Double, Double) -> Double) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                blend(x: x, y: y, ramp.color(at: location(Double(x) + 0.5, Double(y) + 0.5)), tonal: true)
            }
        }
    }

    /// Circles about `center` (pixels): `startRadius` is the ramp's start, `endRadius` its end.
    public mutating func fillRadialGradient(_ rect: PixelRect, _ ramp: GradientRamp, center: (x: Double, y: Double),
                                            startRadius: Double, endRadius: Double) {
        let span = endRadius - startRadius
        fillGradient(rect, ramp) { x, y in
            let distance = ((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot()
            return span != 0 ? (distance - startRadius) / span : (distance >= endRadius ? 1 : 0)
        }
    }

    /// Ellipses about `center` with radii `radii` (pixels) at the ramp's end, scaled by
    /// `start` and `end` fractions.
    public mutating func fillEllipticalGradient(_ rect: PixelRect, _ ramp: GradientRamp, center: (x: Double, y: Double),
                                                radii: (x: Double, y: Double), start: Double, end: Double) {
        let span = end - start
        fillGradient(rect, ramp) { x, y in
            let nx = radii.x > 0 ? (x - center.x) / radii.x : 0, ny = radii.y > 0 ? (y - center.y) / radii.y : 0
            let distance = (nx * nx + ny * ny).squareRoot()
            return span != 0 ? (distance - start) / span : (distance >= end ? 1 : 0)
        }
    }

    /// Around `center`, clockwise (y grows downwards) from `startRadians` (0: pointing
    /// right) to `endRadians`.
    public mutating func fillAngularGradient(_ rect: PixelRect, _ ramp: GradientRamp, center: (x: Double, y: Double),
                                             startRadians: Double, endRadians: Double) {
        let span = endRadians - startRadians
        fillGradient(rect, ramp) { x, y in
            var angle = atan2(y - center.y, x - center.x) - startRadians
            let turn = 2 * Double.pi
            angle = angle.truncatingRemainder(dividingBy: turn)
            if angle < 0 { angle += turn }
            return span != 0 ? angle / span : 0
        }
    }
}
