import GlanceGraphics
import GlanceHardware

/// The colour e-paper controllers that their vendors' drivers set up with one list of
/// registers and refresh the same way: E Ink's Spectra 6 panels (E673 7.3", E640 4.0",
/// and EL133UF1 13.3", two controllers behind one glass), the 7.3" ACeP AC073TC1A, and
/// the four-ink JD79661 and JD79668. Every update is a hardware reset, the model's
/// registers, the picture (DTM1), power on, the refresh, power off and deep sleep. BUSY
/// is low while busy. None has a partial or a fast waveform: a Spectra 6 refresh takes
/// 12–20 s, an ACeP one about 40 s.
///
/// The register values are the facts of the vendors' public drivers (Pimoroni's `inky`
/// 2.4.0, Waveshare's e-Paper library), named as their headers and datasheets name them.
public final class ColourEPaperController: PanelController {
    /// The commands these controllers take, by the names of their vendors' drivers.
    /// Registers no public driver names are called by what their drivers send them for.
    public enum Command: UInt8, PanelCommand {
        case panelSetting = 0x00                 // PSR
        case powerSetting = 0x01                 // PWR
        case powerOff = 0x02                     // POF
        case powerOffSequence = 0x03             // POFS
        case powerOn = 0x04                      // PON
        case boosterSoftStart1 = 0x05            // BTST1 (BTST_N on EL133UF1)
        case boosterSoftStart2 = 0x06            // BTST2 (BTST_P on EL133UF1 and JD7966x)
        case deepSleep = 0x07                    // DSLP
        case boosterSoftStart3 = 0x08            // BTST3
        case displayStartTransmission1 = 0x10    // DTM1
        case displayRefresh = 0x12               // DRF
        case imageProcess = 0x13                 // IPC
        case pllControl = 0x30                   // PLL
        case temperatureSensorEnable = 0x41      // TSE
        case jdAnalogSetting = 0x4D              // (JD7966x: sent first, 0x78)
        case vcomAndDataInterval = 0x50          // CDI
        case tconSetting = 0x60                  // TCON
        case resolutionSetting = 0x61            // TRES
        case analogTiming = 0x74                 // ANTM (EL133UF1, first controller)
        case vcomDCSetting = 0x82                // VDCS
        case temperatureVcomDC = 0x84            // T_VDCS
        case autoGateInterval = 0x86             // AGID
        case commandHeader = 0xAA                // CMDH: unlocks the vendor registers
        case jdDriveSettingAE = 0xAE             // (JD79668)
        case buckBoostVDDN = 0xB0                // BUCK_BOOST_VDDN (EL133UF1); JD79668's 0xB0
        case tftVcomPower = 0xB1                 // TFT_VCOM_POWER
        case jdDriveSettingB4 = 0xB4             // (JD79661)
        case enableBuffer = 0xB6                 // EN_BUF (EL133UF1); JD79661's 0xB6
        case boostVDDPEnable = 0xB7              // BOOST_VDDP_EN
        case jdDriveSettingBD = 0xBD             // (JD79668)
        case jdDriveSettingBE = 0xBE             // (JD79668)
        case cascadeSetting = 0xE0               // CCSET
        case powerSaving = 0xE3                  // PWS
        case temperatureSet = 0xE6               // TSSET
        case jdDriveSettingE7 = 0xE7             // (JD79661)
        case jdDriveSettingE9 = 0xE9             // (JD7966x)
        case dcdcSetting = 0xA5                  // DCDC (EL133UF1)
        case analogSettingA4 = 0xA4              // CMDA4 (EL133UF1)
        case unlockF0 = 0xF0                     // CMD66 (EL133UF1): unlocks the vendor registers
    }

    /// One register write and the controllers it goes to (two-chip panels: some settings
    /// only the first chip, which drives the supplies, takes).
    public struct Step: Sendable, Equatable {
        public var command: Command
        public var parameters: [UInt8]
        public var chips: PanelChips

        public init(_ command: Command, _ parameters: UInt8..., chips: PanelChips = .first) {
            self.command = command
            self.parameters = parameters
            self.chips = chips
        }
    }

    /// Whose driver's register values a board takes: the glass is the same, the values
    /// differ between Pimoroni's and Waveshare's boards.
    public enum Sequence: String, Sendable, CaseIterable {
        case pimoroni, waveshare
    }

    /// One controller and panel: its sizes, inks, RAM layout and registers.
    public struct Model: Sendable {
        public var name: String
        /// The native sizes it drives (visible pixels: source lines × gate lines).
        public var sizes: [(width: Int, height: Int)]
        public var palette: Palette
        /// Each palette index's colour number in the controller's RAM.
        public var codes: [UInt8]
        public var bitsPerPixel: Int
        /// RAM pixels a row holds beyond the visible ones (JD79661: 128 for 122), written white.
        public var ramPadding = 0
        public var chips: Int = 1
        public var reset: (highBefore: Int, low: Int, highAfter: Int) = (10, 30, 30)
        /// The registers after the reset; `resolutionSetting` is added from the size.
        public var setUp: [ColourEPaperController.Step]
        /// Written after power on, before the refresh.
        public var beforeRefresh: [ColourEPaperController.Step] = []
        public var refreshParameters: [UInt8] = [0x00]
        public var powerOffParameters: [UInt8] = [0x00]
        /// Written after power off, before deep sleep.
        public var afterPowerOff: [ColourEPaperController.Step] = []
        /// A refresh's usual time, in milliseconds (the emulator's BUSY time).
        public var refreshMilliseconds: Int
    }

    public let width: Int
    public let height: Int
    public let model: Model
    public var palette: Palette { model.palette }
    public var name: String { model.name }
    /// Irrelevant: there are no partial windows.
    public let windowAlignment = 8
    public let refreshes: Set<PanelRefresh> = [.full]
    public private(set) var isAwake = false

