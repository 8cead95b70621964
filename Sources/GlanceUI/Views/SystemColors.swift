import Foundation
import GlanceGraphics
import Glibc

extension Color {
    /// How colour components are read (SwiftUI's `Color.RGBColorSpace`). Panels show sRGB;
    /// linear components are converted, Display P3 is taken as sRGB.
    public enum RGBColorSpace: Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func encoded(_ value: Double) -> Double {
            guard colorSpace == .sRGBLinear else { return value }
            let v = max(0, min(1, value))
            return v <= 0.0031308 ? 12.92 * v : 1.055 * Glibc.pow(v, 1 / 2.4) - 0.055
        }
        self.init(red: encoded(red), green: encoded(green), blue: encoded(blue), opacity: opacity)
    }

    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// Hue, saturation and brightness, each 0…1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6, s = max(0, min(1, saturation)), v = max(0, min(1, brightness))
        let sector = Int(h) % 6, f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch sector {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// A UIKit system colour (`Color(.systemBackground)`, `Color(uiColor: .label)`), in
    /// its light appearance.
    public init(_ color: UIColor) { self.init(color.rgba) }
    public init(uiColor color: UIColor) { self.init(color.rgba) }

    public static let pink = Color(RGBA(hex: 0xFF2D55))
    public static let teal = Color(RGBA(hex: 0x30B0C7))
    public static let cyan = Color(RGBA(hex: 0x32ADE6))
    public static let mint = Color(RGBA(hex: 0x00C7BE))
    public static let indigo = Color(RGBA(hex: 0x5856D6))
    public static let brown = Color(RGBA(hex: 0xA2845E))
}

extension ShapeStyle where Self == Color {
    public static var pink: Color { Color.pink }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var mint: Color { Color.mint }
    public static var indigo: Color { Color.indigo }
    public static var brown: Color { Color.brown }
    public static var purple: Color { Color.purple }
}

/// UIKit's named system colours, as widgets write them (`Color(.secondarySystemBackground)`),
/// in their light appearance.
public struct UIColor: Hashable, Sendable {
    let rgba: RGBA

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = Color(red: red, green: green, blue: blue, opacity: alpha).rgba
    }

    init(_ hex: UInt32, alpha: UInt8 = 255) { rgba = RGBA(hex: hex, alpha: alpha) }

    public static let systemBackground = UIColor(0xFFFFFF)
    public static let secondarySystemBackground = UIColor(0xF2F2F7)
    public static let tertiarySystemBackground = UIColor(0xFFFFFF)
    public static let systemGroupedBackground = UIColor(0xF2F2F7)
    public static let secondarySystemGroupedBackground = UIColor(0xFFFFFF)
    public static let label = UIColor(0x000000)
    public static let secondaryLabel = UIColor(0x3C3C43, alpha: 153)
    public static let tertiaryLabel = UIColor(0x3C3C43, alpha: 76)
    public static let quaternaryLabel = UIColor(0x3C3C43, alpha: 46)
    public static let separator = UIColor(0x3C3C43, alpha: 74)
    public static let systemFill = UIColor(0x787880, alpha: 51)
    public static let secondarySystemFill = UIColor(0x787880, alpha: 41)
    public static let tertiarySystemFill = UIColor(0x767680, alpha: 31)
    public static let systemGray = UIColor(0x8E8E93)
    public static let systemGray2 = UIColor(0xAEAEB2)
    public static let systemGray3 = UIColor(0xC7C7CC)
    public static let systemGray4 = UIColor(0xD1D1D6)
    public static let systemGray5 = UIColor(0xE5E5EA)
    public static let systemGray6 = UIColor(0xF2F2F7)
    public static let systemRed = UIColor(0xFF3B30)
    public static let systemOrange = UIColor(0xFF9500)
    public static let systemYellow = UIColor(0xFFCC00)
    public static let systemGreen = UIColor(0x34C759)
    public static let systemMint = UIColor(0x00C7BE)
    public static let systemTeal = UIColor(0x30B0C7)
    public static let systemCyan = UIColor(0x32ADE6)
    public static let systemBlue = UIColor(0x007AFF)
    public static let systemIndigo = UIColor(0x5856D6)
    public static let systemPurple = UIColor(0xAF52DE)
    public static let systemPink = UIColor(0xFF2D55)
    public static let systemBrown = UIColor(0xA2845E)
    public static let white = UIColor(0xFFFFFF)
    public static let black = UIColor(0x000000)
    public static let clear = UIColor(0x000000, alpha: 0)
}

extension UIColor {
    /// UIKit's fixed colours (not the system ones that follow the appearance), with UIKit's
    /// components: `.gray` is 50 % white, `.lightGray` two thirds, `.darkGray` one third.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)

    public init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// A Display P3 colour, converted to sRGB (what a panel shows); outside sRGB, the nearest in it.
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func linear(_ value: CGFloat) -> Double {
            let v = Double(min(max(value, 0), 1))
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        func encoded(_ value: Double) -> CGFloat {
            let v = min(max(value, 0), 1)
            return CGFloat(v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        self.init(red: encoded(1.2249401 * r - 0.2249401 * g),
                  green: encoded(-0.0420569 * r + 1.0420569 * g),
                  blue: encoded(-0.0196376 * r - 0.0786361 * g + 1.0982737 * b), alpha: alpha)
    }

    /// A SwiftUI colour as UIKit's (an asset colour by name is clear here: it needs the config).
    public init(_ color: Color) { rgba = color.rgba }

    /// The colour as Core Graphics holds it.
    public var cgColor: CGColor { CGColor(rgba: rgba) }
    public init(cgColor: CGColor) { rgba = cgColor.rgba }
}

/// Core Graphics' colour: components in 0…1 (sRGB), what `Color(cgColor:)` and
/// `UIColor.cgColor` pass around.
public struct CGColor: Hashable, Sendable {
    let rgba: RGBA

    init(rgba: RGBA) { self.rgba = rgba }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = Color(red: red, green: green, blue: blue, opacity: alpha).rgba
    }
    public init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { self.init(red: red, green: green, blue: blue, alpha: alpha) }

    public var alpha: CGFloat { CGFloat(rgba.a) / 255 }
    public var components: [CGFloat]? { [rgba.r, rgba.g, rgba.b, rgba.a].map { CGFloat($0) / 255 } }
    public var numberOfComponents: Int { 4 }
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: CGFloat(rgba.r) / 255, green: CGFloat(rgba.g) / 255, blue: CGFloat(rgba.b) / 255, alpha: alpha) }

    public static let white = CGColor(rgba: RGBA(hex: 0xFFFFFF))
    public static let black = CGColor(rgba: RGBA(hex: 0x000000))
    public static let clear = CGColor(rgba: RGBA(hex: 0x000000, alpha: 0))
}

extension Color {
    public init(cgColor: CGColor) { self.init(cgColor.rgba) }
    /// The colour as Core Graphics holds it (nil for none: every Glance colour has one).
    public var cgColor: CGColor? { CGColor(rgba: rgba) }
}
