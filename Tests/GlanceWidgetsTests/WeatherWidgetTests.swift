import Foundation
import GlanceFetch
import GlanceIntents
import GlanceTestSupport
import GlanceTime
import GlanceUI
import GlanceWidgetKit
import GlanceWidgets
import Testing

func weatherContext(at date: Date, locale: String = "en_US", lastEntry: WeatherEntry? = nil) -> TimelineProviderContext {
    var context = context(at: date, locale: locale)
    context.lastEntry = lastEntry
    return context
}

/// The weather provider against a local server that answers as Open-Meteo does, and as
/// servers do on a bad day.
@Suite struct WeatherProviderTests {
    let server: TestHTTPServer

    init() throws { server = try TestHTTPServer() }

    func intent(_ city: City = .seoul, units: WeatherUnits = .metric) -> SelectCityIntent {
        SelectCityIntent(city: city, units: units, baseURL: server.baseURL)
    }

    @Test func aGoodAnswerIsTheEntryAndTheNextFetchIsIn15Minutes() async throws {
        server.route("/v1/forecast", .json(OpenMeteoAnswer().json))
        let now = instant("2026-12-31T09:10:00+09:00")
        let timeline = await WeatherProvider().timeline(for: intent(.busan), in: weatherContext(at: now))
        #expect(timeline.policy == .after(instant("2026-12-31T09:25:00+09:00")))
        let entry = try #require(timeline.entries.first)
        #expect(timeline.entries.count == 1)
        #expect(entry.date == now && entry.place == "Busan" && !entry.isPlaceholder)
        #expect(entry.current == .init(temperature: 3.4, apparentTemperature: 1.4, windSpeed: 12.6, condition: .partlyCloudy, isDay: true))
        #expect(entry.high == 5.1 && entry.low == -3.2)
        // The five whole hours after now, in order, read in the place's zone.
        #expect(entry.hours.map(\.date) == (10...14).map { instant("2026-12-31T\($0):00:00+09:00") })
        #expect(entry.hours.map(\.temperature) == [5, 5.5, 6, 6.5, 7])
        #expect(entry.hours.map(\.condition) == [.clear, .clear, .cloudy, .cloudy, .cloudy])
        // The five days after today, each at its noon.
        #expect(entry.days.map(\.date) == (1...5).map { Date(timeIntervalSince1970: instant("2026-12-31T12:00:00+09:00").timeIntervalSince1970 + Double($0) * 86_400) })
        #expect(entry.days.map(\.condition) == [.rain, .cloudy, .clear, .snow, .thunderstorm])
        #expect(entry.days.map(\.low) == [0.4, -1.0, -6.8, -8.1, -2.5])

        let request = try #require(server.requests(to: "/v1/forecast").first)
        #expect(request.query["latitude"] == "35.1796" && request.query["longitude"] == "129.0756")
        #expect(request.query["current"] == "temperature_2m,weather_code,is_day,apparent_temperature,wind_speed_10m")
        #expect(request.query["hourly"] == "temperature_2m,weather_code,is_day,precipitation_probability")
        #expect(request.query["daily"] == "weather_code,temperature_2m_max,temperature_2m_min")
        #expect(request.query["timezone"] == "auto" && request.query["forecast_days"] == "6")
        #expect(request.query["temperature_unit"] == nil && request.query["wind_speed_unit"] == nil)
    }

