import FoundationEssentials

/// Times of the week on a wall clock: `23:00-07:00` every night, `mon-fri 08:00-18:00`,
/// `sat,sun 23:00-09:00`. Quiet hours (`sleep:`) and when a stack's member may show
/// (`when:`) are written so.
///
/// A window begins on each of its days at its start and ends at its end, on the same day
/// or, when the end is not later than the start, on the next (`23:00-07:00` on Friday
/// lasts until Saturday 07:00). Times are the wall clock's in the display's zone: where a
/// clock jumps over a window's start, the window begins at the jump; where it falls back
/// over it, at its first showing.
package struct TimeWindows: Sendable, Equatable, CustomStringConvertible {
    /// One window: its days (1 = Sunday … 7 = Saturday, as `CalendarDay.weekday`) and its
    /// start and end in minutes after midnight (`end` 1440 for `24:00`).
    package struct Window: Sendable, Equatable, CustomStringConvertible {
        package var weekdays: Set<Int>
        package var start: Int
        package var end: Int

        package init(weekdays: Set<Int> = Set(1...7), start: Int, end: Int) {
            self.weekdays = weekdays
            self.start = start
            self.end = end
        }

        /// Whether it ends on the day after it begins.
        var crossesMidnight: Bool { end <= start }

        /// Its length in minutes.
        var minutes: Int { crossesMidnight ? end + 1440 - start : end - start }

        package var description: String {
            let days = TimeWindows.describe(weekdays)
            return (days.isEmpty ? "" : days + " ") + TimeWindows.clock(start) + "-" + TimeWindows.clock(end)
        }
    }

    package var windows: [Window]

    package init(_ windows: [Window]) { self.windows = windows }

    package var description: String { windows.map(\.description).joined(separator: ", ") }

    /// Why a window cannot be read or used, in words that follow the field's name.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    // MARK: Reading

    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// Reads one window: `[DAYS ]HH:MM-HH:MM`, where DAYS is `mon-fri`, `sat,sun`,
    /// `weekdays`, `weekends` or `daily` (and any mix joined by commas).
    package static func window(_ text: String) throws(Problem) -> Window {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(parts.count) else {
            throw Problem("expected a window like 23:00-07:00 or mon-fri 08:00-18:00, found '\(text)'")
        }
        let weekdays = parts.count == 2 ? try days(String(parts[0])) : Set(1...7)
        let times = parts.last!.split(separator: "-", omittingEmptySubsequences: false)
        guard times.count == 2, let start = minute(times[0]), let end = minute(times[1]), start < 1440 else {
            throw Problem("expected times like 23:00-07:00 (24-hour clock, the end may be 24:00), found '\(parts.last!)'")
        }
        guard start != end % 1440 || (start == 0 && end == 1440) else {
            throw Problem("the window '\(text)' is empty: it ends when it begins (00:00-24:00 is a whole day)")
        }
        return Window(weekdays: weekdays, start: start, end: end)
    }

    /// Reads a list of windows and checks that no two of them overlap (a night that is
    /// in two windows is written once).
    package static func parse(_ texts: [String]) throws(Problem) -> TimeWindows {
        var windows: [Window] = []
        for text in texts { windows.append(try window(text)) }
        let schedule = TimeWindows(windows)
        if let (first, second) = schedule.overlap() {
            throw Problem("'\(first)' and '\(second)' overlap; write each time once")
        }
        return schedule
    }

    private static func minute(_ text: Substring) -> Int? {
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, (1...2).contains(pieces[0].count), pieces[1].count == 2,
              let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0...59).contains(minute) else { return nil }
        guard (0...23).contains(hour) || (hour == 24 && minute == 0) else { return nil }
        return hour * 60 + minute
    }

    private static func days(_ text: String) throws(Problem) -> Set<Int> {
        var days: Set<Int> = []
        for piece in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            switch piece {
            case "daily", "everyday": days.formUnion(1...7)
            case "weekdays": days.formUnion(2...6)
            case "weekends": days.formUnion([1, 7])
            default:
                let ends = piece.split(separator: "-", omittingEmptySubsequences: false)
                let numbers = ends.map { end in dayNames.firstIndex(of: String(end.prefix(3))).map { $0 + 1 } }
                guard (1...2).contains(ends.count), ends.allSatisfy({ (3...9).contains($0.count) }), numbers.allSatisfy({ $0 != nil }) else {
                    throw Problem("expected days like mon-fri, sat,sun, weekdays or weekends, found '\(piece)'")
                }
                // mon-fri, or fri-mon around the weekend.
                var day = numbers[0]!
                let last = numbers[numbers.count - 1]!
                days.insert(day)
                while day != last {
                    day = day % 7 + 1
                    days.insert(day)
                }
            }
        }
        return days
    }

    // MARK: Asking

    /// Whether the wall clock in `zone` at `instant` is inside a window.
    package func contains(_ instant: Date, in zone: ZoneRules) -> Bool {
        let today = CalendarDay(containing: instant, in: zone)
        for day in [today.adding(days: -1), today] {
            for (start, end) in occurrences(on: day, in: zone) where start <= instant && instant < end { return true }
        }
        return false
    }

    /// The first instant after `instant` at which being inside a window changes (a
    /// window begins or ends, and no other window carries on across it); nil when there
    /// are no windows, or one covers every minute.
    package func nextChange(after instant: Date, in zone: ZoneRules) -> Date? {
        guard !windows.isEmpty else { return nil }
        let inside = contains(instant, in: zone)
        let today = CalendarDay(containing: instant, in: zone)
        var boundaries: [Date] = []
        for offset in -1...8 {
            for (start, end) in occurrences(on: today.adding(days: offset), in: zone) {
                if start > instant { boundaries.append(start) }
                if end > instant { boundaries.append(end) }
            }
        }
        for boundary in boundaries.sorted() where contains(boundary, in: zone) != inside { return boundary }
        return nil
    }

    /// When the window the wall clock is in at `instant` ends (the next change, if it is
    /// inside one now), else nil.
    package func end(ofWindowAt instant: Date, in zone: ZoneRules) -> Date? {
        contains(instant, in: zone) ? nextChange(after: instant, in: zone) : nil
    }

    /// Each window that begins on `day`: its first and its last instant (exclusive).
    private func occurrences(on day: CalendarDay, in zone: ZoneRules) -> [(Date, Date)] {
        windows.compactMap { window in
            guard window.weekdays.contains(day.weekday),
                  let start = day.instant(atMinute: window.start, in: zone),
                  let end = day.adding(days: window.crossesMidnight ? 1 : 0).instant(atMinute: window.end, in: zone),
                  start < end else { return nil }
            return (start, end)
        }
    }

    /// A window as spans of minutes from Sunday 00:00, cut where the week wraps (on the
    /// wall clock; a day that jumps or repeats an hour is not counted apart).
    private static func spans(_ window: Window) -> [Range<Int>] {
        let week = 7 * 1440
        return window.weekdays.sorted().flatMap { weekday -> [Range<Int>] in
            let start = (weekday - 1) * 1440 + window.start
            let end = start + window.minutes
            return end <= week ? [start..<end] : [start..<week, 0..<(end - week)]
        }
    }

    /// Whether every minute of the week in these windows is in `other`'s too (a `when:`
    /// that lies wholly in quiet hours never shows).
    package func isCovered(by other: TimeWindows) -> Bool {
        var covered = [Bool](repeating: false, count: 7 * 1440)
        for span in other.windows.flatMap(Self.spans) { for minute in span { covered[minute] = true } }
        return windows.flatMap(Self.spans).allSatisfy { span in span.allSatisfy { covered[$0] } }
    }

    /// Two windows that share a minute of the week, if any do.
    func overlap() -> (Window, Window)? {
        func spans(_ window: Window) -> [Range<Int>] { Self.spans(window) }
        for (index, first) in windows.enumerated() {
            let mine = spans(first)
            // A window whose days run into each other overlaps itself (mon-fri 20:00-20:00 is refused as empty).
            for other in windows[(index + 1)...] {
                let theirs = spans(other)
                if mine.contains(where: { span in theirs.contains { $0.overlaps(span) } }) { return (first, other) }
            }
        }
        return nil
    }

    static func clock(_ minute: Int) -> String {
        let hour = minute / 60, rest = minute % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    static func describe(_ weekdays: Set<Int>) -> String {
        if weekdays == Set(1...7) { return "" }
        if weekdays == Set(2...6) { return "mon-fri" }
        if weekdays == [1, 7] { return "sat,sun" }
        return weekdays.sorted().map { dayNames[$0 - 1] }.joined(separator: ",")
    }
}

extension CalendarDay {
    /// The first instant at which a wall clock in `zone` shows this day at `minute`
    /// (after midnight; 1440 is the next day's start) or later: that time itself on most
    /// days; where the clock jumps over it, the jump; where it falls back over it, its
    /// first showing.
    package func instant(atMinute minute: Int, in zone: ZoneRules) -> Date? {
        let wall = Double(daysSinceEpoch) * 86_400 + Double(minute) * 60
        let windowStart = Date(timeIntervalSince1970: wall - 2 * 86_400)
        let windowEnd = Date(timeIntervalSince1970: wall + 2 * 86_400)
        var offsets: Set<Int> = [zone.secondsFromGMT(for: windowStart)]
        var candidates: [Date] = []
        var cursor = windowStart
        while let transition = zone.nextTransition(after: cursor), transition < windowEnd {
            candidates.append(transition)
            offsets.insert(zone.secondsFromGMT(for: transition))
            cursor = transition
        }
        for offset in offsets { candidates.append(Date(timeIntervalSince1970: wall - Double(offset))) }
        return candidates.filter { $0.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: $0)) >= wall }.min()
    }
}
