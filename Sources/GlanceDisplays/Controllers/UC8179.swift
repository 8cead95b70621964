import GlanceGraphics
import GlanceHardware

/// UltraChip UC8179 (Waveshare 7.5" V2, 800×480, black and white). BUSY is low while
/// busy. Two image planes: DTM1's ("old", what the panel shows) and DTM2's ("new"); the
/// partial waveform drives only pixels that differ between them, inside the partial
/// window. Fast and partial refreshes use the controller's waveform banks selected by a
/// forced temperature (cascade setting, then force temperature). With the board's grey
/// waveform (`GreyWaveform.waveshare7in5V2`) it shows `.gray4` too: a forced 95 °C selects
/// the four-grey waveform in the controller's OTP, each pixel's two bits go one to each
/// plane, and every update is a full refresh.
public final class UC8179Controller: PanelController {
    /// The commands this driver sends, by the names (and abbreviations) of UC8179's datasheet.
    public enum Command: UInt8, PanelCommand {
        case panelSetting = 0x00                 // PSR
        case powerSetting = 0x01                 // PWR
        case powerOff = 0x02                     // POF
        case powerOn = 0x04                      // PON
        case boosterSoftStart = 0x06             // BTST
        case deepSleep = 0x07                    // DSLP
        case displayStartTransmission1 = 0x10    // DTM1: the old plane
        case displayRefresh = 0x12               // DRF
        case displayStartTransmission2 = 0x13    // DTM2: the new plane
        case dualSPI = 0x15                      // DUSPI
        case vcomAndDataIntervalSetting = 0x50   // CDI
        case tconSetting = 0x60                  // TCON
        case resolutionSetting = 0x61            // TRES
        case partialWindow = 0x90                // PTL
        case partialIn = 0x91                    // PTIN
        case partialOut = 0x92                   // PTOUT
        case cascadeSetting = 0xE0               // CCSET: bit 1 takes the forced temperature
        case forceTemperature = 0xE5             // TSSET
    }

    public let width: Int
    public let height: Int
    public let palette: Palette
    public let name = "UC8179"
    public let windowAlignment = 8
    public var refreshes: Set<PanelRefresh> { palette == .gray4 ? [.full] : [.full, .fast, .partial] }
    /// The panel's four-grey waveform, if it has one.
    public let greyWaveform: GreyWaveform?
    public private(set) var isAwake = false

    private let bus: any PanelBus
    private let timeouts: BusyTimeouts

    public init(bus: any PanelBus, width: Int = 800, height: Int = 480, palette: Palette = .bw,
                timeouts: BusyTimeouts = BusyTimeouts(), greyWaveform: GreyWaveform? = nil) throws(PanelConfigurationError) {
        if let greyWaveform, greyWaveform.controller != "uc8179" {
            throw PanelConfigurationError(message: "\(greyWaveform.rawValue) is a waveform for \(greyWaveform.controller.uppercased()) panels, not UC8179")
        }
        if palette == .gray4 && greyWaveform == nil {
            throw PanelConfigurationError(message: "UC8179 shows gray4 only with a four-grey waveform, and this board has none (options: grey_waveform:)")
        }
        try PanelConfigurationError.check(palette, "UC8179", shows: [.bw] + (greyWaveform == nil ? [] : [.gray4]))
        guard (8...800).contains(width), width % 8 == 0, (1...600).contains(height) else {
            throw .init(message: "UC8179 drives at most 800x600 pixels, widths in multiples of 8; \(width)x\(height) does not fit")
        }
        self.bus = bus
        self.width = width
        self.height = height
        self.timeouts = timeouts
        self.palette = palette
        self.greyWaveform = greyWaveform
    }

