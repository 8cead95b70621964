import Foundation
import GlanceHost
import GlanceTestSupport
import GlanceTime
import Testing

/// Quiet hours (issue 29): a week in virtual time with a stack, asleep 23:00–07:00 before
/// weekdays and until 09:00 at weekends.
@Suite struct QuietHoursTests {
    let seoul = try! ZoneRules(identifier: "Asia/Seoul")
    let sleep = try! TimeWindows.parse(["sun-thu 23:00-07:00", "fri,sat 23:00-09:00"])

    func config(extra: String = "") -> String {
        """
        timezone: Asia/Seoul
        minimum_reload_interval: 60
        sleep: [sun-thu 23:00-07:00, "fri,sat 23:00-09:00"]
        \(extra)
        slots:
          - {name: dday, kind: countdown, family: systemSmall, params: {title: Launch, target: "2026-12-25"}}
          - name: corner
            family: systemSmall
            rotate: 1h
            stack:
              - {name: always, kind: relevant, params: {label: always}}
              - {name: morning, kind: relevant, params: {label: morning, score: 1}, when: "mon-fri 07:00-09:00"}
              - {name: second, kind: relevant, params: {label: second}}
        """
    }

    /// The week's stack: the built-in countdown, weather and stat, each claiming it by its
    /// own relevance, the stat only on weekday daytimes, taking turns hourly otherwise.
    func weekConfig(server: TestHTTPServer) -> String {
        """
        timezone: Asia/Seoul
        minimum_reload_interval: 60
        sleep: [sun-thu 23:00-07:00, "fri,sat 23:00-09:00"]
        slots:
          - {name: dday, kind: countdown, family: systemSmall, params: {title: Launch, target: "2026-12-25"}}
          - name: corner
            family: systemSmall
            rotate: 1h
            stack:
              - {name: launch, kind: countdown, params: {title: Launch, target: "2026-06-05", relevant_days: 1}}
              - {name: rain, kind: weather, params: {base_url: "\(server.baseURL)", relevant_hours: 3}}
              - {name: visitors, kind: stat, params: {url: "\(server.baseURL)/stats", path: total, relevant_above: 1000}, when: "mon-fri 07:00-20:00"}
        """
    }

    /// An Open-Meteo answer for the week from Monday 2026-06-01: `code` now, and rain on
    /// Wednesday at 15:00 and 16:00 when `rainWednesday`.
    static func forecast(code: Int = 2, rainWednesday: Bool) -> TestHTTPServer.Reply {
        .json(OpenMeteoAnswer(day: "2026-06-01", code: code, hourlyCode: { rainWednesday && [63, 64].contains($0) ? 61 : 2 },
                              hourCount: 8 * 24, dailyCodes: [2, 2, 61, 2, 2, 2, 2, 2]).json)
    }

    /// What the rules say `corner` shows at `instant` (awake), and why: the highest claim
    /// among the open members — the stat Tuesday 10:00–12:00 (1), the weather Wednesday
    /// from 12:15 (the first fetch with 15:00 in its three hours) until the rain's last
    /// hour ends at 17:00 (0.6; its fetches fail from 16:50, the forecast kept), the
    /// countdown all Thursday (0.5) and Friday (1) — else the hour's turn among them.
    func rule(at instant: Date) -> (shows: String, why: String) {
        let day = CalendarDay(containing: instant, in: seoul)
        let hour = Int(instant.timeIntervalSince(day.start(in: seoul)!) / 3600)
        let at = { (text: String) in self.instantSeoul(text) }
        var open = ["launch", "rain"]
        if (2...6).contains(day.weekday) && (7..<20).contains(hour) { open.append("visitors") }
        var claims: [String: Float] = [:]
        if instant >= at("2026-06-02T10:00"), instant < at("2026-06-02T12:00") { claims["visitors"] = 1 }
        if instant >= at("2026-06-03T12:15"), instant < at("2026-06-03T17:00") { claims["rain"] = 0.6 }
        if day == CalendarDay(year: 2026, month: 6, day: 4) { claims["launch"] = 0.5 }
        if day == CalendarDay(year: 2026, month: 6, day: 5) { claims["launch"] = 1 }
        if let best = open.compactMap({ name in claims[name].map { (name, $0) } }).max(by: { $0.1 < $1.1 }) { return (best.0, "relevance") }
        return (open[hour % open.count], "rotation")
    }

