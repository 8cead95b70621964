/// A colour with straight (not premultiplied) alpha, 8 bits a channel, sRGB.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// From `0xRRGGBB`.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF), alpha)
    }

    /// A colour as the config writes one: `#RRGGBB` or `#RRGGBBAA`, the `#` optional
    /// (`named_colors:`, the agenda's `colors:`); nil for any other text. One reader, so
    /// every place in the file takes the same spellings.
    package init?(configText text: String) {
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let number = UInt32(hex, radix: 16) else { return nil }
        self = hex.count == 6 ? RGBA(hex: number) : RGBA(hex: number >> 8, alpha: UInt8(number & 0xFF))
    }

    /// `#RRGGBB` (`#RRGGBBAA` when translucent), as `init(configText:)` reads it back.
    package var configText: String {
        func two(_ byte: UInt8) -> String { byte < 16 ? "0" + String(byte, radix: 16, uppercase: true) : String(byte, radix: 16, uppercase: true) }
        return "#" + two(r) + two(g) + two(b) + (a == 255 ? "" : two(a))
    }

    /// A grey between near-black and near-white once drawn over white (a tone that a
    /// few-ink panel shows by dithering, not by choosing one ink).
    public var isMidGrey: Bool {
        let alpha = Int(a)
        func over(_ channel: UInt8) -> Int { (Int(channel) * alpha + 255 * (255 - alpha)) / 255 }
        let red = over(r), green = over(g), blue = over(b)
        let chroma = max(red, green, blue) - min(red, green, blue)
        let luminance = (red * 299 + green * 587 + blue * 114) / 1000
        return chroma < 40 && (28...224).contains(luminance)
    }

    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(255, 255, 255)
    public static let clear = RGBA(0, 0, 0, 0)
    public static let red = RGBA(255, 0, 0)
    public static let green = RGBA(0, 255, 0)
    public static let blue = RGBA(0, 0, 255)
    public static let yellow = RGBA(255, 255, 0)

    /// Rec. 601 luma, 0–255.
    public var luma: Int { (299 * Int(r) + 587 * Int(g) + 114 * Int(b)) / 1000 }

    /// This colour drawn over `background` with `coverage` (0–255) times its own alpha.
    public func over(_ background: RGBA, coverage: UInt8 = 255) -> RGBA {
        let alpha = Int(a) * Int(coverage) / 255
        if alpha == 255 { return RGBA(r, g, b, 255) }
        if alpha == 0 { return background }
        let outAlpha = alpha + Int(background.a) * (255 - alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            let value = (Int(top) * alpha + Int(bottom) * Int(background.a) * (255 - alpha) / 255) / max(outAlpha, 1)
            return UInt8(min(255, value))
        }
        return RGBA(mix(r, background.r), mix(g, background.g), mix(b, background.b), UInt8(outAlpha))
    }

    public var description: String {
        let hex = (Int(r) << 16 | Int(g) << 8 | Int(b))
        let digits = String(hex, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits + (a == 255 ? "" : "@\(a)")
    }
}
