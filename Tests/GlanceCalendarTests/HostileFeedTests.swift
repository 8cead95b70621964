import Foundation
import GlanceCalendar
import GlanceTime
import Testing

/// Calendars written to hurt the display that reads them (issue 42): each is refused at
/// its line before libical spends minutes or the stack on it, and nothing of a file's
/// text is quoted back.
@Suite(.timeLimit(.minutes(2))) struct HostileFeedTests {
    func parse(_ text: String) -> CalendarError? {
        do {
            _ = try ICalendarFeed.parse(Array(text.utf8), name: "x")
            return nil
        } catch { return error }
    }

    /// A zone named by an event that libical would expand from the year 1 second by second:
    /// the 516-byte file kept the agenda's thread busy for ever, growing a megabyte a second.
    static func zone(_ tzid: String = "Hostile", start: String = "00010101T000000", rule: String = "FREQ=SECONDLY") -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//x//EN", "BEGIN:VTIMEZONE", "TZID:\(tzid)",
         "BEGIN:STANDARD", "DTSTART:\(start)", "RRULE:\(rule)", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "END:STANDARD",
         "BEGIN:DAYLIGHT", "DTSTART:\(start)", "RRULE:\(rule)", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "END:DAYLIGHT",
         "END:VTIMEZONE", "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=\(tzid):20261201T090000", "SUMMARY:Stand-up",
         "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    @Test func aZoneThatStepsBySecondsFromYearOneIsRefusedAtItsRule() throws {
        let text = Self.zone()
        #expect(text.utf8.count < 600)
        let error = try #require(parse(text))
        #expect(error.line == 8)
        #expect(error.description == "calendar 'x', line 8: VTIMEZONE Hostile: the rule RRULE:FREQ=SECONDLY changes the offset more often than daily; "
                + "the zone is refused (a time zone's rules change once or twice a year)")
    }

    @Test func zoneRulesThatTakeTooManyStepsAreRefused() throws {
        // Hourly from 1601: finished, but in 10 s and 383 MB at every refresh.
        #expect(parse(Self.zone(start: "16010101T000000", rule: "FREQ=HOURLY"))?.description.contains("more often than daily") == true)
        let daily = try #require(parse(Self.zone(start: "19700101T000000", rule: "FREQ=DAILY")))
        #expect(daily.line == 8)
        #expect(daily.description.contains("the rule RRULE:FREQ=DAILY from 1970 takes about"), "\(daily)")
        // Outlook's own: yearly from 1601.
        #expect(parse(Self.zone(start: "16011028T030000", rule: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10")) == nil)
        // Daily, but only for a while.
        #expect(parse(Self.zone(start: "20200101T000000", rule: "FREQ=DAILY;COUNT=30")) == nil)
        #expect(parse(Self.zone(start: "19700101T000000", rule: "FREQ=DAILY;UNTIL=19800101T000000Z")) == nil)
    }

    /// A hostile VTIMEZONE under an IANA name is never expanded (the system's zone is
    /// used), and one no event names costs nothing: neither refuses the file.
    @Test func aHostileZoneNobodyExpandsIsHarmless() throws {
        #expect(parse(Self.zone("Europe/Berlin")) == nil)
        let unused = Self.zone().replacingOccurrences(of: "DTSTART;TZID=Hostile:", with: "DTSTART:")
        #expect(parse(unused) == nil)
    }

    /// Nesting is refused at the first BEGIN past the bound, before libical builds (and
    /// frees, recursively) a tree of it: 620,000 nested VALARMs crashed the daemon.
    @Test func deepNestingIsRefusedAtItsLine() throws {
        let depth = 620_000
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:deep\r\nDTSTART:20261201T090000Z\r\n"
        text += String(repeating: "BEGIN:VALARM\r\n", count: depth) + String(repeating: "END:VALARM\r\n", count: depth)
        text += "END:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(text.utf8.count < ICalendarFeed.defaultMaximumBytes)
        let error = try #require(parse(text))
        // VCALENDAR and VEVENT, then 30 VALARMs from line 6: the 31st is one too many.
        #expect(error.line == 36)
        #expect(error.reason == .nestedTooDeep(limit: 32))
        // A real calendar's nesting is read.
        let alarm = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261201T090000Z\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
            + "TRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(parse(alarm) == nil)
    }

    /// A file that is not a calendar (any file a parameter may name) is described, never
    /// quoted: its first line may be a password hash.
    @Test func aFileThatIsNotACalendarIsNeverQuoted() throws {
        for (text, looks) in [("root:*:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n", "other text"),
                              ("<!DOCTYPE html>\n<title>Sign in</title>\n", "an HTML page"), ("{\"token\": \"s3cret\"}\n", "JSON"),
                              ("<?xml version=\"1.0\"?><secret>k</secret>\n", "XML or HTML")] {
            let error = try #require(parse(text))
            #expect(error.description == "calendar 'x', line 1: not an iCalendar file (it should begin with BEGIN:VCALENDAR; found \(looks))")
            #expect(!error.description.contains("20228") && !error.description.contains("s3cret") && !error.description.contains("Sign in"))
        }
    }

    /// The fuzzer's seeds for zone rules and nesting (Tests/Calendars) are refused where
    /// the hand-made ones are.
    @Test func theFuzzersHostileSeedsAreRefusedAtTheirLines() throws {
        let zone = try #require(parse(String(decoding: try CalendarFixtures.bytes("hostile-zone-rules.ics"), as: UTF8.self)))
        #expect(zone.line == 8 && zone.description.contains("VTIMEZONE Hostile"), "\(zone)")
        let deep = try #require(parse(String(decoding: try CalendarFixtures.bytes("deep-nesting.ics"), as: UTF8.self)))
        #expect(deep.line == 36 && deep.reason == .nestedTooDeep(limit: 32), "\(deep)")
    }
}
