import FoundationEssentials
import Glibc
import GlanceTime

/// Turns the values plotted on one axis into a `ResolvedScale`, the way Swift Charts'
/// automatic scales do: numbers get a nice domain and 1-2-5 ticks, dates get ticks on
/// the display's wall clock, strings get one band each in first-seen order.
enum ScaleResolver {
    /// `values`: every value plotted on this axis. `includesZero`: true for bar/area y
    /// axes (Swift Charts includes 0 for bars). `domain`: an explicit
    /// `chartXScale(domain:)` if given. `desiredTicks`: about how many ticks fit.
    ///
    /// The kind comes from the explicit domain, else from the first value; values of
    /// another kind are left off the axis (and `fraction(of:)` answers nil for them).
    ///
    /// `type` (`chartYScale(type:)`) spaces a numeric axis by a logarithm, a square root, a
    /// symmetric logarithm or a power; other kinds of axis keep their own.
    static func resolve(_ values: [PlotValue], includesZero: Bool, domain: ExplicitDomain?, desiredTicks: Int,
                        zone: ZoneRules, locale: DisplayLocale, type: ScaleType.Kind?) -> ResolvedScale {
        let transform: ResolvedScale.Transform? = switch type {
        case .log?: .log
        case .squareRoot?: .squareRoot
        case .symmetricLog?: .symmetricLog
        case .power(let exponent)? where exponent.isFinite && exponent > 0 && exponent != 1: .power(exponent)
        default: nil
        }
        guard let transform else {
            return resolve(values, includesZero: includesZero, domain: domain, desiredTicks: desiredTicks, zone: zone, locale: locale)
        }
        if transform == .log, values.first.map({ if case .number = $0 { true } else { false } }) ?? true {
            return logarithmic(values, domain: domain, desiredTicks: desiredTicks, locale: locale)
        }
        var scale = resolve(values, includesZero: includesZero && transform != .log, domain: domain, desiredTicks: desiredTicks, zone: zone, locale: locale)
        guard scale.kind == .linear else { return scale }
        scale.transform = transform
        scale.ticks = scale.ticks.compactMap { tick in
            scale.fraction(of: tick.value).map { ScaleTick(value: tick.value, fraction: $0, label: tick.label) }
        }
        return scale
    }

    static func resolve(_ values: [PlotValue], includesZero: Bool, domain: ExplicitDomain?, desiredTicks: Int,
                        zone: ZoneRules, locale: DisplayLocale) -> ResolvedScale {
        let desiredTicks = min(max(desiredTicks, 1), 100)
        switch domain {
        case .numbers(let range):
            return linear(explicit: range, desiredTicks: desiredTicks, locale: locale)
        case .dates(let range):
            let seconds = range.lowerBound.timeIntervalSince1970...range.upperBound.timeIntervalSince1970
            return date(explicit: seconds, desiredTicks: desiredTicks, zone: zone, locale: locale)
        case .categories(let names):
            return band(firstSeen(names))
        case nil:
            break
        }
        switch values.first {
        case .date?:
            guard let extent = extent(of: values, kind: .date) else {
                return date(explicit: nil, desiredTicks: desiredTicks, zone: zone, locale: locale)
            }
            return date(data: extent, desiredTicks: desiredTicks, zone: zone, locale: locale)
        case .category?:
            var names: [String] = []
            for case .category(let name) in values { names.append(name) }
            return band(firstSeen(names))
        case .number?, nil:
            var extent = extent(of: values, kind: .linear)
            if includesZero {
                extent = extent.map { min($0.lowerBound, 0)...max($0.upperBound, 0) }
            }
            return linear(data: extent, desiredTicks: desiredTicks, locale: locale)
        }
    }

    // MARK: Logarithmic

