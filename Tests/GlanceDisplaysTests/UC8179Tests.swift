import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

@Suite struct UC8179Tests {
    func make(timeouts: BusyTimeouts = BusyTimeouts()) throws -> (UC8179Emulator, DisplayPipeline) {
        let profile = RefreshProfile(fast: true)
        let emulator = UC8179Emulator()
        let controller = try UC8179Controller(bus: emulator, timeouts: timeouts)
        return (emulator, DisplayPipeline(controller: controller, profile: profile))
    }

    @Test(arguments: [RefreshMode.full, .partial])
    func everyRefreshModeShowsTheFramePixelForPixel(_ second: RefreshMode) throws {
        let (emulator, display) = try make()
        let first = PanelTestFrames.pattern(width: 800, height: 480)
        #expect(try display.show(native: first, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == first)
        try emulator.checkAsleep()

        let digit = PanelTestFrames.changed(first, in: PixelRect(x: 203, y: 100, width: 40, height: 64))
        let update = try display.show(native: digit, cadence: second)
        #expect(update?.refresh == (second == .full ? .full : .partial))
        if second == .partial { #expect(update?.window == PixelRect(x: 200, y: 100, width: 48, height: 64)) }
        #expect(emulator.screen == digit)

        let most = PanelTestFrames.pattern(width: 800, height: 480, seed: 3)
        #expect(try display.show(native: most, cadence: .partial)?.refresh == .fast)
        #expect(emulator.screen == most)
        #expect(emulator.updates.map(\.kind) == [.full, second == .full ? .full : .partial, .fast])
        try emulator.checkAsleep()
        #expect(emulator.violations.isEmpty)
    }

    @Test func partialRefreshSendsOnlyTheWindow() throws {
        let (emulator, display) = try make()
        let first = PanelTestFrames.pattern(width: 800, height: 480)
        try display.show(native: first, cadence: .full)
        let fullBytes = emulator.bytesReceived
        let before = emulator.bytesReceived
        try display.show(native: PanelTestFrames.changed(first, in: PixelRect(x: 400, y: 200, width: 32, height: 48)), cadence: .partial)
        let partialBytes = emulator.bytesReceived - before
        // Two planes of 4 bytes × 48 rows, plus commands.
        #expect(partialBytes < 500)
        #expect(fullBytes > 96_000)
    }

    @Test func busyLowMeansBusy() throws {
        // A driver that waited for the SSD16xx polarity would either run into BUSY or time out.
        let emulator = UC8179Emulator()
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        try emulator.send(0x04)
        try emulator.waitWhileBusy(level: .high, timeoutMilliseconds: 1_000, operation: "power on")
        #expect(throws: PanelBusError.self) { try emulator.send(0x00, 0x1F) }
        #expect(emulator.violations.last?.contains("while BUSY") == true)
    }

    @Test func protocolMistakesAreErrors() throws {
        let emulator = UC8179Emulator()
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        try emulator.send(0x00, 0x0F)   // black/white/red mode on a black/white panel
        try emulator.send(0x61, 0x03, 0x20, 0x01, 0xE0)
        #expect(throws: PanelBusError.self) { try emulator.send(0x12) }   // power is off
        try emulator.send(0x04)
        try emulator.waitWhileBusy(level: .low, timeoutMilliseconds: 1_000, operation: "power on")
        #expect(throws: PanelBusError.self) { try emulator.send(0x12) }   // KWR on a KW panel
        emulator.delay(milliseconds: 5_000)
        try emulator.send(0x91)
        #expect(throws: PanelBusError.self) { try emulator.send(0x90, 0, 3, 0, 15, 0, 0, 0, 7, 1) }   // not on a byte boundary
        try emulator.send(0x90, 0, 0, 0, 7, 0, 0, 0, 1, 1)
        try emulator.command(0x13)
        #expect(throws: PanelBusError.self) { try emulator.data([1, 2, 3]) }   // past the 1×2-byte window
        #expect(throws: PanelBusError.self) { try emulator.send(0x07, 0x00) }   // bad check code
        #expect(throws: PanelBusError.self) { try emulator.checkAsleep() }
    }

    @Test func stuckBusyTimesOutWithinTheProfileTimeout() throws {
        let (emulator, display) = try make(timeouts: BusyTimeouts(command: 500, full: 8_000))
        emulator.busyStuck = true
        let start = emulator.now
        #expect(throws: PanelBusError.busyTimeout(operation: "UC8179 reset", milliseconds: 500)) {
            try display.show(native: PanelTestFrames.pattern(width: 800, height: 480), cadence: .full)
        }
        #expect(emulator.now - start < 1_000)
        #expect(display.shown == nil)
    }
}
