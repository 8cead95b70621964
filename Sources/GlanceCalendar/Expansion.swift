import CICal
import FoundationEssentials
import GlanceTime
import Glibc

extension ICalendarFeed {
    /// The occurrences that overlap `[from, to)` (an event in progress at `from` is in; one
    /// without length is in when it starts in the window), sorted by start, at most
    /// `limit` of them: the earliest.
    ///
    /// Recurring events are expanded (RRULE, RDATE, less EXDATE); an override
    /// (RECURRENCE-ID) replaces the instance it names, wherever it moved it; cancelled
    /// events and instances are left out. Floating times and all-day events are read in
    /// `zone`, the display's. Work is bounded by `limit` and `Recurrence.maximumSteps`
    /// per rule, whatever the feed says: an RRULE without end stops at `to`.
    package func occurrences(from: Date, to: Date, zone: ZoneRules, limit: Int) -> [Occurrence] {
        expand(from: from, to: to, zone: zone, limit: limit).occurrences
    }

    /// `occurrences(from:to:zone:limit:)` with the work bounded for the whole feed too:
    /// the rules together are stepped through at most `budget.steps` times and for at most
    /// `budget.seconds`, so a feed of thousands of rules that each cost the most one rule
    /// may (`Recurrence.maximumSteps`) is answered in bounded time, saying it was cut short.
    package func expand(from: Date, to: Date, zone: ZoneRules, limit: Int, budget: ExpansionBudget = .standard) -> Expansion {
        guard limit > 0, from < to else { return Expansion(occurrences: [], cutShort: nil) }
        var work = budget.started()
        var cutShort: String?
        let clock = InstantConverter(display: zone, zones: zones)
        var collector = Collector(from: seconds(from), to: seconds(to), limit: limit)
        var overrides: [String: [CalendarEvent]] = [:]
        for event in events {
            if event.recurrenceID != nil { overrides[event.uid, default: []].append(event) }
        }
        for event in events {
            if event.recurrenceID != nil {
                // The moved or changed instance, on its own terms.
                guard !event.isCancelled else { continue }
                let start = clock.instant(event.start)
                collector.offer(event, calendar: name, start: start, end: end(of: event, startingAt: event.start, instant: start, clock: clock))
                continue
            }
            guard !event.isCancelled else { continue }
            let replaced = Set((overrides[event.uid] ?? []).compactMap { $0.recurrenceID.map(clock.instant) })
            let excluded = Set(event.excludedDates.map(clock.instant))
            var seen: Set<Int64> = []
            var given = 0
            // Returns whether later starts may still fall in the window.
            func offer(_ start: CalendarTime, end explicitEnd: CalendarTime? = nil) -> Bool {
                let instant = clock.instant(start)
                guard instant < collector.horizon, given < limit else { return false }
                guard seen.insert(instant).inserted, !excluded.contains(instant), !replaced.contains(instant) else { return true }
                let finish = explicitEnd.map(clock.instant) ?? end(of: event, startingAt: start, instant: instant, clock: clock)
                if collector.offer(event, calendar: name, start: instant, end: finish) { given += 1 }
                return true
            }
            // DTSTART is always the first instance (RFC 5545, 3.8.5.3).
            _ = offer(event.start)
            // An instance in progress at `from` began at most its length before it; two
            // days more cover any zone offset between the wall clock and UTC.
            let firstStart = clock.instant(event.start)
            let length = max(0, end(of: event, startingAt: event.start, instant: firstStart, clock: clock) - firstStart)
            let skipTo = clock.wallSeconds(ofInstant: collector.from - length - 2 * 86_400, like: event.start)
            for rule in event.rules {
                let finished = Recurrence.expand(rule, from: event.start, skipTo: skipTo, work: &work,
                                                 localUntil: { clock.wallSeconds(ofInstant: $0, like: event.start) }) { offer($0) }
                if !finished, cutShort == nil { cutShort = event.uid }
            }
            for extra in event.extraDates { _ = offer(extra.start, end: extra.end) }
        }
        return Expansion(occurrences: collector.result(), cutShort: cutShort)
    }

