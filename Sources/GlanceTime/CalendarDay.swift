import FoundationEssentials

/// A date on the proleptic Gregorian calendar with no time and no zone: "2027-01-03".
///
/// Countdowns and "the next midnight" are questions about calendar days in a zone, not
/// about 86 400-second steps, so they are answered with this type.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// `nil` when the fields do not name a real day (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysInMonth(year: year, month: month) else { return nil }
        // Days from civil (H. Hinnant's algorithm), exact for every Gregorian year.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    }

    /// Reads `YYYY-MM-DD`.
    public init?(isoString text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day a wall clock in `timeZone` shows at `instant`.
    public init(containing instant: Date, in timeZone: ZoneRules) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        daysSinceEpoch = Int((local / 86_400).rounded(.down))
    }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// 1 = Sunday … 7 = Saturday, as Foundation's `Calendar` numbers weekdays.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (weekday 5).
        ((daysSinceEpoch + 4) % 7 + 7) % 7 + 1
    }

    public func adding(days: Int) -> CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + days) }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: CalendarDay) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    public var description: String {
        let c = civil
        let year = String(c.year)
        let pad = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(pad(c.month))-\(pad(c.day))"
    }

    /// The first instant at which a wall clock in `timeZone` shows this day or a later one.
    ///
    /// On most days that is local midnight. Where a zone skips midnight (Santiago,
    /// Havana and Beirut move their clocks at 00:00) it is the instant of the jump; where
    /// the clock falls back over midnight it is the one midnight the wall clock really
    /// shows; where a whole day is skipped (Samoa, 2011-12-30) it is the next day's start.
    public func start(in timeZone: ZoneRules) -> Date? {
        let wallMidnight = Double(daysSinceEpoch) * 86_400
        // Every offset in force within two days either side, and every transition there.
        let windowStart = Date(timeIntervalSince1970: wallMidnight - 2 * 86_400)
        let windowEnd = Date(timeIntervalSince1970: wallMidnight + 2 * 86_400)
        var offsets: Set<Int> = [timeZone.secondsFromGMT(for: windowStart)]
        var candidates: [Date] = []
        var cursor = windowStart
        while let transition = timeZone.nextTransition(after: cursor), transition < windowEnd {
            candidates.append(transition)
            offsets.insert(timeZone.secondsFromGMT(for: transition))
            cursor = transition
        }
        for offset in offsets {
            candidates.append(Date(timeIntervalSince1970: wallMidnight - Double(offset)))
        }
        return candidates.filter { CalendarDay(containing: $0, in: timeZone) >= self }.min()
    }

    /// The start of the first day after the one `instant` falls on: "the next midnight".
    public static func nextDayStart(after instant: Date, in timeZone: ZoneRules) -> Date {
        let today = CalendarDay(containing: instant, in: timeZone)
        var day = today.adding(days: 1)
        // A day that cannot be found (never, with real zone data) falls through to the next.
        for _ in 0..<3 {
            if let start = day.start(in: timeZone), start > instant { return start }
            day = day.adding(days: 1)
        }
        return instant.addingTimeInterval(86_400)
    }

    private var civil: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
