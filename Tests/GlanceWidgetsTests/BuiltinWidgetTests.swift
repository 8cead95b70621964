import Foundation
import GlanceHost
import GlanceIntents
import GlanceTime
import GlanceUI
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Testing
import GlanceConfiguration

func instant(_ text: String) -> Date { parseISO8601Instant(text)! }

func context(at date: Date, zone: String = "Asia/Seoul", locale: String = "en_US") -> TimelineProviderContext {
    TimelineProviderContext(family: .systemMedium, displaySize: WidgetFamily.systemMedium.defaultSize, date: date,
                            timeZone: (try! ZoneRules(identifier: zone)), locale: DisplayLocale(identifier: locale))
}

@Suite struct CountdownTests {
    @Test(arguments: [(3, "D-3"), (1, "D-1"), (0, "D-Day"), (-1, "D+1"), (-2, "D+2"), (365, "D-365")])
    func labels(days: Int, label: String) {
        #expect(CountdownEntry.label(daysRemaining: days) == label)
    }

    @Test func countsCalendarDaysInTheDisplayZoneAndReloadsAtLocalMidnight() async throws {
        let intent = CountdownIntent()
        intent.title = "Launch"
        intent.target = try Date(parameterText: "2027-01-03", context: .init(timeZone: (try! ZoneRules(identifier: "Asia/Seoul"))))
        // 23:59 on 31 Dec in Seoul is still three days before.
        let timeline = await CountdownProvider().timeline(for: intent, in: context(at: instant("2026-12-31T23:59:00+09:00")))
        #expect(timeline.entries.map(\.label) == ["D-3"])
        #expect(timeline.policy == .after(instant("2027-01-01T00:00:00+09:00")))
        let next = await CountdownProvider().timeline(for: intent, in: context(at: instant("2027-01-01T00:00:00+09:00")))
        #expect(next.entries.map(\.label) == ["D-2"])
    }
}

@Suite struct WeekdayTests {
    @Test func fiveHourlyEntriesOnTheHourThenReloadAtTheEnd() async {
        let provider = WeekdayProvider()
        let timeline = await withCheckedContinuation { continuation in
            provider.getTimeline(in: context(at: instant("2026-11-23T10:17:00+09:00"))) {
                continuation.resume(returning: UncheckedSendable($0))
            }
        }.value
        #expect(timeline.entries.map(\.date) == [
            instant("2026-11-23T10:17:00+09:00"), instant("2026-11-23T11:00:00+09:00"), instant("2026-11-23T12:00:00+09:00"),
            instant("2026-11-23T13:00:00+09:00"), instant("2026-11-23T14:00:00+09:00"),
        ])
        #expect(timeline.policy == .atEnd)
        #expect(timeline.entries.allSatisfy { $0.weekdayName == "Monday" && $0.emoji == "🌙" && $0.day.day == 23 })
    }

    @Test(arguments: [("en_US", "Sunday"), ("ko_KR", "일요일"), ("de_DE", "Sonntag"), ("ja_JP", "日曜日")])
    func weekdayNamesFollowTheLocale(locale: String, name: String) {
        let entry = WeekdayProvider().placeholder(in: context(at: instant("2026-11-22T12:00:00+09:00"), locale: locale))
        #expect(entry.weekdayName == name)
        #expect(entry.emoji == "☀️")
    }

    /// The locale's own order and words, not "23 11월".
    @Test(arguments: [("en_US", "November 22"), ("ko_KR", "11월 22일"), ("de_DE", "22. November"), ("ja_JP", "11月22日"),
                      ("fr_FR", "22 novembre")])
    func monthAndDayInTheLocalesOrder(locale: String, text: String) {
        let entry = WeekdayProvider().placeholder(in: context(at: instant("2026-11-22T12:00:00+09:00"), locale: locale))
        #expect(entry.monthAndDay == text)
    }

    /// The display's zone decides the day, not the process's: 23:30 UTC is Monday in Seoul.
    @Test func theWeekdayIsTheDisplaysZones() {
        let entry = WeekdayProvider().placeholder(in: context(at: instant("2026-11-22T23:30:00+00:00"), locale: "ko_KR"))
        #expect(entry.weekdayName == "월요일")
        #expect(entry.monthAndDay == "11월 23일")
    }

    @Test func everyWeekdayHasItsOwnEmoji() {
        #expect(Set((1...7).map(WeekdayEntry.emoji(forWeekday:))).count == 7)
    }
}

/// The demo dashboard for thirty days of virtual time.
@Suite struct ThirtyDayRunTests {
    @Test func thirtyDaysWakeOnlyAtBoundaries() async throws {
        let start = instant("2026-12-01T09:30:00+09:00")
        let config = try ConfigLoader.parse("""
            timezone: Asia/Seoul
            locale: en_US
            slots:
              - {name: dday, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
              - {name: today, kind: weekday, family: systemSmall}
            """, file: "demo.yaml")
        let clock = SimulatedClock(start: start)
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: clock, center: WidgetCenter())
        let recorder = Recorder()
        host.onWake = { recorder.records.append($0) }
        let end = start.addingTimeInterval(30 * 86_400)
        let box = UncheckedSendable(host)
        let began = Date()
        let reason = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: box.value.host_run(until: end)) }.start()
        }
        #expect(reason == .reachedEnd)
        // A hang guard, not a speed goal: thirty days of virtual time take well under a
        // second alone; with the whole suite running beside it on two cores it once took 10 s,
        // so the deadline is minutes, and only says "it hangs".
        let took = Date().timeIntervalSince(began)
        #expect(took < 300, "hung: thirty virtual days took \(took) s")

        let countdown = recorder.records.filter { $0.slot == "dday" }
        // Start, then one reload at each Seoul midnight: 30 of them.
        #expect(countdown.count == 31)
        let seoul = (try! ZoneRules(identifier: "Asia/Seoul"))
        for record in countdown.dropFirst() {
            #expect(iso8601String(record.at, in: seoul).hasSuffix("T00:00:00+09:00"))
            #expect(record.reason == .reload)
            #expect(record.refresh != .none)
        }
        // The weekday wakes every hour on the hour: 30 × 24 after the start.
        let weekday = recorder.records.filter { $0.slot == "today" }
        #expect(weekday.count == 1 + 30 * 24)
        #expect(weekday.dropFirst().allSatisfy { Int($0.at.timeIntervalSince1970) % 3600 == 0 })
        // Only the midnight wakes change what the weekday shows.
        let changes = weekday.dropFirst().filter { $0.refresh != .none }
        #expect(changes.count == 30)
        // No two wakes of a slot at the same instant; nothing between boundaries.
        #expect(Set(weekday.map(\.at)).count == weekday.count)
        #expect(host.currentFrame().slots[0].content.textLines == ["LAUNCH", "January 3, 2027", "D-3"])
    }
}

final class Recorder: @unchecked Sendable {
    var records: [WakeRecord] = []
}

extension WidgetHost {
    func host_run(until end: Date) -> StopReason { run(until: end) }
}
