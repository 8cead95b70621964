import GlanceDisplays
@testable import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

/// Four greys on SSD1680 and SSD1683 panels whose vendor's driver has a four-grey
/// waveform, and on the UC8179 whose OTP has one: the waveform written to the LUT register
/// (or chosen by a forced temperature), each pixel's level split over the two planes,
/// every update a full refresh, decoded by the emulator into the four levels (for the LUT
/// panels, which bit pair is which grey is read from the waveform the controller sent).
@Suite struct SSD168xGreyTests {
    struct Panel: CustomStringConvertible, Sendable {
        var waveform: GreyWaveform
        var width: Int
        var height: Int
        var description: String { waveform.rawValue }
    }

    static let panels = [Panel(waveform: .waveshare2in9V2, width: 128, height: 296), Panel(waveform: .waveshare2in7V2, width: 176, height: 264),
                         Panel(waveform: .waveshare4in2V2, width: 400, height: 300), Panel(waveform: .waveshare7in5V2, width: 800, height: 480)]

    /// The four levels in bands and a diagonal, different in every row.
    static func greys(width: Int, height: Int, seed: Int = 0) -> QuantisedFrame {
        QuantisedFrame(width: width, height: height, palette: .gray4,
                       values: (0..<(width * height)).map { UInt32(($0 % width / 5 + $0 / width / 7 + ($0 % width == $0 / width ? 2 : 0) + seed) % 4) })
    }

    func make(_ panel: Panel) throws -> (ControllerEmulator, DisplayPipeline) {
        if panel.waveform.controller == "uc8179" {
            let emulator = UC8179Emulator(width: panel.width, height: panel.height, palette: .gray4)
            let controller = try UC8179Controller(bus: emulator, width: panel.width, height: panel.height, palette: .gray4,
                                                  timeouts: BusyTimeouts(full: 10_000), greyWaveform: panel.waveform)
            return (emulator, DisplayPipeline(controller: controller, profile: RefreshProfile(fast: true)))
        }
        let model = try #require(SSD168xController.Model(rawValue: panel.waveform.controller))
        let emulator = SSD168xEmulator(model: model.rawValue, width: panel.width, height: panel.height, palette: .gray4)
        let controller = try SSD168xController(bus: emulator, model: model, width: panel.width, height: panel.height, palette: .gray4,
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
        // The waveform went to the LUT register, or was chosen from OTP by a forced 95 °C.
        #expect(panel.waveform.lut.isEmpty ? emulator.commands.contains(0xE5) : emulator.commands.contains(0x32))
    }

    /// Which bit pair shows which grey, read from each vendor waveform by running it: the
    /// SSD1680 ones show pair 00 white and 11 black, SSD1683's the other way round, as the
    /// vendor's drivers write their pixels.
    @Test func theEmulatorReadsEachWaveformsLevels() throws {
        #expect(try GreyWaveformModel(lut: GreyWaveform.waveshare2in9V2.lut, isSSD1683: false).levels() == [3, 2, 1, 0])
        #expect(try GreyWaveformModel(lut: GreyWaveform.waveshare2in7V2.lut, isSSD1683: false).levels() == [3, 2, 1, 0])
        #expect(try GreyWaveformModel(lut: GreyWaveform.waveshare4in2V2.lut, isSSD1683: true).levels() == [0, 1, 2, 3])
        // A waveform that drives two levels alike (L2's selection copied onto L1) shows three greys.
        var flat = GreyWaveform.waveshare2in9V2.lut
        for group in 0..<12 { flat[12 + group] = flat[24 + group] }
        #expect(throws: GreyWaveformModel.Failure.self) { try GreyWaveformModel(lut: flat, isSSD1683: false).levels() }
        // Sent to the panel, it is a protocol error at the refresh.
        let emulator = SSD168xEmulator(model: "ssd1680", width: 128, height: 296, palette: .gray4)
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        try emulator.send(0x01, 0x27, 0x01, 0x00)
        try emulator.command(0x32)
        try emulator.data(flat)
        try emulator.send(0x22, 0xC7)
        #expect(throws: PanelBusError.self) { try emulator.send(0x20) }
        #expect(emulator.violations.last?.contains("same grey") == true)
    }

    @Test func theUC8179ShowsGreyOnlyWithItsGreyWaveform() throws {
        let emulator = UC8179Emulator(width: 800, height: 480, palette: .gray4)
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        try emulator.send(0x00, 0x1F)
        try emulator.send(0x61, 0x03, 0x20, 0x01, 0xE0)
        try emulator.send(0x04)
        try emulator.waitWhileBusy(level: .low, timeoutMilliseconds: 1_000, operation: "power on")
        try emulator.send(0xE0, 0x02)
        try emulator.send(0xE5, 0x5A)   // the fast black/white waveform, not the grey one
        #expect(throws: PanelBusError.self) { try emulator.send(0x12) }
        #expect(emulator.violations.last?.contains("without the four-grey waveform") == true)
    }

    @Test func aGreyPictureNeedsTheWaveformAndAnUpdateThatKeepsIt() throws {
        let emulator = SSD168xEmulator(model: "ssd1680", width: 128, height: 296, palette: .gray4)
        try emulator.pulseReset(highBefore: 1, low: 2, highAfter: 5)
        try emulator.send(0x01, 0x27, 0x01, 0x00)
        try emulator.send(0x22, 0xC7)
        #expect(throws: PanelBusError.self) { try emulator.send(0x20) }   // no waveform written
        #expect(emulator.violations.last?.contains("without a four-grey waveform") == true)
        try emulator.command(0x32)
        try emulator.data(GreyWaveform.waveshare2in9V2.lut)
        try emulator.send(0x22, 0xF7)
        #expect(throws: PanelBusError.self) { try emulator.send(0x20) }   // loads the OTP waveform over it
        #expect(throws: PanelBusError.self) { try emulator.send(0x32, 0x00, 0x00) ; try emulator.data([UInt8](repeating: 0, count: 160)) }
    }

    @Test func aPanelWithoutAGreyWaveformRefusesGray4() {
        #expect(throws: PanelConfigurationError.self) {
            try SSD168xController(bus: SSD168xEmulator(model: "ssd1680", width: 122, height: 250), model: .ssd1680, width: 122, height: 250, palette: .gray4)
        }
        #expect(throws: PanelConfigurationError.self) {
            try UC8179Controller(bus: UC8179Emulator(), palette: .gray4)
        }
        #expect(throws: PanelConfigurationError.self) {
            try UC8179Controller(bus: UC8179Emulator(), palette: .gray4, greyWaveform: .waveshare4in2V2)
        }
        #expect(GreyWaveform.allCases.map(\.lut.count) == [153, 153, 227, 0])
    }
}
