import CICal
import GlanceTime

/// Rules that libical would search through for minutes, found before it is asked.
///
/// libical's iterator steps at the rule's frequency and tests each step against the
/// BYxxx filters, inside one call: a rule whose days never come (`FREQ=DAILY;BYMONTH=2;
/// BYMONTHDAY=30`) is stepped through until the iterator's last year, and one stepping
/// by the second between days that come once in four years (`FREQ=SECONDLY;BYMONTH=2;
/// BYMONTHDAY=29`) spends minutes on each instance. No budget can interrupt a call in
/// progress, so such rules are refused when the feed is read. The day filters repeat
/// every 400 Gregorian years, so the days they let through are worked out over one such
/// cycle (146,097 days), which also gives the longest wait between two of them.
enum RuleScreen {
    /// The longest wait between two days a rule lets through, in days, for each
    /// frequency that steps through every day: about 600,000 steps of the iterator,
    /// a fraction of a second on a Raspberry Pi.
    static func longestWait(for frequency: icalrecurrencetype_frequency) -> Int? {
        switch frequency {
        case ICAL_SECONDLY_RECURRENCE: 7
        case ICAL_MINUTELY_RECURRENCE: 366
        case ICAL_HOURLY_RECURRENCE: 30 * 366
        // A daily rule steps once a day: even the iterator's whole range is cheap.
        default: nil
        }
    }

    /// Why `recurrence` is refused, or `nil` when libical can be left to expand it. The
    /// day filters' answer is kept in `known` (a feed repeats them under many UNTILs).
    static func problem(_ recurrence: icalrecurrencetype, known: inout [String: String?]) -> String? {
        let frequency = recurrence.freq
        let stepsThroughDays = [ICAL_SECONDLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_HOURLY_RECURRENCE, ICAL_DAILY_RECURRENCE].contains(frequency)
        // Weekly and coarser rules are checked by icalrecur_iterator_new itself, which
        // refuses those that give no instance.
        guard stepsThroughDays else { return nil }
        var rule = recurrence
        let months = values(&rule.by_month).map { $0 & 0x0FFF }
        let monthDays = values(&rule.by_month_day)
        let yearDays = values(&rule.by_year_day)
        let days = values(&rule.by_day)
        if !values(&rule.by_week_no).isEmpty {
            return "BYWEEKNO is only for FREQ=YEARLY (RFC 5545, 3.3.10)"
        }
        // libical's encoding: weekday (1 = Sunday) + 8 × position.
        if days.contains(where: { abs($0) / 8 != 0 }) {
            return "BYDAY with a position (like 2MO) is only for FREQ=MONTHLY or FREQ=YEARLY (RFC 5545, 3.3.10)"
        }
        let weekdays = Set(days.map { abs($0) % 8 })
        if frequency == ICAL_SECONDLY_RECURRENCE {
            let seconds = values(&rule.by_second)
            if !seconds.isEmpty, seconds.allSatisfy({ $0 >= 60 }) { return "it never gives an instance: no minute has a second \(seconds[0])" }
        }
        // Filters that pass a day in every week or every month need no search.
        guard !(months.isEmpty && yearDays.isEmpty && monthDays.allSatisfy({ (1...28).contains(abs($0)) })) else { return nil }
        let key = "\(frequency.rawValue) \(months) \(monthDays) \(yearDays) \(weekdays.sorted())"
        if let answer = known[key] { return answer }
        let answer = search(frequency: frequency, months: months, monthDays: monthDays, yearDays: yearDays, weekdays: weekdays)
        known[key] = .some(answer)
        return answer
    }

    private static func search(frequency: icalrecurrencetype_frequency, months: [Int], monthDays: [Int], yearDays: [Int], weekdays: Set<Int>) -> String? {

        // The days of one 400-year cycle that the filters let through.
        var first: Int?
        var previous: Int?
        var longest = 0
        let cycle = 146_097
        var year = 2000, month = 1, monthDay = 1, yearDay = 1
        // 1 January 2000 was a Saturday (7).
        var weekday = 7
        func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for index in 0..<cycle {
            let inMonth = month == 2 && isLeap(year) ? 29 : lengths[month - 1]
            let inYear = isLeap(year) ? 366 : 365
            let passes = (months.isEmpty || months.contains(month))
                && (monthDays.isEmpty || monthDays.contains { $0 == monthDay || $0 == monthDay - inMonth - 1 })
                && (yearDays.isEmpty || yearDays.contains { $0 == yearDay || $0 == yearDay - inYear - 1 })
                && (weekdays.isEmpty || weekdays.contains(weekday))
            if passes {
                if let previous { longest = max(longest, index - previous) }
                if first == nil { first = index }
                previous = index
            }
            // The next day.
            weekday = weekday % 7 + 1
            yearDay += 1
            monthDay += 1
            if monthDay > inMonth {
                monthDay = 1
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                    yearDay = 1
                }
            }
        }
        guard let first, let previous else { return "it never gives an instance: no day passes its BYMONTH, BYMONTHDAY, BYYEARDAY and BYDAY together" }
        // Around the end of the cycle into the next one.
        longest = max(longest, first + cycle - previous)
        if let limit = longestWait(for: frequency), longest > limit {
            let unit = frequency == ICAL_SECONDLY_RECURRENCE ? "second" : frequency == ICAL_MINUTELY_RECURRENCE ? "minute" : "hour"
            return "it steps by the \(unit) through up to \(longest) days between instances, which libical takes minutes to search; "
                + "write it as FREQ=DAILY with BYHOUR, BYMINUTE and BYSECOND"
        }
        return nil
    }

    /// A BYxxx list: libical ends it with ICAL_RECURRENCE_ARRAY_MAX.
    private static func values<T>(_ tuple: inout T) -> [Int] {
        withUnsafeBytes(of: &tuple) { raw in
            var result: [Int] = []
            for value in raw.bindMemory(to: Int16.self) {
                guard Int(value) != Int(ICAL_RECURRENCE_ARRAY_MAX.rawValue) else { break }
                result.append(Int(value))
            }
            return result
        }
    }
}
