import FoundationEssentials
import FoundationInternationalization
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
        // CLDR puts a narrow no-break space (U+202F) before AM/PM.
        #expect(try text(Text(launch, style: .time)) == "9:41\u{202F}AM")
        #expect(try text(Text(launch, style: .time), locale: "de_DE") == "9:41")
    }

    @Test func relativeOffsetAndTimerCountFromTheFramesInstant() throws {
        #expect(try text(Text(launch, style: .relative)) == "2 hr, 5 min")
        #expect(try text(Text(launch, style: .offset)) == "+2 hours")
        #expect(try text(Text(launch, style: .timer)) == "2:05:00")
        let soon = launch.addingTimeInterval(-2 * 3600 - 4 * 60 - 30)
        #expect(try text(Text(soon, style: .timer)) == "0:30")
        #expect(try text(Text(soon, style: .offset)) == "+30 seconds")
        #expect(try text(Text(launch.addingTimeInterval(-3 * 86_400), style: .offset)) == "-2 days")
    }

    /// Every language through Foundation's formatters, not hand-made English.
    @Test(arguments: [("ko_KR", "2시간 5분", "+2시간", "오전 9:41"), ("de_DE", "2 Std., 5 Min.", "+2 Stunden", "9:41"),
                      ("ja_JP", "2時間 5分", "+2時間", "9:41"), ("fr_FR", "2\u{202F}h et 5\u{A0}min", "+2\u{A0}heures", "9:41")])
    func relativeAndOffsetInTheDisplaysLanguage(locale: String, relative: String, offset: String, time: String) throws {
        #expect(try text(Text(launch, style: .relative), locale: locale) == relative)
        #expect(try text(Text(launch, style: .offset), locale: locale) == offset)
        #expect(try text(Text(launch, style: .time), locale: locale) == time)
    }

    /// `Text(_:format:)` and `\(value, format:)` take the display's language and zone, and a
    /// relative style counts from the frame's instant (as SwiftUI's environment does).
    @Test func formatStylesUseTheDisplaysLocaleZoneAndInstant() throws {
        #expect(try text(Text(launch, format: .dateTime.hour().minute()), locale: "ko_KR") == "오전 9:41")
        #expect(try text(Text(launch, format: .dateTime.month(.wide).day()), locale: "de_DE") == "3. Januar")
        #expect(try text(Text(launch, format: .relative(presentation: .named))) == "in 2 hours")
        #expect(try text(Text(launch, format: .relative(presentation: .named)), locale: "ko_KR") == "2시간 후")
        #expect(try text(Text("Launch \(launch, format: .dateTime.weekday(.wide))"), locale: "fr_FR") == "Launch dimanche")
        #expect(try text(Text(1234.5, format: .number), locale: "de_DE") == "1.234,5")
        var explicit = Date.FormatStyle.dateTime.hour().minute()
        explicit.timeZone = TimeZone(secondsFromGMT: 0)!
        explicit.locale = Locale(identifier: "en_US")
        #expect(try text(Text(launch, format: explicit), locale: "ko_KR") == "12:41\u{202F}AM")
    }
}
