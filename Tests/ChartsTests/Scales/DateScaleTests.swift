import Foundation
import GlanceTime
import Testing
@testable import Charts

/// Time axes tick at calendar boundaries on the display's wall clock, in its language.
@Suite struct DateScaleTests {
    typealias F = ScaleFixture

    func resolve(_ from: String, _ to: String, ticks: Int, zone: ZoneRules,
                 locale: DisplayLocale = F.english) throws -> ResolvedScale {
        ScaleResolver.resolve([.date(try F.instant(to)), .date(try F.instant(from))], includesZero: false, domain: nil,
                              desiredTicks: ticks, zone: zone, locale: locale)
    }

    @Test func sixHoursInSeoulTickEveryHour() throws {
        let seoul = try F.zone("Asia/Seoul")
        let scale = try resolve("2026-11-28T09:00:00+09:00", "2026-11-28T15:00:00+09:00", ticks: 6, zone: seoul)
        #expect(scale.kind == .date)
        #expect(scale.ticks.map { F.wallClock($0, in: seoul) } == ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00"])
        #expect(scale.ticks.map(\.label) == ["9\u{202F}AM", "10\u{202F}AM", "11\u{202F}AM", "12\u{202F}PM", "1\u{202F}PM", "2\u{202F}PM", "3\u{202F}PM"])
        #expect(scale.ticks.first?.fraction == 0)
        #expect(scale.ticks.last?.fraction == 1)
    }

    @Test func anHourTicksEveryQuarterHourWithMinutes() throws {
        let seoul = try F.zone("Asia/Seoul")
        let scale = try resolve("2026-11-28T09:00:00+09:00", "2026-11-28T10:00:00+09:00", ticks: 4, zone: seoul)
        #expect(scale.ticks.map { F.wallClock($0, in: seoul) } == ["09:00", "09:15", "09:30", "09:45", "10:00"])
        #expect(scale.ticks.first?.label == "9:00\u{202F}AM")
    }

    /// The time limit is a hang guard, not a speed claim: a quadratic pass over 100,000
    /// values takes minutes.
    @Test(.timeLimit(.minutes(1))) func aHundredThousandDatesResolveQuickly() throws {
        let seoul = try F.zone("Asia/Seoul")
        let start = try F.instant("2026-01-01T00:00:00+09:00").timeIntervalSince1970
        let values: [PlotValue] = (0..<100_000).map { .date(Date(timeIntervalSince1970: start + Double($0 * 7_919 % 100_000) * 300)) }
        do {
            let scale = ScaleResolver.resolve(values, includesZero: false, domain: nil, desiredTicks: 8, zone: seoul,
                                              locale: F.english)
            #expect(scale.ticks.map(\.label) == ["Jan", "Apr", "Jul", "Oct"])
        }
    }

    /// Every span in the other zone too: ticks land on the same local boundaries.
    @Test(arguments: [
        ("America/New_York", "2026-11-28T09:00:00-05:00", "2026-11-28T15:00:00-05:00", 3,
         ["2026-11-28 09:00", "2026-11-28 12:00", "2026-11-28 15:00"]),
        ("Asia/Seoul", "2026-11-27T00:00:00+09:00", "2026-11-29T00:00:00+09:00", 4,
         ["2026-11-27 00:00", "2026-11-27 12:00", "2026-11-28 00:00", "2026-11-28 12:00", "2026-11-29 00:00"]),
        // Two weeks across New York's fall-back on 1 November: still local midnights.
        ("America/New_York", "2026-11-01T00:00:00-04:00", "2026-11-15T00:00:00-05:00", 7,
         ["2026-11-01 00:00", "2026-11-03 00:00", "2026-11-05 00:00", "2026-11-07 00:00", "2026-11-09 00:00",
          "2026-11-11 00:00", "2026-11-13 00:00", "2026-11-15 00:00"]),
        ("Asia/Seoul", "2026-01-15T12:00:00+09:00", "2026-07-15T12:00:00+09:00", 6,
         ["2026-02-01 00:00", "2026-03-01 00:00", "2026-04-01 00:00", "2026-05-01 00:00", "2026-06-01 00:00",
          "2026-07-01 00:00"]),
        ("America/New_York", "2022-03-01T00:00:00-05:00", "2027-03-01T00:00:00-05:00", 6,
         ["2023-01-01 00:00", "2024-01-01 00:00", "2025-01-01 00:00", "2026-01-01 00:00", "2027-01-01 00:00"]),
    ])
    func spansTickOnLocalBoundariesInEitherZone(zoneName: String, from: String, to: String, ticks: Int,
                                                expected: [String]) throws {
        let zone = try F.zone(zoneName)
        let scale = try resolve(from, to, ticks: ticks, zone: zone)
        #expect(scale.ticks.map { "\(F.day($0, in: zone)) \(F.wallClock($0, in: zone))" } == expected)
    }

