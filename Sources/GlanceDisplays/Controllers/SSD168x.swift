import GlanceGraphics
import GlanceHardware

/// Solomon Systech SSD1680 (up to 176×296) and SSD1683 (up to 400×300) e-paper
/// controllers: Waveshare 2.13" V4, 2.9" V2, 2.7" V2 and 4.2" V2, Adafruit's 2.13"
/// bonnet, Pimoroni Inky wHAT. BUSY is high while busy. RAM: a black/white plane
/// (Write RAM Black/White, 1 = white) and a second plane (Write RAM Red) that is red/yellow on three-colour panels
/// (1 = colour) and the previous image on black-and-white ones, which the partial
/// waveform compares against. Panels with a four-grey waveform (`GreyWaveform`: the 2.9",
/// 2.7" and 4.2" V2) also show `.gray4`: the waveform is written to the LUT register, each
/// pixel's two bits go one to each plane, and every update is a full refresh.
public final class SSD168xController: PanelController {
    public enum Model: String, Sendable, CaseIterable {
        case ssd1680
        case ssd1683

        /// RAM size: source lines and gate lines.
        public var maximumWidth: Int { self == .ssd1680 ? 176 : 400 }
        public var maximumHeight: Int { self == .ssd1680 ? 296 : 300 }
    }

    /// The commands this driver sends, by the names of SSD1680's and SSD1683's datasheets.
    public enum Command: UInt8, PanelCommand {
        case driverOutputControl = 0x01
        case gateDrivingVoltage = 0x03
        case sourceDrivingVoltage = 0x04
        case boosterSoftStartControl = 0x0C
        case deepSleepMode = 0x10
        case dataEntryModeSetting = 0x11
        case softwareReset = 0x12
        case temperatureSensorControl = 0x18
        case writeTemperatureRegister = 0x1A
        case masterActivation = 0x20
        case displayUpdateControl1 = 0x21
        case displayUpdateControl2 = 0x22
        case writeRAMBlackWhite = 0x24
        case writeRAMRed = 0x26
        case writeVCOMRegister = 0x2C
        case writeLUTRegister = 0x32
        case borderWaveformControl = 0x3C
        case endOption = 0x3F
        case setRAMXStartEnd = 0x44
        case setRAMYStartEnd = 0x45
        case setRAMXCounter = 0x4E
        case setRAMYCounter = 0x4F
        case analogBlockControl = 0x74
        case digitalBlockControl = 0x7E
    }

    /// Display Update Control 2's sequences: what master activation runs.
    enum UpdateSequence: UInt8 {
        /// Clock and analog on, load the temperature and mode 1's waveform, display, all off.
        case fullRefresh = 0xF7
        /// Clock and analog on, display with mode 1's waveform as it is (the forced
        /// temperature's, or the one written to the LUT register), all off.
        case displayLoadedWaveform = 0xC7
        /// Clock and analog on, display with mode 2's waveform (the partial one), all off.
        case partialRefresh = 0xFF
        /// Clock and analog on, display with mode 2's waveform as it is (SSD1683's written
        /// LUT), all off.
        case displayLoadedWaveformMode2 = 0xCF
        /// Clock on, load the temperature and the waveform for it, clock off.
        case loadTemperatureAndWaveform = 0xB1
        /// Clock on, load mode 1's waveform for the temperature written, clock off.
        case loadWaveform = 0x91
    }

    public let model: Model
    public let width: Int
    public let height: Int
    public let palette: Palette
    public var name: String { model.rawValue.uppercased() }
    public let windowAlignment = 8
    public var refreshes: Set<PanelRefresh> { palette == .bw ? [.full, .fast, .partial] : [.full] }
    public private(set) var isAwake = false

    private let bus: any PanelBus
    private let timeouts: BusyTimeouts
    /// Bytes of RAM left of the first visible column (one on early Adafruit bonnets).
    private let columnOffsetBytes: Int
    /// The panel's four-grey waveform, if it has one.
    public let greyWaveform: GreyWaveform?

