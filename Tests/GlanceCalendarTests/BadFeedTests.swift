import Foundation
import GlanceCalendar
import GlanceTime
import Testing

/// Feeds that cannot be shown give one line naming the calendar and, where it has one,
/// the line of the file.
@Suite struct BadFeedTests {
    func error(_ file: String, maximumBytes: Int = ICalendarFeed.defaultMaximumBytes) throws -> CalendarError? {
        let bytes = try CalendarFixtures.bytes(file)
        do {
            _ = try ICalendarFeed.parse(bytes, name: "Family", maximumBytes: maximumBytes)
            return nil
        } catch {
            #expect(!error.description.contains("\n"))
            return error
        }
    }

    @Test func notICalendar() throws {
        let error = try #require(try error("not-icalendar.ics"))
        #expect(error.line == 1)
        #expect(error.description == "calendar 'Family', line 1: not an iCalendar file (it should begin with BEGIN:VCALENDAR; found an HTML page)")
    }

    @Test func truncated() throws {
        let error = try #require(try error("truncated.ics"))
        #expect(error.reason == .truncated && error.line == 12)
        #expect(error.description.hasPrefix("calendar 'Family', line 12: the file ends before END:VCALENDAR"))
    }

    @Test func unknownTZID() throws {
        let error = try #require(try error("unknown-tzid.ics"))
        #expect(error.reason == .unknownTimeZone("Mars/Olympus_Mons") && error.line == 7)
        #expect(error.description.contains("calendar 'Family', line 7: unknown time zone TZID 'Mars/Olympus_Mons'"))
    }

    @Test func anUnreadableDTENDNamesItsLine() throws {
        let error = try #require(try error("bad-dtend.ics"))
        #expect(error.line == 8)
        #expect(error.description.contains("calendar 'Family', line 8: ") && error.description.contains("DTEND"))
    }

    @Test func tooLargeIsRefusedBeforeParsing() throws {
        let error = try #require(try error("google-weekly-dst.ics", maximumBytes: 1000))
        guard case .tooLarge(let bytes, 1000) = error.reason else { Issue.record("\(error)"); return }
        #expect(bytes > 1000 && error.line == nil)
        #expect(error.description.hasPrefix("calendar 'Family': \(bytes) bytes is more than the 1000"))
    }

