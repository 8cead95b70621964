import FoundationEssentials
import FoundationInternationalization
import GlanceTime

/// Ticks on a time axis at calendar boundaries on the display's wall clock: whole hours,
/// midnights, the 1st of a month, 1 January. Steps are taken on the wall clock, not in
/// 3600-second strides, so on the day New York's clocks change the ticks still read
/// 00:00, 03:00, 06:00 local (three or five real hours apart around the change).
enum DateTicks {
    /// A calendar step: `count` of `unit`.
    struct Interval: Equatable {
        var unit: DateStride
        var count: Int

        /// The step's length in ordinary seconds, only for choosing among steps.
        var nominalSeconds: Double {
            let unit: Double = switch self.unit {
            case .minute: 60
            case .hour: 3600
            case .day: 86_400
            case .weekOfYear: 7 * 86_400
            case .month: 30.44 * 86_400
            case .year: 365.25 * 86_400
            }
            return unit * Double(count)
        }
    }

    /// The steps an automatic date axis picks from, shortest first: those that divide the
    /// next larger unit evenly, so ticks land on the same wall-clock times every day.
    static let ladder: [Interval] = [
        .init(unit: .minute, count: 1), .init(unit: .minute, count: 5), .init(unit: .minute, count: 15),
        .init(unit: .minute, count: 30), .init(unit: .hour, count: 1), .init(unit: .hour, count: 3),
        .init(unit: .hour, count: 6), .init(unit: .hour, count: 12), .init(unit: .day, count: 1),
        .init(unit: .day, count: 2), .init(unit: .weekOfYear, count: 1), .init(unit: .month, count: 1),
        .init(unit: .month, count: 3), .init(unit: .month, count: 6), .init(unit: .year, count: 1),
    ]

    /// Instants beyond this many seconds from 1970 (about ±3 000 years) get no ticks: the
    /// zone rules and the calendar work in whole seconds and whole days, and a chart of
    /// dates that far out is bad data, not a timeline.
    static let supportedRange = -3.0e10...3.0e10

    /// The shortest step that gives at most `desiredTicks` ticks over `domain`; whole
    /// years in nice multiples beyond the ladder.
    ///
    /// The span is measured on the wall clock, as the steps are: two weeks across a
    /// fall-back are 14 days and one hour of real time, but still seven two-day steps.
    static func interval(for domain: ClosedRange<Double>, desiredTicks: Int, zone: ZoneRules) -> Interval {
        var span = domain.upperBound / 2 - domain.lowerBound / 2
        if supportedRange.contains(domain.lowerBound), supportedRange.contains(domain.upperBound) {
            let start = Date(timeIntervalSince1970: domain.lowerBound), end = Date(timeIntervalSince1970: domain.upperBound)
            span += Double(zone.secondsFromGMT(for: end) - zone.secondsFromGMT(for: start)) / 2
        }
        let count = Double(max(1, desiredTicks))
        for interval in ladder where 2 * span / interval.nominalSeconds <= count {
            return interval
        }
        let years = 2 * span / Interval(unit: .year, count: 1).nominalSeconds
        let step = NiceNumbers.step(lower: 0, upper: years, count: max(1, desiredTicks))?.value ?? 1
        return Interval(unit: .year, count: Int(min(max(1, step.rounded(.up)), 1e6)))
    }

    /// Every boundary of `interval` inside `domain` (seconds since 1970), labelled.
    static func ticks(in domain: ClosedRange<Double>, interval: Interval, zone: ZoneRules,
                      locale: DisplayLocale) -> [ScaleTick] {
        let instants = boundaries(in: domain, interval: interval, zone: zone, locale: locale)
        let crossesDays = CalendarDay(containing: Date(timeIntervalSince1970: instants.first ?? 0), in: zone)
            != CalendarDay(containing: Date(timeIntervalSince1970: instants.last ?? 0), in: zone)
        let span = domain.upperBound - domain.lowerBound
        return instants.map { seconds in
            let date = Date(timeIntervalSince1970: seconds)
            return ScaleTick(value: .date(date), fraction: ResolvedScale.fraction(of: seconds, in: domain) ?? 0,
                            label: label(date, interval: interval, crossesDays: crossesDays, span: span,
                                         zone: zone, locale: locale))
        }
    }

