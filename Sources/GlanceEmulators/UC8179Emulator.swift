import GlanceGraphics
import GlanceHardware

/// A UC8179 as the bytes describe it: panel setting (0x00), resolution (0x61), power
/// on/off (0x04/0x02), the old and new planes (0x10/0x13) filling the resolution or, in
/// partial mode (0x91), the window of 0x90; refresh (0x12) with the data polarity and
/// new-to-old copy of 0x50; deep sleep (0x07 with its check code). Refreshing with the
/// power off, a window off byte boundaries, data past the window, a red-plane mode on a
/// black-and-white panel, and a partial refresh against an old plane that is not what
/// the panel shows are protocol errors. A gray4 panel refreshes with the four-grey waveform
/// in OTP, which cascade setting TSFIX (0xE0 02) with a forced 95 °C (0xE5 5F) selects, and
/// shows each pixel's (old, new) bits as a level: 00 white, 10 light grey, 01 dark grey, 11
/// black (with 0x50's DDX bit 0 clear; set, both planes read inverted). A gray4 refresh
/// with any other waveform is a protocol error: the panel would show two levels.
public final class UC8179Emulator: UltraChipEmulator {
    public var fullMilliseconds = 4_000
    public var fastMilliseconds = 1_500
    public var partialMilliseconds = 500

    private var old: [UInt8]
    private var new: [UInt8]
    private var panelSetting: UInt8?
    private var resolution: (Int, Int)?
    private var interval: (UInt8, UInt8) = (0xD3, 0x07)
    private var forcedTemperature: UInt8?
    private var fixedTemperature = false
    private var partialMode = false
    private var window = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var writeIndex = 0

    public var greyMilliseconds = 4_000

    public init(width: Int = 800, height: Int = 480, palette: Palette = .bw) {
        old = Array(repeating: 0, count: width / 8 * height)
        new = Array(repeating: 0, count: width / 8 * height)
        super.init(name: "UC8179", width: width, height: height, palette: palette, powerOnMilliseconds: 130, powerOffMilliseconds: 40)
    }

    override func hardwareReset(wakingFromDeepSleep: Bool) {
        super.hardwareReset(wakingFromDeepSleep: wakingFromDeepSleep)
        panelSetting = nil
        resolution = nil
        interval = (0xD3, 0x07)
        forcedTemperature = nil
        fixedTemperature = false
        partialMode = false
        if wakingFromDeepSleep {
            // Image RAM does not survive deep sleep.
            scramble(&old, period: 3)
            scramble(&new, period: 7)
        }
    }

    private var region: PixelRect { partialMode ? window : PixelRect(x: 0, y: 0, width: width, height: height) }

    override func handleCommand(_ code: UInt8) throws {
        switch code {
        case 0x10, 0x13:
            guard resolution != nil else { try violate("image data (0x\(hex(code))) before the resolution (0x61) is set"); return }
            writeIndex = 0
        case 0x12:
            try refresh()
        case 0x91:
            partialMode = true
        case 0x92:
            partialMode = false
        default:
            try super.handleCommand(code)
        }
    }

