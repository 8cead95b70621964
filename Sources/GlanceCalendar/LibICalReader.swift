import CICal
import GlanceTime
import Glibc

/// Walks the tree libical parsed into `CalendarEvent` values: the one place that reads
/// libical's components and properties. It owns nothing; `ICalendarFeed.parse` frees the
/// tree.
struct LibICalReader {
    let calendar: String
    let text: SourceLines
    let zoneDirectory: String
    private(set) var events: [CalendarEvent] = []
    private(set) var zones: [String: ZoneSource] = [:]
    /// The VTIMEZONE blocks of the file by TZID, as iCalendar text.
    private var vtimezones: [String: String] = [:]
    /// Why a VTIMEZONE of the file may not be expanded (`ZoneRuleScreen`), by TZID: an
    /// event that needs it is refused with this, at the rule's line.
    private var zoneProblems: [String: CalendarError] = [:]
    private var problems: [String: String?] = [:]
    /// `RuleScreen`'s answers by day filter.
    private var dayFilters: [String: String?] = [:]

    /// Properties whose values the occurrences are computed from: libical's complaint
    /// about one of these refuses the feed; about any other (an ATTENDEE, an odd X-
    /// property) it is ignored, as calendar apps do.
    private static let essential = ["DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID"]

    init(calendar: String, text: SourceLines, zoneDirectory: String) {
        self.calendar = calendar
        self.text = text
        self.zoneDirectory = zoneDirectory
    }

    private func fail(_ line: Int?, _ reason: CalendarError.Reason) -> CalendarError {
        CalendarError(calendar: calendar, line: line, reason: reason)
    }

    /// The component on `lines`, parsed by libical on its own, if it is a `kind`; the
    /// caller frees it.
    private func parse(_ lines: ClosedRange<Int>, kind: icalcomponent_kind, named name: String) throws(CalendarError) -> OpaquePointer {
        let source = text.cString(lines)
        guard let component = source.withUnsafeBufferPointer({ icalparser_parse_string($0.baseAddress!) }) else {
            throw fail(lines.lowerBound, .unreadable("libical cannot read this \(name)"))
        }
        guard icalcomponent_isa(component) == kind else {
            icalcomponent_free(component)
            throw fail(lines.lowerBound, .unreadable("libical cannot read this \(name)"))
        }
        return component
    }

