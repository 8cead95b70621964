import GlanceDisplays
import GlanceGraphics
import GlanceHardware

/// A colour e-paper panel of one or two controllers (Spectra 6 E673, E640, EL133UF1;
/// ACeP AC073TC1A; JD79661/JD79668) as the bytes describe it. Each chip keeps its own
/// registers, power and image RAM (DTM1, 0x10: `bitsPerPixel` a pixel, the first pixel in
/// the most significant bits); a refresh (0x12) shows every chip's RAM, a two-chip
/// panel's first chip on the left half of each native row. Protocol errors: image data
/// before the resolution (0x61) or past the end of RAM, a resolution other than the
/// panel's, a refresh with a chip's power off or without a whole frame written since the
/// reset, a refresh that reaches one chip of two, a colour number the panel has no ink
/// for, deep sleep with the power on or without its check code, a command the
/// controller does not have, and a second chip selected on a panel of one.
public final class ColourEPaperEmulator: ControllerEmulator {
    public var refreshMilliseconds: Int
    public var powerOnMilliseconds = 100
    public var powerOffMilliseconds = 100

    private struct Chip {
        var ram: [UInt8]
        var resolution: (Int, Int)?
        var writeIndex = 0
        var frameWritten = false
        var poweredOn = false
        var asleep = false
    }

    private let model: ColourEPaperController.Model
    private var chips: [Chip]
    private var selection: PanelChips = .first
    /// Bytes a RAM row holds (a chip's share of a native row, with any padding).
    private let rowBytes: Int
    private let ramWidth: Int
    /// Colour number → palette index (nil: no ink), for every number a pixel can hold.
    private let inks: [UInt32?]

    public init(model: ColourEPaperController.Model, width: Int, height: Int) {
        self.model = model
        refreshMilliseconds = model.refreshMilliseconds
        ramWidth = width + model.ramPadding
        let perByte = 8 / model.bitsPerPixel
        rowBytes = (ramWidth + perByte - 1) / perByte / model.chips
        var inks = [UInt32?](repeating: nil, count: 1 << model.bitsPerPixel)
        for (index, code) in model.codes.enumerated() { inks[Int(code)] = UInt32(index) }
        self.inks = inks
        chips = Array(repeating: Chip(ram: Array(repeating: 0x11, count: rowBytes * height)), count: model.chips)
        super.init(name: model.name, busyLevel: .low, width: width, height: height, palette: model.palette, white: 1)
    }

    /// The pixels one chip is told it has: its half of a two-chip panel (as 1200×800),
    /// or the RAM's rows.
    private var expectedResolution: (Int, Int) { model.chips == 2 ? (width, height / 2) : (ramWidth, height) }

    private var selected: [Int] { (0..<chips.count).filter { selection.contains($0 == 0 ? .first : .second) } }

    public override func select(_ chips: PanelChips) throws {
        guard model.chips == 2 else {
            try super.select(chips)
            return
        }
        if chips.isEmpty { try violate("no controller selected") }
        selection = chips
    }

    override func hardwareReset(wakingFromDeepSleep: Bool) {
        for index in chips.indices {
            chips[index].resolution = nil
            chips[index].writeIndex = 0
            chips[index].frameWritten = false
            chips[index].poweredOn = false
            chips[index].asleep = false
            // Image RAM does not survive deep sleep.
            if wakingFromDeepSleep { scramble(&chips[index].ram, period: 3) }
        }
        selection = .first
    }

    override func allowedInDeepSleep(_ code: UInt8) -> Bool {
        // A chip of two may sleep while the driver still talks to the other.
        selected.allSatisfy { !chips[$0].asleep }
    }

