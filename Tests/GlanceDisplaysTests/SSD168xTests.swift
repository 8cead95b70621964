import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

@Suite struct SSD168xTests {
    struct Panel: CustomStringConvertible, Sendable {
        var model: SSD168xController.Model
        var width: Int
        var height: Int
        var palette: Palette
        var description: String { "\(model.rawValue) \(width)x\(height) \(palette.name)" }
    }

    static let panels = [
        Panel(model: .ssd1680, width: 122, height: 250, palette: .bw),   // Waveshare 2.13" V4
        Panel(model: .ssd1680, width: 128, height: 296, palette: .bw),   // Waveshare 2.9" V2
        Panel(model: .ssd1680, width: 176, height: 264, palette: .bw),   // Waveshare 2.7" V2
        Panel(model: .ssd1683, width: 400, height: 300, palette: .bw),   // Waveshare 4.2" V2
        Panel(model: .ssd1683, width: 400, height: 300, palette: .bwr),  // Inky wHAT red
    ]

    func make(_ panel: Panel) throws -> (SSD168xEmulator, DisplayPipeline) {
        let emulator = SSD168xEmulator(model: panel.model.rawValue, width: panel.width, height: panel.height, palette: panel.palette)
        let controller = try SSD168xController(bus: emulator, model: panel.model, width: panel.width, height: panel.height, palette: panel.palette,
                                                timeouts: BusyTimeouts(full: panel.palette == .bw ? 10_000 : 30_000))
        return (emulator, DisplayPipeline(controller: controller, profile: RefreshProfile(fast: true)))
    }

    @Test(arguments: panels)
    func fullRefreshShowsTheFrame(_ panel: Panel) throws {
        let (emulator, display) = try make(panel)
        let frame = PanelTestFrames.pattern(width: panel.width, height: panel.height, palette: panel.palette)
        let update = try display.show(native: frame, cadence: .partial)
        #expect(update?.refresh == .full)   // the first update after start is full
        #expect(emulator.updates.map(\.kind) == [.full])
        #expect(emulator.screen == frame)
        try emulator.checkAsleep()
        #expect(emulator.violations.isEmpty)
    }

    @Test(arguments: panels.filter { $0.palette == .bw })
    func partialRefreshTouchesOnlyTheWindow(_ panel: Panel) throws {
        let (emulator, display) = try make(panel)
        let first = PanelTestFrames.pattern(width: panel.width, height: panel.height)
        try display.show(native: first, cadence: .full)
        let second = PanelTestFrames.changed(first, in: PixelRect(x: 19, y: 40, width: 30, height: 20))
        let update = try display.show(native: second, cadence: .partial)
        #expect(update == RefreshPlan(refresh: .partial, window: PixelRect(x: 16, y: 40, width: 40, height: 20)))
        #expect(emulator.updates.map(\.kind) == [.full, .partial])
        #expect(emulator.screen == second)
        try emulator.checkAsleep()
        #expect(emulator.violations.isEmpty)
    }

    @Test(arguments: panels.filter { $0.palette == .bw })
    func fastRefreshWhenMostOfThePanelChanges(_ panel: Panel) throws {
        let (emulator, display) = try make(panel)
        let first = PanelTestFrames.pattern(width: panel.width, height: panel.height)
        try display.show(native: first, cadence: .full)
        let second = PanelTestFrames.pattern(width: panel.width, height: panel.height, seed: 2)
        #expect(try display.show(native: second, cadence: .partial)?.refresh == .fast)
        #expect(emulator.updates.map(\.kind) == [.full, .fast])
        #expect(emulator.screen == second)
        #expect(emulator.violations.isEmpty)
    }

    @Test func unchangedFrameSendsNothing() throws {
        let (emulator, display) = try make(Self.panels[0])
        let frame = PanelTestFrames.pattern(width: 122, height: 250)
        try display.show(native: frame, cadence: .full)
        let bytes = emulator.bytesReceived
        #expect(try display.show(native: frame, cadence: .partial) == nil)
        #expect(emulator.bytesReceived == bytes)
    }

    @Test func colourPanelsNeverRefreshPartially() throws {
        let (emulator, display) = try make(Self.panels[4])
        let first = PanelTestFrames.pattern(width: 400, height: 300, palette: .bwr)
        try display.show(native: first, cadence: .full)
        let second = PanelTestFrames.changed(first, in: PixelRect(x: 0, y: 0, width: 8, height: 8))
        #expect(try display.show(native: second, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == second)
    }

    @Test func stalePreviousImageIsAProtocolError() throws {
        // A driver that skipped rewriting the previous-image plane after deep sleep: the
        // emulator's RAM is undefined after waking, and a partial refresh must fail.
        let emulator = SSD168xEmulator(model: "ssd1680", width: 128, height: 296)
        let controller = try SSD168xController(bus: emulator, model: .ssd1680, width: 128, height: 296)
        let frame = PanelTestFrames.pattern(width: 128, height: 296)
        try controller.show(frame, previous: nil, refresh: .full, window: controller.bounds)
        try controller.sleep()
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 20)
        try emulator.send(0x12)
        try emulator.waitWhileBusy(level: .high, timeoutMilliseconds: 100, operation: "reset")
        try emulator.send(0x01, 0x27, 0x01, 0x00)
        try emulator.send(0x22, 0xFF)
        #expect(throws: PanelBusError.self) { try emulator.send(0x20) }
        #expect(emulator.violations.contains { $0.contains("previous-image plane") })
    }

    @Test func commandWhileBusyAndMissingResetAreProtocolErrors() throws {
        let emulator = SSD168xEmulator(model: "ssd1680", width: 122, height: 250)
        #expect(throws: PanelBusError.self) { try emulator.send(0x12) }
        #expect(emulator.violations.last?.contains("before any hardware reset") == true)
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        try emulator.send(0x12)
        #expect(throws: PanelBusError.self) { try emulator.send(0x01, 0xF9, 0x00, 0x00) }
        #expect(emulator.violations.last?.contains("while BUSY") == true)
    }

    @Test func writeOutsideTheRamWindowIsAProtocolError() throws {
        let emulator = SSD168xEmulator(model: "ssd1680", width: 122, height: 250)
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        try emulator.send(0x44, 0x00, 0x01)
        try emulator.send(0x45, 0x00, 0x00, 0x01, 0x00)
        try emulator.send(0x4E, 0x00)
        try emulator.send(0x4F, 0x00, 0x00)
        try emulator.command(0x24)
        #expect(throws: PanelBusError.self) { try emulator.data([0, 0, 0, 0, 0]) }
        #expect(throws: PanelBusError.self) { try emulator.send(0x44, 0x00, 0x20) }
    }

    @Test func neverReleasedBusyIsATimeoutAndLeavesThePanelSafe() throws {
        let (emulator, display) = try make(Self.panels[1])
        let frame = PanelTestFrames.pattern(width: 128, height: 296)
        emulator.busyStuck = true
        let before = emulator.now
        #expect(throws: PanelBusError.busyTimeout(operation: "SSD1680 reset", milliseconds: 2_000)) {
            try display.show(native: frame, cadence: .full)
        }
        #expect(emulator.now - before <= 2_000 + 100)
        // Reset and deep sleep were attempted; nothing is considered shown.
        #expect(emulator.commands.last == 0x10)
        #expect(display.shown == nil)
        // The panel comes back: the next update is a full refresh from scratch.
        emulator.busyStuck = false
        emulator.delay(milliseconds: 10)
        #expect(try display.show(native: frame, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == frame)
    }
}