    @Test func hourLabelsAreKoreanOnAKoreanDisplay() throws {
        let seoul = try F.zone("Asia/Seoul")
        let scale = try resolve("2026-11-28T09:00:00+09:00", "2026-11-28T15:00:00+09:00", ticks: 3, zone: seoul,
                                locale: F.korean)
        #expect(scale.ticks.map(\.label) == ["오전 9시", "오후 12시", "오후 3시"])
    }

    @Test func fewerTicksWanted_longerCalendarSteps() throws {
        let seoul = try F.zone("Asia/Seoul")
        let scale = try resolve("2026-11-28T08:10:00+09:00", "2026-11-28T14:20:00+09:00", ticks: 3, zone: seoul)
        #expect(scale.ticks.map { F.wallClock($0, in: seoul) } == ["09:00", "12:00"])
    }

    @Test func twoDaysInNewYorkTickOnLocalHoursAndNameTheDays() throws {
        let newYork = try F.zone("America/New_York")
        let scale = try resolve("2026-11-27T00:00:00-05:00", "2026-11-29T00:00:00-05:00", ticks: 8, zone: newYork)
        #expect(scale.ticks.map { F.wallClock($0, in: newYork) } == ["00:00", "06:00", "12:00", "18:00", "00:00", "06:00", "12:00", "18:00", "00:00"])
        #expect(scale.ticks.map(\.label) == ["Fri", "6\u{202F}AM", "12\u{202F}PM", "6\u{202F}PM", "Sat", "6\u{202F}AM", "12\u{202F}PM", "6\u{202F}PM", "Sun"])
    }

    @Test func springForwardKeepsTicksOnLocalHours() throws {
        let newYork = try F.zone("America/New_York")
        let scale = try resolve("2026-03-08T00:00:00-05:00", "2026-03-08T12:00:00-04:00", ticks: 4, zone: newYork)
        #expect(scale.ticks.map { F.wallClock($0, in: newYork) } == ["00:00", "03:00", "06:00", "09:00", "12:00"])
        // 00:00 EST to 03:00 EDT is two real hours: the clocks skipped 02:00–03:00.
        let seconds = scale.ticks.compactMap { if case .date(let d) = $0.value { d.timeIntervalSince1970 } else { nil } }
        try #require(seconds.count == 5)
        #expect(seconds[1] - seconds[0] == 2 * 3600)
        #expect(seconds[2] - seconds[1] == 3 * 3600)
    }

    @Test func springForwardSkipsTheHourThatDoesNotExist() throws {
        let newYork = try F.zone("America/New_York")
        let ticks = ScaleResolver.dateTicks(
            domain: try F.instant("2026-03-08T00:00:00-05:00").timeIntervalSince1970...F.instant("2026-03-08T04:00:00-04:00").timeIntervalSince1970,
            component: .hour, count: 1, zone: newYork, locale: F.english)
        #expect(ticks.map { F.wallClock($0, in: newYork) } == ["00:00", "01:00", "03:00", "04:00"])
    }

    @Test func fallBackKeepsTicksOnLocalHoursAndShowsTheRepeatedHourOnce() throws {
        let newYork = try F.zone("America/New_York")
        let threeHourly = try resolve("2026-11-01T00:00:00-04:00", "2026-11-01T12:00:00-05:00", ticks: 5, zone: newYork)
        #expect(threeHourly.ticks.map { F.wallClock($0, in: newYork) } == ["00:00", "03:00", "06:00", "09:00", "12:00"])
        let seconds = threeHourly.ticks.compactMap { if case .date(let d) = $0.value { d.timeIntervalSince1970 } else { nil } }
        try #require(seconds.count == 5)
        #expect(seconds[1] - seconds[0] == 4 * 3600)

        let hourly = ScaleResolver.dateTicks(
            domain: try F.instant("2026-11-01T00:00:00-04:00").timeIntervalSince1970...F.instant("2026-11-01T03:00:00-05:00").timeIntervalSince1970,
            component: .hour, count: 1, zone: newYork, locale: F.english)
        #expect(hourly.map { F.wallClock($0, in: newYork) } == ["00:00", "01:00", "02:00", "03:00"])
        try #require(hourly.count == 4)
        // The repeated 01:00 is ticked the first time the clock shows it (EDT).
        #expect(hourly[1].value == .date(try F.instant("2026-11-01T01:00:00-04:00")))
        #expect(hourly.map(\.label) == ["12\u{202F}AM", "1\u{202F}AM", "2\u{202F}AM", "3\u{202F}AM"])
    }