    /// The large family's chart: from the hour in progress, a day's span by the hour, each
    /// with its temperature and chance of rain; an answer without chances still charts.
    @Test func theChartsHoursAreTheDayAheadWithTheirChanceOfRain() async throws {
        server.route("/v1/forecast", .json(OpenMeteoAnswer(hourlyPrecipitationChance: { $0 * 2 }).json))
        let now = instant("2026-12-31T09:10:00+09:00")
        let entry = try #require(await WeatherProvider().timeline(for: intent(), in: weatherContext(at: now)).entries.first)
        #expect(entry.forecastHours.count == 25)
        #expect(entry.forecastHours.map(\.date) == (0...24).map { instant("2026-12-31T09:00:00+09:00").addingTimeInterval(Double($0) * 3600) })
        #expect(entry.forecastHours.map(\.temperature) == (9...33).map { Double($0 % 24) / 2 })
        #expect(entry.forecastHours.map(\.precipitationChance) == (9...33).map { Double($0 * 2) })

        server.route("/v1/forecast", .json(OpenMeteoAnswer(omitting: ["precipitation_probability"]).json))
        let dry = try #require(await WeatherProvider().timeline(for: intent(), in: weatherContext(at: now)).entries.first)
        #expect(dry.forecastHours.count == 25 && dry.forecastHours.allSatisfy { $0.precipitationChance == nil })
        // Kept through a failed fetch as part of the entry, and through the host's store (JSON);
        // an entry stored before the chart reads with none.
        #expect(try JSONDecoder().decode(WeatherEntry.self, from: JSONEncoder().encode(entry)) == entry)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? [String: Any])
        object["forecastHours"] = nil
        let old = try JSONDecoder().decode(WeatherEntry.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.forecastHours.isEmpty && old.hours == entry.hours)
    }

    @Test func imperialAsksForFahrenheitAndMph() async throws {
        server.route("/v1/forecast", .json(OpenMeteoAnswer(temperature: 38.1).json))
        let timeline = await WeatherProvider().timeline(for: intent(units: .imperial), in: weatherContext(at: instant("2026-12-31T09:10:00+09:00")))
        #expect(timeline.entries.first?.units == .imperial, "\(timeline.policy)")
        let request = try #require(server.requests(to: "/v1/forecast").first)
        #expect(request.query["temperature_unit"] == "fahrenheit" && request.query["wind_speed_unit"] == "mph")
    }

    @Test func coordinatesOverrideTheCity() async throws {
        server.route("/v1/forecast", .json(OpenMeteoAnswer().json))
        let named = intent(.jeju)
        named.latitude = 37.3943
        named.longitude = 126.9568
        named.name = "Anyang"
        let timeline = await WeatherProvider().timeline(for: named, in: weatherContext(at: instant("2026-12-31T09:10:00+09:00")))
        #expect(timeline.entries.first?.place == "Anyang")
        let request = try #require(server.requests(to: "/v1/forecast").first)
        #expect(request.query["latitude"] == "37.3943" && request.query["longitude"] == "126.9568")
        named.name = nil
        #expect(named.placeName(languageCode: "en") == "37.39°N 126.96°E")
    }

    @Test func koreanDisplaysUseTheKoreanCityName() async throws {
        server.route("/v1/forecast", .json(OpenMeteoAnswer().json))
        let timeline = await WeatherProvider().timeline(for: intent(.gwangju), in: weatherContext(at: instant("2026-12-31T09:10:00+09:00"), locale: "ko_KR"))
        #expect(timeline.entries.first?.place == "광주", "\(timeline.policy)")
        #expect(WeatherCondition.partlyCloudy.name(languageCode: "ko") == "구름 조금")
    }

