import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

/// The colour controllers set up by one register list (Spectra 6 E673, E640 and the
/// two-chip EL133UF1; ACeP AC073TC1A; the four-ink JD79661 and JD79668), each against an
/// emulator that decodes its bytes into the panel's picture.
@Suite struct ColourEPaperTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var model: ColourEPaperController.Model
        var width: Int
        var height: Int
        var description: String { name }
    }

    static let cases = [
        Case(name: "E673 (Pimoroni)", model: .e673(.pimoroni), width: 800, height: 480),
        Case(name: "E673 (Waveshare)", model: .e673(.waveshare), width: 800, height: 480),
        Case(name: "E640", model: .e640, width: 400, height: 600),
        Case(name: "EL133UF1 (Pimoroni)", model: .el133uf1(.pimoroni), width: 1200, height: 1600),
        Case(name: "EL133UF1 (Waveshare)", model: .el133uf1(.waveshare), width: 1200, height: 1600),
        Case(name: "AC073TC1A", model: .ac073tc1a, width: 800, height: 480),
        Case(name: "JD79661", model: .jd79661, width: 122, height: 250),
        Case(name: "JD79668", model: .jd79668, width: 400, height: 300),
    ]

    /// Every ink in bands with a diagonal, different on each half and in each row: a
    /// nibble-order, row-length, padding or half-swap mistake shows.
    static func inks(_ palette: Palette, width: Int, height: Int, seed: Int = 0) -> QuantisedFrame {
        let count = palette.colors.count
        var values = [UInt32](repeating: 1, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let half = x < width / 2 ? 0 : 1
                values[y * width + x] = UInt32((x / 3 + (y / 5) * 2 + (x == y ? 3 : 0) + half * 2 + seed) % count)
            }
        }
        return QuantisedFrame(width: width, height: height, palette: palette, values: values)
    }

    func make(_ test: Case, timeouts: BusyTimeouts = BusyTimeouts(full: 45_000)) throws -> (ColourEPaperEmulator, DisplayPipeline) {
        let emulator = ColourEPaperEmulator(model: test.model, width: test.width, height: test.height)
        let controller = try ColourEPaperController(bus: emulator, model: test.model, width: test.width, height: test.height,
                                                    palette: test.model.palette, timeouts: timeouts)
        return (emulator, DisplayPipeline(controller: controller, profile: RefreshProfile(partial: false, fast: false)))
    }

    @Test(arguments: cases)
    func everyUpdateIsAFullRefreshShowingTheFramePixelForPixel(_ test: Case) throws {
        let (emulator, display) = try make(test)
        let first = Self.inks(test.model.palette, width: test.width, height: test.height)
        // Even a small change is a full refresh: these panels have no other waveform.
        #expect(try display.show(native: first, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == first)
        try emulator.checkAsleep()
        // The second update wakes from deep sleep, where RAM was lost, and rewrites it.
        let second = Self.inks(test.model.palette, width: test.width, height: test.height, seed: 1)
        #expect(try display.show(native: second, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == second)
        #expect(emulator.updates.map(\.kind) == [.full, .full])
        try emulator.checkAsleep()
        #expect(emulator.violations.isEmpty)
        // The refresh held BUSY for the panel's time (seconds, on the virtual clock).
        #expect(emulator.now >= 2 * test.model.refreshMilliseconds)
    }

    @Test func aSpectraPanelNumbersBlueAndGreenFiveAndSix() throws {
        let test = Self.cases[0]
        let bus = RecordingBus()
        let controller = try ColourEPaperController(bus: bus, model: test.model, width: 800, height: 480, palette: .spectra6)
        // Black, white, yellow, red, blue, green across the first six pixels of each row.
        let frame = QuantisedFrame(width: 800, height: 480, palette: .spectra6, values: (0..<(800 * 480)).map { UInt32($0 % 800 < 6 ? $0 % 800 : 1) })
        try controller.show(frame, previous: nil, refresh: .full, window: controller.bounds)
        let image = try #require(bus.data(after: 0x10).first)
        #expect(image.count == 800 * 480 / 2)
        #expect(Array(image.prefix(4)) == [0x01, 0x23, 0x56, 0x11])
    }

    @Test func theThirteenInchPanelSendsEachHalfToItsOwnChip() throws {
        let bus = RecordingBus()
        let controller = try ColourEPaperController(bus: bus, model: .el133uf1(.pimoroni), width: 1200, height: 1600, palette: .spectra6)
        // Black on the left half, red on the right.
        let frame = QuantisedFrame(width: 1200, height: 1600, palette: .spectra6, values: (0..<(1200 * 1600)).map { $0 % 1200 < 600 ? 0 : 3 })
        try controller.show(frame, previous: nil, refresh: .full, window: controller.bounds)
        let images = bus.data(after: 0x10)
        #expect(images.count == 2)
        #expect(images.map(\.count) == [480_000, 480_000])
        #expect(images.first?.allSatisfy { $0 == 0x00 } == true)
        #expect(images.last?.allSatisfy { $0 == 0x33 } == true)
        #expect(bus.selections(before: 0x10) == [.first, .second])
        // Both chips are told 1200x800 (each half's pixel count), power on, refresh and off.
        #expect(bus.selections(before: 0x61) == [.both])
        #expect(bus.selections(before: 0x04) == [.both])
        #expect(bus.selections(before: 0x12) == [.both])
        // The supplies' settings go to the first chip alone.
        #expect(bus.selections(before: 0x01) == [.first])
    }

    @Test func aFourInkPanelPadsItsRowsToTheRAMsWidth() throws {
        let bus = RecordingBus()
        let controller = try ColourEPaperController(bus: bus, model: .jd79661, width: 122, height: 250, palette: .bwry)
        let frame = QuantisedFrame(width: 122, height: 250, palette: .bwry, values: (0..<(122 * 250)).map { UInt32($0 % 122 % 4) })
        try controller.show(frame, previous: nil, refresh: .full, window: controller.bounds)
        let image = try #require(bus.data(after: 0x10).first)
        // 128 pixels a row, two bits each: 32 bytes; black, white, yellow, red is 0b00011011.
        #expect(image.count == 32 * 250)
        #expect(image[0] == 0x1B)
        // The six pixels past the glass are written white (0b01).
        #expect(image[30] == 0x15 && image[31] == 0x55)
        #expect(bus.data(after: 0x61).first == [0x00, 0x80, 0x00, 0xFA])
    }

    @Test func wrongSizesAndInksAreRefused() {
        let bus = RecordingBus()
        #expect(throws: PanelConfigurationError.self) { try ColourEPaperController(bus: bus, model: .e673(.pimoroni), width: 640, height: 400, palette: .spectra6) }
        #expect(throws: PanelConfigurationError.self) { try ColourEPaperController(bus: bus, model: .e640, width: 600, height: 400, palette: .spectra6) }
        func refusal(_ palette: Palette, _ model: ColourEPaperController.Model) -> String? {
            do {
                _ = try ColourEPaperController(bus: bus, model: model, width: model.sizes[0].width, height: model.sizes[0].height, palette: palette)
                return nil
            } catch { return error.description }
        }
        #expect(refusal(.acep7, .e673(.pimoroni)) == "E673 panels are spectra6, not acep7")
        #expect(refusal(.bwr, .jd79668) == "JD79668 panels are bwry, not bwr")
        #expect(refusal(.spectra6, .ac073tc1a) == "AC073TC1A panels are acep7, not spectra6")
    }

    @Test func protocolMistakesAreErrors() throws {
        let model = ColourEPaperController.Model.el133uf1(.pimoroni)
        let emulator = ColourEPaperEmulator(model: model, width: 1200, height: 1600)
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        #expect(throws: PanelBusError.self) { try emulator.send(0x10) }   // before the resolution
        #expect(throws: PanelBusError.self) { try emulator.send(0x61, 0x03, 0x20, 0x01, 0xE0) }   // not a half's size
        try emulator.select(.both)
        try emulator.send(0x61, 0x04, 0xB0, 0x03, 0x20)
        #expect(throws: PanelBusError.self) { try emulator.send(0x9F) }   // no such command
        try emulator.select(.first)
        try emulator.command(0x10)
        try emulator.data([UInt8](repeating: 0x44, count: 480_000))   // colour 4: no ink
        try emulator.select(.second)
        try emulator.command(0x10)
        try emulator.data([UInt8](repeating: 0x11, count: 480_000))
        #expect(throws: PanelBusError.self) { try emulator.data([0x11]) }   // past the end of RAM
        try emulator.send(0x04)
        try emulator.waitWhileBusy(level: .low, timeoutMilliseconds: 1_000, operation: "power on")
        #expect(throws: PanelBusError.self) { try emulator.send(0x12, 0x00) }   // one chip of two
        try emulator.select(.both)
        #expect(throws: PanelBusError.self) { try emulator.send(0x12, 0x00) }   // the first chip's power is off
        try emulator.send(0x04)
        try emulator.waitWhileBusy(level: .low, timeoutMilliseconds: 1_000, operation: "power on")
        #expect(throws: PanelBusError.self) { try emulator.send(0x12, 0x00) }   // colour 4
        #expect(emulator.violations.last?.contains("colour 4 at pixel 0, 0") == true)
        #expect(throws: PanelBusError.self) { try emulator.send(0x07, 0xA5) }   // power still on
        #expect(throws: PanelBusError.self) { try emulator.checkAsleep() }

        let single = ColourEPaperEmulator(model: .e673(.pimoroni), width: 800, height: 480)
        try single.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        #expect(throws: PanelBusError.self) { try single.select(.second) }
    }

    @Test func aStuckBusyTimesOutAndTheNextUpdateRecovers() throws {
        let (emulator, display) = try make(Self.cases[0], timeouts: BusyTimeouts(command: 1_000, full: 40_000))
        emulator.refreshMilliseconds = 50_000
        let frame = Self.inks(.spectra6, width: 800, height: 480)
        #expect(throws: PanelBusError.busyTimeout(operation: "E673 full refresh", milliseconds: 40_000)) {
            try display.show(native: frame, cadence: .full)
        }
        try emulator.checkAsleep()
        emulator.refreshMilliseconds = 13_000
        #expect(try display.show(native: frame, cadence: .full)?.refresh == .full)
        #expect(emulator.screen == frame)
    }

    static let thirteen = PanelWiring(
        spiDevice: "/dev/spidev0.0", spiSpeedHz: 10_000_000, spiMode: 0, chipSelectByGPIO: true,
        chipLabels: ["pinctrl-rp1", "pinctrl-bcm2711"],
        lines: [.reset: .offset(27), .dataCommand: .offset(22), .busy: .offset(17), .chipSelect: .offset(26), .chipSelect1: .offset(16)])

    @Test func onWiresBothChipSelectsFrameEachCommandWithItsData() throws {
        let model = ColourEPaperController.Model.el133uf1(.pimoroni)
        let emulator = ColourEPaperEmulator(model: model, width: 1200, height: 1600)
        let wires = EmulatedWiring(raspberryPi4For: Self.thirteen, emulator: emulator)
        let bus = try WiredBus.open(Self.thirteen, gpio: wires, spi: wires, timing: wires.timing)
        let controller = try ColourEPaperController(bus: bus, model: model, width: 1200, height: 1600, palette: .spectra6)
        let display = DisplayPipeline(controller: controller, profile: RefreshProfile(partial: false, fast: false))
        let frame = Self.inks(.spectra6, width: 1200, height: 1600)
        try display.show(native: frame, cadence: .full)
        #expect(emulator.screen == frame)
        #expect(emulator.violations.isEmpty)
        #expect(wires.faults.isEmpty)
        try emulator.checkAsleep()
        // Both chip selects are high again between updates.
        #expect(wires.levels[26] == true && wires.levels[16] == true)
        #expect(bus.bytesWritten == emulator.bytesReceived)
    }

    @Test func aSecondChipNeedsItsChipSelect() throws {
        var wiring = Self.thirteen
        wiring.lines[.chipSelect1] = nil
        let emulator = ColourEPaperEmulator(model: .el133uf1(.pimoroni), width: 1200, height: 1600)
        let wires = EmulatedWiring(raspberryPi4For: wiring, emulator: emulator)
        let bus = try WiredBus.open(wiring, gpio: wires, spi: wires, timing: wires.timing)
        #expect(throws: PanelBusError.io("this panel's second controller needs a CS1 pin under pins: and chip_select: gpio")) {
            try bus.select(.second)
        }
    }
}

/// Records what a controller sends, with the chips each command went to.
final class RecordingBus: PanelBus {
    private(set) var records: [BusTraceRecord] = []
    private var selection: PanelChips = .first
    private var selections: [(command: UInt8, chips: PanelChips)] = []

    func command(_ code: UInt8) throws {
        records.append(.command(code))
        selections.append((code, selection))
    }
    func data(_ bytes: [UInt8]) throws { records.append(.data(bytes)) }
    func setLine(_ line: PanelLine, high: Bool) throws { records.append(.gpio(line: line, high: high)) }
    func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws {}
    func delay(milliseconds: Int) {}
    func select(_ chips: PanelChips) throws { selection = chips }

    /// The data that followed each `code`.
    func data(after code: UInt8) -> [[UInt8]] {
        var result: [[UInt8]] = []
        for (index, record) in records.enumerated() where record == .command(code) {
            if index + 1 < records.count, case .data(let bytes) = records[index + 1] { result.append(bytes) }
        }
        return result
    }

    /// The chips each `code` went to, in order.
    func selections(before code: UInt8) -> [PanelChips] { selections.filter { $0.command == code }.map(\.chips) }
}
