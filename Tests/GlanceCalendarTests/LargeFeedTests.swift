import Foundation
import GlanceCalendar
import GlanceTime
import Testing

/// A 20,000-event calendar parses and expands with the work bounded by the window and
/// the limit (counts are asserted; the time it took is printed, not asserted).
@Suite struct LargeFeedTests {
    @Test func twentyThousandEventsParseAndExpandWithinBounds() throws {
        let bytes = SampleFeed.generated(events: 20_000)
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
