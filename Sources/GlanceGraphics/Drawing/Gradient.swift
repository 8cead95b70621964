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
            func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
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
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let sx = Double(rect.x) + start.x * Double(rect.width), sy = Double(rect.y) + start.y * Double(rect.height)
        let dx = (end.x - start.x) * Double(rect.width), dy = (end.y - start.y) * Double(rect.height)
        let lengthSquared = dx * dx + dy * dy
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let t = lengthSquared > 0 ? ((Double(x) + 0.5 - sx) * dx + (Double(y) + 0.5 - sy) * dy) / lengthSquared : 0
                blend(x: x, y: y, ramp.color(at: t), tonal: true)
            }
        }
    }
}