    /// The instants at which the wall clock in `zone` passes a multiple of `interval`.
    static func boundaries(in domain: ClosedRange<Double>, interval: Interval, zone: ZoneRules,
                           locale: DisplayLocale) -> [Double] {
        guard supportedRange.contains(domain.lowerBound), supportedRange.contains(domain.upperBound),
              interval.count > 0 else { return [] }
        // A billion of any unit (even minutes: 1 900 years) is longer than the supported
        // range, so a larger count (`Int.max`, which would overflow the sums below) gives
        // the same ticks.
        let count = min(interval.count, 1_000_000_000)
        let first = CalendarDay(containing: Date(timeIntervalSince1970: domain.lowerBound), in: zone)
        let last = CalendarDay(containing: Date(timeIntervalSince1970: domain.upperBound), in: zone)
        var result: [Double] = []
        func add(_ instant: Double?) -> Bool {
            guard let instant, domain.contains(instant) else { return result.count < limit }
            if result.last.map({ $0 < instant }) ?? true { result.append(instant) }
            return result.count < limit
        }
        switch interval.unit {
        case .minute, .hour:
            let step = (interval.unit == .minute ? 60 : 3600) * count
            // 48 hours is every other day, not every midnight: a step of a day or more is
            // counted in days.
            if step >= 86_400 {
                return boundaries(in: domain, interval: Interval(unit: .day, count: step / 86_400), zone: zone, locale: locale)
            }
            // Multiples of the step from each local midnight; a wall time the clocks skip
            // (02:00 on a spring-forward day) has no tick.
            var day = first.adding(days: -1)
            while day <= last {
                var offset = 0
                while offset < 86_400 {
                    if !add(instant(ofWall: Double(day.daysSinceEpoch) * 86_400 + Double(offset), in: zone)) { return result }
                    offset += step
                }
                day = day.adding(days: 1)
            }
        case .day:
            var day = first
            while day <= last {
                // Days 1, 3, 5 … of each month, so the ticks read the same every month; the
                // 31st is left out of a two-day step, a day before the next month's 1st.
                // A step longer than a month counts days from 1970 instead.
                let onStep = count > 31 ? day.daysSinceEpoch % count == 0
                    : (day.day - 1) % count == 0 && (count == 1 || day.day + count / 2 <= 31)
                if onStep {
                    if !add(day.start(in: zone)?.timeIntervalSince1970) { return result }
                }
                day = day.adding(days: 1)
            }
        case .weekOfYear:
            // Weeks start on the language's first weekday (Sunday in the US and Korea,
            // Monday in most of Europe).
            let firstWeekday = locale.calendar.firstWeekday
            var day = first.adding(days: -((first.weekday - firstWeekday + 7) % 7))
            var week = 0
            while day <= last {
                if week % count == 0, !add(day.start(in: zone)?.timeIntervalSince1970) { return result }
                day = day.adding(days: 7)
                week += 1
            }
        case .month:
            var year = first.year, month = first.month
            while (year, month) <= (last.year, last.month) {
                // Months counted from year 0, so steps of 2, 3, 4 or 6 start in January and
                // a 24-month step ticks every other year.
                if (year * 12 + month - 1) % count == 0,
                   !add(CalendarDay(year: year, month: month, day: 1)?.start(in: zone)?.timeIntervalSince1970) {
                    return result
                }
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
        case .year:
            var year = first.year - (first.year % count + count) % count
            while year <= last.year {
                if !add(CalendarDay(year: year, month: 1, day: 1)?.start(in: zone)?.timeIntervalSince1970) { return result }
                year += count
            }
        }
        return result
    }

    /// More ticks than any panel could show: a guard against a one-minute stride over
    /// five years.
    static let limit = 1000

    /// The instant a wall clock in `zone` shows `wall` (local seconds since 1970), the
    /// earlier one when the clocks fall back and it shows twice; nil when the clocks skip it.
    static func instant(ofWall wall: Double, in zone: ZoneRules) -> Double? {
        var best: Double?
        for probe in [wall - 86_400, wall, wall + 86_400] {
            let offset = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: probe)))
            let candidate = wall - offset
            let shown = candidate + Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate)))
            if shown == wall, best.map({ candidate < $0 }) ?? true { best = candidate }
        }
        return best
    }

    /// A tick's label, as fine as its step: "9 AM"/"오전 9시" for hours, the day at
    /// midnight when the axis spans days, "Mon"/"월" or "Nov 28"/"11월 28일" for days,
    /// "Nov"/"11월" for months, "2026"/"2026년" for years.
    static func label(_ date: Date, interval: Interval, crossesDays: Bool, span: Double, zone: ZoneRules,
                      locale: DisplayLocale) -> String {
        let style: Date.FormatStyle
        switch interval.unit {
        case .minute:
            style = Date.FormatStyle().hour().minute()
        case .hour:
            let local = date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))
            let isMidnight = local.truncatingRemainder(dividingBy: 86_400) == 0
            style = crossesDays && isMidnight ? Date.FormatStyle().weekday(.abbreviated) : Date.FormatStyle().hour()
        case .day:
            style = span <= 8 * 86_400 ? Date.FormatStyle().weekday(.abbreviated) : Date.FormatStyle().month(.abbreviated).day()
        case .weekOfYear:
            style = Date.FormatStyle().month(.abbreviated).day()
        case .month:
            let isJanuary = CalendarDay(containing: date, in: zone).month == 1
            style = isJanuary && span > 365 * 86_400 ? Date.FormatStyle().year() : Date.FormatStyle().month(.abbreviated)
        case .year:
            style = Date.FormatStyle().year()
        }
        return locale.format(date, style, in: zone)
    }
}
