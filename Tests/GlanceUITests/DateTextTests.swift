import FoundationEssentials
import GlanceTime
import GlanceUI
import Testing

@Suite struct DateTextTests {
    func text(_ view: Text, locale: String = "en_US") throws -> String {
        var environment = EnvironmentValues()
        environment.timeZone = try ZoneRules(identifier: "Asia/Seoul")
        environment.locale = DisplayLocale(identifier: locale)
        environment.now = try #require(parseISO8601Instant("2027-01-03T07:36:00+09:00"))
        return resolveNode(view, in: environment).textLines.first ?? ""
    }

    let launch = parseISO8601Instant("2027-01-03T09:41:00+09:00")!

    @Test func datesInTheDisplaysLanguage() throws {
        #expect(try text(Text(launch, style: .date)) == "January 3, 2027")
        #expect(try text(Text(launch, style: .date), locale: "ko_KR") == "2027년 1월 3일")
        #expect(try text(Text(launch, style: .date), locale: "de_DE") == "3. Januar 2027")
        #expect(try text(Text(launch, style: .date), locale: "fr_FR") == "3 janvier 2027")
    }

    @Test func timesInTheDisplaysZone() throws {
        #expect(try text(Text(launch, style: .time)) == "9:41 AM")
        #expect(try text(Text(launch, style: .time), locale: "de_DE") == "09:41")
    }

    @Test func relativeOffsetAndTimerCountFromTheFramesInstant() throws {
        #expect(try text(Text(launch, style: .relative)) == "2 hr, 5 min")
        #expect(try text(Text(launch, style: .offset)) == "+2 hours")
        #expect(try text(Text(launch, style: .timer)) == "2:05:00")
    }
}