    private let bus: any PanelBus
    private let timeouts: BusyTimeouts

    public init(bus: any PanelBus, model: Model, width: Int, height: Int, palette: Palette,
                timeouts: BusyTimeouts = BusyTimeouts(full: 45_000)) throws(PanelConfigurationError) {
        try PanelConfigurationError.check(palette, model.name, shows: [model.palette])
        guard model.sizes.contains(where: { $0 == (width, height) }) else {
            let sizes = model.sizes.map { "\($0.width)x\($0.height)" }.joined(separator: " or ")
            throw .init(message: "\(model.name) panels are \(sizes) (native), not \(width)x\(height)")
        }
        self.bus = bus
        self.model = model
        self.width = width
        self.height = height
        self.timeouts = timeouts
    }

    private var allChips: PanelChips { model.chips == 2 ? .both : .first }

    public func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, refresh: PanelRefresh, window: PixelRect) throws {
        precondition(frame.width == width && frame.height == height, "frame is \(frame.width)x\(frame.height), panel \(width)x\(height)")
        // Every update starts from a hardware reset and the whole set-up, as the vendors'
        // drivers do: the reset is the only way out of deep sleep, and RAM does not
        // survive it.
        // The panel's power switch, where the board has one (Waveshare's HATs: PWR).
        try bus.setLine(.power, high: true)
        let reset = model.reset
        try bus.pulseReset(highBefore: reset.highBefore, low: reset.low, highAfter: reset.highAfter)
        selected = nil
        isAwake = true
        try wait("reset", timeout: timeouts.command)
        for step in setUp { try write(step) }
        for (chips, bytes) in ram(frame) {
            try choose(chips)
            try bus.command(Command.displayStartTransmission1)
            try bus.data(bytes)
        }
        try choose(allChips)
        try bus.send(Command.powerOn)
        try wait("power on", timeout: timeouts.command)
        for step in model.beforeRefresh { try write(step) }
        try choose(allChips)
        try bus.command(Command.displayRefresh)
        if !model.refreshParameters.isEmpty { try bus.data(model.refreshParameters) }
        try wait("full refresh", timeout: timeouts.full)
        try bus.command(Command.powerOff)
        if !model.powerOffParameters.isEmpty { try bus.data(model.powerOffParameters) }
        try wait("power off", timeout: timeouts.command)
        for step in model.afterPowerOff { try write(step) }
    }

    /// The model's registers with the resolution of this panel (each chip of a two-chip
    /// panel is told the same: half the panel's pixels, as its driver says them).
    var setUp: [Step] {
        let ramWidth = width + model.ramPadding
        let (w, h) = model.chips == 2 ? (width, height / 2) : (ramWidth, height)
        let resolution = Step(.resolutionSetting, UInt8(w >> 8), UInt8(w & 0xFF), UInt8(h >> 8), UInt8(h & 0xFF), chips: allChips)
        var steps = model.setUp
        let at = steps.firstIndex { $0.command == .resolutionSetting } ?? steps.count
        if at < steps.count { steps[at] = resolution } else { steps.append(resolution) }
        return steps
    }

    /// The RAM each chip takes: rows of `ramWidth` pixels, `bitsPerPixel` each, the first
    /// pixel in the most significant bits; a two-chip panel's rows split down the middle
    /// (the first chip the left half of each native row).
    func ram(_ frame: QuantisedFrame) -> [(PanelChips, [UInt8])] {
        let bits = model.bitsPerPixel, perByte = 8 / bits
        let ramWidth = width + model.ramPadding
        let rowBytes = (ramWidth + perByte - 1) / perByte
        let white = model.codes[1]
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        let codes = model.codes
        for y in 0..<height {
            for x in 0..<ramWidth {
                let code = x < width ? codes[Int(frame[y * width + x])] : white
                bytes[y * rowBytes + x / perByte] |= code << (8 - bits * (x % perByte + 1))
            }
        }
        guard model.chips == 2 else { return [(.first, bytes)] }
        let half = rowBytes / 2
        var left = [UInt8](), right = [UInt8]()
        left.reserveCapacity(half * height)
        right.reserveCapacity(half * height)
        for y in 0..<height {
            left.append(contentsOf: bytes[(y * rowBytes)..<(y * rowBytes + half)])
            right.append(contentsOf: bytes[(y * rowBytes + half)..<((y + 1) * rowBytes)])
        }
        return [(.first, left), (.second, right)]
    }

    public func sleep() throws {
        guard isAwake else { return }
        try choose(allChips)
        try bus.send(Command.deepSleep, 0xA5)   // the check code
        isAwake = false
    }

    public func abandon() {
        // A reset stops a running waveform; deep sleep keeps the panel undriven.
        try? bus.pulseReset(highBefore: 1, low: 2, highAfter: 10)
        selected = nil
        try? choose(allChips)
        try? bus.send(Command.deepSleep, 0xA5)
        isAwake = false
    }

    /// The chips selected last (nil: unknown, after a reset).
    private var selected: PanelChips?

    /// Selects `chips` on a panel of two controllers (a panel of one has nothing to choose).
    private func choose(_ chips: PanelChips) throws {
        guard model.chips == 2, chips != selected else { return }
        selected = nil
        try bus.select(chips)
        selected = chips
    }

    private func write(_ step: Step) throws {
        try choose(step.chips)
        try bus.command(step.command)
        if !step.parameters.isEmpty { try bus.data(step.parameters) }
    }

    private func wait(_ operation: String, timeout: Int) throws {
        try bus.waitWhileBusy(level: .low, timeoutMilliseconds: timeout, operation: "\(model.name) \(operation)")
    }
}
