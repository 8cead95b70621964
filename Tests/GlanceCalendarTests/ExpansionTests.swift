import Foundation
import GlanceCalendar
import GlanceTime
import Testing

/// The tricky cases written out by hand, as a person reads them on a wall clock.
@Suite struct ExpansionTests {
    typealias F = CalendarFixtures

    /// `2026-03-09T10:00:00-04:00` for each occurrence of `uid`.
    func local(_ occurrences: [Occurrence], _ uid: String, in zone: ZoneRules) -> [String] {
        occurrences.filter { $0.uid == uid }.map { iso8601String($0.start, in: zone) }
    }

    @Test func aWeeklyMeetingKeepsItsWallClockTimeAcrossDST() throws {
        let newYork = try F.zone("America/New_York")
        let feed = try F.feed("google-weekly-dst.ics", calendar: "Work")
        let all = feed.occurrences(from: F.instant("2026-02-20T00:00:00Z"), to: F.instant("2026-05-01T00:00:00Z"), zone: newYork, limit: 100)
        #expect(local(all, "standup-7q2k9d@google.com", in: newYork) == [
            "2026-02-23T10:00:00-05:00", "2026-03-02T10:00:00-05:00",
            // Clocks went forward on 8 March: still 10:00, an hour earlier in UTC.
            "2026-03-09T10:00:00-04:00",
            // 16 March is an EXDATE; the 30th moved to Tuesday 15:00; 6 April cancelled.
            "2026-03-23T10:00:00-04:00", "2026-03-31T15:00:00-04:00",
            // UNTIL 13:59:59Z on 27 April falls before that day's 10:00 EDT (14:00Z).
            "2026-04-13T10:00:00-04:00", "2026-04-20T10:00:00-04:00",
        ])
        let moved = try #require(all.first { $0.start == F.instant("2026-03-31T19:00:00Z") })
        #expect(moved.summary == "Standup (moved to Tuesday)" && moved.location == "Room 2A" && moved.calendar == "Work")
        #expect(!all.contains { $0.start == F.instant("2026-03-30T14:00:00Z") })
        #expect(!all.contains { $0.start == F.instant("2026-03-16T14:00:00Z") })
        #expect(!all.contains { $0.start == F.instant("2026-04-06T14:00:00Z") })
        #expect(all.first { $0.summary == "Standup" }?.end == F.instant("2026-02-23T15:30:00Z"))
    }

    @Test func anAllDayEventSpansTheDisplaysMidnights() throws {
        let feed = try F.feed("google-weekly-dst.ics")
        for zoneName in ["America/New_York", "Asia/Seoul"] {
            let zone = try F.zone(zoneName)
            let all = feed.occurrences(from: F.instant("2026-03-01T00:00:00Z"), to: F.instant("2026-04-01T00:00:00Z"), zone: zone, limit: 100)
            let conference = try #require(all.first { $0.summary == "Conference in Boston" })
            #expect(conference.isAllDay)
            #expect(conference.start == CalendarDay(year: 2026, month: 3, day: 12)?.start(in: zone))
            #expect(conference.end == CalendarDay(year: 2026, month: 3, day: 15)?.start(in: zone))
        }
    }

    @Test func fallBackRDateMidnightFloatingAndCancelled() throws {
        let newYork = try F.zone("America/New_York")
        let seoul = try F.zone("Asia/Seoul")
        let feed = try F.feed("icloud-fall-back.ics")
        let from = F.instant("2026-10-10T00:00:00Z")
        let to = F.instant("2026-11-20T00:00:00Z")
        let inNewYork = feed.occurrences(from: from, to: to, zone: newYork, limit: 100)
        #expect(local(inNewYork, "8C2F6E1A-4B7D-4E2A-9F3C-5D1B0A7E6C42", in: newYork) == [
            "2026-10-15T10:00:00-04:00", "2026-10-22T10:00:00-04:00", "2026-10-29T10:00:00-04:00",
            // Clocks went back on 1 November.
            "2026-11-05T10:00:00-05:00", "2026-11-12T10:00:00-05:00", "2026-11-12T14:00:00-05:00", "2026-11-19T10:00:00-05:00",
        ])
        let late = try #require(inNewYork.first { $0.summary == "Late show" })
        #expect(iso8601String(late.start, in: newYork) == "2026-10-23T22:00:00-04:00")
        #expect(iso8601String(late.end, in: newYork) == "2026-10-24T01:30:00-04:00")
        #expect(!inNewYork.contains { $0.summary == "Dinner with the Parks" })
        // A floating time is the display's wall clock, wherever the display is.
        let vitamins = try #require(inNewYork.first { $0.summary.hasPrefix("Take vitamins") })
        #expect(iso8601String(vitamins.start, in: newYork) == "2026-10-28T08:30:00-04:00")
        let inSeoul = feed.occurrences(from: from, to: to, zone: seoul, limit: 100)
        let there = try #require(inSeoul.first { $0.summary.hasPrefix("Take vitamins") })
        #expect(iso8601String(there.start, in: seoul) == "2026-10-28T08:30:00+09:00")
        #expect(inSeoul.first { $0.summary == "Late show" }?.start == late.start)
    }

    @Test func aWindowsZoneNameIsReadFromTheFilesVTimezone() throws {
        let berlin = try F.zone("Europe/Berlin")
        let feed = try F.feed("outlook-windows-zone.ics")
        guard case .vtimezone = feed.zones["W. Europe Standard Time"] else {
            Issue.record("expected the file's VTIMEZONE, got \(String(describing: feed.zones["W. Europe Standard Time"]))")
            return
        }
        let all = feed.occurrences(from: F.instant("2026-03-01T00:00:00Z"), to: F.instant("2026-05-01T00:00:00Z"), zone: berlin, limit: 100)
        #expect(local(all, feed.events[0].uid, in: berlin) == [
            "2026-03-10T09:00:00+01:00", "2026-03-17T09:00:00+01:00",
            // 24 March and 7 April are EXDATEs written on one line; summer time from the 29th.
            "2026-03-31T09:00:00+02:00", "2026-04-14T09:00:00+02:00", "2026-04-21T09:00:00+02:00",
        ])
    }

    @Test func anIANATZIDUsesTheSystemsZoneEvenWithAVTimezone() throws {
        let feed = try F.feed("google-weekly-dst.ics")
        #expect(feed.zones["America/New_York"] == .system(try F.zone("America/New_York")))
    }

    @Test func aRuleWithoutEndStopsAtTheWindowAndTheLimit() throws {
        let seoul = try F.zone("Asia/Seoul")
        let feed = try F.feed("rrule-without-end.ics")
        let day = feed.occurrences(from: F.instant("2026-03-10T00:00:00Z"), to: F.instant("2026-03-11T00:00:00Z"), zone: seoul, limit: 10_000)
        #expect(day.filter { $0.uid == "every-minute@example.com" }.count == 1440)
        #expect(day.filter { $0.uid == "every-day@example.com" }.count == 1)
        let first = feed.occurrences(from: F.instant("2026-03-10T00:00:00Z"), to: F.instant("2027-03-10T00:00:00Z"), zone: seoul, limit: 100)
        #expect(first.count == 100)
        #expect(first.map(\.start) == first.map(\.start).sorted())
        #expect(first.first?.start == F.instant("2026-03-10T00:00:00Z"))
        // Seven million minutes on, far beyond the step bound: both rules skip to the window.
        let later = feed.occurrences(from: F.instant("2040-01-01T00:00:00Z"), to: F.instant("2040-01-02T00:00:00Z"), zone: seoul, limit: 10_000)
        #expect(later.filter { $0.uid == "every-minute@example.com" }.count == 1440)
        #expect(later.filter { $0.uid == "every-day@example.com" }.map { iso8601String($0.start, in: seoul) } == ["2040-01-02T07:00:00+09:00"])
    }

    @Test func anInstantInAGapUsesTheOffsetBeforeIt() throws {
        // 02:30 on 8 March 2026 does not exist in New York; RFC 5545 reads it as 03:30 EDT.
        let text = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:gap\r\nDTSTART;TZID=America/New_York:20260308T023000\r\n\
        END:VEVENT\r\nBEGIN:VEVENT\r\nUID:twice\r\nDTSTART;TZID=America/New_York:20261101T013000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
        """
        let feed = try ICalendarFeed.parse(Array(text.utf8), name: "t")
        let all = feed.occurrences(from: F.instant("2026-01-01T00:00:00Z"), to: F.instant("2027-01-01T00:00:00Z"), zone: .utc, limit: 10)
        #expect(all.map(F.line) == [
            "gap 2026-03-08T07:30:00Z 2026-03-08T07:30:00Z false",
            // 01:30 on 1 November happens twice: the first (EDT).
            "twice 2026-11-01T05:30:00Z 2026-11-01T05:30:00Z false",
        ])
    }

    /// Rules that each cost the most one rule may are stopped by the feed's budget: the
    /// answer comes, with the rules before it expanded, and says which rule was cut short.
    @Test func hostileRulesAreStoppedByTheFeedsBudgetAndSaySo() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
        text += "BEGIN:VEVENT\r\nUID:weekly\r\nDTSTART:20260105T090000Z\r\nRRULE:FREQ=WEEKLY\r\nEND:VEVENT\r\n"
        for index in 0..<50 {
            // Every second from 1990, without end: 100,000 steps each before the bound.
            text += "BEGIN:VEVENT\r\nUID:storm-\(index)\r\nDTSTART:19900101T000000Z\r\nRRULE:FREQ=SECONDLY;BYHOUR=3\r\nEND:VEVENT\r\n"
        }
        let feed = try ICalendarFeed.parse(Array((text + "END:VCALENDAR\r\n").utf8), name: "t")
        let from = F.instant("2026-03-02T00:00:00Z"), to = F.instant("2026-03-09T00:00:00Z")
        let small = feed.expand(from: from, to: to, zone: .utc, limit: 100, budget: ExpansionBudget(steps: 5_000, seconds: 600))
        #expect(small.cutShort == "storm-0")
        #expect(small.occurrences.filter { $0.uid == "weekly" }.map { F.utc($0.start) } == ["2026-03-02T09:00:00Z"])
        // Out of time rather than steps.
        let timed = feed.expand(from: from, to: to, zone: .utc, limit: 100, budget: ExpansionBudget(steps: .max, seconds: 0))
        #expect(timed.cutShort == "weekly")
        // Three such rules are within the standard budget's steps, each followed to the
        // window (its seconds are not this test's: the suite runs beside others).
        let few = try ICalendarFeed.parse(Array((text.components(separatedBy: "BEGIN:VEVENT\r\nUID:storm-3\r\n")[0] + "END:VCALENDAR\r\n").utf8), name: "t")
        #expect(few.events.count == 4)
        let standard = few.expand(from: from, to: to, zone: .utc, limit: 100,
                                  budget: ExpansionBudget(steps: ExpansionBudget.standard.steps, seconds: 600))
        #expect(standard.cutShort == nil)
        #expect(standard.occurrences.count == 100)
        #expect(standard.occurrences.first.map { ($0.uid, F.utc($0.start)) } ?? ("", "") == ("storm-0", "2026-03-02T03:00:00Z"))
        // A feed of ordinary rules is never cut short.
        let ordinary = try ICalendarFeed.parse(SampleFeed.generated(events: 2_000), name: "big")
        #expect(ordinary.expand(from: from, to: to, zone: .utc, limit: 10_000).cutShort == nil)
    }
}