    /// When the instance starting at `start` (`instant`) ends.
    private func end(of event: CalendarEvent, startingAt start: CalendarTime, instant: Int64, clock: InstantConverter) -> Int64 {
        switch event.end {
        case .time(let end):
            if start.isDate, end.isDate, let first = event.start.calendarDay, let last = end.calendarDay {
                return clock.instant(CalendarTime(wallSeconds: start.wallSeconds + Int64(first.days(until: last)) * 86_400, kind: .date))
            }
            // The same exact length as the first instance (RFC 5545, 3.8.5.3).
            return instant + (clock.instant(end) - clock.instant(event.start))
        case .duration(let duration):
            // Days are nominal: the same wall-clock time that many days on.
            let shifted = CalendarTime(wallSeconds: start.wallSeconds + Int64(duration.days) * 86_400, kind: start.kind)
            if start.isDate { return clock.instant(CalendarTime(wallSeconds: shifted.wallSeconds + Int64(duration.seconds / 86_400) * 86_400, kind: .date)) }
            return clock.instant(shifted) + Int64(duration.seconds)
        case .none:
            return start.isDate ? clock.instant(CalendarTime(wallSeconds: start.wallSeconds + 86_400, kind: .date)) : instant
        }
    }
}

/// What `ICalendarFeed.expand` found.
package struct Expansion: Sendable {
    /// Sorted by start, at most the limit asked for.
    package let occurrences: [Occurrence]
    /// The UID of the first event whose rule was stopped by the work bounds before it
    /// passed the window: later instances of it, and of rules after it, may be missing.
    /// `nil` when every rule was followed to its end or past the window.
    package let cutShort: String?
}

/// How much work one expansion of a whole feed may do.
package struct ExpansionBudget: Sendable {
    /// Steps of libical's rule iterator, all rules together.
    package var steps: Int
    /// Seconds of monotonic time.
    package var seconds: Double

    package init(steps: Int, seconds: Double) {
        self.steps = steps
        self.seconds = seconds
    }

    /// Twenty times what a 20,000-event feed of 2,000 weekly rules costs for a month
    /// (about 100,000 steps), and seconds to match on a Raspberry Pi Zero.
    package static let standard = ExpansionBudget(steps: 2_000_000, seconds: 5)

    func started() -> ExpansionWork {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return ExpansionWork(stepsLeft: steps, deadline: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + seconds)
    }
}

/// An expansion's budget as it is spent.
struct ExpansionWork {
    var stepsLeft: Int
    let deadline: Double

    init(stepsLeft: Int, deadline: Double) {
        self.stepsLeft = stepsLeft
        self.deadline = deadline
    }

    /// Spends one step; false once the steps or the time are gone. The clock is read at
    /// every step (a vDSO call, far cheaper than a step of libical's iterator, which may
    /// search up to `RuleScreen.longestWait` days).
    mutating func step() -> Bool {
        guard stepsLeft > 0 else { return false }
        stepsLeft -= 1
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        if Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 > deadline { stepsLeft = 0 }
        return true
    }
}

private func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

/// Keeps the earliest `limit` occurrences that overlap the window, in memory proportional
/// to `limit` however many are offered.
private struct Collector {
    let from: Int64
    let to: Int64
    let limit: Int
    private var kept: [Occurrence] = []
    /// Nothing starting at or after this can be kept: the window's end, or the latest
    /// start kept once `limit` are.
    private(set) var horizon: Int64

    init(from: Int64, to: Int64, limit: Int) {
        self.from = from
        self.to = to
        self.limit = limit
        horizon = to
    }

    /// Keeps it if it overlaps the window; says whether it did.
    @discardableResult
    mutating func offer(_ event: CalendarEvent, calendar: String, start: Int64, end: Int64) -> Bool {
        guard start < to, end > from || (end == start && start >= from) else { return false }
        kept.append(Occurrence(uid: event.uid, summary: event.summary, location: event.location,
                               start: Date(timeIntervalSince1970: TimeInterval(start)), end: Date(timeIntervalSince1970: TimeInterval(max(end, start))),
                               isAllDay: event.start.isDate, calendar: calendar))
        if kept.count >= 2 * limit { trim() }
        return true
    }