    public init(bus: any PanelBus, model: Model, width: Int, height: Int, palette: Palette = .bw,
                timeouts: BusyTimeouts = BusyTimeouts(), columnOffsetBytes: Int = 0, greyWaveform: GreyWaveform? = nil) throws(PanelConfigurationError) {
        guard width >= 8, height >= 8, (width + 7) / 8 + columnOffsetBytes <= model.maximumWidth / 8, height <= model.maximumHeight else {
            throw PanelConfigurationError(message: "\(model.rawValue.uppercased()) drives at most \(model.maximumWidth)x\(model.maximumHeight) pixels; \(width)x\(height) does not fit")
        }
        if let greyWaveform, greyWaveform.controller != model.rawValue {
            throw PanelConfigurationError(message: "\(greyWaveform.rawValue) is a waveform for \(greyWaveform.controller.uppercased()) panels, not \(model.rawValue.uppercased())")
        }
        if palette == .gray4 && greyWaveform == nil {
            throw PanelConfigurationError(message: "\(model.rawValue.uppercased()) shows gray4 only with a four-grey waveform, and this board has none (options: grey_waveform:)")
        }
        try PanelConfigurationError.check(palette, model.rawValue.uppercased(), shows: [.bw, .bwr, .bwy] + (greyWaveform == nil ? [] : [.gray4]))
        self.greyWaveform = greyWaveform
        self.bus = bus
        self.model = model
        self.width = width
        self.height = height
        self.palette = palette
        self.timeouts = timeouts
        self.columnOffsetBytes = columnOffsetBytes
    }

    private var rowBytes: Int { (width + 7) / 8 }

