import Foundation
@testable import GlanceHost
import GlanceConfiguration
import GlanceTime
import GlanceWidgetKit
import GlanceWidgets
import Testing

/// The host's states with rules of their own, each through its transitions: the display's
/// sleep (`QuietHours`), the `full_at:` time (`FullRefreshTime`) and a slot's fetch,
/// problem and reloads (`SlotState`). The week-long runs
/// in QuietHoursTests show them inside the host; these show each rule alone.
@Suite struct HostStateTests {
    let seoul = try! ZoneRules(identifier: "Asia/Seoul")

    func at(_ text: String) -> Date { parseISO8601Instant(text)! }

    func nights() throws -> QuietHours {
        QuietHours(windows: try TimeWindows.parse(["23:00-07:00"]), zone: seoul, wakeFor: 600)
    }

    @Test func aSleepIsFallenIntoOnceAndWokenFromWithSinceWhen() throws {
        var quiet = try nights()
        let result1 = quiet.pass(at: at("2026-11-30T22:00:00+09:00"), starting: false)
        #expect(result1 == .awake)
        // The first wake inside the night says it, with the night's end; the next ones are quiet.
        let result2 = quiet.pass(at: at("2026-11-30T23:30:00+09:00"), starting: false)
        #expect(result2 == .fellAsleep(until: at("2026-12-01T07:00:00+09:00")))
        #expect(quiet.isSleeping)
        // It slept since the night began (after the last wake awake), not since 23:30.
        #expect(quiet.state == .asleep(since: at("2026-11-30T23:00:00+09:00"), startPending: false))
        let result3 = quiet.pass(at: at("2026-12-01T03:00:00+09:00"), starting: false)
        #expect(result3 == .asleep)
        let result4 = quiet.pass(at: at("2026-12-01T07:00:00+09:00"), starting: false)
        #expect(result4 == .woke(sleptSince: at("2026-11-30T23:00:00+09:00"), start: false))
        #expect(!quiet.isSleeping)
        let result5 = quiet.pass(at: at("2026-12-01T08:00:00+09:00"), starting: false)
        #expect(result5 == .awake)
    }

    /// The host does not wake as a night begins: a night that passed between two wakes is
    /// seen at the second, and ends there.
    @Test func aSleepBetweenTwoWakesIsSeenAtTheSecond() throws {
        var quiet = try nights()
        let result6 = quiet.pass(at: at("2026-11-30T22:00:00+09:00"), starting: false)
        #expect(result6 == .awake)
        let result7 = quiet.pass(at: at("2026-12-01T09:00:00+09:00"), starting: false)
        #expect(result7 == .woke(sleptSince: at("2026-11-30T23:00:00+09:00"), start: false))
    }

    /// Started asleep: the start waits for the night's end, and happens then.
    @Test func aStartInsideASleepHappensWhenItEnds() throws {
        var quiet = try nights()
        let start = at("2026-12-01T02:00:00+09:00")
        let result8 = quiet.pass(at: start, starting: true)
        #expect(result8 == .fellAsleep(until: at("2026-12-01T07:00:00+09:00")))
        #expect(quiet.state == .asleep(since: start, startPending: true))
        let result9 = quiet.pass(at: at("2026-12-01T07:00:00+09:00"), starting: false)
        #expect(result9 == .woke(sleptSince: start, start: true))
    }

    @Test func aPersonKeepsItAwakeForWakeForAndACommandEndsThat() throws {
        var quiet = try nights()
        let night = at("2026-12-01T01:00:00+09:00")
        _ = quiet.pass(at: night, starting: false)
        let result10 = quiet.keepAwake(at: night)
        #expect(result10)
        #expect(!quiet.isAsleep(at: night.addingTimeInterval(599)))
        #expect(quiet.isAsleep(at: night.addingTimeInterval(600)))
        // Awake already: nothing to keep.
        let result11 = quiet.keepAwake(at: night.addingTimeInterval(60))
        #expect(!result11)
        // glance sleep auto: the windows decide, the key's minutes are over.
        quiet.followWindows()
        #expect(quiet.keptAwakeUntil == nil && quiet.isAsleep(at: night.addingTimeInterval(60)))
    }

