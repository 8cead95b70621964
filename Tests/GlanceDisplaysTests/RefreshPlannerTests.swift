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

    /// What partial refreshes cost is counted in the pixels they flip (issue 29): a few big
    /// changes bring the clean-up sooner than many small ones; quiet moments to come double
    /// the budget as they double the count.
    @Test func theCleanUpComesWhenPartialRefreshesFlippedTheBudgetsPixels() {
        let minute = { (n: Int) in start.addingTimeInterval(Double(n) * 60) }
        var planner = RefreshPlanner(profile: RefreshProfile(fullEvery: 20, fullAfterArea: 1), panelPixels: 1000)
        #expect(planner.plan(changed: true, changedPixels: 1000, at: minute(0)) == .full)
        // Small changes: 19 partials of 40 pixels (760) stay under the panel's 1000.
        let small = (1...19).map { planner.plan(changed: true, changedPixels: 40, at: minute($0)) }
        #expect(small.allSatisfy { $0 == .partial } && planner.changedPixelsSinceLastFull == 760)
        #expect(planner.plan(changed: true, changedPixels: 40, at: minute(20)) == .full)
        #expect(planner.fullReason == "20 refreshes since the last full one (full_every 20)")
        // Big ones: 300, 300, 300 stay under; the fourth would reach 1200.
        let big = (21...24).map { planner.plan(changed: true, changedPixels: 300, at: minute($0)) }
        #expect(big == [.partial, .partial, .partial, .full])
        #expect(planner.fullReason == "partial refreshes changed 1.2 times the panel's pixels since the last full one (full_after_area 1)")
        #expect(planner.changedPixelsSinceLastFull == 0)

        var waiting = RefreshPlanner(profile: RefreshProfile(fullEvery: 100, fullAfterArea: 1), panelPixels: 1000)
        waiting.waitsForQuietMoments = true
        let modes = (0..<9).map { waiting.plan(changed: true, changedPixels: 300, at: minute($0)) }
        #expect(modes == [.full, .partial, .partial, .partial, .partial, .partial, .partial, .full, .partial])
        #expect(waiting.fullReason == "partial refreshes changed 2.1 times the panel's pixels since the last full one (full_after_area 1, no quiet moment came)")
        // No budget, no such clean-up.
        var unlimited = RefreshPlanner(profile: RefreshProfile(fullEvery: 100), panelPixels: 1000)
        #expect((0..<30).map { unlimited.plan(changed: true, changedPixels: 900, at: minute($0)) }.dropFirst().allSatisfy { $0 == .partial })
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

    /// The budget reaches the panel, counted in the pixels that really flipped: a block of
    /// 96×80 pixels turned each minute on an emulated UC8179 (800×480), with
    /// `full_after_area: 0.1` (38,400 pixels): the fifth such change is full; digits
    /// that flip fewer pixels in a window of the same size would not be.
    @Test func theBudgetCountsThePixelsThatFlipped() throws {
        let emulator = UC8179Emulator()
        let display = DisplayPipeline(controller: try UC8179Controller(bus: emulator),
                                      profile: RefreshProfile(fast: true, fullEvery: 100, fullAfterArea: 0.1))
        var frame = PanelTestFrames.pattern(width: 800, height: 480)
        try display.show(native: frame, at: start)
        for minute in 1...6 {
            frame = PanelTestFrames.changed(frame, in: PixelRect(x: 96 * minute, y: 200, width: 96, height: 80))
            let plan = try display.show(native: frame, at: start.addingTimeInterval(Double(minute) * 60))
            #expect(emulator.screen == frame)
            if minute == 5 { #expect(plan?.why?.hasPrefix("partial refreshes changed 0.1 times the panel's pixels") == true, "\(String(describing: plan?.why))") }
        }
        #expect(emulator.updates.map(\.kind) == [.full, .partial, .partial, .partial, .partial, .full, .partial])
        #expect(display.planner.changedPixelsSinceLastFull == 96 * 80)
        // A pixel at each corner of such a window: the window is as big, but 4 pixels flip.
        let corners = UC8179Emulator()
        let sparse = DisplayPipeline(controller: try UC8179Controller(bus: corners),
                                     profile: RefreshProfile(fast: true, fullEvery: 100, fullAfterArea: 0.1))
        var dotted = PanelTestFrames.pattern(width: 800, height: 480)
        try sparse.show(native: dotted, at: start)
        for minute in 1...10 {
            for (x, y) in [(0, 0), (95, 0), (0, 79), (95, 79)] {
                dotted = PanelTestFrames.changed(dotted, in: PixelRect(x: 96 * (minute % 7) + x, y: 200 + y, width: 1, height: 1))
            }
            try sparse.show(native: dotted, at: start.addingTimeInterval(Double(minute) * 60))
        }
        #expect(corners.updates.map(\.kind) == [.full] + Array(repeating: .partial, count: 10))
        #expect(sparse.planner.changedPixelsSinceLastFull == 40)
        try emulator.checkAsleep()
    }
}
