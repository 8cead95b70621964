import CICal
import Glibc

/// An RRULE expanded with libical's `icalrecur_iterator`, on wall-clock fields: a weekly
/// 10:00 meeting in New York is 10:00 on both sides of a DST change because the rule
/// steps through local times and the zone is applied to each one afterwards.
enum Recurrence {
    /// The most instances one rule is stepped through in one expansion, those before the
    /// window included: the bound on an RRULE without end (`FREQ=MINUTELY` since 1990)
    /// or a huge COUNT. A daily rule reaches about 270 years within it.
    static let maximumSteps = 100_000

    /// Why libical cannot be asked to expand `rule`: it does not read it, it cannot make an
    /// iterator for it (icalrecur_iterator_new refuses weekly and coarser rules that give
    /// no instance), or `RuleScreen` finds it would search for minutes. `nil` when it can.
    static func problem(_ rule: String, known: inout [String: String?]) -> String? {
        let recurrence = icalrecurrencetype_from_string(rule)
        defer { free(recurrence.rscale) }
        guard recurrence.freq != ICAL_NO_RECURRENCE else { return "libical cannot expand the rule RRULE:\(rule)" }
        if let problem = RuleScreen.problem(recurrence, known: &known) { return "the rule RRULE:\(rule) is not expanded: \(problem)" }
        let start = CalendarTime(year: 2026, month: 1, day: 1, kind: .floating)
        guard let iterator = icalrecur_iterator_new(recurrence, start.icalTime) else { return "libical cannot expand the rule RRULE:\(rule)" }
        icalrecur_iterator_free(iterator)
        return nil
    }

    /// Calls `body` with each start `rule` gives from `start` on, in order, until `body`
    /// returns false, the rule ends, `maximumSteps` starts have been given or `work` is
    /// spent. Returns whether the rule was followed to its end or to `body`'s false (not
    /// stopped by a bound).
    ///
    /// `localUntil` turns the rule's UNTIL, when written in UTC, into the wall clock of
    /// the start's zone: libical compares it with the floating starts as they are.
    /// `skipTo` (wall seconds) lets a rule without COUNT begin there instead of at
    /// `start`, so a daily rule from 1997 costs nothing before the window; a rule with
    /// COUNT must be counted from its start.
    @discardableResult
    static func expand(_ rule: String, from start: CalendarTime, skipTo: Int64?, work: inout ExpansionWork, localUntil: (Int64) -> Int64,
                       _ body: (CalendarTime) -> Bool) -> Bool {
        var recurrence = icalrecurrencetype_from_string(rule)
        defer { free(recurrence.rscale) }
        guard recurrence.freq != ICAL_NO_RECURRENCE else { return true }
        if icaltime_is_null_time(recurrence.until) == 0, icaltime_is_utc(recurrence.until) != 0, !start.isDate, start.kind != .utc {
            let until = CalendarTime(year: Int(recurrence.until.year), month: Int(recurrence.until.month), day: Int(recurrence.until.day),
                                     hour: Int(recurrence.until.hour), minute: Int(recurrence.until.minute), second: Int(recurrence.until.second), kind: .utc)
            recurrence.until = CalendarTime(wallSeconds: localUntil(until.wallSeconds), kind: .floating).icalTime
        }
        guard let iterator = icalrecur_iterator_new(recurrence, start.icalTime) else { return true }
        defer { icalrecur_iterator_free(iterator) }
        if let skipTo, recurrence.count == 0, skipTo > start.wallSeconds {
            let day = skipTo - ((skipTo % 86_400) + 86_400) % 86_400
            // icalrecur_iterator_set_start refuses (0) only for a rule with COUNT.
            _ = icalrecur_iterator_set_start(iterator, CalendarTime(wallSeconds: start.isDate ? day : skipTo, kind: start.isDate ? .date : .floating).icalTime)
        }
        for _ in 0..<maximumSteps {
            guard work.step() else { return false }
            let next = icalrecur_iterator_next(iterator)
            guard icaltime_is_null_time(next) == 0 else { return true }
            let time = CalendarTime(year: Int(next.year), month: Int(next.month), day: Int(next.day),
                                    hour: Int(next.hour), minute: Int(next.minute), second: Int(next.second), kind: start.kind)
            guard body(time) else { return true }
        }
        return false
    }
}

extension CalendarTime {
    /// libical's value for these fields, with no zone (floating): the iterator steps
    /// through wall-clock times.
    var icalTime: icaltimetype {
        var value = icaltime_null_time()
        value.year = Int32(year)
        value.month = Int32(month)
        value.day = Int32(day)
        value.hour = Int32(isDate ? 0 : hour)
        value.minute = Int32(isDate ? 0 : minute)
        value.second = Int32(isDate ? 0 : second)
        value.is_date = isDate ? 1 : 0
        return value
    }
}
