import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

@Suite struct UC8159Tests {
    struct Size: CustomStringConvertible, Sendable {
        var width: Int
        var height: Int
        var description: String { "\(width)x\(height)" }
    }

    static let sizes = [Size(width: 600, height: 448), Size(width: 640, height: 400)]

    /// All seven colours in bands, with a diagonal: a nibble-order or row-length mistake shows.
    static func colours(width: Int, height: Int, seed: Int = 0) -> QuantisedFrame {
        var values = [UInt32](repeating: 1, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                values[y * width + x] = UInt32((x / 3 + (y / 5) * 2 + (x == y ? 3 : 0) + seed) % 7)
            }
        }
        return QuantisedFrame(width: width, height: height, palette: .acep7, values: values)
    }

    func make(_ size: Size = sizes[0], timeouts: BusyTimeouts = BusyTimeouts(full: 40_000)) throws -> (UC8159Emulator, DisplayPipeline) {
        let emulator = UC8159Emulator(width: size.width, height: size.height)
        let controller = try UC8159Controller(bus: emulator, width: size.width, height: size.height, timeouts: timeouts)
        return (emulator, DisplayPipeline(controller: controller, profile: RefreshProfile(partial: false)))
    }

    @Test(arguments: sizes)
    func fullRefreshShowsTheFramePixelForPixel(_ size: Size) throws {
        let (emulator, display) = try make(size)
        let first = Self.colours(width: size.width, height: size.height)
        #expect(try display.show(native: first, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == first)
        try emulator.checkAsleep()
        // The second update wakes from deep sleep, where RAM was lost, and rewrites it.
        let second = Self.colours(width: size.width, height: size.height, seed: 3)
        #expect(try display.show(native: second, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == second)
        #expect(emulator.updates.map(\.kind) == [.full, .full])
        try emulator.checkAsleep()
        #expect(emulator.violations.isEmpty)
    }

    @Test func oneFourBitTransferAnUpdate() throws {
        let (emulator, display) = try make()
        try display.show(native: Self.colours(width: 600, height: 448), cadence: .full)
        #expect(emulator.bytesReceived > 600 * 448 / 2)
        #expect(emulator.bytesReceived < 600 * 448 / 2 + 100)
        #expect(!emulator.commands.contains(0x13))
    }

    @Test func otherSizesAreRejected() {
        #expect(throws: PanelConfigurationError.self) { try UC8159Controller(bus: UC8159Emulator(), width: 800, height: 480) }
    }

    @Test func protocolMistakesAreErrors() throws {
        let emulator = UC8159Emulator()
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        #expect(throws: PanelBusError.self) { try emulator.send(0x10) }   // before the resolution
        try emulator.send(0x61, 0x02, 0x58, 0x01, 0xC0)
        try emulator.send(0x00, 0xEF, 0x08)
        try emulator.command(0x13)
        #expect(throws: PanelBusError.self) { try emulator.data([0x11]) }   // no second plane
        #expect(emulator.violations.last?.contains("0x13 is not a second image plane") == true)
        try emulator.command(0x10)
        try emulator.data([UInt8](repeating: 0x11, count: 1_000))
        try emulator.send(0x04)
        try emulator.waitWhileBusy(level: .low, timeoutMilliseconds: 1_000, operation: "power on")
        #expect(throws: PanelBusError.self) { try emulator.send(0x12) }   // only part of a frame
        try emulator.command(0x10)
        #expect(throws: PanelBusError.self) { try emulator.data([UInt8](repeating: 0x11, count: 600 * 448 / 2 + 1)) }
        #expect(throws: PanelBusError.self) { try emulator.send(0x07, 0xA5) }   // power still on
        try emulator.send(0x02)
        try emulator.waitWhileBusy(level: .low, timeoutMilliseconds: 1_000, operation: "power off")
        #expect(throws: PanelBusError.self) { try emulator.send(0x12) }   // power off
        #expect(throws: PanelBusError.self) { try emulator.send(0x07, 0x00) }   // bad check code
        #expect(throws: PanelBusError.self) { try emulator.checkAsleep() }
    }

    @Test func stuckBusyTimesOutWithinTheTimeout() throws {
        let (emulator, display) = try make(timeouts: BusyTimeouts(command: 500, full: 40_000))
        emulator.busyStuck = true
        let start = emulator.now
        #expect(throws: PanelBusError.busyTimeout(operation: "UC8159 reset", milliseconds: 500)) {
            try display.show(native: Self.colours(width: 600, height: 448), cadence: .full)
        }
        #expect(emulator.now - start < 1_000)
        #expect(display.shown == nil)
    }

    @Test func refreshLongerThanTheTimeoutIsAbandoned() throws {
        let (emulator, display) = try make(timeouts: BusyTimeouts(full: 40_000))
        emulator.refreshMilliseconds = 50_000
        let frame = Self.colours(width: 600, height: 448)
        let start = emulator.now
        #expect(throws: PanelBusError.busyTimeout(operation: "UC8159 full refresh", milliseconds: 40_000)) {
            try display.show(native: frame, cadence: .full)
        }
        #expect(emulator.now - start < 41_000)
        #expect(display.shown == nil)
        // Reset and deep sleep were attempted, and the panel recovers with the next update.
        #expect(emulator.commands.last == 0x07)
        try emulator.checkAsleep()
        emulator.refreshMilliseconds = 30_000
        #expect(try display.show(native: frame, cadence: .full)?.refresh == .full)
        #expect(emulator.screen == frame)
    }
}
