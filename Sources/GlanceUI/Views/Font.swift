import Foundation
import GlanceText

/// A font request (SwiftUI's `Font`): a text style with Apple's default Dynamic Type
/// size in points, or an explicit system size.
public struct Font: Hashable, Sendable {
    public var pointSize: Double
    public var weight: Weight
    public var family: String?
    public var isItalic: Bool
    /// Lowercase letters drawn as capitals at the size of small capitals (`.smallCaps()`),
    /// and uppercase ones too (`.uppercaseSmallCaps()`).
    var capitals: SmallCaps = []

    struct SmallCaps: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let lowercase = SmallCaps(rawValue: 1)
        static let uppercase = SmallCaps(rawValue: 2)
    }

    /// A small capital's height against a capital's: about a lowercase letter's x-height.
    static let smallCapsScale = 0.75

    /// How heavy a typeface is: SwiftUI's `Font.Weight`, a value with its nine named
    /// weights (its own type, not the text engine's: the renderer maps it).
    public struct Weight: Hashable, Sendable {
        /// The text engine's weight this one asks fontconfig for.
        package let engineWeight: FontWeight
        package init(_ weight: FontWeight) { engineWeight = weight }

        public static let ultraLight = Weight(.ultraLight)
        public static let thin = Weight(.thin)
        public static let light = Weight(.light)
        public static let regular = Weight(.regular)
        public static let medium = Weight(.medium)
        public static let semibold = Weight(.semibold)
        public static let bold = Weight(.bold)
        public static let heavy = Weight(.heavy)
        public static let black = Weight(.black)
    }

    public static let largeTitle = Font(pointSize: 34, weight: .regular)
    public static let title = Font(pointSize: 28, weight: .regular)
    public static let title2 = Font(pointSize: 22, weight: .regular)
    public static let title3 = Font(pointSize: 20, weight: .regular)
    public static let headline = Font(pointSize: 17, weight: .semibold)
    public static let body = Font(pointSize: 17, weight: .regular)
    public static let callout = Font(pointSize: 16, weight: .regular)
    public static let subheadline = Font(pointSize: 15, weight: .regular)
    public static let footnote = Font(pointSize: 13, weight: .regular)
    public static let caption = Font(pointSize: 12, weight: .regular)
    public static let caption2 = Font(pointSize: 11, weight: .regular)

    init(pointSize: Double, weight: Weight, family: String? = nil, italic: Bool = false) {
        self.pointSize = pointSize
        self.weight = weight
        self.family = family
        isItalic = italic
    }

    /// `design` is accepted for source compatibility; Glance's default family serves all.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(pointSize: size.native, weight: weight, family: design == .monospaced ? "DejaVu Sans Mono" : nil)
    }

    public static func system(_ style: Font, design: Design = .default, weight: Weight? = nil) -> Font {
        var font = style
        if let weight { font.weight = weight }
        if design == .monospaced { font.family = "DejaVu Sans Mono" }
        return font
    }

    /// A family by name (installed, or in `fonts/`).
    public static func custom(_ name: String, size: CGFloat) -> Font { Font(pointSize: size.native, weight: .regular, family: name) }
    /// The same at a size that does not follow Dynamic Type (there is none on a wall).
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { custom(name, size: fixedSize) }
    /// The same, scaled with a text style on iOS; here at `size`.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font) -> Font { custom(name, size: size) }

    public func weight(_ weight: Weight) -> Font { var copy = self; copy.weight = weight; return copy }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font { var copy = self; copy.isItalic = true; return copy }
    public func monospacedDigit() -> Font { self }
    /// Lowercase letters as small capitals (SwiftUI's `Font.smallCaps()`).
    public func smallCaps() -> Font { var copy = self; copy.capitals.insert(.lowercase); return copy }
    public func lowercaseSmallCaps() -> Font { var copy = self; copy.capitals.insert(.lowercase); return copy }
    /// Uppercase letters as small capitals too.
    public func uppercaseSmallCaps() -> Font { var copy = self; copy.capitals.insert(.uppercase); return copy }
    /// The same size and weight in the monospaced face.
    public func monospaced() -> Font {
        var copy = self
        copy.family = "DejaVu Sans Mono"
        return copy
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }
}

extension Font {
    /// Dynamic Type's text styles, as values (`Font.system(style)`), at Apple's default sizes.
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        public var font: Font {
            switch self {
            case .largeTitle: .largeTitle
            case .title: .title
            case .title2: .title2
            case .title3: .title3
            case .headline: .headline
            case .subheadline: .subheadline
            case .body: .body
            case .callout: .callout
            case .footnote: .footnote
            case .caption: .caption
            case .caption2: .caption2
            }
        }
    }

    /// A text style's font (a `Font.TextStyle` value; `.system(.body)` is the `Font` one).
    @_disfavoredOverload
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        system(style.font, design: design ?? .default, weight: weight)
    }

    @_disfavoredOverload
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font { custom(name, size: size) }
}

extension Font {
    /// A font's width (SwiftUI's `Font.Width`): accepted, not applied.
    public struct Width: Hashable, Sendable {
        let value: Double
        public static let compressed = Width(value: -0.3)
        public static let condensed = Width(value: -0.2)
        public static let standard = Width(value: 0)
        public static let expanded = Width(value: 0.2)
    }
}