    public func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, refresh: PanelRefresh, window: PixelRect) throws {
        precondition(frame.width == width && frame.height == height, "frame is \(frame.width)x\(frame.height), panel \(width)x\(height)")
        let refresh = refreshes.contains(refresh) ? refresh : .full
        if !isAwake { try wake() }
        if palette == .gray4, let greyWaveform {
            try showGrey(frame, waveform: greyWaveform)
            return
        }
        let newImage = frame.plane { $0 != 0 }
        switch refresh {
        case .full, .fast:
            try setUpdateControl(partial: false)
            try bus.send(Command.borderWaveformControl, 0x05)   // border by waveform LUT1: white
            if refresh == .fast {
                // A forced high temperature picks the controller's short waveform.
                try bus.send(Command.displayUpdateControl2, UpdateSequence.loadTemperatureAndWaveform.rawValue)
                try activate("fast refresh set-up", timeout: timeouts.command)
                try bus.send(Command.writeTemperatureRegister, model == .ssd1680 ? 0x64 : 0x5A, 0x00)   // 100 / 90 °C
                try bus.send(Command.displayUpdateControl2, UpdateSequence.loadWaveform.rawValue)
                try activate("fast refresh set-up", timeout: timeouts.command)
            }
            try write(.writeRAMBlackWhite, newImage, window: bounds)
            // Colour panels: the colour plane. Black-and-white: the image again, as the
            // base a later partial refresh compares against.
            try write(.writeRAMRed, palette == .bw ? newImage : frame.plane { $0 == 2 }, window: bounds)
            try bus.send(Command.displayUpdateControl2, (refresh == .fast ? UpdateSequence.displayLoadedWaveform : .fullRefresh).rawValue)
            try activate("\(refresh.rawValue) refresh", timeout: timeouts.milliseconds(for: refresh))
        case .partial:
            // The previous image in both planes, so that pixels outside the window do
            // not change and the waveform compares against what the panel really shows
            // (RAM need not survive deep sleep).
            let old = (previous ?? frame).plane { $0 != 0 }
            try write(.writeRAMBlackWhite, old, window: bounds)
            try write(.writeRAMRed, old, window: bounds)
            try setUpdateControl(partial: true)
            try bus.send(Command.borderWaveformControl, 0x80)   // border held at VCOM: unchanged
            try write(.writeRAMBlackWhite, planeWindow(newImage, rowBytes: rowBytes, window), window: window)
            try bus.send(Command.displayUpdateControl2, UpdateSequence.partialRefresh.rawValue)
            try activate("partial refresh", timeout: timeouts.partial)
            // The shown image becomes the base for the next partial refresh.
            try write(.writeRAMRed, planeWindow(newImage, rowBytes: rowBytes, window), window: window)
        }
    }

    /// Four greys: the waveform into the LUT register, the level's bits one into each
    /// plane, one full refresh with the waveform as written. SSD1680's waveforms take the
    /// low bit inverted into the black/white plane and the high bit inverted into the
    /// other (white 00, black 11) and run as mode 1; SSD1683's take them as they are
    /// (white 11, black 00) and run as mode 2, after the booster's soft start.
    private func showGrey(_ frame: QuantisedFrame, waveform: GreyWaveform) throws {
        let isSSD1683 = model == .ssd1683
        if !isSSD1683 {
            try bus.send(Command.analogBlockControl, 0x54)
            try bus.send(Command.digitalBlockControl, 0x3B)
        }
        try setUpdateControl(partial: false)
        // The border follows the white level's LUT: LUT0 on SSD1680, LUT3 on SSD1683.
        try bus.send(Command.borderWaveformControl, isSSD1683 ? 0x03 : 0x00)
        if isSSD1683 { try bus.send(Command.boosterSoftStartControl, 0x8B, 0x9C, 0xA4, 0x0F) }
        try bus.command(Command.writeLUTRegister)
        try bus.data(waveform.lut)
        try bus.waitWhileBusy(level: .high, timeoutMilliseconds: timeouts.command, operation: "\(name) LUT")
        let voltages = waveform.voltages
        try bus.send(Command.endOption, voltages.endOption)
        try bus.send(Command.gateDrivingVoltage, voltages.gate)
        try bus.command(Command.sourceDrivingVoltage)
        try bus.data(voltages.source)
        try bus.send(Command.writeVCOMRegister, voltages.vcom)
        // gray4's inks are 0 black … 3 white.
        let set: UInt32 = isSSD1683 ? 1 : 0
        try write(.writeRAMBlackWhite, frame.plane { $0 & 1 == set }, window: bounds)
        try write(.writeRAMRed, frame.plane { $0 >> 1 & 1 == set }, window: bounds)
        try bus.send(Command.displayUpdateControl2, (isSSD1683 ? UpdateSequence.displayLoadedWaveformMode2 : .displayLoadedWaveform).rawValue)
        try activate("grey refresh", timeout: timeouts.full)
    }

    public func sleep() throws {
        guard isAwake else { return }
        try bus.send(Command.deepSleepMode, 0x01)   // mode 1: RAM kept
        bus.delay(milliseconds: 10)
        isAwake = false
    }

    public func abandon() {
        // A reset stops a running waveform; deep sleep keeps the panel undriven.
        try? bus.pulseReset(highBefore: 1, low: 2, highAfter: 10)
        try? bus.send(Command.deepSleepMode, 0x01)
        isAwake = false
    }

    private func wake() throws {
        try bus.setLine(.power, high: true)
        try bus.pulseReset(highBefore: 20, low: 2, highAfter: 20)
        try bus.waitWhileBusy(level: .high, timeoutMilliseconds: timeouts.command, operation: "\(name) reset")
        try bus.send(Command.softwareReset)
        try bus.waitWhileBusy(level: .high, timeoutMilliseconds: timeouts.command, operation: "\(name) software reset")
        let lastGate = height - 1
        try bus.send(Command.driverOutputControl, UInt8(lastGate & 0xFF), UInt8(lastGate >> 8), 0x00)
        try bus.send(Command.dataEntryModeSetting, 0x03)   // x then y increasing
        try bus.send(Command.temperatureSensorControl, 0x80)   // the internal sensor
        isAwake = true
    }

    /// Display Update Control 1: on black-and-white panels the colour plane is ignored by the full waveform
    /// (SSD1683) and compared by the partial one; SSD1680 panels narrower than 160
    /// pixels use sources S8–S167.
    private func setUpdateControl(partial: Bool) throws {
        let ignoreColourPlane: UInt8 = palette == .bw && !partial && model == .ssd1683 ? 0x40 : 0x00
        let sources: UInt8 = model == .ssd1680 && width <= 160 ? 0x80 : 0x00
        try bus.send(Command.displayUpdateControl1, ignoreColourPlane, sources)
    }

    /// Sets the RAM window and address counter to `window` (pixels; x on byte
    /// boundaries) and writes `bytes` into plane `command`.
    private func write(_ command: Command, _ bytes: [UInt8], window: PixelRect) throws {
        let firstByte = window.x / 8 + columnOffsetBytes
        let lastByte = (window.maxX + 7) / 8 - 1 + columnOffsetBytes
        let top = window.y, bottom = window.maxY - 1
        try bus.send(Command.setRAMXStartEnd, UInt8(firstByte), UInt8(lastByte))
        try bus.send(Command.setRAMYStartEnd, UInt8(top & 0xFF), UInt8(top >> 8), UInt8(bottom & 0xFF), UInt8(bottom >> 8))
        try bus.send(Command.setRAMXCounter, UInt8(firstByte))
        try bus.send(Command.setRAMYCounter, UInt8(top & 0xFF), UInt8(top >> 8))
        try bus.command(command)
        try bus.data(bytes)
    }

    private func activate(_ operation: String, timeout: Int) throws {
        try bus.send(Command.masterActivation)
        try bus.waitWhileBusy(level: .high, timeoutMilliseconds: timeout, operation: "\(name) \(operation)")
    }
}
