import FoundationEssentials
import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import Testing

/// The refresh discipline's schedule: full first, a full refresh after every N−1
/// partials and at least daily, changes held back for a panel's minimum interval.
@Suite struct RefreshPlannerTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func fullEveryNChanges() {
        var planner = RefreshPlanner(fullEvery: 3)
        let modes = (0..<7).map { planner.plan(changed: true, at: start.addingTimeInterval(Double($0) * 60)) }
        #expect(modes == [.full, .partial, .partial, .full, .partial, .partial, .full])
        #expect(planner.fullReason == "3 refreshes since the last full one (full_every 3)")
        #expect(planner.plan(changed: false, at: start.addingTimeInterval(600)) == RefreshMode.none)
    }

    @Test func fullAtLeastDailyAndAfterTheClockGoesBack() {
        var planner = RefreshPlanner(fullEvery: 100, fullAtLeastEvery: 86_400)
        #expect(planner.plan(changed: true, at: start) == .full)
        #expect(planner.fullReason == "the first frame")
        #expect(planner.plan(changed: true, at: start.addingTimeInterval(3_600)) == .partial)
        #expect(planner.plan(changed: true, at: start.addingTimeInterval(86_400)) == .full)
        #expect(planner.fullReason == "24 h since the last full one")
        #expect(planner.plan(changed: true, at: start.addingTimeInterval(86_460)) == .partial)
        #expect(planner.plan(changed: true, at: start.addingTimeInterval(-60)) == .full)
        #expect(planner.fullReason == "the clock was set back")
    }

    /// The cadence's full refresh never comes while a person is at the display; with
    /// quiet moments to come it waits for them, up to twice its count (issue 29).
    @Test func theCleanUpWaitsForAQuietMomentAndNeverComesOnAKeyPress() {
        var planner = RefreshPlanner(fullEvery: 3)
        let minute = { (n: Int) in start.addingTimeInterval(Double(n) * 60) }
        #expect(planner.plan(changed: true, at: minute(0)) == .full)
        #expect(planner.plan(changed: true, at: minute(1)) == .partial)
        #expect(planner.plan(changed: true, at: minute(2)) == .partial)
        // Due, but a key was pressed: partial; the next wake that is not a press takes it.
        #expect(planner.plan(changed: true, at: minute(3), interactive: true) == .partial)
        #expect(planner.plan(changed: true, at: minute(4)) == .full)
        #expect(planner.fullReason == "4 refreshes since the last full one (full_every 3)")

        var waiting = RefreshPlanner(fullEvery: 3)
        waiting.waitsForQuietMoments = true
        let modes = (0..<8).map { waiting.plan(changed: true, at: minute($0)) }
        #expect(modes == [.full, .partial, .partial, .partial, .partial, .partial, .full, .partial])
        #expect(waiting.fullReason == "6 refreshes since the last full one (full_every 3, no quiet moment came)")
        #expect(waiting.partialsSinceLastFull == 1)
        #expect(waiting.planFull(at: minute(9), why: "full_at 04:00") == .full && waiting.partialsSinceLastFull == 0)
    }

    @Test func panelsWithoutPartialRefreshAreAlwaysFull() {
        var planner = RefreshPlanner(profile: RefreshProfile(partial: false, fullEvery: 20))
        #expect((0..<4).map { planner.plan(changed: true, at: start.addingTimeInterval(Double($0) * 600)) } == [.full, .full, .full, .full])
        #expect(planner.fullReason == "the panel has no partial refresh")
    }

    @Test func minimumIntervalHoldsAChangeUntilItPasses() {
        var planner = RefreshPlanner(fullEvery: 1, minimumInterval: 180)
        #expect(planner.plan(changed: true, at: start) == .full)
        #expect(planner.plan(changed: true, at: start.addingTimeInterval(60)) == RefreshMode.none)
        #expect(planner.heldUntil == start.addingTimeInterval(180))
        // The held change is shown when the host wakes for it, even if nothing else changed.
        #expect(planner.plan(changed: false, at: start.addingTimeInterval(180)) == .full)
        #expect(planner.heldUntil == nil)
    }

    /// The schedule reaches the panel: with `full_every: 3`, a digit changing each
    /// minute gives full, partial, partial, full… on the emulated UC8179.
    @Test func theScheduleReachesThePanel() throws {
        let emulator = UC8179Emulator()
        let display = DisplayPipeline(controller: try UC8179Controller(bus: emulator), profile: RefreshProfile(fast: true, fullEvery: 3))
        let base = PanelTestFrames.pattern(width: 800, height: 480)
        for minute in 0..<7 {
            let frame = PanelTestFrames.changed(base, in: PixelRect(x: 400 + minute * 16, y: 200, width: 16, height: 24))
            try display.show(native: frame, at: start.addingTimeInterval(Double(minute) * 60))
            #expect(emulator.screen == frame)
        }
        #expect(emulator.updates.map(\.kind) == [.full, .partial, .partial, .full, .partial, .partial, .full])
        try emulator.checkAsleep()
    }
}
