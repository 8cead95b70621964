import GlanceGraphics
import GlanceHardware

/// A UC8159 as the bytes describe it: resolution (0x61), panel setting (0x00), power
/// on/off (0x04/0x02), one 4-bit image RAM filled by 0x10 (left pixel in the high
/// nibble, a palette index a nibble), refresh (0x12) and deep sleep (0x07 with its check
/// code). Image data before the resolution, more data than the frame holds, data for
/// 0x13 (image process on this chip, not a second plane), and a refresh with the power
/// off or without a whole frame written since the reset are protocol errors.
public final class UC8159Emulator: UltraChipEmulator {
    /// BUSY time of a refresh, in milliseconds.
    public var refreshMilliseconds = 30_000

    private var ram: [UInt8]
    private var resolution: (Int, Int)?
    private var panelSetting: UInt8?
    private var writeIndex = 0
    private var frameWritten = false

    public init(width: Int = 600, height: Int = 448) {
        ram = Array(repeating: 0x11, count: width * height / 2)
        super.init(name: "UC8159", width: width, height: height, palette: .acep7, powerOnMilliseconds: 100, powerOffMilliseconds: 100)
    }

    override func hardwareReset(wakingFromDeepSleep: Bool) {
        super.hardwareReset(wakingFromDeepSleep: wakingFromDeepSleep)
        resolution = nil
        panelSetting = nil
        writeIndex = 0
        frameWritten = false
        if wakingFromDeepSleep {
            // Image RAM does not survive deep sleep.
            scramble(&ram, period: 3)
        }
    }

    override func handleCommand(_ code: UInt8) throws {
        switch code {
        case 0x10:
            guard resolution != nil else { try violate("image data (0x10) before the resolution (0x61) is set"); return }
            writeIndex = 0
            frameWritten = false
        case 0x12:
            try refresh()
        default:
            try super.handleCommand(code)
        }
    }

    override func handleData(_ code: UInt8, _ bytes: [UInt8], offset: Int) throws {
        let p = parameters
        switch code {
        case 0x61 where p.count == 4:
            let w = Int(p[0]) << 8 | Int(p[1]), h = Int(p[2]) << 8 | Int(p[3])
            guard w == width, h == height else { try violate("resolution \(w)x\(h) set on a \(width)x\(height) panel"); return }
            resolution = (w, h)
        case 0x00 where p.count == 2:
            panelSetting = p[0]
        case 0x10:
            guard resolution != nil else { return }
            guard writeIndex + bytes.count <= ram.count else {
                try violate("image data past the end of the frame (\(ram.count) bytes)"); return
            }
            ram.replaceSubrange(writeIndex..<(writeIndex + bytes.count), with: bytes)
            writeIndex += bytes.count
            frameWritten = writeIndex == ram.count
        case 0x13:
            try violate("0x13 is not a second image plane on UC8159 (it has one 4-bit RAM, written with 0x10)")
        default:
            try super.handleData(code, bytes, offset: offset)
        }
    }

    private func refresh() throws {
        guard try requirePower() else { return }
        guard frameWritten else { try violate("refresh (0x12) without a whole frame (0x10, \(ram.count) bytes) written since the reset"); return }
        guard let setting = panelSetting else { try violate("refresh without a panel setting (0x00)"); return }
        let bits: UInt8 = width == 600 ? 0xC0 : 0x80
        if setting & 0xC0 != bits { try violate("panel setting 0x\(hex(setting)) selects another resolution than \(width)x\(height)") }
        var values = [UInt32](repeating: 1, count: width * height)
        for index in values.indices {
            let byte = ram[index / 2]
            let nibble = index % 2 == 0 ? byte >> 4 : byte & 0x0F
            guard nibble <= 7 else { try violate("colour \(nibble) at pixel \(index % width), \(index / width): the panel has 0–7"); return }
            // 7 is "clean", which leaves the panel white.
            values[index] = nibble == 7 ? 1 : UInt32(nibble)
        }
        screen = QuantisedFrame(width: width, height: height, palette: palette, values: values)
        busy(for: refreshMilliseconds)
        record(.full)
    }
}
