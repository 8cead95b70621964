import FoundationEssentials
import Glibc

/// An axis resolved from the values plotted on it: where each value sits along the axis
/// (0...1) and which ticks to draw. The renderer only multiplies fractions by pixels.
struct ResolvedScale: Sendable {
    enum Kind: Sendable { case linear, date, band }

    var kind: Kind
    /// linear: numbers; date: seconds since 1970. Never zero width: the resolver widens a
    /// single value, so `fraction(of:)` never divides by zero.
    var domain: ClosedRange<Double>
    /// band: categories in first-seen order.
    var categories: [String] {
        didSet { bandIndex = Self.index(of: categories) }
    }
    var ticks: [ScaleTick]
    /// How numbers are spaced along a linear axis (`chartYScale(type: .log)`): positions
    /// are proportional to `transform(x)`, the domain and ticks staying in data units.
    var transform: Transform = .identity

    enum Transform: Hashable, Sendable {
        case identity, log, squareRoot, symmetricLog
        case power(Double)

        /// The transformed value; nil where it has none (a logarithm of zero or less).
        func apply(_ x: Double) -> Double? {
            switch self {
            case .identity: return x
            case .log: return x > 0 ? Glibc.log10(x) : nil
            // Sign kept, so a domain that includes negatives still orders them.
            case .squareRoot: return x < 0 ? -(-x).squareRoot() : x.squareRoot()
            case .symmetricLog: return x < 0 ? -Glibc.log1p(-x) : Glibc.log1p(x)
            case .power(let exponent): return x < 0 ? -Glibc.pow(-x, exponent) : Glibc.pow(x, exponent)
            }
        }
    }

    /// Each category's band, so `fraction(of:)` is a lookup, not a search: the renderer
    /// asks once per plotted value, and 100 000 bars over 10 000 names must stay fast.
    private var bandIndex: [String: Int]

    init(kind: Kind, domain: ClosedRange<Double>, categories: [String], ticks: [ScaleTick]) {
        self.kind = kind
        self.domain = domain
        self.categories = categories
        self.ticks = ticks
        bandIndex = Self.index(of: categories)
    }

    /// The first band of each name (a repeated name keeps its first place).
    private static func index(of categories: [String]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, name) in categories.enumerated() where index[name] == nil { index[name] = position }
        return index
    }

    /// 0...1 position of a value (band: the band's centre); nil for NaN/∞, an unknown
    /// category, or a value of the wrong kind. Values outside the domain give fractions
    /// outside 0...1 (the renderer clips).
    func fraction(of value: PlotValue) -> Double? {
        switch (kind, value) {
        case (.linear, .number(let x)):
            guard transform != .identity else { return Self.fraction(of: x, in: domain) }
            guard let t = transform.apply(x), let low = transform.apply(domain.lowerBound), let high = transform.apply(domain.upperBound),
                  low < high else { return nil }
            return Self.fraction(of: t, in: low...high)
        case (.date, .date(let date)):
            return Self.fraction(of: date.timeIntervalSince1970, in: domain)
        case (.band, .category(let name)):
            guard let index = bandIndex[name] else { return nil }
            return bandCentre(at: index)
        default:
            return nil
        }
    }

    /// band: each band's width as a fraction of the axis; 0 for others.
    ///
    /// Swift Charts leaves a gap between bars and half a gap at either end. The 20 % gap
    /// (of each band's share) is our estimate of its look, not a measured figure.
    var bandWidth: Double {
        guard kind == .band, !categories.isEmpty else { return 0 }
        return Self.bandStep(count: categories.count) * (1 - Self.bandGap)
    }

    /// The share of each band's step left empty between bars.
    static let bandGap = 0.2

    /// Each band's share of the axis: its bar and the gap around it.
    static func bandStep(count: Int) -> Double { count > 0 ? 1 / Double(count) : 0 }

    func bandCentre(at index: Int) -> Double {
        (Double(index) + 0.5) * Self.bandStep(count: categories.count)
    }

    /// `x`'s position in `domain`. Subtracting first keeps subnormal domains (0…5e-324)
    /// exact; where that overflows (−1e308…1e308) the halves are used instead.
    static func fraction(of x: Double, in domain: ClosedRange<Double>) -> Double? {
        guard x.isFinite, domain.lowerBound < domain.upperBound else { return nil }
        var result = (x - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        if !result.isFinite {
            result = (x / 2 - domain.lowerBound / 2) / (domain.upperBound / 2 - domain.lowerBound / 2)
        }
        return result.isFinite ? result : nil
    }
}
