import GlanceGraphics
import GlanceHardware

/// An SSD1680/SSD1683 as the bytes describe it: two RAM planes addressed through a
/// byte window (0x44/0x45) and counters (0x4E/0x4F) with data entry X-then-Y, the
/// update sequence of 0x22 run by 0x20, deep sleep (0x10). Mode-1 updates show the
/// black/white plane (and the colour plane on three-colour panels); mode-2 (partial)
/// updates drive only pixels where the planes differ, and fail if the "previous image"
/// plane does not match what the panel shows, since the real panel would ghost there.
/// A gray4 panel shows four levels from the two planes' bits (colour plane, black/white
/// plane: 00 white, 01 light grey, 10 dark grey, 11 black) with a waveform written to the
/// LUT register (0x32, 153 bytes) since the last reset; an update that loads the
/// controller's own waveform over it (0x22 with bit 0x10 or 0x20) is a protocol error.
public final class SSD168xEmulator: ControllerEmulator {
    public let isSSD1683: Bool
    /// Leftmost RAM byte of the visible area.
    public let columnOffsetBytes: Int
    /// Whether RAM survives deep sleep and the reset that ends it (the datasheet's mode 1
    /// keeps it; a board that cuts power does not). Off by default: the strict case.
    public var keepsRAMInDeepSleep = false
    /// BUSY time of each waveform, in milliseconds.
    public var fullMilliseconds = 2_000
    public var fastMilliseconds = 1_500
    public var partialMilliseconds = 400
    public var greyMilliseconds = 2_300

    private let ramRowBytes: Int
    private let ramRows: Int
    private var blackWhite: [UInt8]
    private var colour: [UInt8]
    private var gates: Int?
    private var entryMode: UInt8 = 0x03
    private var xWindow = 0...0
    private var yWindow = 0...0
    private var xCounter = 0
    private var yCounter = 0
    private var updateControl1: (UInt8, UInt8) = (0, 0)
    private var updateControl2: UInt8?
    private var temperatureForced = false
    private var writingTo: UInt8?
    /// Whether a whole waveform was written to the LUT register since the last reset.
    private var lutWritten = false

    public init(model: String, width: Int, height: Int, palette: Palette = .bw, columnOffsetBytes: Int = 0) {
        isSSD1683 = model.lowercased() == "ssd1683"
        self.columnOffsetBytes = columnOffsetBytes
        ramRowBytes = isSSD1683 ? 50 : 22
        ramRows = isSSD1683 ? 300 : 296
        blackWhite = Array(repeating: 0xFF, count: ramRowBytes * ramRows)
        colour = Array(repeating: 0x00, count: ramRowBytes * ramRows)
        super.init(name: isSSD1683 ? "SSD1683" : "SSD1680", busyLevel: .high, width: width, height: height, palette: palette, white: 1)
        powerOnDefaults()
    }

    private func powerOnDefaults() {
        gates = nil
        entryMode = 0x03
        xWindow = 0...(ramRowBytes - 1)
        yWindow = 0...(ramRows - 1)
        xCounter = 0
        yCounter = 0
        updateControl1 = (0, 0)
        updateControl2 = nil
        temperatureForced = false
        writingTo = nil
        lutWritten = false
    }

    override func hardwareReset(wakingFromDeepSleep: Bool) {
        powerOnDefaults()
        if wakingFromDeepSleep && !keepsRAMInDeepSleep {
            scramble(&blackWhite, period: 3)
            scramble(&colour, period: 5)
        }
    }

    override func handleCommand(_ code: UInt8) throws {
        writingTo = nil
        switch code {
        case 0x12:
            powerOnDefaults()
            busy(for: 10)
        case 0x20:
            try activate()
        case 0x24, 0x26:
            guard xWindow.contains(xCounter), yWindow.contains(yCounter) else {
                try violate("RAM write starts at byte \(xCounter), row \(yCounter), outside the window \(xWindow), \(yWindow)")
                return
            }
            writingTo = code
        default:
            break
        }
    }

