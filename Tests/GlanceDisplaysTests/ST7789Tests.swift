import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

@Suite struct ST7789Tests {
    struct Size: CustomStringConvertible, Sendable {
        var width: Int
        var height: Int
        var description: String { "\(width)x\(height)" }
    }

    /// Waveshare 1.3" LCD HAT and Pimoroni Display HAT Mini.
    static let sizes = [Size(width: 240, height: 240), Size(width: 320, height: 240)]

    /// RGB565 values (as `Palette.rgb565` keeps them: r5 << 11 | g6 << 5 | b5) that differ
    /// in every row and column and in both bytes of a pixel.
    static func colours(width: Int, height: Int, seed: Int = 0) -> QuantisedFrame {
        var values = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let r = (x / 4 + seed) & 0x1F, g = (x ^ y) & 0x3F, b = (y / 3 + seed) & 0x1F
                values[y * width + x] = UInt32(r << 11 | g << 5 | b)
            }
        }
        return QuantisedFrame(width: width, height: height, palette: .rgb565, values: values)
    }

    func make(_ size: Size = sizes[0], rowOffset: Int = 0) throws -> (ST7789Emulator, DisplayPipeline) {
        let emulator = ST7789Emulator(width: size.width, height: size.height, rowOffset: rowOffset)
        let controller = try ST7789Controller(bus: emulator, width: size.width, height: size.height, rowOffset: rowOffset)
        return (emulator, DisplayPipeline(controller: controller, profile: RefreshProfile(sleepAfterUpdate: false), dither: .none))
    }

    /// An awake emulator, 16-bit pixels, as after the controller's wake sequence.
    func awake() throws -> ST7789Emulator {
        let emulator = ST7789Emulator()
        try emulator.pulseReset(highBefore: 1, low: 1, highAfter: 10)
        try emulator.send(0x11)
        emulator.delay(milliseconds: 120)
        try emulator.send(0x3A, 0x55)
        return emulator
    }

    @Test(arguments: sizes)
    func fullWriteShowsTheFramePixelForPixel(_ size: Size) throws {
        let (emulator, display) = try make(size)
        let frame = Self.colours(width: size.width, height: size.height)
        #expect(try display.show(native: frame, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == frame)
        #expect(emulator.updates.map(\.kind) == [.full])
        #expect(emulator.displayOn && emulator.lines[.backlight] == true)
        #expect(emulator.madctl == (size.width > size.height ? 0x70 : 0x00))
        try display.close()
        try emulator.checkAsleep()
        #expect(emulator.lines[.backlight] == false)
        #expect(emulator.violations.isEmpty)
    }

    @Test(arguments: sizes)
    func partialWriteSendsOnlyTheDamagedWindow(_ size: Size) throws {
        let (emulator, display) = try make(size)
        let first = Self.colours(width: size.width, height: size.height)
        try display.show(native: first, cadence: .full)
        let rect = PixelRect(x: 51, y: 60, width: 30, height: 20)
        let second = PanelTestFrames.changed(first, in: rect)
        let before = emulator.bytesReceived
        #expect(try display.show(native: second, cadence: .partial) == RefreshPlan(refresh: .partial, window: rect))
        // Two bytes a pixel of the window, plus CASET, RASET and RAMWR.
        #expect(emulator.bytesReceived - before == 2 * rect.width * rect.height + 11)
        #expect(emulator.screen == second)
        #expect(emulator.updates.map(\.kind) == [.full, .partial])
        #expect(emulator.violations.isEmpty)
    }

    @Test func firstWriteAfterSleepIsWhole() throws {
        let (emulator, display) = try make()
        let first = Self.colours(width: 240, height: 240)
        try display.show(native: first, cadence: .full)
        try display.close()
        let second = PanelTestFrames.changed(first, in: PixelRect(x: 0, y: 0, width: 10, height: 10))
        try display.show(native: second, cadence: .partial)
        #expect(emulator.updates.map(\.kind) == [.full, .full])
        #expect(emulator.screen == second)
        #expect(emulator.violations.isEmpty)
    }

    @Test func offsetsAreApplied() throws {
        let (emulator, display) = try make(rowOffset: 80)
        let frame = Self.colours(width: 240, height: 240)
        try display.show(native: frame, cadence: .full)
        #expect(emulator.screen == frame)
        // A driver that forgets the offset addresses rows the panel does not show.
        let wrong = ST7789Emulator(rowOffset: 80)
        let controller = try ST7789Controller(bus: wrong)
        #expect(throws: PanelBusError.self) { try controller.show(frame, previous: nil, refresh: .full, window: controller.bounds) }
    }

    @Test func pixelsBeforeSleepOutAreAProtocolError() throws {
        let emulator = ST7789Emulator()
        try emulator.pulseReset(highBefore: 1, low: 1, highAfter: 10)
        try emulator.send(0x3A, 0x55)
        #expect(throws: PanelBusError.self) { try emulator.send(0x2C) }
        #expect(emulator.violations.last?.contains("RAMWR while in sleep mode") == true)
        #expect(throws: PanelBusError.self) { try emulator.send(0x29) }
    }

    @Test func settleTimesAreProtocolErrors() throws {
        let emulator = try awake()
        try emulator.send(0x01)
        #expect(throws: PanelBusError.self) { try emulator.send(0x11) }
        #expect(emulator.violations.last?.contains("within 5 ms of SWRESET") == true)
        emulator.delay(milliseconds: 150)
        try emulator.send(0x11)
        #expect(throws: PanelBusError.self) { try emulator.send(0x3A, 0x55) }
        #expect(emulator.violations.last?.contains("within 5 ms of SLPOUT") == true)
        emulator.delay(milliseconds: 5)
        // SWRESET restored the 18-bit format.
        try emulator.send(0x2A, 0, 0, 0, 1)
        #expect(throws: PanelBusError.self) { try emulator.send(0x2C) }
    }

    @Test func windowsOutsideThePanelAreProtocolErrors() throws {
        let emulator = try awake()
        #expect(throws: PanelBusError.self) { try emulator.send(0x2A, 0, 0, 0, 240) }   // column 240 of 0...239
        #expect(throws: PanelBusError.self) { try emulator.send(0x2B, 0, 9, 0, 3) }     // start after end
    }

    @Test func dataPastTheWindowIsAProtocolError() throws {
        let emulator = try awake()
        try emulator.send(0x2A, 0, 10, 0, 11)
        try emulator.send(0x2B, 0, 20, 0, 20)
        try emulator.command(0x2C)
        try emulator.data([0xF8, 0x00, 0x07])
        #expect(throws: PanelBusError.self) { try emulator.data([0xE0, 0x00]) }
        #expect(emulator.screen[x: 10, y: 20] == 0xF800 && emulator.screen[x: 11, y: 20] == 0x07E0)
        #expect(emulator.updates.map(\.kind) == [.partial])
    }
}