    @Test func commandsOverTheWindows() throws {
        var quiet = try nights()
        let noon = at("2026-12-01T12:00:00+09:00"), night = at("2026-12-01T23:30:00+09:00")
        quiet.sleepUntilToldOtherwise()
        #expect(quiet.isAsleep(at: noon) && quiet.nextChange(after: noon) == nil)
        // Off inside a night: awake until the night would have ended, then the windows.
        quiet.wakeNow(at: night)
        #expect(!quiet.isAsleep(at: night) && quiet.override == .awakeUntil(at("2026-12-02T07:00:00+09:00")))
        #expect(quiet.isAsleep(at: at("2026-12-02T23:30:00+09:00")))
        quiet.sleep(until: at("2026-12-01T13:00:00+09:00"))
        #expect(quiet.isAsleep(at: noon) && !quiet.isAsleep(at: at("2026-12-01T13:00:00+09:00")))
        // A TRMNL device follows the main display's command, once.
        var device = try nights()
        let result12 = device.follow(quiet)
        #expect(result12)
        let result13 = device.follow(quiet)
        #expect(!result13)
        #expect(device.override == quiet.override)
    }

    @Test func fullAtIsKeptUntilItComesThenAskedAnew() throws {
        var time = FullRefreshTime(minute: 3 * 60 + 5, zone: seoul)
        #expect(time.reason == "full_at 03:05")
        let evening = at("2026-11-30T20:00:00+09:00")
        let first = at("2026-12-01T03:05:00+09:00")
        let result14 = time.instant(after: evening)
        #expect(result14 == first)
        let result15 = time.hasCome(at: first.addingTimeInterval(-1))
        #expect(!result15)
        let result16 = time.instant(after: first.addingTimeInterval(-1))
        #expect(result16 == first)
        let result17 = time.hasCome(at: first)
        #expect(result17)
        let result18 = time.hasCome(at: first)
        #expect(!result18, "came once")
        let result19 = time.instant(after: first)
        #expect(result19 == at("2026-12-02T03:05:00+09:00"))
        var none = FullRefreshTime(minute: nil, zone: seoul)
        let result20 = none.instant(after: evening)
        let came = none.hasCome(at: evening)
        #expect(result20 == nil && none.reason == nil && !came)
    }

    // MARK: A slot

    func slot() throws -> SlotState {
        let config = try ConfigLoader.parse("""
            timezone: Asia/Seoul
            display: {size: 400x300}
            slots:
              - {kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """, file: "wall.yaml")
        return try #require(try SlotFactory.makeSlots(config: config, registry: WidgetRegistry(BuiltinWidgets.all)).first)
    }

    func timeline(at date: Date, policy: TimelineReloadPolicy = .never) -> AnyTimeline {
        AnyTimeline(entries: [AnyTimelineEntry(SimpleEntry(date: date))], policy: policy)
    }

    struct SimpleEntry: TimelineEntry { let date: Date }

    @Test func aSlotsFetchClimbsTheLadderAndSettlesOnAGoodAnswer() throws {
        let slot = try slot()
        let now = at("2026-11-30T09:00:00+09:00")
        guard case .settled = slot.fetch else { Issue.record("a new slot's fetch is \(slot.fetch)"); return }
        let first = slot.fetchFailed(timedOut: true, at: now, timeout: 30)
        #expect(first == 120 && slot.retryAt == now.addingTimeInterval(120))
        guard case .notAnswering(_, 30, let retryAt)? = slot.problem else { Issue.record("no answer says so: \(String(describing: slot.problem))"); return }
        #expect(retryAt == now.addingTimeInterval(120))
        let second = slot.fetchFailed(timedOut: false, at: now.addingTimeInterval(120), timeout: 30)
        #expect(second == 240 && slot.problem == nil, "an answer, even a failed one, ends 'not answering'")
        #expect(slot.dueReason(at: now.addingTimeInterval(359), minimumReloadInterval: 60, zone: seoul) == nil)
        #expect(slot.dueReason(at: now.addingTimeInterval(360), minimumReloadInterval: 60, zone: seoul) == .retry)
        let stuck = slot.saysStuck(), again = slot.saysStuck()
        #expect(stuck && !again, "stuck is said once")
        let answered = slot.took(timeline(at: now), at: now.addingTimeInterval(360))
        #expect(answered, "it answers again: said")
        guard case .settled = slot.fetch else { Issue.record("a good answer leaves \(slot.fetch)"); return }
        #expect(slot.retryAt == nil && slot.timeline != nil && !slot.timelineIsFallback)
        #expect(slot.fetchFailed(timedOut: false, at: now.addingTimeInterval(400), timeout: 30) == 120, "the ladder starts over")
        slot.tookFallback(timeline(at: now), at: now.addingTimeInterval(400))
        #expect(slot.timelineIsFallback, "what it gives meanwhile is shown, never kept")
    }

