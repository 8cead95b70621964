import GlanceGraphics
import GlanceHost
import GlanceTestSupport
import GlanceText
import GlanceTime
import GlanceWidgetKit
import GlanceWidgets
import Testing

/// The weather widget in every family, as `glance render` draws it, in colour and on a
/// 1-bit panel: the gallery's sample day, and other skies fetched from a local server.
@Suite(.serialized) struct WeatherGoldenTests {
    let renderer: WidgetSnapshotRenderer

    init() throws { renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary()) }

    func request(_ family: WidgetFamily, at time: String = "2026-12-31T09:00:00+09:00", locale: String = "en_US")
        throws -> WidgetSnapshotRenderer.Request {
        WidgetSnapshotRenderer.Request(kind: "weather", family: family, instant: instant(time),
                                       timeZone: try ZoneRules(identifier: "Asia/Seoul"), locale: DisplayLocale(identifier: locale))
    }

    /// In colour, and as `glance render --colors bw` draws it.
    func compare(_ request: WidgetSnapshotRenderer.Request, named name: String) throws {
        var request = request
        let canvas = try renderer.render(request)
        request.emoji = EmojiStyle(for: .bw)
        request.panel = (.bw, .floydSteinberg)
        let onePanel = try renderer.render(request).quantised(to: .bw, dither: .floydSteinberg).canvas()
        for (suffix, image) in [("", canvas), ("-bw", onePanel)] {
            if let mismatch = GoldenImage.compare(image, named: name + suffix) { Issue.record("\(mismatch)") }
        }
    }

    /// The gallery's sample: Seoul, 21°, partly cloudy, by day.
    @Test func everyFamilyFromTheSnapshot() throws {
        for family in WeatherWidget().body.descriptor.supportedFamilies {
            var request = try request(family)
            request.content = .snapshot
            try compare(request, named: "weather-\(family.rawValue)")
        }
    }

    /// Rain at night (navy-slate sky, moonless rain symbols), fetched as the wall fetches it;
    /// the large family's chart in white on the dark sky, its rain chances high.
    @Test func rainAtNightFromTheServer() throws {
        let server = try TestHTTPServer()
        let answer = OpenMeteoAnswer(temperature: 4.6, code: 63, isDay: 0, hourlyCode: { $0 % 24 < 23 ? 61 : 3 },
                                     hourlyTemperature: { 4.6 - Double(($0 + 2) % 24) * 0.25 },
                                     hourlyPrecipitationChance: { $0 % 24 < 23 ? 90 - ($0 % 24) * 3 : 20 }, dailyCodes: [63, 61, 3, 0, 71, 2])
        server.route("/v1/forecast", .json(answer.json))
        for family in [WidgetFamily.systemMedium, .systemLarge] {
            var request = try request(family, at: "2026-12-31T21:40:00+09:00")
            request.parameters = [("city", "busan"), ("base_url", server.baseURL)]
            try compare(request, named: "weather-\(family.rawValue)-night-rain")
        }
    }

    /// Snow by day: the pale sky with dark text.
    @Test func snowByDayFromTheServer() throws {
        let server = try TestHTTPServer()
        server.route("/v1/forecast", .json(OpenMeteoAnswer(temperature: -2.3, code: 73, hourlyCode: { _ in 71 },
                                                             hourlyTemperature: { -4 + Double(min($0 % 24, 14)) * 0.2 }).json))
        var request = try request(.systemSmall, at: "2026-12-31T11:20:00+09:00")
        request.parameters = [("city", "jeju"), ("base_url", server.baseURL)]
        try compare(request, named: "weather-systemSmall-snow")
    }

    /// A Korean display: 부산, 맑음, hours and weekdays as Korean writes them; an answer
    /// without chances of rain charts the temperature alone, the hours under it.
    @Test func koreanLarge() throws {
        let server = try TestHTTPServer()
        server.route("/v1/forecast", .json(OpenMeteoAnswer(temperature: 4.2, code: 0, hourlyTemperature: { 4.8 - abs(Double($0 % 24) - 14) * 0.5 },
                                                             omitting: ["precipitation_probability"]).json))
        var request = try request(.systemLarge, at: "2026-12-31T13:05:00+09:00", locale: "ko_KR")
        request.parameters = [("city", "busan"), ("base_url", server.baseURL)]
        if let mismatch = GoldenImage.compare(try renderer.render(request), named: "weather-systemLarge-ko_KR") { Issue.record("\(mismatch)") }
    }

    /// Before any forecast, a failed fetch shows the placeholder: bars, not words.
    @Test func aFailureBeforeAnyForecastIsRedacted() throws {
        let server = try TestHTTPServer()
        server.route("/v1/forecast", .json("{}", status: 503))
        var request = try request(.systemMedium)
        request.parameters = [("base_url", server.baseURL)]
        if let mismatch = GoldenImage.compare(try renderer.render(request), named: "weather-systemMedium-failed") { Issue.record("\(mismatch)") }
    }
}