    /// A log axis: the positive values' extent widened to whole decades (an explicit
    /// domain kept, if both its ends are positive), a tick at each decade (every k-th when
    /// there are more than fit), with 2 and 5 between when the axis spans two decades or less.
    /// Values of zero or less have no place on it.
    private static func logarithmic(_ values: [PlotValue], domain: ExplicitDomain?, desiredTicks: Int, locale: DisplayLocale) -> ResolvedScale {
        var lower = Double.infinity, upper = -Double.infinity
        if case .numbers(let range)? = domain, range.lowerBound > 0, range.upperBound.isFinite, range.lowerBound < range.upperBound {
            (lower, upper) = (range.lowerBound, range.upperBound)
        } else {
            for case .number(let x) in values where x > 0 && x.isFinite {
                lower = min(lower, x)
                upper = max(upper, x)
            }
            if lower > upper { (lower, upper) = (1, 10) }
            lower = NiceNumbers.pow10(Int(log10(lower).rounded(.down)))
            upper = NiceNumbers.pow10(Int(log10(upper).rounded(.up)))
            if !(lower > 0) { lower = Double.leastNormalMagnitude }
            if !upper.isFinite { upper = Double.greatestFiniteMagnitude }
            if lower >= upper { upper = lower * 10 }
        }
        var scale = ResolvedScale(kind: .linear, domain: lower...upper, categories: [], ticks: [])
        scale.transform = .log
        let first = Int(log10(lower).rounded(.up)), last = Int(log10(upper).rounded(.down))
        let decades = max(last - first + 1, 0)
        let every = max(1, Int((Double(decades - 1) / Double(max(desiredTicks, 1))).rounded(.up)))
        var tickValues: [Double] = []
        if last >= first {
            for exponent in stride(from: first, through: last, by: every) { tickValues.append(NiceNumbers.pow10(exponent)) }
        }
        if log10(upper) - log10(lower) < 2.5 {
            for exponent in (first - 1)...(last) {
                for multiple in [2.0, 5.0] { tickValues.append(multiple * NiceNumbers.pow10(exponent)) }
            }
            tickValues = tickValues.filter { $0 >= lower && $0 <= upper }.sorted()
        }
        scale.ticks = tickValues.compactMap { value in
            scale.fraction(of: .number(value)).map { ScaleTick(value: .number(value), fraction: $0, label: NiceNumbers.label(value, step: smallestDecimal(value), locale: locale)) }
        }
        return scale
    }

    // MARK: Linear

    /// Data extent → nice domain; an explicit domain is kept as given (Swift Charts draws
    /// exactly `chartYScale(domain: 0...120)`), with nice ticks inside it.
    private static func linear(data: ClosedRange<Double>?, desiredTicks: Int, locale: DisplayLocale) -> ResolvedScale {
        let widened = widen(data ?? 0...1)
        let nice = NiceNumbers.niceDomain(lower: widened.lowerBound, upper: widened.upperBound, count: desiredTicks)
        return linear(explicit: nice, desiredTicks: desiredTicks, locale: locale)
    }

    private static func linear(explicit range: ClosedRange<Double>, desiredTicks: Int, locale: DisplayLocale) -> ResolvedScale {
        let domain = widen(sanitised(range) ?? 0...1)
        var scale = ResolvedScale(kind: .linear, domain: domain, categories: [], ticks: [])
        let step = NiceNumbers.step(lower: domain.lowerBound, upper: domain.upperBound, count: desiredTicks)
        let values = step.map { NiceNumbers.ticks(in: domain, step: $0) } ?? [domain.lowerBound, domain.upperBound]
        scale.ticks = numberTicks(values, step: step?.value, scale: scale, locale: locale)
        return scale
    }

    /// A zero-width range widened symmetrically, by the value's own order of magnitude
    /// (5 → 4…6, 0 → −1…1, 300 → 200…400), so one point sits mid-axis.
    static func widen(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        guard range.lowerBound == range.upperBound else { return range }
        let value = range.lowerBound
        guard value != 0 else { return -1...1 }
        let delta = NiceNumbers.pow10(Int(log10(abs(value)).rounded(.down)))
        var lower = value - delta, upper = value + delta
        if !lower.isFinite { lower = -Double.greatestFiniteMagnitude }
        if !upper.isFinite { upper = Double.greatestFiniteMagnitude }
        // Below the doubles' resolution (1e300 ± 1 is 1e300): step to the neighbours.
        if lower == upper || !(delta > 0) { lower = neighbours(of: value).lowerBound; upper = neighbours(of: value).upperBound }
        return lower...upper
    }

    /// The doubles either side of `value`, kept finite at ±1.8e308.
    private static func neighbours(of value: Double) -> ClosedRange<Double> {
        max(value.nextDown, -Double.greatestFiniteMagnitude)...min(value.nextUp, Double.greatestFiniteMagnitude)
    }

    // MARK: Date

    /// Dates keep their data extent (Swift Charts does not round a time axis out to
    /// whole days); ticks are the calendar boundaries inside it.
    private static func date(data: ClosedRange<Double>, desiredTicks: Int, zone: ZoneRules,
                             locale: DisplayLocale) -> ResolvedScale {
        date(explicit: data, desiredTicks: desiredTicks, zone: zone, locale: locale)
    }

    private static func date(explicit range: ClosedRange<Double>?, desiredTicks: Int, zone: ZoneRules,
                             locale: DisplayLocale) -> ResolvedScale {
        // No dates at all: today in the display's zone, from the calendar's own day 0 so
        // that it is the same on every render.
        var domain = range.flatMap(sanitised) ?? 0...86_400
        if domain.lowerBound == domain.upperBound {
            // One instant: the day around it, so it sits mid-axis with hour ticks (or, past
            // the doubles' resolution, its two neighbours).
            let instant = domain.lowerBound
            domain = instant - 43_200 < instant ? instant - 43_200...instant + 43_200 : neighbours(of: instant)
        }
        let interval = DateTicks.interval(for: domain, desiredTicks: desiredTicks, zone: zone)
        let ticks = DateTicks.ticks(in: domain, interval: interval, zone: zone, locale: locale)
        return ResolvedScale(kind: .date, domain: domain, categories: [], ticks: ticks)
    }

