import Foundation
import GlanceTime
import Testing

@Suite struct CalendarDayTests {
    @Test func civilRoundTripAcrossCenturies() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let day = CalendarDay(daysSinceEpoch: days)
            #expect(CalendarDay(year: day.year, month: day.month, day: day.day) == day)
        }
        #expect(CalendarDay(year: 1970, month: 1, day: 1)?.daysSinceEpoch == 0)
        #expect(CalendarDay(year: 2000, month: 3, day: 1)?.daysSinceEpoch == 11_017)
    }

    @Test func rejectsDaysThatDoNotExist() {
        #expect(CalendarDay(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2028, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDay(isoString: "2026-13-01") == nil)
        #expect(CalendarDay(isoString: "2026-1-01") == nil)
        #expect(CalendarDay(isoString: "2027-01-03")?.description == "2027-01-03")
    }

    @Test func weekdaysMatchFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for offset in 0..<30 {
            let day = try #require(CalendarDay(year: 2026, month: 11, day: 1)).adding(days: offset)
            let date = try #require(day.start(in: .utc))
            #expect(day.weekday == calendar.component(.weekday, from: date))
        }
    }

    @Test func dayContainingAnInstantUsesTheZone() throws {
        let instant = Date(timeIntervalSince1970: 1_798_671_600) // 2026-12-31T00:00:00Z
        #expect(CalendarDay(containing: instant, in: try ZoneRules(identifier: "Asia/Seoul")).description == "2026-12-31")
        #expect(CalendarDay(containing: instant, in: try ZoneRules(identifier: "America/Santiago")).description == "2026-12-30")
    }
}

@Suite struct ISO8601Tests {
    @Test(arguments: [
        ("Asia/Seoul", "2026-12-31T09:00:00+09:00"),
        ("UTC", "2026-12-31T00:00:00+00:00"),
        ("America/St_Johns", "2026-12-30T20:30:00-03:30"),
        ("Asia/Kathmandu", "2026-12-31T05:45:00+05:45"),
        ("America/Santiago", "2026-12-30T21:00:00-03:00"),
    ])
    func writesTheZonesOffset(zone: String, expected: String) throws {
        let instant = Date(timeIntervalSince1970: 1_798_675_200.75) // 2026-12-31T00:00:00.75Z
        #expect(iso8601String(instant, in: try ZoneRules(identifier: zone)) == expected)
        #expect(ISO8601DateFormatter().date(from: expected) == Date(timeIntervalSince1970: 1_798_675_200))
    }

    @Test func beforeTheEpoch() throws {
        #expect(iso8601String(Date(timeIntervalSince1970: -1), in: try ZoneRules(identifier: "UTC")) == "1969-12-31T23:59:59+00:00")
    }
}

/// Instants that name no real time are refused, not rolled over into the next day.
@Suite struct InstantParsingTests {
    @Test func impossibleFieldsAreRefused() {
        #expect(parseISO8601Instant("2027-02-30T09:00:00Z") == nil)
        #expect(parseISO8601Instant("2026-12-31T24:00:00Z") == nil)
        #expect(parseISO8601Instant("2026-12-31T23:61:00+09:00") == nil)
        #expect(parseISO8601Instant("2027-02-28T09:00:00+09:00") != nil)
        #expect(parseISO8601Instant("2028-02-29T00:00:00.250Z") != nil)
    }
}
