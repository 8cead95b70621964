import FoundationEssentials
import FoundationInternationalization
import Glibc
import GlanceTime

/// "Nice" numbers for a linear axis: steps of 1, 2 or 5 × 10^k, the rule Swift Charts'
/// automatic scale (and d3-scale's `ticks`) follow, so 3…97 reads 0, 20, …, 100.
///
/// Everything is computed in `Double` and checked for finiteness: a chart's data can be
/// 1e308 or 1e-308, and an axis must never trap on it.
enum NiceNumbers {
    /// A step `factor × 10^power`. Kept apart so tick values are built as
    /// `index × factor / 10^-power`, which gives the double nearest 0.3 rather than
    /// 3 × 0.1 = 0.30000000000000004.
    struct Step: Equatable {
        var factor: Double
        var power: Int

        var value: Double { factor * pow10(power) }

        /// The index of the first multiple at or above `x` (`upward`) or the last at or
        /// below it. Dividing alone is off by one at the edges: 0.3 / 0.1 is
        /// 2.9999999999999996, but 0.3 is the third multiple of 0.1.
        func index(of x: Double, upward: Bool) -> Double {
            var index = (x / value).rounded()
            guard index.isFinite else { return index }
            if upward, multiple(index) < x { index += 1 }
            if !upward, multiple(index) > x { index -= 1 }
            return index
        }

        /// The `index`-th multiple of the step.
        func multiple(_ index: Double) -> Double {
            // 10^324 is ∞ as a Double: below 1e-308 multiply by the (subnormal) power.
            power < 0 && power > -308 ? index * factor / pow10(-power) : index * factor * pow10(power)
        }
    }

    /// The nice step that cuts `lower...upper` into about `count` pieces; nil when the
    /// range is empty, not finite, or too narrow for a Double to step through.
    static func step(lower: Double, upper: Double, count: Int) -> Step? {
        guard lower.isFinite, upper.isFinite, upper > lower, count > 0 else { return nil }
        // Divide before subtracting: −1e308…1e308 would overflow as upper − lower.
        let raw = upper / Double(count) - lower / Double(count)
        guard raw > 0, raw.isFinite else { return nil }
        let power = Int(log10(raw).rounded(.down))
        let error = raw / pow10(power)
        let factor: Double = error >= 50.squareRoot() ? 10 : error >= 10.squareRoot() ? 5 : error >= 2.squareRoot() ? 2 : 1
        let step = factor == 10 ? Step(factor: 1, power: power + 1) : Step(factor: factor, power: power)
        guard step.value.isFinite, step.value > 0 else { return nil }
        return step
    }

    /// `lower...upper` pushed out to whole steps (d3's `nice()`): repeated because the
    /// wider range can call for a larger step.
    static func niceDomain(lower: Double, upper: Double, count: Int) -> ClosedRange<Double> {
        var lower = lower, upper = upper
        var previous: Step?
        for _ in 0..<10 {
            guard let step = step(lower: lower, upper: upper, count: count), step != previous else { break }
            let newLower = step.multiple(step.index(of: lower, upward: false))
            let newUpper = step.multiple(step.index(of: upper, upward: true))
            // A bound that would overflow stays where the data put it.
            if newLower.isFinite { lower = newLower }
            if newUpper.isFinite { upper = newUpper }
            previous = step
        }
        return lower...upper
    }

    /// The multiples of the nice step inside `domain`, at most a few hundred; when the
    /// doubles are too coarse to step (1e300 ± 1), the two ends.
    static func ticks(in domain: ClosedRange<Double>, count: Int) -> [Double] {
        guard let step = step(lower: domain.lowerBound, upper: domain.upperBound, count: count) else {
            return [domain.lowerBound, domain.upperBound]
        }
        return ticks(in: domain, step: step)
    }

    static func ticks(in domain: ClosedRange<Double>, step: Step) -> [Double] {
        multiples(in: domain, step: step) ?? [domain.lowerBound, domain.upperBound]
    }

    /// The multiples of `step` inside `domain`; nil when there would be more than
    /// `maximumTicks` or the doubles are too coarse to tell neighbours apart.
    static func multiples(in domain: ClosedRange<Double>, step: Step) -> [Double]? {
        let first = step.index(of: domain.lowerBound, upward: true)
        let last = step.index(of: domain.upperBound, upward: false)
        // Past 2^52 a Double cannot count in ones (2^53 + 1 is 2^53), so the loop below
        // would never reach `last`.
        guard first.isFinite, last.isFinite, last - first < maximumTicks, max(abs(first), abs(last)) < 0x1p52 else {
            return nil
        }
        var values: [Double] = []
        var index = first
        while index <= last {
            let value = step.multiple(index)
            if value.isFinite, domain.contains(value), values.last.map({ $0 < value }) ?? true { values.append(value) }
            index += 1
        }
        return values
    }

    /// More ticks than any panel could show: a guard against a tiny stride.
    static let maximumTicks = 1000.0

    /// 10^power for any power a Double can reach (0 or ∞ beyond).
    static func pow10(_ power: Int) -> Double {
        Glibc.pow(10.0, Double(power))
    }

    /// `value` as the axis writes it: as many decimals as the step needs and no more, with
    /// the locale's grouping ("12,000"); scientific past 10^15 or below 10^-6, where
    /// grouped digits would not fit an axis.
    ///
    /// Swift Charts writes axis numbers in the locale's plain number format: "1k" is
    /// something developers ask how to get (Apple developer forums, thread 707868), not
    /// what they get by default, so no abbreviation here.
    static func label(_ value: Double, step: Double?, locale: DisplayLocale) -> String {
        guard value.isFinite else { return "" }
        let magnitude = abs(value)
        if magnitude != 0, magnitude >= 1e15 || magnitude < 1e-6 {
            return value.formatted(.number.notation(.scientific).precision(.significantDigits(1...6))
                .locale(locale.foundationLocale))
        }
        var decimals = 0
        if let step, step > 0, step.isFinite {
            decimals = min(15, max(0, -Int(log10(step).rounded(.down))))
        }
        return value.formatted(.number.precision(.fractionLength(0...decimals)).locale(locale.foundationLocale))
    }
}
