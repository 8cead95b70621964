import FoundationEssentials
import GlanceTime

/// A date or date-time as an iCalendar file writes it, before any zone is applied:
/// `20260302` (a date), `20260302T100000` (floating), `…Z` (UTC) or with a TZID.
package struct CalendarTime: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `VALUE=DATE`: a whole day, whose midnights are the display's.
        case date
        /// No TZID and no `Z`: the same wall-clock time in whatever zone the display is in.
        case floating
        case utc
        /// A TZID, resolved when the feed was read (`ICalendarFeed.zones`).
        case zoned(tzid: String)
    }

    package var year, month, day, hour, minute, second: Int
    package var kind: Kind

    package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, kind: Kind) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        self.kind = kind
    }

    package var isDate: Bool { kind == .date }

    /// The calendar day, ignoring the time.
    package var calendarDay: CalendarDay? { CalendarDay(year: year, month: month, day: day) }

    /// Seconds since 1970 as if the wall-clock fields were UTC (the "local seconds" that
    /// zone offsets are subtracted from).
    package var wallSeconds: Int64 {
        let days = CalendarDay(year: year, month: month, day: day)?.daysSinceEpoch ?? 0
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The same kind of time at `wallSeconds` (which for a date must be a midnight).
    package init(wallSeconds: Int64, kind: Kind) {
        let days = Int((Double(wallSeconds) / 86_400).rounded(.down))
        let day = CalendarDay(daysSinceEpoch: days)
        let second = Int(wallSeconds - Int64(days) * 86_400)
        self.init(year: day.year, month: day.month, day: day.day, hour: second / 3600, minute: second / 60 % 60, second: second % 60, kind: kind)
    }
}

/// An RFC 5545 duration (`P1D`, `PT1H30M`, `-P1W`): days and weeks are nominal (the same
/// wall-clock time so many days on), the rest exact seconds.
package struct CalendarDuration: Sendable, Hashable {
    package var days: Int
    package var seconds: Int

    package init(days: Int, seconds: Int) {
        self.days = days
        self.seconds = seconds
    }
}

/// One VEVENT as the file has it: a single event, a recurring series (RRULE/RDATE) or an
/// override of one instance of a series (RECURRENCE-ID).
package struct CalendarEvent: Sendable, Hashable {
    package enum End: Sendable, Hashable {
        /// DTEND: the first instance's end; later instances last as long (exact seconds).
        case time(CalendarTime)
        case duration(CalendarDuration)
        /// Neither: a day for a date, an instant for a date-time (RFC 5545, 3.6.1).
        case none
    }

    /// An RDATE: a start, or a period with its own end.
    package struct ExtraDate: Sendable, Hashable {
        package var start: CalendarTime
        package var end: CalendarTime?
    }

    package var uid: String
    package var summary: String
    package var location: String
    /// STATUS:CANCELLED; its occurrences are left out.
    package var isCancelled: Bool
    package var start: CalendarTime
    package var end: End
    /// Each RRULE's text (`FREQ=WEEKLY;BYDAY=MO`), read again by libical when expanding.
    package var rules: [String]
    package var extraDates: [ExtraDate]
    package var excludedDates: [CalendarTime]
    /// Set on an override: the start of the instance of the series it replaces.
    package var recurrenceID: CalendarTime?
    /// The line of its `BEGIN:VEVENT`.
    package var line: Int
}

/// Where a TZID's offsets come from.
package enum ZoneSource: Sendable, Equatable {
    /// The system's tz database (the TZID is an IANA name such as America/New_York).
    case system(ZoneRules)
    /// The file's own VTIMEZONE (Outlook's "Eastern Standard Time"), as iCalendar text
    /// that libical reads again when expanding.
    case vtimezone(String)
}

/// One instance of an event in a window, in instants.
package struct Occurrence: Sendable, Hashable, Codable {
    package var uid: String
    package var summary: String
    package var location: String
    /// For all-day events, the display zone's midnight that begins the first day.
    package var start: Date
    /// For all-day events, the midnight after the last day.
    package var end: Date
    package var isAllDay: Bool
    /// The name of the calendar it came from.
    package var calendar: String

    package init(uid: String, summary: String, location: String, start: Date, end: Date, isAllDay: Bool, calendar: String) {
        self.uid = uid
        self.summary = summary
        self.location = location
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
        self.calendar = calendar
    }
}
