import Foundation
import GlanceTime
import Testing

/// "The next midnight" in zones whose clocks jump at or around midnight.
@Suite struct NextMidnightTests {
    static let zones = ["America/Santiago", "America/Havana", "Asia/Beirut", "Europe/London", "Australia/Lord_Howe", "Asia/Seoul"]

    func zone(_ identifier: String) throws -> ZoneRules { try ZoneRules(identifier: identifier) }

    func instant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

    /// The first instant of a day, checked against the tz database's facts for 2026.
    @Test(arguments: [
        // Santiago springs forward at 24:00 on 5 Sep: the day starts at 01:00 -03.
        ("America/Santiago", "2026-09-05T12:00:00-04:00", "2026-09-06T04:00:00Z"),
        // …and falls back at 24:00 on 4 Apr: the wall clock first shows 5 Apr at 00:00 -04.
        ("America/Santiago", "2026-04-04T12:00:00-03:00", "2026-04-05T04:00:00Z"),
        // Havana skips 00:00–01:00 on 8 Mar…
        ("America/Havana", "2026-03-07T12:00:00-05:00", "2026-03-08T05:00:00Z"),
        // …and repeats 00:00–01:00 on 1 Nov: the first midnight counts, once.
        ("America/Havana", "2026-10-31T12:00:00-04:00", "2026-11-01T04:00:00Z"),
        ("America/Havana", "2026-11-01T00:30:00-05:00", "2026-11-02T05:00:00Z"),
        // Beirut skips midnight on 29 Mar and falls back over it on 25 Oct.
        ("Asia/Beirut", "2026-03-28T12:00:00+02:00", "2026-03-28T22:00:00Z"),
        ("Asia/Beirut", "2026-10-24T12:00:00+03:00", "2026-10-24T22:00:00Z"),
        // London changes at 01:00: midnight itself is untouched, in either offset.
        ("Europe/London", "2026-03-28T12:00:00Z", "2026-03-29T00:00:00Z"),
        ("Europe/London", "2026-03-29T12:00:00+01:00", "2026-03-29T23:00:00Z"),
        // Lord Howe moves by half an hour at 02:00.
        ("Australia/Lord_Howe", "2026-10-03T12:00:00+10:30", "2026-10-03T13:30:00Z"),
        ("Australia/Lord_Howe", "2026-10-04T12:00:00+11:00", "2026-10-04T13:00:00Z"),
        ("Asia/Seoul", "2026-12-30T23:59:59+09:00", "2026-12-30T15:00:00Z"),
    ])
    func knownTransitions(zoneName: String, from: String, expected: String) throws {
        let next = CalendarDay.nextDayStart(after: try instant(from), in: try zone(zoneName))
        #expect(next == (try instant(expected)), "\(zoneName) after \(from)")
    }

    /// Walking from midnight to midnight through a whole year gives every day exactly
    /// once, and each wake is the first second of its day on the wall clock.
    @Test(arguments: zones)
    func everyDayOnceThroughAYear(zoneName: String) throws {
        let zone = try zone(zoneName)
        var now = try instant("2026-01-01T12:00:00Z")
        var previousDay = CalendarDay(containing: now, in: zone)
        for _ in 0..<400 {
            let next = CalendarDay.nextDayStart(after: now, in: zone)
            let day = CalendarDay(containing: next, in: zone)
            #expect(day == previousDay.adding(days: 1), "\(zoneName): \(next) shows \(day) after \(previousDay)")
            #expect(CalendarDay(containing: next.addingTimeInterval(-1), in: zone) < day, "\(zoneName): \(next) is not the first second of \(day)")
            #expect(next.timeIntervalSince(now) <= 26 * 3600)
            previousDay = day
            now = next
        }
    }

    @Test func samoaSkippedAWholeDay() throws {
        // Apia jumped from 29 Dec 2011 to 31 Dec 2011: the day after the 29th starts the 31st.
        let apia = try zone("Pacific/Apia")
        let next = CalendarDay.nextDayStart(after: try instant("2011-12-29T12:00:00-10:00"), in: apia)
        #expect(CalendarDay(containing: next, in: apia).description == "2011-12-31")
        #expect(next == (try instant("2011-12-30T10:00:00Z")))
    }

    @Test func nextHourStartSkipsAndKeepsHours() throws {
        let london = try zone("Europe/London")
        // Spring forward: 00:30 GMT → the next hour change is 01:00 GMT = 02:00 BST.
        #expect(LocalTime.nextHourStart(after: try instant("2026-03-29T00:30:00Z"), in: london) == (try instant("2026-03-29T01:00:00Z")))
        // Fall back: 01:30 BST → 01:00 GMT repeats hour 1, so the next change is 02:00 GMT.
        #expect(LocalTime.nextHourStart(after: try instant("2026-10-25T00:30:00Z"), in: london) == (try instant("2026-10-25T02:00:00Z")))
        // Half-hour zones: Lord Howe at +10:30 wakes on its own :00.
        let lordHowe = try zone("Australia/Lord_Howe")
        #expect(LocalTime.nextHourStart(after: try instant("2026-06-01T10:05:00+10:30"), in: lordHowe) == (try instant("2026-06-01T11:00:00+10:30")))
        // Lord Howe's spring jump 02:00 → 02:30 changes the hour at the jump.
        #expect(LocalTime.nextHourStart(after: try instant("2026-10-04T01:45:00+10:30"), in: lordHowe) == (try instant("2026-10-04T02:30:00+11:00")))
    }
}
