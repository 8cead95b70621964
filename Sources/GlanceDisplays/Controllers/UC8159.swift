import GlanceGraphics
import GlanceHardware

/// UltraChip UC8159 (Pimoroni Inky Impression 5.7", 600×448, and 4", 640×400; seven-
/// colour ACeP). BUSY is low while busy. One image transfer (DTM1) of 4 bits a pixel,
/// the left pixel in the high nibble, each nibble the colour's palette index (`.acep7`
/// is in the controller's order). There is no partial or fast waveform: every update is
/// a full refresh of about 30 s, so give it `BusyTimeouts(full: 40_000)` or more.
public final class UC8159Controller: PanelController {
    /// The commands this driver sends, by the names (and abbreviations) of UC8159's datasheet.
    public enum Command: UInt8, PanelCommand {
        case panelSetting = 0x00                 // PSR
        case powerSetting = 0x01                 // PWR
        case powerOff = 0x02                     // POF
        case powerOffSequenceSetting = 0x03      // PFS
        case powerOn = 0x04                      // PON
        case deepSleep = 0x07                    // DSLP
        case displayStartTransmission1 = 0x10    // DTM1: 4 bits a pixel
        case displayRefresh = 0x12               // DRF
        case pllControl = 0x30                   // PLL
        case temperatureSensorEnable = 0x41      // TSE
        case vcomAndDataIntervalSetting = 0x50   // CDI
        case tconSetting = 0x60                  // TCON
        case resolutionSetting = 0x61            // TRES
        case spiFlashControl = 0x65              // DAM
        case powerSaving = 0xE3                  // PWS
    }

    public let width: Int
    public let height: Int
    public static let palette = Palette.acep7
    public var palette: Palette { Self.palette }
    public let name = "UC8159"
    /// Irrelevant: there are no partial windows.
    public let windowAlignment = 8
    public let refreshes: Set<PanelRefresh> = [.full]
    public private(set) var isAwake = false

    private let bus: any PanelBus
    private let timeouts: BusyTimeouts

    public init(bus: any PanelBus, width: Int = 600, height: Int = 448, palette: Palette = .acep7,
                timeouts: BusyTimeouts = BusyTimeouts(full: 40_000)) throws(PanelConfigurationError) {
        try PanelConfigurationError.check(palette, "UC8159", shows: [Self.palette])
        guard (width, height) == (600, 448) || (width, height) == (640, 400) else {
            throw .init(message: "UC8159 panels are 600x448 (Inky Impression 5.7\") or 640x400 (4\"), not \(width)x\(height)")
        }
        self.bus = bus
        self.width = width
        self.height = height
        self.timeouts = timeouts
    }

    public func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, refresh: PanelRefresh, window: PixelRect) throws {
        precondition(frame.width == width && frame.height == height, "frame is \(frame.width)x\(frame.height), panel \(width)x\(height)")
        // Every update starts from a hardware reset and the whole set-up, as Pimoroni's
        // driver does: the reset is also the only way out of deep sleep, and image RAM
        // does not survive it.
        try bus.pulseReset(highBefore: 10, low: 100, highAfter: 100)
        isAwake = true
        try wait("reset", timeout: timeouts.command)
        try bus.send(Command.resolutionSetting, UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF))
        // Panel setting: bits 7:6 select the resolution (11 = 600x448, 10 = 640x400);
        // the second byte selects the seven-colour mode.
        try bus.send(Command.panelSetting, (width == 600 ? 0xC0 : 0x80) | 0x2F, 0x08)
        try bus.send(Command.powerSetting, 0x37, 0x00, 0x23, 0x23)         // internal supplies, seven-colour levels
        try bus.send(Command.pllControl, 0x3C)                           // PLL: 50 Hz
        try bus.send(Command.temperatureSensorEnable, 0x00)                           // internal temperature sensor, no offset
        try bus.send(Command.vcomAndDataIntervalSetting, 0x37)                           // border white (1 << 5), 10 hsync interval
        try bus.send(Command.tconSetting, 0x22)
        try bus.send(Command.spiFlashControl, 0x00)                           // no external flash
        try bus.send(Command.powerSaving, 0xAA)                           // power saving
        try bus.send(Command.powerOffSequenceSetting, 0x00)                           // power off in one frame
        try bus.command(Command.displayStartTransmission1)
        try bus.data(frame.packed(bitsPerPixel: 4) { UInt8(truncatingIfNeeded: $0) })
        try bus.send(Command.powerOn)
        try wait("power on", timeout: timeouts.command)
        try bus.send(Command.displayRefresh)
        try wait("full refresh", timeout: timeouts.full)
        try bus.send(Command.powerOff)
        try wait("power off", timeout: timeouts.command)
    }

    public func sleep() throws {
        guard isAwake else { return }
        try bus.send(Command.deepSleep, 0xA5)   // the check code
        isAwake = false
    }

    public func abandon() {
        // A reset stops a running waveform; deep sleep keeps the panel undriven.
        try? bus.pulseReset(highBefore: 1, low: 2, highAfter: 10)
        try? bus.send(Command.deepSleep, 0xA5)
        isAwake = false
    }

    private func wait(_ operation: String, timeout: Int) throws {
        try bus.waitWhileBusy(level: .low, timeoutMilliseconds: timeout, operation: "UC8159 \(operation)")
    }
}