    /// A VTIMEZONE, kept as text by its TZID for the events that name it.
    mutating func readTimeZone(_ lines: ClosedRange<Int>) throws(CalendarError) {
        let vtimezone = try parse(lines, kind: ICAL_VTIMEZONE_COMPONENT, named: "VTIMEZONE")
        defer { icalcomponent_free(vtimezone) }
        // A VTIMEZONE without TZID cannot be named by any event.
        guard let property = icalcomponent_get_first_property(vtimezone, ICAL_TZID_PROPERTY), let tzid = icalproperty_get_tzid(property) else { return }
        let name = String(cString: tzid)
        vtimezones[name] = String(decoding: text.cString(lines).dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let (part, reason) = ZoneRuleScreen.problem(vtimezone) {
            zoneProblems[name] = fail(ruleLine(ofPart: part, in: lines) ?? lines.lowerBound, .zoneRule("VTIMEZONE \(name): \(reason)"))
        }
    }

    /// The RRULE line of the `part`-th STANDARD or DAYLIGHT block within `lines`.
    private func ruleLine(ofPart part: Int, in lines: ClosedRange<Int>) -> Int? {
        var seen = -1
        var inside = false
        for number in lines {
            let line = text.text(number).uppercased()
            if line.hasPrefix("BEGIN:STANDARD") || line.hasPrefix("BEGIN:DAYLIGHT") {
                seen += 1
                inside = seen == part
            } else if inside, line.hasPrefix("RRULE") {
                return number
            }
        }
        return nil
    }

    /// A VEVENT, appended to `events`.
    mutating func readEvent(_ lines: ClosedRange<Int>) throws(CalendarError) {
        let vevent = try parse(lines, kind: ICAL_VEVENT_COMPONENT, named: "VEVENT")
        defer { icalcomponent_free(vevent) }
        events.append(try event(vevent, lines: lines))
    }

    private mutating func event(_ vevent: OpaquePointer, lines: ClosedRange<Int>) throws(CalendarError) -> CalendarEvent {
        // libical drops a property it cannot read and leaves an X-LIC-ERROR in its place.
        var problem: CalendarError?
        forEachProperty(of: vevent, kind: ICAL_XLICERROR_PROPERTY) { property in
            guard problem == nil, let message = icalproperty_get_xlicerror(property).map({ String(cString: $0) }),
                  let name = Self.essential.first(where: { message.contains(" \($0) property") }) else { return }
            // The message ends with the text libical could not read.
            let culprit = message.split(separator: ":", omittingEmptySubsequences: false).last?.trimmingWhitespace ?? ""
            let line = text.line(in: lines) { $0.uppercased().hasPrefix(name) && (culprit.isEmpty || $0.contains(culprit)) }
            problem = fail(line ?? lines.lowerBound, .unreadable(message))
        }
        if let problem { throw problem }

        let uid = string(vevent, ICAL_UID_PROPERTY, icalproperty_get_uid) ?? "line \(lines.lowerBound)"
        guard let startProperty = icalcomponent_get_first_property(vevent, ICAL_DTSTART_PROPERTY) else {
            throw fail(lines.lowerBound, .missingStart(uid: uid))
        }
        let start = try time(icalproperty_get_dtstart(startProperty), startProperty, lines: lines, name: "DTSTART")
        var end = CalendarEvent.End.none
        if let property = icalcomponent_get_first_property(vevent, ICAL_DTEND_PROPERTY) {
            end = .time(try time(icalproperty_get_dtend(property), property, lines: lines, name: "DTEND"))
        } else if let property = icalcomponent_get_first_property(vevent, ICAL_DURATION_PROPERTY) {
            end = .duration(CalendarDuration(icalproperty_get_duration(property)))
        }
        var rules: [String] = []
        forEachProperty(of: vevent, kind: ICAL_RRULE_PROPERTY) { property in
            if let value = icalproperty_get_value_as_string_r(property) {
                rules.append(String(cString: value))
                free(value)
            }
        }
        var extraDates: [CalendarEvent.ExtraDate] = []
        var excluded: [CalendarTime] = []
        var recurrenceID: CalendarTime?
        // Collected first: a throwing closure cannot run inside libical's walk.
        var rdates: [OpaquePointer] = []
        var exdates: [OpaquePointer] = []
        forEachProperty(of: vevent, kind: ICAL_RDATE_PROPERTY) { rdates.append($0) }
        forEachProperty(of: vevent, kind: ICAL_EXDATE_PROPERTY) { exdates.append($0) }
        for property in rdates {
            let value = icalproperty_get_rdate(property)
            if icaltime_is_null_time(value.time) == 0 {
                extraDates.append(.init(start: try time(value.time, property, lines: lines, name: "RDATE"), end: nil))
            } else {
                let periodStart = try time(value.period.start, property, lines: lines, name: "RDATE")
                var periodEnd: CalendarTime?
                if icaltime_is_null_time(value.period.end) == 0 {
                    periodEnd = try time(value.period.end, property, lines: lines, name: "RDATE")
                } else {
                    let length = CalendarDuration(value.period.duration)
                    periodEnd = CalendarTime(wallSeconds: periodStart.wallSeconds + Int64(length.days) * 86_400 + Int64(length.seconds), kind: periodStart.kind)
                }
                extraDates.append(.init(start: periodStart, end: periodEnd))
            }
        }
        for property in exdates {
            excluded.append(try time(icalproperty_get_exdate(property), property, lines: lines, name: "EXDATE"))
        }
        if let property = icalcomponent_get_first_property(vevent, ICAL_RECURRENCEID_PROPERTY) {
            recurrenceID = try time(icalproperty_get_recurrenceid(property), property, lines: lines, name: "RECURRENCE-ID")
        }
        for rule in rules {
            guard let reason = ruleProblem(rule) else { continue }
            let line = text.line(in: lines) { $0.uppercased().hasPrefix("RRULE") }
            throw fail(line ?? lines.lowerBound, .unreadable(reason))
        }
        let status = icalcomponent_get_first_property(vevent, ICAL_STATUS_PROPERTY).map { icalproperty_get_status($0) }
        return CalendarEvent(uid: uid, summary: string(vevent, ICAL_SUMMARY_PROPERTY, icalproperty_get_summary) ?? "",
                             location: string(vevent, ICAL_LOCATION_PROPERTY, icalproperty_get_location) ?? "",
                             isCancelled: status == ICAL_STATUS_CANCELLED, start: start, end: end, rules: rules,
                             extraDates: extraDates, excludedDates: excluded, recurrenceID: recurrenceID, line: lines.lowerBound)
    }

    /// `Recurrence.problem`, asked once a rule text: a rule that never gives an instance
    /// costs libical up to a second or so to find out, and feeds repeat rules.
    private mutating func ruleProblem(_ rule: String) -> String? {
        if let known = problems[rule] { return known }
        let answer = Recurrence.problem(rule, known: &dayFilters)
        problems[rule] = .some(answer)
        return answer
    }

    /// A date or date-time property's value, its TZID resolved.
    private mutating func time(_ value: icaltimetype, _ property: OpaquePointer, lines: ClosedRange<Int>, name: String) throws(CalendarError) -> CalendarTime {
        var kind = CalendarTime.Kind.floating
        if value.is_date != 0 {
            kind = .date
        } else if icaltime_is_utc(value) != 0 {
            kind = .utc
        } else if let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER), let raw = icalparameter_get_tzid(parameter) {
            let tzid = String(cString: raw)
            if zones[tzid] == nil {
                guard let source = ZoneResolver.resolve(tzid, vtimezones: vtimezones, directory: zoneDirectory) else {
                    let line = text.line(in: lines) { $0.uppercased().hasPrefix(name) && $0.contains(tzid) }
                    throw fail(line ?? lines.lowerBound, .unknownTimeZone(tzid))
                }
                // Only a zone libical would expand can hurt: an IANA name is the system's.
                if case .vtimezone = source, let problem = zoneProblems[tzid] { throw problem }
                zones[tzid] = source
            }
            kind = .zoned(tzid: tzid)
        }
        return CalendarTime(year: Int(value.year), month: Int(value.month), day: Int(value.day),
                            hour: Int(value.hour), minute: Int(value.minute), second: Int(value.second), kind: kind)
    }

