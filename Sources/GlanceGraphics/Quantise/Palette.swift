/// The colours a display can show.
public struct Palette: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A short list of inks; a pixel is an index into `colors`.
        case indexed
        /// 5-6-5 bits of red, green, blue.
        case rgb565
        /// 8 bits a channel.
        case rgb888
    }

    public let name: String
    public let kind: Kind
    /// The inks of an indexed palette, in the order panels number them.
    public let colors: [RGBA]

    /// The inks without a hue (black, white, greys), where an indexed palette also has
    /// colours: a grey pixel takes one of these, never the nearest colour (grey text
    /// printed orange on a 7-colour panel otherwise).
    let achromatic: [Int]?
    private let allIndices: [Int]

    init(name: String, colors: [RGBA]) {
        self.name = name
        kind = .indexed
        self.colors = colors
        let plain = colors.indices.filter { max(colors[$0].r, colors[$0].g, colors[$0].b) - min(colors[$0].r, colors[$0].g, colors[$0].b) < 16 }
        achromatic = plain.count < colors.count && plain.count >= 2 ? plain : nil
        allIndices = Array(colors.indices)
    }

    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
        colors = []
        achromatic = nil
        allIndices = []
    }

    public static let bw = Palette(name: "bw", colors: [.black, .white])
    public static let gray4 = Palette(name: "gray4", colors: [.black, RGBA(85, 85, 85), RGBA(170, 170, 170), .white])
    /// Sixteen greys, black to white (TRMNL X and other 4-bit grey panels).
    public static let gray16 = Palette(name: "gray16", colors: (0..<16).map { RGBA(UInt8($0 * 17), UInt8($0 * 17), UInt8($0 * 17)) })
    public static let bwr = Palette(name: "bwr", colors: [.black, .white, RGBA(200, 0, 0)])
    public static let bwy = Palette(name: "bwy", colors: [.black, .white, RGBA(230, 200, 0)])
    /// Black, white, yellow and red (JD79661/JD79668, the 2025 Inky pHAT and wHAT): the
    /// controller's colour numbers, two bits a pixel.
    public static let bwry = Palette(name: "bwry", colors: [.black, .white, RGBA(230, 200, 0), RGBA(200, 0, 0)])
    /// Pimoroni Inky Impression / Waveshare 7-colour ACeP: black, white, green, blue,
    /// red, yellow, orange (the controller's index order).
    public static let acep7 = Palette(name: "acep7", colors: [
        .black, .white, RGBA(0, 160, 0), RGBA(0, 0, 200), RGBA(200, 0, 0), RGBA(230, 210, 0), RGBA(230, 120, 0),
    ])
    /// E Ink Spectra 6: black, white, yellow, red, blue, green (the controllers number
    /// them 0, 1, 2, 3, 5, 6).
    public static let spectra6 = Palette(name: "spectra6", colors: [
        .black, .white, RGBA(230, 210, 0), RGBA(200, 0, 0), RGBA(0, 0, 200), RGBA(0, 160, 0),
    ])
    public static let rgb565 = Palette(name: "rgb565", kind: .rgb565)
    public static let rgb888 = Palette(name: "rgb888", kind: .rgb888)

    public static let all: [Palette] = [.bw, .gray4, .gray16, .bwr, .bwy, .bwry, .acep7, .spectra6, .rgb565, .rgb888]

    public static func named(_ name: String) -> Palette? { all.first { $0.name == name } }

    /// The inks' names, in the palette's order, as board files name them (`inks:`).
    public var inkNames: [String] {
        switch name {
        case "bw": ["black", "white"]
        case "gray4": ["black", "dark", "light", "white"]
        case "gray16": (0..<16).map { "grey\($0)" }
        case "bwr": ["black", "white", "red"]
        case "bwy": ["black", "white", "yellow"]
        case "bwry": ["black", "white", "yellow", "red"]
        case "acep7": ["black", "white", "green", "blue", "red", "yellow", "orange"]
        case "spectra6": ["black", "white", "yellow", "red", "blue", "green"]
        default: []
        }
    }

    /// The colours the inks show as, blended a channel at a time between `ideal` (0) and
    /// `measured` (1) by `saturation`, as Pimoroni's library does: what pictures are
    /// dithered against.
    public static func blend(ideal: [RGBA], measured: [RGBA], saturation: Double) -> [RGBA] {
        precondition(ideal.count == measured.count, "one measured colour an ink")
        let s = min(1, max(0, saturation))
        func mix(_ i: UInt8, _ m: UInt8) -> UInt8 { UInt8(min(255, max(0, (s * Double(m) + (1 - s) * Double(i)).rounded(.down)))) }
        return zip(ideal, measured).map { RGBA(mix($0.r, $1.r), mix($0.g, $1.g), mix($0.b, $1.b)) }
    }

    /// The palette value nearest to (r, g, b): an index, or a packed 565/888 value.
    @inline(__always)
    func nearest(_ r: Int, _ g: Int, _ b: Int, grey: Bool = false) -> UInt32 {
        switch kind {
        case .indexed:
            var best = 0
            var bestDistance = Int.max
            for index in grey ? achromatic ?? allIndices : allIndices {
                let color = colors[index]
                // Weighted RGB distance (2,4,3): close to perceived difference, cheap.
                let dr = r - Int(color.r), dg = g - Int(color.g), db = b - Int(color.b)
                let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                if distance < bestDistance {
                    bestDistance = distance
                    best = index
                }
            }
            return UInt32(best)
        case .rgb565:
            let r5 = UInt32(clamp(r) * 31 + 127) / 255, g6 = UInt32(clamp(g) * 63 + 127) / 255, b5 = UInt32(clamp(b) * 31 + 127) / 255
            return r5 << 11 | g6 << 5 | b5
        case .rgb888:
            return UInt32(clamp(r)) << 16 | UInt32(clamp(g)) << 8 | UInt32(clamp(b))
        }
    }

    /// The colour a palette value stands for.
    public func color(of value: UInt32) -> RGBA {
        switch kind {
        case .indexed:
            return Int(value) < colors.count ? colors[Int(value)] : .black
        case .rgb565:
            let r = (value >> 11) & 0x1F, g = (value >> 5) & 0x3F, b = value & 0x1F
            return RGBA(UInt8(r * 255 / 31), UInt8(g * 255 / 63), UInt8(b * 255 / 31))
        case .rgb888:
            return RGBA(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        }
    }
}

@inline(__always)
func clamp(_ value: Int) -> Int { min(255, max(0, value)) }
