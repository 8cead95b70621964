import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

/// Four greys on SSD1680 panels whose vendor's driver has a four-grey waveform: the
/// waveform written to the LUT register, each pixel's level split over the two planes,
/// every update a full refresh, decoded by the emulator into the four levels.
@Suite struct SSD168xGreyTests {
    struct Panel: CustomStringConvertible, Sendable {
        var waveform: SSD168xController.GreyWaveform
        var width: Int
        var height: Int
        var description: String { waveform.rawValue }
    }

    static let panels = [Panel(waveform: .waveshare2in9V2, width: 128, height: 296), Panel(waveform: .waveshare2in7V2, width: 176, height: 264)]

    /// The four levels in bands and a diagonal, different in every row.
    static func greys(width: Int, height: Int, seed: Int = 0) -> QuantisedFrame {
        QuantisedFrame(width: width, height: height, palette: .gray4,
                       values: (0..<(width * height)).map { UInt32(($0 % width / 5 + $0 / width / 7 + ($0 % width == $0 / width ? 2 : 0) + seed) % 4) })
    }

    func make(_ panel: Panel) throws -> (SSD168xEmulator, DisplayPipeline) {
        let emulator = SSD168xEmulator(model: "ssd1680", width: panel.width, height: panel.height, palette: .gray4)
        let controller = try SSD168xController(bus: emulator, model: .ssd1680, width: panel.width, height: panel.height, palette: .gray4,
                                                timeouts: BusyTimeouts(full: 10_000), greyWaveform: panel.waveform)
        return (emulator, DisplayPipeline(controller: controller, profile: RefreshProfile(fast: true)))
    }

    @Test(arguments: panels)
    func everyUpdateIsAFullGreyRefreshOfTheFrame(_ panel: Panel) throws {
        let (emulator, display) = try make(panel)
        let first = Self.greys(width: panel.width, height: panel.height)
        #expect(try display.show(native: first, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == first)
        try emulator.checkAsleep()
        // A small change is a full refresh too: there is no partial grey waveform.
        var values = first.values
        values[0] = (values[0] + 1) % 4
        let second = QuantisedFrame(width: panel.width, height: panel.height, palette: .gray4, values: values)
        #expect(try display.show(native: second, cadence: .partial)?.refresh == .full)
        #expect(emulator.screen == second)
        #expect(emulator.updates.map(\.kind) == [.full, .full])
        #expect(emulator.violations.isEmpty)
        // The waveform went to the LUT register: 153 bytes after 0x32.
        #expect(emulator.commands.contains(0x32))
    }

    @Test func aGreyPictureNeedsTheWaveformAndAnUpdateThatKeepsIt() throws {
        let emulator = SSD168xEmulator(model: "ssd1680", width: 128, height: 296, palette: .gray4)
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        try emulator.send(0x01, 0x27, 0x01, 0x00)
        try emulator.send(0x22, 0xC7)
        #expect(throws: PanelBusError.self) { try emulator.send(0x20) }   // no waveform written
        #expect(emulator.violations.last?.contains("without a four-grey waveform") == true)
        try emulator.command(0x32)
        try emulator.data(SSD168xController.GreyWaveform.waveshare2in9V2.lut)
        try emulator.send(0x22, 0xF7)
        #expect(throws: PanelBusError.self) { try emulator.send(0x20) }   // loads the OTP waveform over it
        #expect(throws: PanelBusError.self) { try emulator.send(0x32, 0x00, 0x00) ; try emulator.data([UInt8](repeating: 0, count: 160)) }
    }

    @Test func aPanelWithoutAGreyWaveformRefusesGray4() {
        #expect(throws: PanelConfigurationError.self) {
            try SSD168xController(bus: SSD168xEmulator(model: "ssd1680", width: 122, height: 250), model: .ssd1680, width: 122, height: 250, palette: .gray4)
        }
        #expect(SSD168xController.GreyWaveform.allCases.allSatisfy { $0.lut.count == 153 })
    }
}