    @Test func twoWeeksTickEveryOtherDayAtLocalMidnight() throws {
        let seoul = try F.zone("Asia/Seoul")
        let scale = try resolve("2026-11-01T00:00:00+09:00", "2026-11-15T00:00:00+09:00", ticks: 7, zone: seoul)
        #expect(scale.ticks.map { F.day($0, in: seoul) } == ["2026-11-01", "2026-11-03", "2026-11-05", "2026-11-07",
                                                           "2026-11-09", "2026-11-11", "2026-11-13", "2026-11-15"])
        #expect(scale.ticks.allSatisfy { F.wallClock($0, in: seoul) == "00:00" })
        #expect(scale.ticks.first?.label == "Nov 1")
        let korean = try resolve("2026-11-01T00:00:00+09:00", "2026-11-15T00:00:00+09:00", ticks: 7, zone: seoul,
                                 locale: F.korean)
        #expect(korean.ticks.first?.label == "11월 1일")
    }

    @Test func aWeekTicksDailyWithWeekdayNames() throws {
        let newYork = try F.zone("America/New_York")
        let english = try resolve("2026-11-23T00:00:00-05:00", "2026-11-29T00:00:00-05:00", ticks: 7, zone: newYork)
        #expect(english.ticks.map(\.label) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        let korean = try resolve("2026-11-23T00:00:00-05:00", "2026-11-29T00:00:00-05:00", ticks: 7, zone: newYork,
                                 locale: F.korean)
        #expect(korean.ticks.map(\.label) == ["월", "화", "수", "목", "금", "토", "일"])
    }

    @Test func sixMonthsTickOnTheFirstOfEachMonth() throws {
        let newYork = try F.zone("America/New_York")
        let scale = try resolve("2026-01-15T12:00:00-05:00", "2026-07-15T12:00:00-04:00", ticks: 6, zone: newYork)
        #expect(scale.ticks.map { F.day($0, in: newYork) } == ["2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01",
                                                             "2026-06-01", "2026-07-01"])
        #expect(scale.ticks.allSatisfy { F.wallClock($0, in: newYork) == "00:00" })
        #expect(scale.ticks.map(\.label) == ["Feb", "Mar", "Apr", "May", "Jun", "Jul"])
        let korean = try resolve("2026-01-15T12:00:00-05:00", "2026-07-15T12:00:00-04:00", ticks: 6, zone: newYork,
                                 locale: F.korean)
        #expect(korean.ticks.map(\.label) == ["2월", "3월", "4월", "5월", "6월", "7월"])
    }

    @Test func fiveYearsTickOnNewYearsDay() throws {
        let seoul = try F.zone("Asia/Seoul")
        let scale = try resolve("2022-03-01T00:00:00+09:00", "2027-03-01T00:00:00+09:00", ticks: 6, zone: seoul)
        #expect(scale.ticks.map { F.day($0, in: seoul) } == ["2023-01-01", "2024-01-01", "2025-01-01", "2026-01-01", "2027-01-01"])
        #expect(scale.ticks.map(\.label) == ["2023", "2024", "2025", "2026", "2027"])
        let korean = try resolve("2022-03-01T00:00:00+09:00", "2027-03-01T00:00:00+09:00", ticks: 6, zone: seoul,
                                 locale: F.korean)
        #expect(korean.ticks.map(\.label) == ["2023년", "2024년", "2025년", "2026년", "2027년"])
    }

    @Test func aStrideOfThreeHoursTicksOnLocalMultiplesOfThree() throws {
        let seoul = try F.zone("Asia/Seoul")
        let ticks = ScaleResolver.dateTicks(
            domain: try F.instant("2026-11-28T01:30:00+09:00").timeIntervalSince1970...F.instant("2026-11-28T13:00:00+09:00").timeIntervalSince1970,
            component: .hour, count: 3, zone: seoul, locale: F.english)
        #expect(ticks.map { F.wallClock($0, in: seoul) } == ["03:00", "06:00", "09:00", "12:00"])
        #expect(ScaleResolver.dateTicks(domain: 0...86_400, component: .hour, count: 0, zone: seoul, locale: F.english).isEmpty)
        let everyOtherDay = ScaleResolver.dateTicks(
            domain: try F.instant("2026-11-01T00:00:00+09:00").timeIntervalSince1970...F.instant("2026-11-06T00:00:00+09:00").timeIntervalSince1970,
            component: .hour, count: 48, zone: seoul, locale: F.english)
        #expect(everyOtherDay.map { F.day($0, in: seoul) } == ["2026-11-01", "2026-11-03", "2026-11-05"])
    }

    @Test func monthStridesStartInJanuary() throws {
        let seoul = try F.zone("Asia/Seoul")
        let domain = try F.instant("2026-02-15T00:00:00+09:00").timeIntervalSince1970...F.instant("2030-02-15T00:00:00+09:00").timeIntervalSince1970
        let quarters = ScaleResolver.dateTicks(domain: domain, component: .month, count: 3, zone: seoul, locale: F.english)
        #expect(quarters.prefix(4).map { F.day($0, in: seoul) } == ["2026-04-01", "2026-07-01", "2026-10-01", "2027-01-01"])
        let everyOtherYear = ScaleResolver.dateTicks(domain: domain, component: .month, count: 24, zone: seoul, locale: F.english)
        #expect(everyOtherYear.map { F.day($0, in: seoul) } == ["2028-01-01", "2030-01-01"])
    }

    @Test func weeksStartOnTheLanguagesFirstWeekday() throws {
        let utc = ZoneRules.utc
        let domain = try F.instant("2026-11-01T12:00:00Z").timeIntervalSince1970...F.instant("2026-11-30T00:00:00Z").timeIntervalSince1970
        let us = ScaleResolver.dateTicks(domain: domain, component: .weekOfYear, count: 1, zone: utc, locale: F.english)
        #expect(us.map { F.day($0, in: utc) } == ["2026-11-08", "2026-11-15", "2026-11-22", "2026-11-29"])
        let german = ScaleResolver.dateTicks(domain: domain, component: .weekOfYear, count: 1, zone: utc,
                                             locale: DisplayLocale(identifier: "de_DE"))
        #expect(german.map { F.day($0, in: utc) } == ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30"])
    }

    @Test func datesOutOfOrderGiveTheSameScale() throws {
        let seoul = try F.zone("Asia/Seoul")
        let dates = try ["2026-11-28T12:00:00+09:00", "2026-11-28T09:00:00+09:00", "2026-11-28T15:00:00+09:00"].map(F.instant)
        let scale = ScaleResolver.resolve(dates.map { .date($0) }, includesZero: false, domain: nil, desiredTicks: 6,
                                          zone: seoul, locale: F.english)
        #expect(scale.domain == dates[1].timeIntervalSince1970...dates[2].timeIntervalSince1970)
        #expect(scale.fraction(of: .date(dates[0])) == 0.5)
        #expect(scale.fraction(of: .number(5)) == nil)
    }

    @Test func anExplicitDateDomainIsKept() throws {
        let seoul = try F.zone("Asia/Seoul")
        let start = try F.instant("2026-11-28T00:00:00+09:00"), end = try F.instant("2026-11-29T00:00:00+09:00")
        let scale = ScaleResolver.resolve([.date(try F.instant("2026-11-28T10:00:00+09:00"))], includesZero: true,
                                          domain: .dates(start...end), desiredTicks: 4, zone: seoul, locale: F.english)
        #expect(scale.domain == start.timeIntervalSince1970...end.timeIntervalSince1970)
        #expect(scale.ticks.map { F.wallClock($0, in: seoul) } == ["00:00", "06:00", "12:00", "18:00", "00:00"])
    }

    @Test func oneInstantSitsMidAxisWithinItsDay() throws {
        let seoul = try F.zone("Asia/Seoul")
        let noon = try F.instant("2026-11-28T12:00:00+09:00")
        let scale = ScaleResolver.resolve([.date(noon)], includesZero: false, domain: nil, desiredTicks: 4,
                                          zone: seoul, locale: F.english)
        #expect(scale.fraction(of: .date(noon)) == 0.5)
        #expect(!scale.ticks.isEmpty)
    }

    @Test func absurdDatesNeverTrap() {
        for seconds in [1e300, -1e300, 1e15, -1e15, Double.greatestFiniteMagnitude] {
            let scale = ScaleResolver.resolve([.date(Date(timeIntervalSince1970: seconds)), .date(Date(timeIntervalSince1970: 0))],
                                              includesZero: false, domain: nil, desiredTicks: 5, zone: .utc, locale: F.english)
            #expect(scale.domain.lowerBound < scale.domain.upperBound)
            #expect(ScaleResolver.resolve([.date(Date(timeIntervalSince1970: seconds))], includesZero: false, domain: nil,
                                          desiredTicks: 5, zone: .utc, locale: F.english).domain.upperBound.isFinite)
        }
        let empty = ScaleResolver.resolve([.date(Date(timeIntervalSince1970: .nan))], includesZero: false, domain: nil,
                                          desiredTicks: 5, zone: .utc, locale: F.english)
        #expect(empty.kind == .date)
        #expect(!empty.ticks.isEmpty)
        let minutes = ScaleResolver.dateTicks(domain: 0...(5 * 365 * 86_400), component: .minute, count: 1, zone: .utc,
                                              locale: F.english)
        #expect(minutes.count == DateTicks.limit)
        for component in DateStride.allCases {
            let ticks = ScaleResolver.dateTicks(domain: -1e10...1e10, component: component, count: .max, zone: .utc, locale: F.english)
            #expect(ticks.count <= 1, "\(component)")
        }
    }
}
