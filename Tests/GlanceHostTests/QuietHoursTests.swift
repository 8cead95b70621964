import Foundation
import GlanceHost
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

    /// t0 is Monday 2026-06-01 19:00 in Seoul.
    @Test func aWeekWakesNeverInsideASleepAndRefreshesWholeAtItsEnd() async throws {
        let harness = try HostHarness(config(), start: t0, widgets: [RelevanceWidget.self])
        await harness.run(for: 7 * 86_400, from: t0)
        let records = harness.records
        // Not one wake inside quiet hours.
        let inside = records.filter { sleep.contains($0.at, in: seoul) }
        #expect(inside.isEmpty, "woken asleep at \(inside.map { iso8601String($0.at, in: seoul) })")
        // Every sleep's end is a wake, on the minute, with a full refresh; the countdown's
        // midnight reload came then, not at midnight.
        let ends = ["2026-06-02T07:00", "2026-06-03T07:00", "2026-06-04T07:00", "2026-06-05T07:00",
                    "2026-06-06T09:00", "2026-06-07T09:00", "2026-06-08T07:00"].map { instant($0 + ":00+09:00") }
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
        // The morning member shows from 07:00 on weekdays (its window opens as the sleep
        // ends) and gives way at 09:00; turns happen on the hour while awake.
        let tuesday = records.filter { $0.at == instant("2026-06-02T07:00:00+09:00") && $0.stack != nil }
        #expect(tuesday.allSatisfy { $0.stack?.shows == "morning" && $0.stack?.why == "relevance" }, "\(tuesday)")
        let nine = records.filter { $0.at == instant("2026-06-02T09:00:00+09:00") && $0.stack != nil }
        #expect(nine.contains { $0.stack?.why == "rotation" && $0.refresh == .partial }, "\(nine)")
        // Saturday's morning window is closed (mon-fri): no wake for it at all.
        #expect(!records.contains { $0.slot == "morning" && CalendarDay(containing: $0.at, in: seoul).weekday == 7 })
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