    private mutating func trim() {
        kept.sort(by: Self.order)
        kept.removeLast(kept.count - limit)
        // Later starts than the last kept can no longer make the list.
        if let last = kept.last { horizon = min(horizon, seconds(last.start) + 1) }
    }

    mutating func result() -> [Occurrence] {
        kept.sort(by: Self.order)
        return Array(kept.prefix(limit))
    }

    static func order(_ a: Occurrence, _ b: Occurrence) -> Bool {
        (a.start, a.end, a.uid, a.summary) < (b.start, b.end, b.uid, b.summary)
    }
}

/// Turns the file's times into instants (seconds since 1970): UTC as it is, a TZID
/// through its zone, floating times and dates through the display's zone.
final class InstantConverter {
    let display: ZoneRules
    let zones: [String: ZoneSource]
    /// libical zones made from the file's VTIMEZONEs, for this expansion only.
    private var libicalZones: [String: OpaquePointer] = [:]

    init(display: ZoneRules, zones: [String: ZoneSource]) {
        self.display = display
        self.zones = zones
    }

    deinit {
        // `icaltimezone_free(_, 1)` frees the zone and the VTIMEZONE component it holds.
        for zone in libicalZones.values { icaltimezone_free(zone, 1) }
    }

    func instant(_ time: CalendarTime) -> Int64 {
        switch time.kind {
        case .utc:
            return time.wallSeconds
        case .date:
            guard let day = time.calendarDay, let start = day.start(in: display) else { return time.wallSeconds }
            return Int64(start.timeIntervalSince1970.rounded(.down))
        case .floating:
            return Self.instant(wall: time.wallSeconds) { Int(self.display.offset(at: $0)) }
        case .zoned(let tzid):
            return Self.instant(wall: time.wallSeconds) { self.offset(tzid, at: $0) }
        }
    }

    /// The wall clock of `time`'s zone at `instant` (for UNTIL in UTC).
    func wallSeconds(ofInstant instant: Int64, like time: CalendarTime) -> Int64 {
        switch time.kind {
        case .utc: instant
        case .date, .floating: instant + Int64(display.offset(at: instant))
        case .zoned(let tzid): instant + Int64(offset(tzid, at: instant))
        }
    }

    /// Seconds east of UTC in the zone `tzid` at `instant`.
    private func offset(_ tzid: String, at instant: Int64) -> Int {
        switch zones[tzid] {
        case .system(let rules):
            return Int(rules.offset(at: instant))
        case .vtimezone(let text):
            guard let zone = libicalZone(tzid, text) else { return 0 }
            var time = icaltime_from_timet_with_zone(time_t(instant), 0, icaltimezone_get_utc_timezone())
            var isDaylight: Int32 = 0
            return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, &isDaylight))
        case nil:
            // Not reached: the reader resolved every TZID the events use.
            return 0
        }
    }

    private func libicalZone(_ tzid: String, _ text: String) -> OpaquePointer? {
        if let zone = libicalZones[tzid] { return zone }
        guard let component = icalcomponent_new_from_string(text) else { return nil }
        guard let zone = icaltimezone_new() else {
            icalcomponent_free(component)
            return nil
        }
        guard icaltimezone_set_component(zone, component) != 0 else {
            icaltimezone_free(zone, 1)
            icalcomponent_free(component)
            return nil
        }
        libicalZones[tzid] = zone
        return zone
    }

    /// The instant a wall clock with offsets `offset(at:)` shows `wall` (seconds as if
    /// UTC). Where it shows it twice (a fall back), the first; where it skips it (a jump
    /// forward), the offset before the gap is used, so 02:30 becomes 03:30 (RFC 5545,
    /// 3.3.5, as Python's fold=0).
    static func instant(wall: Int64, offset: (Int64) -> Int) -> Int64 {
        let before = offset(wall - 86_400)
        let after = offset(wall + 86_400)
        var best: Int64?
        for candidate in Set([before, after, offset(wall)]) {
            let instant = wall - Int64(candidate)
            if offset(instant) == candidate { best = min(best ?? instant, instant) }
        }
        return best ?? wall - Int64(before)
    }
}