    public func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, refresh: PanelRefresh, window: PixelRect) throws {
        precondition(frame.width == width && frame.height == height, "frame is \(frame.width)x\(frame.height), panel \(width)x\(height)")
        // Each mode has its own initialisation, so every update starts from reset.
        if isAwake { try sleep() }
        try bus.setLine(.power, high: true)
        try bus.pulseReset(highBefore: 20, low: 2, highAfter: 20)
        isAwake = true
        try bus.waitWhileBusy(level: .low, timeoutMilliseconds: timeouts.command, operation: "UC8179 reset")
        if palette == .gray4 {
            try showGrey(frame)
            return
        }
        let white = frame.plane { $0 != 0 }
        switch refresh {
        case .full, .fast:
            if refresh == .full {
                try bus.send(Command.powerSetting, 0x07, 0x07, 0x3F, 0x3F)   // internal supplies, ±20 V gate, ±15 V source
                try bus.send(Command.boosterSoftStart, 0x17, 0x17, 0x28, 0x17)   // booster soft start
            }
            try powerOn()
            try bus.send(Command.panelSetting, 0x1F)                        // black/white, waveform from OTP
            try resolution()
            try bus.send(Command.dualSPI, 0x00)                        // single SPI
            try bus.send(Command.vcomAndDataIntervalSetting, 0x10, 0x07)                  // 1 = black in the new plane; border white
            try bus.send(Command.tconSetting, 0x22)
            if refresh == .fast {
                try bus.send(Command.boosterSoftStart, 0x27, 0x27, 0x18, 0x17)
                try bus.send(Command.cascadeSetting, 0x02)                    // use the forced temperature
                try bus.send(Command.forceTemperature, 0x5A)                    // 90 °C: the fast waveform
            }
            // Old plane: the inverse of the new, so that every pixel is driven.
            try bus.command(Command.displayStartTransmission1)
            try bus.data(white)
            try bus.command(Command.displayStartTransmission2)
            try bus.data(white.map { ~$0 })
            try refreshDisplay(refresh)
        case .partial:
            try bus.send(Command.panelSetting, 0x1F)
            try resolution()
            try powerOn()
            try bus.send(Command.cascadeSetting, 0x02)
            try bus.send(Command.forceTemperature, 0x6E)                        // 110 °C: the partial waveform
            try bus.send(Command.vcomAndDataIntervalSetting, 0xA9, 0x07)                  // 1 = white; copy new to old after refresh
            try bus.send(Command.partialIn)
            let last = window.maxX - 1, bottom = window.maxY - 1
            try bus.send(Command.partialWindow, UInt8(window.x >> 8), UInt8(window.x & 0xF8), UInt8(last >> 8), UInt8(last & 0xFF | 0x07),
                         UInt8(window.y >> 8), UInt8(window.y & 0xFF),
                         UInt8(bottom >> 8), UInt8(bottom & 0xFF), 0x01)
            // What the panel shows, as the old plane: RAM does not survive deep sleep.
            try bus.command(Command.displayStartTransmission1)
            try bus.data(planeWindow((previous ?? frame).plane { $0 != 0 }, rowBytes: width / 8, window))
            try bus.command(Command.displayStartTransmission2)
            try bus.data(planeWindow(white, rowBytes: width / 8, window))
            try refreshDisplay(.partial)
            try bus.send(Command.partialOut)
        }
    }

    /// Four greys as the vendor's driver shows them: the four-grey waveform from OTP by a
    /// forced 95 °C, the low bit of each pixel's level (inverted) into the old plane and the
    /// high bit (inverted) into the new one (white 00, black 11), one full refresh.
    private func showGrey(_ frame: QuantisedFrame) throws {
        try bus.send(Command.panelSetting, 0x1F)                        // black/white, waveform from OTP
        try bus.send(Command.vcomAndDataIntervalSetting, 0x10, 0x07)
        try powerOn()
        try bus.send(Command.boosterSoftStart, 0x27, 0x27, 0x18, 0x17)
        try bus.send(Command.cascadeSetting, 0x02)                       // use the forced temperature
        try bus.send(Command.forceTemperature, 0x5F)                     // 95 °C: the four-grey waveform
        try resolution()
        // gray4's inks are 0 black … 3 white.
        try bus.command(Command.displayStartTransmission1)
        try bus.data(frame.plane { $0 & 1 == 0 })
        try bus.command(Command.displayStartTransmission2)
        try bus.data(frame.plane { $0 & 2 == 0 })
        try refreshDisplay(.full)
    }

    public func sleep() throws {
        guard isAwake else { return }
        try bus.send(Command.vcomAndDataIntervalSetting, 0xF7)   // border floating while off
        try bus.send(Command.powerOff)
        try bus.waitWhileBusy(level: .low, timeoutMilliseconds: timeouts.command, operation: "UC8179 power off")
        try bus.send(Command.deepSleep, 0xA5)                  // the check code
        isAwake = false
    }

    public func abandon() {
        try? bus.pulseReset(highBefore: 1, low: 2, highAfter: 10)
        try? bus.send(Command.deepSleep, 0xA5)
        isAwake = false
    }

    private func powerOn() throws {
        try bus.send(Command.powerOn)
        bus.delay(milliseconds: 100)
        try bus.waitWhileBusy(level: .low, timeoutMilliseconds: timeouts.command, operation: "UC8179 power on")
    }

    private func resolution() throws {
        try bus.send(Command.resolutionSetting, UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF))
    }

    private func refreshDisplay(_ refresh: PanelRefresh) throws {
        try bus.send(Command.displayRefresh)
        bus.delay(milliseconds: 1)
        try bus.waitWhileBusy(level: .low, timeoutMilliseconds: timeouts.milliseconds(for: refresh), operation: "UC8179 \(refresh.rawValue) refresh")
    }
}
