import Foundation
import GlanceText

/// A font request (SwiftUI's `Font`): a text style with Apple's default Dynamic Type
/// size in points, or an explicit system size.
public struct Font: Hashable, Sendable {
    public var pointSize: Double
    public var weight: Weight
    public var family: String?
    public var isItalic: Bool

    public typealias Weight = FontWeight

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
    /// A font's width (SwiftUI's `Font.Width`): accepted, not applied.
    public struct Width: Hashable, Sendable {
        let value: Double
        public static let compressed = Width(value: -0.3)
        public static let condensed = Width(value: -0.2)
        public static let standard = Width(value: 0)
        public static let expanded = Width(value: 0.2)
    }
}
