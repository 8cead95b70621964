import Foundation
import GlanceHost
import GlanceTestSupport
import GlanceTime
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Testing
import GlanceConfiguration

/// The refresh button, pressed on a running display: the weather slot reloads at once and
/// its provider fetches again (the server sees the second request).
@Suite struct WeatherRefreshButtonTests {
    @Test func pressingRefreshReloadsTheSlotAndFetchesAgain() throws {
        let server = try TestHTTPServer()
        server.route("/v1/forecast", .json(OpenMeteoAnswer().json))
        let config = try ConfigLoader.parse("""
            timezone: Asia/Seoul
            display: {size: 364x170}
            slots:
              - {name: sky, kind: weather, family: systemMedium, params: {city: busan, base_url: "\(server.baseURL)"}}
            keys:
              A: press sky
            """, file: "wall.yaml")
        let start = parseISO8601Instant("2026-12-31T09:00:00+09:00")!
        let clock = SimulatedClock(start: start)
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: clock, center: WidgetCenter())
        var records: [WakeRecord] = []
        host.onWake = { records.append($0) }
        host.run(until: start.addingTimeInterval(60))
        #expect(server.requests(to: "/v1/forecast").count == 1)
        #expect(server.requests(to: "/v1/forecast").first?.query["latitude"]?.hasPrefix("35.1") == true)

        // The medium family's one control is the refresh button.
        host.press(key: "A")
        host.run(until: start.addingTimeInterval(120))
        #expect(records.map(\.reason) == [.start, .intent])
        #expect(server.requests(to: "/v1/forecast").count == 2)
        // Otherwise every 15 minutes.
        host.run(until: start.addingTimeInterval(60 + 15 * 60))
        #expect(server.requests(to: "/v1/forecast").count == 3)
    }
}