    @Test func reloadsAskedFromOutsideFoldWithinTheMinimumInterval() throws {
        let slot = try slot()
        let now = at("2026-11-30T09:00:00+09:00")
        let first = slot.askReloadFromOutside(at: now, minimumInterval: 60)
        #expect(first == now && slot.requestedReload?.notBefore == now, "the first runs at once")
        slot.asked(at: now)
        #expect(slot.requestedReload == nil && slot.lastFetch == now)
        let second = slot.askReloadFromOutside(at: now.addingTimeInterval(10), minimumInterval: 60)
        let third = slot.askReloadFromOutside(at: now.addingTimeInterval(20), minimumInterval: 60)
        #expect(second == now.addingTimeInterval(60) && third == second, "folded into one at the interval's end")
        #expect(slot.requestedReload?.notBefore == now.addingTimeInterval(60) && slot.requestedReload?.reason == .reload)
        // WidgetCenter in the daemon: not within the interval of the last fetch.
        slot.askReloadInProcess(at: now.addingTimeInterval(30), minimumInterval: 60)
        #expect(slot.requestedReload?.notBefore == now.addingTimeInterval(60))
        // A person: at once.
        slot.askReload(.intent, notBefore: now.addingTimeInterval(31))
        #expect(slot.dueReason(at: now.addingTimeInterval(31), minimumReloadInterval: 60, zone: seoul) == .intent)
    }

    @Test func aSlotsProblemAndCardAreNewsOnce() throws {
        let slot = try slot()
        let first = slot.drewNothing(), second = slot.drewNothing()
        #expect(first && !second && slot.drawsNothing)
        slot.showingCard()
        let drawsAgain = slot.showingWidget(), drewBefore = slot.showingWidget()
        #expect(drawsAgain && !drewBefore && !slot.showsCard && !slot.drawsNothing)
        let record = Quarantine.Record(slot: slot.name, kind: slot.kind, parameters: "", phase: .timeline, message: nil, site: nil,
                                       signal: 11, hungAfter: nil, at: "2026-11-30T00:00:00Z", backtrace: nil)
        slot.quarantine(record)
        slot.showingCard()
        #expect(slot.isQuarantined)
        #expect(slot.dueReason(at: .now, minimumReloadInterval: 60, zone: seoul) == nil, "its widget is never asked")
        #expect(slot.nextInstant(after: .now, minimumReloadInterval: 60, zone: seoul) == nil)
        let failed = slot.fetchFailed(timedOut: true, at: .now, timeout: 30)
        #expect(failed == 120 && slot.isQuarantined, "a failure does not end quarantine")
        #expect(slot.release() == record && !slot.isQuarantined && !slot.showsCard)
        #expect(slot.release() == nil)
    }

    @Test func aSlotConfiguredAnewDropsItsDataAndIsFetchedAtOnce() throws {
        let slot = try slot()
        let now = at("2026-11-30T09:00:00+09:00")
        _ = slot.took(timeline(at: now), at: now)
        let entry = try #require(slot.timeline?.entries.first)
        slot.keep(entry)
        slot.show(entry, index: 0)
        #expect(slot.lastGoodEntry != nil && slot.shownEntryIndex == 0)
        slot.reconfigure(slot.config, source: slot.source, at: now.addingTimeInterval(5))
        #expect(slot.timeline == nil && slot.lastGoodEntry == nil)
        #expect(slot.dueReason(at: now.addingTimeInterval(5), minimumReloadInterval: 60, zone: seoul) == .intent)
        #expect(slot.shownEntry != nil, "what it shows stays until the new answer")
    }
}