    override func handleData(_ code: UInt8, _ bytes: [UInt8], offset: Int) throws {
        let p = parameters
        switch code {
        case 0x00 where p.count == 1:
            panelSetting = p[0]
        case 0x61 where p.count == 4:
            let w = Int(p[0] & 0x03) << 8 | Int(p[1] & 0xF8), h = Int(p[2] & 0x03) << 8 | Int(p[3])
            guard w == width, h == height else { try violate("resolution \(w)x\(h) set on a \(width)x\(height) panel"); return }
            resolution = (w, h)
        case 0x50 where p.count == 2:
            interval = (p[0], p[1])
        case 0x50 where p.count == 1:
            interval.0 = p[0]
        case 0xE0 where p.count == 1:
            fixedTemperature = p[0] & 0x02 != 0
        case 0xE5 where p.count == 1:
            forcedTemperature = p[0]
        case 0x90 where p.count == 9:
            let hrst = Int(p[0] & 0x03) << 8 | Int(p[1]), hred = Int(p[2] & 0x03) << 8 | Int(p[3])
            let vrst = Int(p[4] & 0x03) << 8 | Int(p[5]), vred = Int(p[6] & 0x03) << 8 | Int(p[7])
            guard hrst % 8 == 0, hred % 8 == 7 else { try violate("partial window x \(hrst)...\(hred) does not start and end on byte boundaries"); return }
            guard hrst <= hred, vrst <= vred, hred < width, vred < height else {
                try violate("partial window \(hrst)...\(hred) × \(vrst)...\(vred) outside the \(width)x\(height) panel"); return
            }
            window = PixelRect(x: hrst, y: vrst, width: hred - hrst + 1, height: vred - vrst + 1)
        case 0x10, 0x13:
            let area = region
            let rowBytes = area.width / 8
            for byte in bytes {
                guard writeIndex < rowBytes * area.height else {
                    try violate("image data past the end of the \(partialMode ? "partial window \(window)" : "frame") (\(rowBytes * area.height) bytes)"); return
                }
                let index = (area.y + writeIndex / rowBytes) * (width / 8) + area.x / 8 + writeIndex % rowBytes
                if code == 0x10 { old[index] = byte } else { new[index] = byte }
                writeIndex += 1
            }
        default:
            try super.handleData(code, bytes, offset: offset)
        }
    }

    private func refresh() throws {
        guard try requirePower() else { return }
        guard let setting = panelSetting else { try violate("refresh without a panel setting (0x00)"); return }
        if setting & 0x10 == 0 { try violate("panel setting 0x\(hex(setting)) selects black/white/red, but this panel has no red plane") }
        guard resolution != nil else { try violate("refresh without a resolution (0x61)"); return }
        // DDX bit 0: 1 means a set bit is white.
        let setIsWhite = interval.0 & 0x01 != 0
        func pixel(_ plane: [UInt8], _ x: Int, _ y: Int) -> UInt32 {
            let set = plane[y * (width / 8) + x / 8] & (0x80 >> UInt8(x % 8)) != 0
            return set == setIsWhite ? 1 : 0
        }
        if palette == .gray4 {
            guard !partialMode else { try violate("a partial refresh on a four-grey panel: the grey waveform has no partial form"); return }
            guard fixedTemperature && forcedTemperature == 0x5F else {
                try violate("a grey frame refreshed without the four-grey waveform (cascade setting 0xE0 02 and forced temperature 0xE5 5F)"); return
            }
            var values = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    // pixel() is 1 where a plane's bit is "white"; level = high bit from new, low from old.
                    values[y * width + x] = pixel(new, x, y) << 1 | pixel(old, x, y)
                }
            }
            screen = QuantisedFrame(width: width, height: height, palette: palette, values: values)
            busy(for: greyMilliseconds)
            record(.full)
            return
        }
        let area = region
        var values = screen.values
        var stale = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                if partialMode && pixel(old, x, y) != values[y * width + x] { stale += 1 }
                values[y * width + x] = pixel(new, x, y)
            }
        }
        if stale > 0 {
            try violate("partial refresh against an old plane that differs from the panel at \(stale) pixels (it would leave ghosts)")
        }
        screen = QuantisedFrame(width: width, height: height, palette: palette, values: values)
        if interval.0 & 0x08 != 0 {
            // N2OCP: the new plane becomes the old one.
            let rowBytes = width / 8
            for y in area.y..<area.maxY {
                for column in (area.x / 8)..<(area.maxX / 8) { old[y * rowBytes + column] = new[y * rowBytes + column] }
            }
        }
        let kind: EmulatedUpdate.Kind = partialMode ? .partial : (fixedTemperature && forcedTemperature == 0x5A ? .fast : .full)
        busy(for: kind == .partial ? partialMilliseconds : kind == .fast ? fastMilliseconds : fullMilliseconds)
        record(kind)
    }
}