    func instantSeoul(_ text: String) -> Date { instant(text + ":00+09:00") }

    /// t0 is Monday 2026-06-01 19:00 in Seoul.
    @Test func aWeekWakesNeverInsideASleepAndRefreshesWholeAtItsEnd() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/stats", .json(#"{"total": 500}"#))
        server.route("/v1/forecast", Self.forecast(rainWednesday: false))
        let harness = try HostHarness(weekConfig(server: server), start: t0)
        // What the servers say changes on the week's clock.
        let changes: [(String, @Sendable () -> Void)] = [
            ("2026-06-02T09:55", { server.route("/stats", .json(#"{"total": 1500}"#)) }),
            ("2026-06-02T11:55", { server.route("/stats", .json(#"{"total": 500}"#)) }),
            ("2026-06-03T09:00", { server.route("/v1/forecast", Self.forecast(rainWednesday: true)) }),
            ("2026-06-03T14:58", { server.route("/v1/forecast", Self.forecast(code: 61, rainWednesday: true)) }),
            ("2026-06-03T16:50", { server.route("/v1/forecast", .json(#"{"error": true}"#, status: 500)) }),
            ("2026-06-03T18:00", { server.route("/v1/forecast", Self.forecast(rainWednesday: false)) }),
        ]
        for (at, change) in changes { harness.clock.schedule(.interrupt(change), at: instantSeoul(at)) }
        await harness.run(for: 7 * 86_400, from: t0)
        let records = harness.records
        // Not one wake inside quiet hours.
        let inside = records.filter { sleep.contains($0.at, in: seoul) }
        #expect(inside.isEmpty, "woken asleep at \(inside.map { iso8601String($0.at, in: seoul) })")
        // Every sleep's end is a wake, on the minute, with a full refresh; the countdown's
        // midnight reload came then, not at midnight.
        let ends = ["2026-06-02T07:00", "2026-06-03T07:00", "2026-06-04T07:00", "2026-06-05T07:00",
                    "2026-06-06T09:00", "2026-06-07T09:00", "2026-06-08T07:00"].map(instantSeoul)
        for end in ends {
            let at = records.filter { $0.at == end }
            #expect(!at.isEmpty, "no wake at \(iso8601String(end, in: seoul))")
            #expect(at.contains { $0.slot == "dday" && $0.reason == .reload && $0.refresh == .full && $0.fullWhy == "after quiet hours" }, "\(at)")
            // Its records say since when the display slept (23:00 the evening before).
            #expect(at.allSatisfy { $0.sleptSince.map { iso8601String($0, in: seoul).hasSuffix("T23:00:00+09:00") } ?? false }, "\(at)")
        }
        // One full refresh a day, at the sleep's end (and the first frame).
        let fulls = Set(records.filter { $0.refresh == .full }.map(\.at))
        #expect(fulls == Set([t0] + ends), "\(fulls.sorted().map { iso8601String($0, in: seoul) })")
        // Every record of the stack says what the rules say, at its instant.
        let stacked = records.filter { $0.stack != nil }
        for record in stacked {
            let expected = rule(at: record.at)
            #expect(record.stack?.shows == expected.shows && record.stack?.why == expected.why,
                    "\(iso8601String(record.at, in: seoul)): \(record.stack.map { "\($0.shows) (\($0.why))" } ?? "") but the rules say \(expected)")
        }
        // And every change the rules make while awake is a wake of its own, on time: the
        // stat's claim at 10:00 and its end at 12:00, the rain's at 12:15 and its end at
        // 17:00 exactly (the kept forecast's rain is over), the countdown's days, each turn.
        var changesByRule: [Date] = []
        var previous = rule(at: t0).shows
        for minute in stride(from: 0, to: 7 * 86_400, by: 60) {
            let at = t0.addingTimeInterval(TimeInterval(minute))
            guard !sleep.contains(at, in: seoul) else { continue }
            let now = rule(at: at).shows
            if now != previous { changesByRule.append(at) }
            previous = now
        }
        let shownAt = Set(stacked.filter { $0.refresh != .none }.map(\.at))
        let missed = changesByRule.filter { !shownAt.contains($0) }
        #expect(missed.isEmpty, "changes not drawn on time: \(missed.map { iso8601String($0, in: seoul) })")
        for change in ["2026-06-02T10:00", "2026-06-02T12:00", "2026-06-03T12:15", "2026-06-03T17:00"].map(instantSeoul) {
            #expect(changesByRule.contains(change), "\(iso8601String(change, in: seoul))")
        }
        // The stat's window is mon-fri: no fetch for it at the weekend, none asleep.
        #expect(!records.contains { $0.slot == "visitors" && [1, 7].contains(CalendarDay(containing: $0.at, in: seoul).weekday) })
        #expect(server.requests(to: "/stats").count > 300)
    }

    @Test func aKeyInQuietHoursWakesTheDisplayForWakeFor() async throws {
        let harness = try HostHarness(config(extra: "wake_for: 5m\nkeys: {A: reload-all}"), start: t0, widgets: [RelevanceWidget.self])
        let inbox = harness.host.inbox
        // Tuesday 02:00 in Seoul: asleep.
        let press = instant("2026-06-02T02:00:00+09:00")
        harness.clock.schedule(.interrupt({ inbox.press(key: "A") }), at: press)
        await harness.run(for: 86_400, from: t0)
        let night = harness.records.filter { sleep.contains($0.at, in: seoul) }
        // The press is answered at once (the intent's reload), then nothing until 07:00.
        #expect(Set(night.map(\.at)) == [press], "\(night.map { iso8601String($0.at, in: seoul) })")
        #expect(night.contains { $0.slot == "dday" && $0.reason == .intent && $0.refresh != .none })
        #expect(harness.log.contains { $0.contains("awake for 5 min (a key in quiet hours)") })
        #expect(harness.records.contains { $0.at == instant("2026-06-02T07:00:00+09:00") })
    }

    @Test func sleepTurnsOnAndOffByCommand() async throws {
        let harness = try HostHarness(config(), start: t0, widgets: [RelevanceWidget.self])
        await harness.run(for: 60, from: t0)
        #expect(try harness.host.controlSleep("on") == "asleep until glance sleep off")
        #expect(harness.host.isAsleep)
        // Monday 19:01: the windows say awake; off clears on.
        #expect(try harness.host.controlSleep("off").hasPrefix("awake; asleep from 2026-06-01T23:00:00+09:00"))
        #expect(try harness.host.controlSleep("until 21:30") == "asleep until 2026-06-01T21:30:00+09:00")
        #expect(try harness.host.controlSleep("auto").hasPrefix("awake; asleep from 2026-06-01T23:00"))
        #expect(throws: (any Error).self) { try harness.host.controlSleep("maybe") }
        #expect(throws: (any Error).self) { try harness.host.controlSleep("until 25:00") }
    }

    /// full_at: is the day's clean-up: hourly partial refreshes all day, and one full
    /// refresh at 04:00, said so (the profile's count of 20 waits for it, up to 40).
    @Test func fullAtClearsTheDaysPartialRefreshes() async throws {
        let yaml = """
            timezone: Asia/Seoul
            display: {backend: file, path: unused, full_at: "04:00"}
            slots:
              - {name: p, kind: probe, family: systemSmall, params: {policy: atEnd, entries: 24, spacing: 3600}}
            """
        let harness = try HostHarness(yaml, start: t0)
        await harness.run(for: 3 * 86_400, from: t0)
        let fulls = harness.records.filter { $0.refresh == .full }
        #expect(fulls.map { iso8601String($0.at, in: seoul) } == ["2026-06-01T19:00:00+09:00", "2026-06-02T04:00:00+09:00",
                                                                  "2026-06-03T04:00:00+09:00", "2026-06-04T04:00:00+09:00"])
        #expect(fulls.dropFirst().allSatisfy { $0.fullWhy == "full_at 04:00" }, "\(fulls)")
        #expect(harness.records.filter { $0.refresh == .partial }.count > 60)
    }
}
