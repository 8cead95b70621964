import GlanceGraphics
import GlanceHardware

/// An ST7789 LCD as the bytes describe it: software reset (0x01), sleep in/out
/// (0x10/0x11) with their 5 ms settle times, pixel format (0x3A), memory access control
/// (0x36, stored only: the frame memory is `width`×`height` in the display's
/// orientation), display on/off (0x29/0x28), and RAMWR (0x2C) filling the CASET/RASET
/// window row by row with big-endian RGB565. The LCD's sleep is `deepSleep` here, but it
/// is no e-paper deep sleep: registers stay writable, and only pixel writes and DISPON
/// need the controller awake. There is no BUSY line. A window outside the panel, data
/// past the window, pixels without 16-bit format or in sleep, and a command inside a
/// settle time are protocol errors.
public final class ST7789Emulator: ControllerEmulator {
    /// Where the visible area starts in the controller's memory (what CASET/RASET add).
    public let columnOffset: Int
    public let rowOffset: Int
    public private(set) var displayOn = false
    public private(set) var madctl: UInt8 = 0x00
    /// Interface pixel format; nil is the reset default (18 bits a pixel).
    public private(set) var colmod: UInt8?

    private var memory: [UInt32]
    private var columns: ClosedRange<Int>
    private var rows: ClosedRange<Int>
    /// Set by RAMWR: the window being filled.
    private var writing: PixelRect?
    /// No command before this virtual time, and why.
    private var settle: (until: Int, after: String)?

    public init(width: Int = 240, height: Int = 240, columnOffset: Int = 0, rowOffset: Int = 0) {
        self.columnOffset = columnOffset
        self.rowOffset = rowOffset
        memory = Array(repeating: 0xFFFF, count: width * height)
        columns = 0...(width - 1)
        rows = 0...(height - 1)
        super.init(name: "ST7789", busyLevel: .high, width: width, height: height, palette: .rgb565, white: 0xFFFF)
        // Power-up leaves the controller in sleep, display off.
        deepSleep = true
    }

    override func hardwareReset(wakingFromDeepSleep: Bool) {
        busyUntil = 0   // no BUSY line
        softwareReset(after: "hardware reset")
    }

    private func softwareReset(after: String) {
        deepSleep = true
        displayOn = false
        madctl = 0x00
        colmod = nil
        columns = 0...(width - 1)
        rows = 0...(height - 1)
        writing = nil
        settle = (now.saturatingAdd(5), after)
    }

    override func allowedInDeepSleep(_ code: UInt8) -> Bool { true }

    override func handleCommand(_ code: UInt8) throws {
        writing = nil
        if let settle, now < settle.until {
            try violate("command 0x\(hex(code)) within 5 ms of \(settle.after)")
        }
        settle = nil
        switch code {
        case 0x01:
            softwareReset(after: "SWRESET")
        case 0x10:
            deepSleep = true
            settle = (now.saturatingAdd(5), "SLPIN")
        case 0x11:
            deepSleep = false
            settle = (now.saturatingAdd(5), "SLPOUT")
        case 0x28:
            displayOn = false
        case 0x29:
            if deepSleep { try violate("DISPON while in sleep mode (send 0x11 first)") }
            displayOn = true
        case 0x2C:
            if deepSleep { try violate("RAMWR while in sleep mode (send 0x11 first)") }
            guard colmod == 0x55 || colmod == 0x05 else {
                try violate("RAMWR with the 18-bit reset pixel format (send 0x3A 0x55 first)"); return
            }
            writing = PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
        default:
            break
        }
    }

    override func handleData(_ code: UInt8, _ bytes: [UInt8], offset: Int) throws {
        let p = parameters
        switch code {
        case 0x3A where p.count == 1:
            colmod = p[0]
        case 0x36 where p.count == 1:
            madctl = p[0]
        case 0x2A where p.count == 4:
            columns = try window("column", p, offset: columnOffset, size: width)
        case 0x2B where p.count == 4:
            rows = try window("row", p, offset: rowOffset, size: height)
        case 0x2C:
            guard let area = writing else { return }
            let pixels = area.width * area.height
            for k in offset..<(offset + bytes.count) {
                guard k < pixels * 2 else { try violate("RAMWR data past the end of the window \(area) (\(pixels * 2) bytes)"); return }
                guard k % 2 == 1 else { continue }
                let pixel = k / 2
                memory[(area.y + pixel / area.width) * width + area.x + pixel % area.width] = UInt32(p[k - 1]) << 8 | UInt32(p[k])
                if pixel == pixels - 1 {
                    screen = QuantisedFrame(width: width, height: height, palette: palette, values: memory)
                    record(area.width == width && area.height == height ? .full : .partial)
                }
            }
        default:
            break
        }
    }

    /// A CASET/RASET range in panel pixels: start and end inclusive, minus the offset.
    private func window(_ axis: String, _ p: [UInt8], offset: Int, size: Int) throws -> ClosedRange<Int> {
        let start = (Int(p[0]) << 8 | Int(p[1])) - offset, end = (Int(p[2]) << 8 | Int(p[3])) - offset
        guard start <= end, start >= 0, end < size else {
            try violate("\(axis) window \(start)...\(end) (after the offset \(offset)) is outside the panel's 0...\(size - 1)")
            return 0...(size - 1)
        }
        return start...end
    }
}
