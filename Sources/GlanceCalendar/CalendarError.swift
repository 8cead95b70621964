/// Why a calendar feed cannot be read, in one line that names the calendar and, where
/// the problem has one, the line of the file.
package struct CalendarError: Error, Equatable, CustomStringConvertible {
    package enum Reason: Equatable, Sendable {
        /// Larger than the parser is allowed to read (checked before parsing).
        case tooLarge(bytes: Int, limit: Int)
        /// No `BEGIN:VCALENDAR` where the file starts: what it looks like instead (an HTML
        /// page, JSON, other text), never its text: the file may be anyone's.
        case notICalendar(found: String)
        /// No `END:VCALENDAR` where the file ends: the download was cut short.
        case truncated
        /// A TZID that neither the file's VTIMEZONEs nor the system's tz database define.
        case unknownTimeZone(String)
        /// An event without the DTSTART every occurrence is computed from.
        case missingStart(uid: String)
        /// libical could not read a property the occurrences depend on (its message).
        case unreadable(String)
        /// BEGIN and END lines that do not pair up (what is wrong, in words).
        case unbalanced(String)
        /// Components nested deeper than `limit` (the BEGIN line is the error's line).
        case nestedTooDeep(limit: Int)
        /// A VTIMEZONE whose STANDARD or DAYLIGHT rule libical would step through for
        /// minutes when converting a time (what is wrong, in words).
        case zoneRule(String)
        /// libical.so.3 could not be opened (it is loaded on the first parse, not linked):
        /// why, as the dynamic loader said, and the Debian package that provides it.
        case libraryMissing(String)
    }

    /// The calendar's name as the configuration gives it.
    package let calendar: String
    /// The 1-based line of the file, when the problem is on one.
    package let line: Int?
    package let reason: Reason

    package init(calendar: String, line: Int?, reason: Reason) {
        self.calendar = calendar
        self.line = line
        self.reason = reason
    }

    package var description: String {
        let place = line.map { "calendar '\(calendar)', line \($0)" } ?? "calendar '\(calendar)'"
        let what: String = switch reason {
        case .tooLarge(let bytes, let limit):
            "\(bytes) bytes is more than the \(limit) a calendar may have; is this the right address?"
        case .notICalendar(let found):
            "not an iCalendar file (it should begin with BEGIN:VCALENDAR; found \(found))"
        case .truncated:
            "the file ends before END:VCALENDAR; it was cut short (try the download again)"
        case .unknownTimeZone(let tzid):
            "unknown time zone TZID '\(tzid)': no VTIMEZONE in the file defines it and it is not a zone in the system's tz database"
        case .missingStart(let uid):
            "the event '\(uid)' has no DTSTART"
        case .unreadable(let message):
            message
        case .unbalanced(let what):
            "\(what); the file's components do not nest"
        case .nestedTooDeep(let limit):
            "components nested more than \(limit) deep (a calendar nests three or four: VCALENDAR, VEVENT, VALARM); the file is refused"
        case .zoneRule(let what):
            "\(what); the zone is refused (a time zone's rules change once or twice a year)"
        case .libraryMissing(let reason):
            reason
        }
        return "\(place): \(what)"
    }
}