    override func handleData(_ code: UInt8, _ bytes: [UInt8], offset: Int) throws {
        let p = parameters
        switch code {
        case 0x01 where p.count == 3:
            let count = (Int(p[0]) | Int(p[1] & 0x01) << 8) + 1
            if count != height { try violate("driver output control sets \(count) gate lines; the panel has \(height)") }
            gates = count
        case 0x11 where p.count == 1:
            entryMode = p[0]
            if entryMode != 0x03 { try violate("data entry mode 0x\(hex(entryMode)): only X then Y, both increasing (0x03), is emulated") }
        case 0x44 where p.count == 2:
            guard p[0] <= p[1], Int(p[1]) < ramRowBytes else {
                try violate("RAM X window \(p[0])...\(p[1]) bytes is outside 0...\(ramRowBytes - 1)"); return
            }
            xWindow = Int(p[0])...Int(p[1])
        case 0x45 where p.count == 4:
            let start = Int(p[0]) | Int(p[1]) << 8, end = Int(p[2]) | Int(p[3]) << 8
            guard start <= end, end < ramRows else { try violate("RAM Y window \(start)...\(end) is outside 0...\(ramRows - 1)"); return }
            yWindow = start...end
        case 0x4E where p.count == 1:
            xCounter = Int(p[0])
        case 0x4F where p.count == 2:
            yCounter = Int(p[0]) | Int(p[1]) << 8
        case 0x21 where p.count == 2:
            updateControl1 = (p[0], p[1])
        case 0x22 where p.count == 1:
            updateControl2 = p[0]
        case 0x32 where p.count == 153:
            lutWritten = true
        case 0x32 where p.count > 153:
            try violate("the LUT register takes 153 bytes, not \(p.count)")
        case 0x1A where p.count >= 1:
            temperatureForced = true
        case 0x10 where p.count == 1:
            if p[0] & 0x03 == 0 { break }
            deepSleep = true
        case 0x24, 0x26:
            guard let plane = writingTo else { return }
            for byte in bytes {
                guard yCounter <= yWindow.upperBound else {
                    try violate("write past the end of the RAM window (\(xWindow) bytes × rows \(yWindow))"); return
                }
                let index = yCounter * ramRowBytes + xCounter
                if plane == 0x24 { blackWhite[index] = byte } else { colour[index] = byte }
                xCounter += 1
                if xCounter > xWindow.upperBound {
                    xCounter = xWindow.lowerBound
                    yCounter += 1
                }
            }
        default:
            break
        }
    }

    private func bit(_ plane: [UInt8], _ x: Int, _ y: Int) -> Bool {
        let column = x + columnOffsetBytes * 8
        return plane[y * ramRowBytes + column / 8] & (0x80 >> UInt8(column % 8)) != 0
    }

    private func activate() throws {
        guard let sequence = updateControl2 else { try violate("master activation (0x20) without a display update sequence (0x22)"); return }
        guard sequence & 0x04 != 0 else {
            // Loading a waveform or temperature, powering up or down: no display.
            busy(for: 100)
            return
        }
        if gates == nil && height != ramRows { try violate("refresh without driver output control (0x01): the gate count is the controller's maximum") }
        let partial = sequence & 0x08 != 0
        if partial {
            guard palette == .bw else { try violate("partial refresh on a \(palette.name) panel"); return }
            var values = screen.values
            var stale = 0
            for y in 0..<height {
                for x in 0..<width {
                    let old: UInt32 = bit(colour, x, y) ? 1 : 0
                    let new: UInt32 = bit(blackWhite, x, y) ? 1 : 0
                    if old != values[y * width + x] { stale += 1 }
                    values[y * width + x] = new
                }
            }
            if stale > 0 {
                try violate("partial refresh against a previous-image plane that differs from the panel at \(stale) pixels (it would leave ghosts)")
            }
            screen = QuantisedFrame(width: width, height: height, palette: palette, values: values)
            busy(for: partialMilliseconds)
            record(.partial)
            return
        }
        if palette == .gray4 {
            guard lutWritten else { try violate("a grey refresh without a four-grey waveform written to the LUT register (0x32)"); return }
            guard sequence & 0x30 == 0 else {
                try violate("update sequence 0x\(hex(sequence)) loads the controller's own waveform over the one written to the LUT register (0xC7 keeps it)"); return
            }
            var values = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let level = (bit(colour, x, y) ? 2 : 0) | (bit(blackWhite, x, y) ? 1 : 0)
                    values[y * width + x] = UInt32(3 - level)
                }
            }
            screen = QuantisedFrame(width: width, height: height, palette: palette, values: values)
            busy(for: greyMilliseconds)
            record(.full)
            return
        }
        let fast = sequence & 0x20 == 0 && temperatureForced
        let ignoreColour = updateControl1.0 & 0x40 != 0
        var values = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                if palette != .bw && !ignoreColour && bit(colour, x, y) {
                    values[y * width + x] = 2
                } else {
                    values[y * width + x] = bit(blackWhite, x, y) ? 1 : 0
                }
            }
        }
        screen = QuantisedFrame(width: width, height: height, palette: palette, values: values)
        busy(for: fast ? fastMilliseconds : (palette == .bw ? fullMilliseconds : 15_000))
        record(fast ? .fast : .full)
    }
}
