import GlanceGraphics
import GlanceHardware

/// An SSD1680/SSD1683 as the bytes describe it: two RAM planes addressed through a
/// byte window (0x44/0x45) and counters (0x4E/0x4F) with data entry X-then-Y, the
/// update sequence of 0x22 run by 0x20, deep sleep (0x10). Mode-1 updates show the
/// black/white plane (and the colour plane on three-colour panels); mode-2 (partial)
/// updates drive only pixels where the planes differ, and fail if the "previous image"
/// plane does not match what the panel shows, since the real panel would ghost there.
/// A gray4 panel shows four levels with a waveform written to the LUT register (0x32:
/// 153 bytes on SSD1680, 227 on SSD1683) since the last reset. Which of the two planes'
/// four bit pairs shows which grey is read from the waveform itself (`GreyWaveformModel`):
/// each pair's voltage sequence is run on a pixel and the four pairs ranked by how dark
/// they leave it; a waveform that leaves two pairs alike is a protocol error, as is an
/// update that loads the controller's own waveform over it (0x22 with bit 0x10 or 0x20).
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
    /// The waveform written to the LUT register since the last reset.
    private var lut: [UInt8]?

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
        lut = nil
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
        case 0x32 where p.count == lutBytes:
            lut = p
        case 0x32 where p.count > lutBytes:
            try violate("\(isSSD1683 ? "SSD1683" : "SSD1680")'s LUT register takes \(lutBytes) bytes, not \(p.count)")
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

    private var lutBytes: Int { isSSD1683 ? 227 : 153 }

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
        if palette == .gray4 {
            guard let lut else { try violate("a grey refresh without a four-grey waveform written to the LUT register (0x32)"); return }
            guard sequence & 0x30 == 0 else {
                try violate("update sequence 0x\(hex(sequence)) loads the controller's own waveform over the one written to the LUT register (0x\(isSSD1683 ? "CF" : "C7") keeps it)"); return
            }
            let levels: [UInt32]
            do { levels = try GreyWaveformModel(lut: lut, isSSD1683: isSSD1683).levels() } catch { try violate(error.message); return }
            var values = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    values[y * width + x] = levels[(bit(colour, x, y) ? 2 : 0) | (bit(blackWhite, x, y) ? 1 : 0)]
                }
            }
            screen = QuantisedFrame(width: width, height: height, palette: palette, values: values)
            busy(for: greyMilliseconds)
            record(.full)
            return
        }
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

/// A four-grey waveform run on one pixel, to tell which of the planes' bit pairs (colour
/// bit, black/white bit) shows which grey. The pixel's darkness starts half way and each
/// frame of a drive moves it a twentieth of the way to black or white, stopping there;
/// the four pairs are ranked by the darkness their sequences end at.
///
/// SSD1680 (153 bytes, laid out by its datasheet): five rows of twelve bytes, the four
/// levels' and VCOM's voltage selection, each byte four phases A–D of two bits (01 VSH1,
/// 11 VSH2, toward black; 10 VSL, toward white); twelve groups of seven bytes (phase
/// lengths A and B, their repeat, C and D, their repeat, the group's repeat); frame rate
/// and gate timing. Level n serves the pair n.
///
/// SSD1683 (227 bytes; no datasheet text was found, so this reading is worked out from the
/// vendor's waveform and stated as such): five blocks of six rows of seven bytes, VCOM's
/// then level 0's to 3's, each row a repeat count, four phases of a two-bit drive (10
/// toward black, 01 toward white) over a six-bit length, and two bytes not read; then 17
/// bytes of timing. Level n serves the pair n. Read so, Waveshare's `LUT_ALL` shows pair
/// 11 white and 00 black as its driver's pixel table says, and its border, which follows
/// LUT3 (0x3C 03), white.
struct GreyWaveformModel {
    struct Failure: Error { var message: String }

    let lut: [UInt8]
    let isSSD1683: Bool

    /// gray4's ink (0 black … 3 white) each bit pair shows.
    func levels() throws(Failure) -> [UInt32] {
        let darkness = (0..<4).map { isSSD1683 ? ssd1683($0) : ssd1680($0) }
        guard Set(darkness).count == 4 else {
            throw Failure(message: "the waveform in the LUT register leaves two of the four bit pairs at the same grey (darkness \(darkness.map { ($0 * 100).rounded() / 100 }))")
        }
        // The darkest pair shows black (0), the lightest white (3).
        let order = (0..<4).sorted { darkness[$0] > darkness[$1] }
        var levels = [UInt32](repeating: 0, count: 4)
        for (ink, pair) in order.enumerated() { levels[pair] = UInt32(ink) }
        return levels
    }

    private func drive(_ darkness: inout Double, towardBlack: Bool?, frames: Int) {
        guard let towardBlack else { return }
        darkness = towardBlack ? min(1, darkness + Double(frames) / 20) : max(0, darkness - Double(frames) / 20)
    }

    private func ssd1680(_ level: Int) -> Double {
        var darkness = 0.5
        for group in 0..<12 {
            let row = Array(lut[(60 + group * 7)..<(67 + group * 7)])
            let selection = lut[level * 12 + group]
            let lengths = [row[0], row[1], row[3], row[4]]
            for _ in 0...Int(row[6]) {
                for half in 0..<2 {
                    for _ in 0...Int(row[half == 0 ? 2 : 5]) {
                        for phase in (half * 2)...(half * 2 + 1) {
                            let code = selection >> UInt8(6 - 2 * phase) & 0x03
                            drive(&darkness, towardBlack: code == 0 ? nil : code != 0x02, frames: Int(lengths[phase]))
                        }
                    }
                }
            }
        }
        return darkness
    }

    private func ssd1683(_ level: Int) -> Double {
        var darkness = 0.5
        for rowIndex in 0..<6 {
            let start = ((level + 1) * 6 + rowIndex) * 7
            let row = lut[start..<(start + 7)]
            for _ in 0..<Int(row[start]) {
                for phase in row[(start + 1)...(start + 4)] {
                    let code = phase >> 6
                    drive(&darkness, towardBlack: code == 0x02 ? true : code == 0x01 ? false : nil, frames: Int(phase & 0x3F))
                }
            }
        }
        return darkness
    }
}