    @Test func aNULByteIsNotICalendar() throws {
        let bytes = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\u{0}\r\nEND:VCALENDAR\r\n".utf8)
        #expect(throws: CalendarError(calendar: "x", line: 3, reason: .notICalendar(found: "a NUL byte"))) {
            try ICalendarFeed.parse(bytes, name: "x")
        }
    }

    @Test func aRuleThatGivesNoInstanceNamesItsLine() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:never\r\nDTSTART:20260101T090000Z\r\n"
            + "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        // libical writes the rule back in its own order.
        #expect(throws: CalendarError(calendar: "x", line: 6, reason: .unreadable("libical cannot expand the rule RRULE:FREQ=YEARLY;BYMONTHDAY=30;BYMONTH=2"))) {
            try ICalendarFeed.parse(Array(text.utf8), name: "x")
        }
    }

    /// BEGIN and END lines are paired before libical sees anything, so a component left
    /// open is named at its own line rather than lost in libical's lenient tree.
    @Test func componentsThatDoNotNestNameTheirLines() throws {
        func error(_ lines: [String]) -> CalendarError? {
            do {
                _ = try ICalendarFeed.parse(Array(lines.joined(separator: "\r\n").utf8), name: "Family")
                return nil
            } catch { return error }
        }
        let head = ["BEGIN:VCALENDAR", "VERSION:2.0"]
        let event = ["BEGIN:VEVENT", "UID:a", "DTSTART:20260101T090000Z"]
        #expect(error(head + event + ["END:VCALENDAR", ""])
            == CalendarError(calendar: "Family", line: 6, reason: .unbalanced("END:VCALENDAR where END:VEVENT was expected (its BEGIN is on line 3)")))
        #expect(error(head + event + ["END:VEVENT", "END:VCALENDAR", "BEGIN:VEVENT", "END:VEVENT", "END:VCALENDAR"])
            == CalendarError(calendar: "Family", line: 8, reason: .unbalanced("BEGIN:VEVENT outside a VCALENDAR")))
        #expect(error(head + ["END:VEVENT"] + event + ["END:VEVENT", "END:VCALENDAR"])
            == CalendarError(calendar: "Family", line: 3, reason: .unbalanced("END:VEVENT where END:VCALENDAR was expected (its BEGIN is on line 1)")))
        let message = try #require(error(head + event + ["END:VCALENDAR"])).description
        #expect(message == "calendar 'Family', line 6: END:VCALENDAR where END:VEVENT was expected (its BEGIN is on line 3); the file's components do not nest")
    }

    /// An event's problem is named at the line within that event, wherever it is in a
    /// long file: each event is read on its own, with its own lines.
    @Test func aProblemDeepInALongFileNamesItsLine() throws {
        var text = String(decoding: SampleFeed.generated(events: 2_000), as: UTF8.self)
        // Event 1,501 (a single event) gets a DTEND libical cannot read.
        var lines = text.components(separatedBy: "\r\n")
        let uid = try #require(lines.firstIndex(of: "UID:event-1501@example.com"))
        let dtend = try #require(lines[uid...].firstIndex { $0.hasPrefix("DTEND:") })
        lines[dtend] = "DTEND:one o'clock"
        let expected = dtend + 1
        text = lines.joined(separator: "\r\n")
        do {
            _ = try ICalendarFeed.parse(Array(text.utf8), name: "Work")
            Issue.record("the bad DTEND was read")
        } catch {
            #expect(error.line == expected)
            #expect(error.description.hasPrefix("calendar 'Work', line \(expected): "))
        }
    }

    /// Rules libical would search through for minutes inside one call are refused when
    /// the feed is read, at once and at their line; sparse rules it finds quickly are not.
    @Test func rulesLibicalWouldSearchForMinutesAreRefusedAtTheirLine() throws {
        func problem(_ rule: String) -> String? {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:r\r\nDTSTART:20260101T090000Z\r\nRRULE:\(rule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            do {
                _ = try ICalendarFeed.parse(Array(text.utf8), name: "x")
                return nil
            } catch {
                #expect(error.line == 6)
                return error.description
            }
        }
        #expect(problem("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30")?.contains("never gives an instance: no day passes") == true)
        #expect(problem("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30")?.contains("never gives an instance") == true)
        #expect(problem("FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=-31")?.contains("never gives an instance") == true)
        #expect(problem("FREQ=SECONDLY;BYSECOND=60")?.contains("never gives an instance: no minute has a second 60") == true)
        let leapSeconds = problem("FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29")
        #expect(leapSeconds?.contains("steps by the second through up to 2921 days") == true, "\(leapSeconds ?? "nil")")
        #expect(problem("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO")?.contains("steps by the minute through up to") == true)
        #expect(problem("FREQ=DAILY;BYWEEKNO=20")?.contains("BYWEEKNO is only for FREQ=YEARLY") == true)
        #expect(problem("FREQ=DAILY;BYDAY=2MO")?.contains("BYDAY with a position") == true)
        // Sparse but quick to find, or every week or month.
        #expect(problem("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29") == nil)
        #expect(problem("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO") == nil)
        #expect(problem("FREQ=MINUTELY;BYDAY=MO;BYHOUR=9") == nil)
        #expect(problem("FREQ=SECONDLY;BYMONTHDAY=-1") == nil)
        #expect(problem("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261231T000000Z") == nil)
    }

    /// The sparse rules that are kept give their instances, years apart.
    @Test func aLeapDayEveryHourIsFoundAcrossYears() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:leap\r\nDTSTART:20240229T000000Z\r\nRRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=9\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let feed = try ICalendarFeed.parse(Array(text.utf8), name: "x")
        let found = feed.expand(from: CalendarFixtures.instant("2026-03-01T00:00:00Z"), to: CalendarFixtures.instant("2033-01-01T00:00:00Z"), zone: .utc, limit: 10)
        #expect(found.cutShort == nil)
        #expect(found.occurrences.map { CalendarFixtures.utc($0.start) } == ["2028-02-29T09:00:00Z", "2032-02-29T09:00:00Z"])
    }

    /// Numbers at the edge of what the format can write (found by the fuzzer: a duration of
    /// a billion weeks overflowed libical's unsigned fields in arithmetic and trapped) read
    /// or are refused; none traps, and what reads expands.
    @Test func extremeDurationsAndYearsNeitherTrapNorHang() throws {
        let from = CalendarFixtures.instant("2026-11-23T00:00:00Z")
        // The event's lines, and how many of its occurrences fall in the week from `from`.
        let cases: [(String, Int)] = [
            ("DTSTART:20261123T100000Z\r\nDURATION:P999999999W", 1),
            ("DTSTART:20261123T100000Z\r\nDURATION:-P4294967295W4294967295D", 0),  // ends before it begins
            ("DTSTART:20261123T100000Z\r\nDURATION:PT4294967295H4294967295M4294967295S", 1),
            ("DTSTART;VALUE=DATE:20261123\r\nDURATION:P4294967295D", 1),
            ("DTSTART:99991231T235959Z\r\nDURATION:P999999999W\r\nRRULE:FREQ=YEARLY", 0),
            ("DTSTART:00010101T000000Z\r\nDTEND:99991231T235959Z\r\nRRULE:FREQ=SECONDLY;COUNT=3", 3),
            ("DTSTART:20261123T100000Z\r\nRDATE;VALUE=PERIOD:20261124T100000Z/P999999999W", 2),
            ("DTSTART:20261123T100000Z\r\nRDATE;VALUE=PERIOD:20261124T100000Z/PT1H", 2),
        ]
        for (lines, expected) in cases {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:edge\r\n\(lines)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let feed = try ICalendarFeed.parse(Array(text.utf8), name: "edge")
            let found = feed.expand(from: from, to: from.addingTimeInterval(7 * 86_400), zone: .utc, limit: 50,
                                    budget: ExpansionBudget(steps: 200_000, seconds: 60))
            #expect(found.occurrences.count == expected, "\(lines)")
            #expect(found.cutShort == nil, "\(lines)")
        }
    }
}
