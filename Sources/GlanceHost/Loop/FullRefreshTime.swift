import FoundationEssentials
import GlanceTime

/// `full_at:`: the time of day at which the day's partial refreshes are cleared by a
/// full one (an e-paper panel's ghosting), at a moment nobody watches.
struct FullRefreshTime {
    /// Minutes after midnight, in `zone` (nil: no `full_at:`).
    let minute: Int?
    let zone: ZoneRules
    /// The next instant once asked for, kept until it has come.
    private(set) var next: Date?

    init(minute: Int?, zone: ZoneRules) {
        self.minute = minute
        self.zone = zone
    }

    /// The next instant after `now` (the kept one while it is still ahead).
    mutating func instant(after now: Date) -> Date? {
        guard let minute else { return nil }
        if let next, next > now { return next }
        let today = CalendarDay(containing: now, in: zone)
        for day in [today, today.adding(days: 1), today.adding(days: 2)] {
            if let instant = day.instant(atMinute: minute, in: zone), instant > now {
                next = instant
                return instant
            }
        }
        return nil
    }

    /// Whether the kept instant has come by `now`; it is then forgotten, and the next one
    /// asked for anew.
    mutating func hasCome(at now: Date) -> Bool {
        guard let next, next <= now else { return false }
        self.next = nil
        return true
    }

    /// `full_at HH:MM`, as a refresh's reason says it.
    var reason: String? {
        minute.map { "full_at " + ($0 / 60 < 10 ? "0" : "") + "\($0 / 60):" + ($0 % 60 < 10 ? "0" : "") + "\($0 % 60)" }
    }
}