    private func string(_ component: OpaquePointer, _ kind: icalproperty_kind,
                        _ get: (OpaquePointer?) -> UnsafePointer<CChar>?) -> String? {
        icalcomponent_get_first_property(component, kind).flatMap { get($0) }.map { String(cString: $0) }
    }
}

/// libical's walk over a component's properties of one kind.
func forEachProperty(of component: OpaquePointer, kind: icalproperty_kind, _ body: (OpaquePointer) -> Void) {
    var property = icalcomponent_get_first_property(component, kind)
    while let current = property {
        body(current)
        property = icalcomponent_get_next_property(component, kind)
    }
}

extension Substring {
    var trimmingTrailingBlanks: Substring {
        var result = self
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result = result.dropLast() }
        return result
    }

    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension CalendarDuration {
    /// libical's duration, its unsigned 32-bit fields widened before any arithmetic
    /// (`P999999999W` overflows them, and `icaldurationtype_as_int`'s `int`).
    init(_ value: icaldurationtype) {
        let sign = value.is_neg != 0 ? -1 : 1
        self.init(days: sign * (Int(value.days) + 7 * Int(value.weeks)),
                  seconds: sign * (Int(value.hours) * 3600 + Int(value.minutes) * 60 + Int(value.seconds)))
    }
}