    /// Every way a fetch can fail: a retry with the reason, and the redacted placeholder
    /// when nothing good was shown yet, else the last good entry.
    @Test(arguments: [
        ("500", TestHTTPServer.Reply.json(#"{"error": true, "reason": "boom"}"#, status: 500), "the server answered HTTP 500"),
        ("silence", .silence, "no answer within 0.3 s"),
        ("malformed", .json(#"{"current": {"temperature_2m": 3"#), "could not be read: not JSON"),
        ("empty", .answer(status: 200, contentType: "application/json", body: []), "could not be read: not JSON"),
        ("missing field", .json(OpenMeteoAnswer(omitting: ["weather_code"]).json), "could not be read: missing current.weather_code"),
        ("wrong type", .json(#"{"utc_offset_seconds": 0, "current": [], "hourly": {}, "daily": {}}"#), "could not be read: current is not the expected type"),
        ("no today", .json(OpenMeteoAnswer(day: "2026-11-01").json), "could not be read: no daily forecast for today (2026-12-31)"),
    ] as [(String, TestHTTPServer.Reply, String)])
    func failuresRetryWithThePlaceholderOrTheLastEntry(name: String, reply: TestHTTPServer.Reply, reason: String) async throws {
        server.route("/v1/forecast", reply)
        let provider = WeatherProvider(timeout: 0.3)
        let now = instant("2026-12-31T09:10:00+09:00")
        let first = await provider.timeline(for: intent(), in: weatherContext(at: now))
        let reasonGiven = try #require(first.policy.retryReason, "\(name)")
        #expect(reasonGiven.hasSuffix(reason), "\(name): \(reasonGiven)")
        #expect(first.entries.count == 1 && first.entries[0].isPlaceholder, "\(name)")

        let good = WeatherEntry.sample(at: now.addingTimeInterval(-3600), place: "Seoul")
        let second = await provider.timeline(for: intent(), in: weatherContext(at: now, lastEntry: good))
        #expect(second.policy.retryReason != nil, "\(name)")
        #expect(second.entries == [good], "\(name)")
    }

    @Test func aConnectionClosedWithoutAWordIsARetryToo() async {
        server.route("/v1/forecast", .reset)
        let timeline = await WeatherProvider(timeout: 2).timeline(for: intent(), in: weatherContext(at: instant("2026-12-31T09:10:00+09:00")))
        #expect(timeline.policy.retryReason?.hasPrefix("the forecast could not be fetched: ") == true, "\(timeline.policy)")
    }

    /// The gallery's snapshot needs no network: the server is never asked.
    @Test func theSnapshotIsSampleWeatherWithoutAFetch() async {
        let entry = await WeatherProvider().snapshot(for: intent(.daejeon), in: weatherContext(at: instant("2026-12-31T09:10:00+09:00")))
        #expect(entry.place == "Daejeon" && !entry.isPlaceholder && entry.hours.count == 5 && entry.days.count == 5)
        #expect(entry.current.temperature == 21)
        #expect(server.requests.isEmpty)
    }
}

@Suite struct WeatherConfigurationTests {
    let descriptor = WeatherWidget().body.descriptor
    let decoding = ParameterDecodingContext(timeZone: .utc)

    func failure(_ parameters: [(String, String)]) -> IntentConfigurator.Failure? {
        do {
            _ = try descriptor.makeSource(parameters: parameters.map { (name: $0.0, text: $0.1) }, context: decoding)
            return nil
        } catch {
            return error
        }
    }

    @Test func citiesAreWrittenAsTheirRawValues() throws {
        let intent = try IntentConfigurator.make(SelectCityIntent.self, values: [("city", "busan"), ("units", "imperial")], context: decoding)
        #expect(intent.city == .busan && intent.units == .imperial)
        #expect(intent.coordinates == (35.1796, 129.0756))
        #expect(try IntentConfigurator.make(SelectCityIntent.self, values: [], context: decoding).city == .seoul)
        #expect(City.caseDisplayRepresentations.values.map(\.title.key).sorted() == ["광주", "대전", "부산", "서울", "제주"])
    }

    /// One line at start-up that lists the cities.
    @Test func anUnknownCityNamesTheKnownOnes() {
        let error = failure([("city", "tokyo")])
        #expect(error == .invalidValue(name: "city", value: "tokyo", expected: "one of seoul, busan, jeju, daejeon, gwangju"))
        #expect(error?.description == "parameter 'city': \"tokyo\" is not one of seoul, busan, jeju, daejeon, gwangju")
        // The Korean display name is for people, not for the file.
        #expect(failure([("city", "부산")]) != nil)
    }

    @Test func aBaseURLMustBeHTTP() {
        #expect(failure([("base_url", "ftp://example.com")])
            == .invalidValue(name: "base_url", value: "ftp://example.com", expected: "an http:// or https:// URL"))
        #expect(failure([("base_url", "http://127.0.0.1:8080")]) == nil)
    }

    @Test func coordinatesComeInPairsAndInRange() {
        #expect(failure([("latitude", "37.4")])?.parameterName == "latitude")
        #expect(failure([("longitude", "127")])?.parameterName == "longitude")
        #expect(failure([("latitude", "97"), ("longitude", "127")])?.parameterName == "latitude")
        #expect(failure([("latitude", "37.4"), ("longitude", "-190")])?.parameterName == "longitude")
        #expect(failure([("latitude", "-33.87"), ("longitude", "151.21"), ("name", "Sydney")]) == nil)
    }
}

@Suite struct WeatherViewTests {
    @Test(arguments: [
        (0, WeatherCondition.clear), (1, .mostlyClear), (2, .partlyCloudy), (3, .cloudy), (45, .fog), (48, .fog),
        (51, .drizzle), (55, .drizzle), (57, .drizzle), (61, .rain), (63, .rain), (65, .heavyRain), (66, .rain), (67, .heavyRain),
        (71, .snow), (75, .snow), (77, .snow), (80, .rain), (82, .heavyRain), (85, .snow), (86, .snow), (95, .thunderstorm),
        (96, .thunderstorm), (99, .thunderstorm), (4, .unknown), (-1, .unknown), (100, .unknown),
    ])
    func wmoCodes(code: Int, condition: WeatherCondition) {
        #expect(WeatherCondition(wmoCode: code) == condition)
    }

    @Test func nightSkiesHaveTheMoon() {
        #expect(WeatherCondition.clear.symbolName(isDay: true) == "sun.max.fill")
        #expect(WeatherCondition.clear.symbolName(isDay: false) == "moon.stars.fill")
        #expect(WeatherCondition.partlyCloudy.symbolName(isDay: false) == "cloud.moon.fill")
        #expect(WeatherCondition.rain.symbolName(isDay: false) == "cloud.rain.fill")
    }

    /// Every symbol the widget draws is one Glance maps to an icon (not the missing box).
    @Test func everySymbolHasAnIcon() {
        for condition in WeatherCondition.allCases {
            for isDay in [true, false] {
                let name = condition.symbolName(isDay: isDay)
                #expect(SymbolNames.candidates(for: name).first?.hasPrefix("weather-") == true, "\(name)")
            }
        }
    }

    @Test func degreesAreWhole() {
        #expect(WeatherEntry.degrees(21.4) == "21°")
        #expect(WeatherEntry.degrees(-0.4) == "0°")
        #expect(WeatherEntry.degrees(-3.6) == "-4°")
    }

    func controls(_ family: WidgetFamily) -> [ControlNode] {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        let entry = WeatherEntry.sample(at: instant("2026-12-31T09:00:00+09:00"), place: "Seoul")
        return resolveNode(WeatherView(entry: entry), in: environment).controls
    }

    /// Medium and large carry one refresh button; the host reloads the slot it runs in.
    @Test func theRefreshButtonIsInMediumAndLarge() async throws {
        for family in [WidgetFamily.systemMedium, .systemLarge] {
            let found = controls(family)
            #expect(found.count == 1 && found.first?.role == .button, "\(family)")
            #expect(found.first?.action.title == "Refresh Weather", "\(family)")
            #expect(found.first?.action.identity.hasPrefix("RefreshWeatherIntent(") == true, "\(family)")
            try await found.first?.action.perform()
        }
        #expect(controls(.systemSmall).isEmpty && controls(.accessoryRectangular).isEmpty)
    }

    /// The placeholder's text is drawn as bars.
    @Test func thePlaceholderIsRedacted() {
        var environment = EnvironmentValues()
        environment.widgetFamily = .systemSmall
        let entry = WeatherEntry.sample(at: instant("2026-12-31T09:00:00+09:00"), place: "Seoul", isPlaceholder: true)
        func texts(_ node: ViewNode) -> [TextNode] {
            switch node {
            case .text(let text): [text]
            case .group(let children): children.flatMap(texts)
            case .stack(let stack): stack.children.flatMap(texts)
            case .padding(_, let child), .frame(_, let child), .clip(_, let child), .fixedSize(_, _, let child),
                 .alignmentGuide(_, let child), .control(_, let child), .effect(_, let child), .mask(let child, _, _):
                texts(child)
            case .background(let content, let decoration, _), .overlay(let content, let decoration, _):
                texts(content) + texts(decoration)
            default: []
            }
        }
        let found = texts(resolveNode(WeatherView(entry: entry), in: environment))
        #expect(!found.isEmpty && found.allSatisfy(\.redacted))
    }
}