    override func handleCommand(_ code: UInt8) throws {
        typealias Command = ColourEPaperController.Command
        guard let command = Command(rawValue: code) else {
            try violate("0x\(hex(code)) is not a command of \(model.name)")
            return
        }
        for index in selected where chips[index].asleep {
            try violate("command 0x\(hex(code)) to chip \(index + 1) in deep sleep (only a hardware reset wakes it)")
        }
        switch command {
        case .displayStartTransmission1:
            for index in selected {
                guard chips[index].resolution != nil else {
                    try violate("image data (0x10) before the resolution (0x61) is set"); return
                }
                chips[index].writeIndex = 0
                chips[index].frameWritten = false
            }
        case .powerOn:
            for index in selected { chips[index].poweredOn = true }
            busy(for: powerOnMilliseconds)
        case .powerOff where model.powerOffParameters.isEmpty:
            try powerOff()
        case .displayRefresh where model.refreshParameters.isEmpty:
            try refresh()
        default:
            break
        }
    }

    override func handleData(_ code: UInt8, _ bytes: [UInt8], offset: Int) throws {
        let p = parameters
        switch code {
        case 0x61 where p.count == 4:
            let w = Int(p[0]) << 8 | Int(p[1]), h = Int(p[2]) << 8 | Int(p[3])
            let expected = expectedResolution
            guard (w, h) == expected else {
                try violate("resolution \(w)x\(h) set on a chip of \(expected.0)x\(expected.1)"); return
            }
            for index in selected { chips[index].resolution = (w, h) }
        case 0x10:
            for index in selected {
                guard chips[index].resolution != nil else { return }
                let start = chips[index].writeIndex, ram = chips[index].ram.count
                guard start + bytes.count <= ram else {
                    try violate("image data past the end of chip \(index + 1)'s RAM (\(ram) bytes)"); return
                }
                chips[index].ram.replaceSubrange(start..<(start + bytes.count), with: bytes)
                chips[index].writeIndex += bytes.count
                chips[index].frameWritten = chips[index].writeIndex == ram
            }
        // Commands that take a parameter act once it has come.
        case 0x02 where p.count == model.powerOffParameters.count:
            try powerOff()
        case 0x12 where p.count == model.refreshParameters.count:
            try refresh()
        case 0x07 where p.count == 1:
            guard p[0] == 0xA5 else {
                try violate("deep sleep with check code 0x\(hex(p[0])), not 0xA5: ignored by the controller"); return
            }
            for index in selected {
                if chips[index].poweredOn { try violate("deep sleep with chip \(index + 1)'s power still on (send 0x02 first)") }
                chips[index].asleep = true
            }
            deepSleep = chips.allSatisfy(\.asleep)
        default:
            break
        }
    }

    private func powerOff() throws {
        for index in selected { chips[index].poweredOn = false }
        busy(for: powerOffMilliseconds)
    }

    private func refresh() throws {
        guard selected.count == chips.count else {
            try violate("a refresh (0x12) that reaches \(selected.count) of the panel's \(chips.count) controllers (select CS and CS1)"); return
        }
        for index in selected {
            guard chips[index].poweredOn else { try violate("refresh (0x12) with the power off (send 0x04 first)"); return }
            guard chips[index].frameWritten else {
                try violate("refresh (0x12) without a whole frame (0x10, \(chips[index].ram.count) bytes) written to chip \(index + 1) since the reset")
                return
            }
        }
        let bits = model.bitsPerPixel, perByte = 8 / bits, mask = UInt8((1 << bits) - 1)
        let chipWidth = width / chips.count
        var values = [UInt32](repeating: 1, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let chip = x / chipWidth, column = x % chipWidth
                let byte = chips[chip].ram[y * rowBytes + column / perByte]
                let code = Int(byte >> UInt8(8 - bits * (column % perByte + 1)) & mask)
                if let ink = inks[code] {
                    values[y * width + x] = ink
                } else if model.palette == .acep7 && code == 7 {
                    values[y * width + x] = 1   // "clean": the panel is left white
                } else {
                    let numbers = inks.indices.filter { inks[$0] != nil }.map(String.init).joined(separator: ", ")
                    try violate("colour \(code) at pixel \(x), \(y): \(model.name) has inks \(numbers)")
                    return
                }
            }
        }
        screen = QuantisedFrame(width: width, height: height, palette: palette, values: values)
        busy(for: refreshMilliseconds)
        record(.full)
    }
}
