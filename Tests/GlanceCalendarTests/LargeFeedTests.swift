import Foundation
import GlanceCalendar
import GlanceTime
import Testing

/// A 20,000-event calendar parses and expands with the work bounded by the window and
/// the limit (counts are asserted; the time it took is printed, not asserted).
@Suite struct LargeFeedTests {
    /// 18,000 single events in the eight weeks from 5 January 2026 and 2,000 weekly
    /// rules without end from that Monday, in three zones.
    static func generated() -> [UInt8] {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Glance//generated//EN\r\n"
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Seoul"]
        for index in 0..<20_000 {
            text += "BEGIN:VEVENT\r\nUID:event-\(index)@example.com\r\nSUMMARY:Event \(index)\r\n"
            if index % 10 == 0 {
                text += "DTSTART;TZID=\(zones[index % 3]):20260105T120000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY\r\n"
            } else {
                // Day 1 to 55 of the window, at 12:00 UTC.
                let day = CalendarDay(year: 2026, month: 1, day: 5)!.adding(days: 1 + index % 55)
                let stamp = String(day.description.filter { $0 != "-" })
                text += "DTSTART:\(stamp)T120000Z\r\nDTEND:\(stamp)T130000Z\r\n"
            }
            text += "END:VEVENT\r\n"
        }
        return Array((text + "END:VCALENDAR\r\n").utf8)
    }

    @Test func twentyThousandEventsParseAndExpandWithinBounds() throws {
        let bytes = Self.generated()
        let clock = ContinuousClock()
        var feed: ICalendarFeed?
        let parsing = try clock.measure { feed = try ICalendarFeed.parse(bytes, name: "Big") }
        let parsed = try #require(feed)
        #expect(parsed.events.count == 20_000)
        let from = CalendarFixtures.instant("2026-01-05T00:00:00Z")
        let to = CalendarFixtures.instant("2026-03-02T00:00:00Z")
        let zone = try ZoneRules(identifier: "Europe/Berlin")
        var all: [Occurrence] = []
        let expanding = clock.measure { all = parsed.occurrences(from: from, to: to, zone: zone, limit: 100_000) }
        // 18,000 singles and 2,000 rules × 8 weeks.
        #expect(all.count == 18_000 + 16_000)
        #expect(all.map(\.start) == all.map(\.start).sorted())
        var firstHundred: [Occurrence] = []
        let limited = clock.measure { firstHundred = parsed.occurrences(from: from, to: to, zone: zone, limit: 100) }
        #expect(firstHundred == Array(all.prefix(100)))
        // Years later only the rules are left, each skipped to the window.
        let later = parsed.occurrences(from: CalendarFixtures.instant("2036-01-07T00:00:00Z"), to: CalendarFixtures.instant("2036-01-14T00:00:00Z"), zone: zone, limit: 100_000)
        #expect(later.count == 2_000)
        print("20,000 events, \(bytes.count) bytes: parsed in \(parsing), \(all.count) occurrences in \(expanding), the first 100 in \(limited)")
    }
}
