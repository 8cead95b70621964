/// How heavy a typeface is (SwiftUI's `Font.Weight` names).
public enum FontWeight: Int, CaseIterable, Sendable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// fontconfig's `FC_WEIGHT_*` value.
    var fontconfigWeight: Int32 {
        switch self {
        case .ultraLight: 40
        case .thin: 0
        case .light: 50
        case .regular: 80
        case .medium: 100
        case .semibold: 180
        case .bold: 200
        case .heavy: 205
        case .black: 210
        }
    }

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A font request: a family (or the default), weight, style and size in pixels.
public struct FontDescriptor: Hashable, Sendable {
    /// `nil`: the default text family.
    public var family: String?
    public var weight: FontWeight
    public var italic: Bool
    /// The em size in pixels.
    public var pixelSize: Double

    public init(family: String? = nil, weight: FontWeight = .regular, italic: Bool = false, pixelSize: Double) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.pixelSize = pixelSize
    }

    /// The family Glance asks fontconfig for when none is named.
    public static let defaultFamily = "DejaVu Sans"
}
