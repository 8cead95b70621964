import GlanceGraphics
import GlanceHardware

extension Board {
    /// How the panel and keys are wired, for `WiredBus.open`.
    public var wiring: PanelWiring {
        PanelWiring(spiDevice: spiDevice, spiSpeedHz: spiSpeedHz, spiMode: spiMode, chipSelectByGPIO: chipSelect == .gpio,
                    chipLabels: gpioChips, lines: pins, keys: keys)
    }

    /// The bus to this board's panel: a trace file when `trace` is given, else the real
    /// wires, opened after the start-up checks (`wires` then holds them, for keys and
    /// for closing).
    public func openBus(trace: String?) throws -> (bus: any PanelBus, wires: WiredBus?) {
        if let trace { return (try TraceBus(path: trace), nil) }
        let wires = try WiredBus.open(wiring)
        return (wires, wires)
    }

    /// The controller this board names, configured from its file, speaking to `bus`.
    public func makeController(bus: any PanelBus) throws(PanelConfigurationError) -> any PanelController {
        let palette = colors.palette
        // A waveform for another controller (a display that overrides the board's) is not used;
        // asked for grey, it is an error.
        let greyWaveform = greyWaveform?.controller == controller.rawValue ? greyWaveform : nil
        if palette == .gray4, greyWaveform == nil, let other = self.greyWaveform {
            throw PanelConfigurationError(message: "grey_waveform \(other.rawValue) is for \(other.controller.uppercased()) panels; this board's controller is \(controller.rawValue.uppercased()); use colors: bw, or a grey_waveform for its controller")
        }
        switch controller {
        case .ssd1680, .ssd1683:
            return try SSD168xController(bus: bus, model: controller == .ssd1680 ? .ssd1680 : .ssd1683, width: nativeWidth,
                                         height: nativeHeight, palette: palette, timeouts: busyTimeouts, columnOffsetBytes: columnOffsetBytes,
                                         greyWaveform: greyWaveform)
        case .uc8179:
            return try UC8179Controller(bus: bus, width: nativeWidth, height: nativeHeight, palette: palette, timeouts: busyTimeouts,
                                        greyWaveform: greyWaveform)
        case .uc8159:
            return try UC8159Controller(bus: bus, width: nativeWidth, height: nativeHeight, palette: palette, timeouts: busyTimeouts)
        case .e673, .e640, .el133uf1, .ac073tc1a, .jd79661, .jd79668:
            let model = controller.colourModel(sequence)!
            return try ColourEPaperController(bus: bus, model: model, width: nativeWidth, height: nativeHeight, palette: palette,
                                              timeouts: busyTimeouts)
        case .st7789:
            return try ST7789Controller(bus: bus, width: nativeWidth, height: nativeHeight, palette: palette, madctl: UInt8(madctl),
                                        columnOffset: columnOffset, rowOffset: rowOffset)
        }
    }
}

/// A bus that goes nowhere: controllers are made on it only to check a board.
final class DiscardingBus: PanelBus {
    func command(_ code: UInt8) throws {}
    func data(_ bytes: [UInt8]) throws {}
    func setLine(_ line: PanelLine, high: Bool) throws {}
    func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws {}
    func delay(milliseconds: Int) {}
    func select(_ chips: PanelChips) throws {}
}