    /// Ticks every `count` `component`s on the wall clock (`AxisMarks(values: .stride(by:
    /// .hour, count: 3))`).
    static func dateTicks(domain: ClosedRange<Double>, component: DateStride, count: Int, zone: ZoneRules,
                          locale: DisplayLocale) -> [ScaleTick] {
        guard let domain = sanitised(domain), count > 0 else { return [] }
        return DateTicks.ticks(in: domain, interval: .init(unit: component, count: count), zone: zone, locale: locale)
    }

    // MARK: Band

    private static func band(_ names: [String]) -> ResolvedScale {
        var scale = ResolvedScale(kind: .band, domain: 0...1, categories: names, ticks: [])
        scale.ticks = names.indices.map { index in
            ScaleTick(value: .category(names[index]), fraction: scale.bandCentre(at: index), label: names[index])
        }
        return scale
    }

    /// Each name once, where it first appeared (a Set alone would lose the order).
    private static func firstSeen(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    // MARK: Numbers

    /// Ticks every `stride` (`AxisMarks(values: .stride(by: 10))`) inside `domain`.
    static func numberTicks(domain: ClosedRange<Double>, stride: Double, locale: DisplayLocale = .english) -> [ScaleTick] {
        guard let domain = sanitised(domain), stride > 0, stride.isFinite else { return [] }
        let scale = ResolvedScale(kind: .linear, domain: widen(domain), categories: [], ticks: [])
        // The stride as factor × 10^power, so multiples round like nice ticks do (3 × 0.1
        // is 0.3, not 0.30000000000000004).
        let power = Int(log10(stride).rounded(.down))
        // A factor of 2.9999999999999996 (0.3 / 0.1) is 3: twelve digits are plenty for a
        // stride someone wrote down.
        let factor = (stride / NiceNumbers.pow10(power) * 1e12).rounded() / 1e12
        let step = NiceNumbers.Step(factor: factor, power: power)
        guard step.value > 0, step.value.isFinite, let values = NiceNumbers.multiples(in: domain, step: step) else { return [] }
        return numberTicks(values, step: stride, scale: scale, locale: locale)
    }

    /// Ticks at the given values (`AxisMarks(values: [0, 50, 100])`), placed on `scale`;
    /// values of another kind or off a band scale are left out.
    static func ticks(at values: [PlotValue], scale: ResolvedScale, zone: ZoneRules = .utc,
                      locale: DisplayLocale = .english) -> [ScaleTick] {
        values.compactMap { value in
            guard let fraction = scale.fraction(of: value) else { return nil }
            let label: String = switch value {
            case .number(let x): NiceNumbers.label(x, step: smallestDecimal(x), locale: locale)
            case .date(let date): locale.format(date, Date.FormatStyle(date: .abbreviated, time: .shortened), in: zone)
            case .category(let name): name
            }
            return ScaleTick(value: value, fraction: fraction, label: label)
        }
    }

    private static func numberTicks(_ values: [Double], step: Double?, scale: ResolvedScale,
                                    locale: DisplayLocale) -> [ScaleTick] {
        values.compactMap { value in
            guard let fraction = scale.fraction(of: .number(value)) else { return nil }
            return ScaleTick(value: .number(value), fraction: fraction, label: NiceNumbers.label(value, step: step, locale: locale))
        }
    }

    /// An explicit value shows itself, not the automatic ticks' rounding: 2.5 on an axis
    /// ticked every 20 is "2.5". Enough decimals to write it, up to six.
    private static func smallestDecimal(_ x: Double) -> Double {
        var step = 1.0
        for _ in 0..<6 where (x / step).rounded() * step != x { step /= 10 }
        return step
    }

    // MARK: Input hygiene

    /// The finite extent of the values of `kind`, in one pass; nil when there are none.
    static func extent(of values: [PlotValue], kind: ResolvedScale.Kind) -> ClosedRange<Double>? {
        var lower = Double.infinity, upper = -Double.infinity
        for value in values {
            let x: Double
            switch (kind, value) {
            case (.linear, .number(let number)): x = number
            case (.date, .date(let date)): x = date.timeIntervalSince1970
            default: continue
            }
            guard x.isFinite else { continue }
            if x < lower { lower = x }
            if x > upper { upper = x }
        }
        return lower <= upper ? lower...upper : nil
    }

    /// A range with NaN or ∞ ends is unusable (nil); a reversed one cannot be built.
    private static func sanitised(_ range: ClosedRange<Double>) -> ClosedRange<Double>? {
        range.lowerBound.isFinite && range.upperBound.isFinite ? range : nil
    }
}
