import GlanceGraphics
import GlanceHardware

/// Sitronix ST7789 LCDs: Waveshare 1.3" LCD HAT (240×240) and Pimoroni Display HAT Mini
/// (320×240). The panel scans its frame memory continuously, so an update is a write of
/// RGB565 pixels (big-endian) into a window set with CASET/RASET: the whole panel, or
/// for `.partial` only the changed rectangle. There is no BUSY line; the controller needs
/// fixed settle times after resets and sleep changes instead. Sleep turns the display
/// and the backlight (`BL`) off.
public final class ST7789Controller: PanelController {
    /// The commands this driver sends, by the names (and mnemonics) of ST7789's datasheet.
    public enum Command: UInt8, PanelCommand {
        case softwareReset = 0x01            // SWRESET
        case sleepIn = 0x10                  // SLPIN
        case sleepOut = 0x11                 // SLPOUT
        case normalDisplayModeOn = 0x13      // NORON
        case displayInversionOn = 0x21       // INVON
        case displayOff = 0x28               // DISPOFF
        case displayOn = 0x29                // DISPON
        case columnAddressSet = 0x2A         // CASET
        case rowAddressSet = 0x2B            // RASET
        case memoryWrite = 0x2C              // RAMWR
        case memoryDataAccessControl = 0x36  // MADCTL
        case interfacePixelFormat = 0x3A     // COLMOD
    }

    public let width: Int
    public let height: Int
    public static let palette = Palette.rgb565
    public var palette: Palette { Self.palette }
    public let name = "ST7789"
    /// Windows are addressed in pixels.
    public let windowAlignment = 1
    public let refreshes: Set<PanelRefresh> = [.full, .partial]
    public private(set) var isAwake = false

    private let bus: any PanelBus
    /// Memory access control: the scan order that makes the frame memory appear
    /// `width`×`height` (0x70 = MX|MV|ML turns the 240×320 memory landscape).
    private let madctl: UInt8
    /// Where the visible area starts in the controller's 240×320 memory.
    private let columnOffset: Int
    private let rowOffset: Int

    public init(bus: any PanelBus, width: Int = 240, height: Int = 240, palette: Palette = .rgb565, madctl: UInt8? = nil,
                columnOffset: Int = 0, rowOffset: Int = 0) throws(PanelConfigurationError) {
        try PanelConfigurationError.check(palette, "ST7789", shows: [Self.palette])
        let fits = width > 0 && height > 0 && columnOffset >= 0 && rowOffset >= 0
            && max(width + columnOffset, height + rowOffset) <= 320 && min(width + columnOffset, height + rowOffset) <= 240
        guard fits else {
            throw .init(message: "ST7789 memory is 240x320; a \(width)x\(height) panel at offset \(columnOffset),\(rowOffset) does not fit")
        }
        self.bus = bus
        self.width = width
        self.height = height
        self.madctl = madctl ?? (width > height ? 0x70 : 0x00)
        self.columnOffset = columnOffset
        self.rowOffset = rowOffset
    }

    public func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, refresh: PanelRefresh, window: PixelRect) throws {
        precondition(frame.width == width && frame.height == height, "frame is \(frame.width)x\(frame.height), panel \(width)x\(height)")
        let waking = !isAwake
        if waking { try wake() }
        // After a wake the software reset has left the frame memory as it was at power-up
        // at best: write the whole panel.
        let area = waking || refresh != .partial || previous == nil ? bounds : window.intersection(bounds)
        guard !area.isEmpty else { return }
        try address(.columnAddressSet, area.x + columnOffset, area.maxX - 1 + columnOffset)
        try address(.rowAddressSet, area.y + rowOffset, area.maxY - 1 + rowOffset)
        try bus.command(Command.memoryWrite)
        try bus.data(frame.cropped(to: area).packedRGB565BigEndian())
        // The backlight comes on once the memory holds the picture, not noise.
        if waking { try bus.setLine(.backlight, high: true) }
    }

    public func sleep() throws {
        guard isAwake else { return }
        try bus.send(Command.displayOff)
        try bus.send(Command.sleepIn)
        bus.delay(milliseconds: 5)
        try bus.setLine(.backlight, high: false)
        isAwake = false
    }

    public func abandon() {
        try? bus.setLine(.backlight, high: false)
        try? bus.send(Command.displayOff)
        try? bus.send(Command.sleepIn)
        isAwake = false
    }

    private func wake() throws {
        try bus.setLine(.backlight, high: false)
        // Boards without RST (Display HAT Mini) ignore the pulse; the software reset
        // below covers them.
        try bus.pulseReset(highBefore: 10, low: 10, highAfter: 120)
        try bus.send(Command.softwareReset)
        bus.delay(milliseconds: 150)
        try bus.send(Command.sleepOut)
        bus.delay(milliseconds: 120)
        try bus.send(Command.interfacePixelFormat, 0x55)                       // 16 bits a pixel
        try bus.send(Command.memoryDataAccessControl, madctl)
        try bus.send(Command.displayInversionOn)                             // inversion on: IPS panels need it for true colours
        try bus.send(Command.normalDisplayModeOn)                             // normal display mode
        try bus.send(Command.displayOn)
        bus.delay(milliseconds: 20)
        isAwake = true
    }

    /// CASET or RASET: the first and last (inclusive) column or row, big-endian.
    private func address(_ command: Command, _ first: Int, _ last: Int) throws {
        try bus.command(command)
        try bus.data([UInt8(truncatingIfNeeded: first >> 8), UInt8(truncatingIfNeeded: first),
                      UInt8(truncatingIfNeeded: last >> 8), UInt8(truncatingIfNeeded: last)])
    }
}
