import Foundation

/// The shape and size class of a widget (WidgetKit's `WidgetFamily`).
public enum WidgetFamily: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case systemSmall
    case systemMedium
    case systemLarge
    case systemExtraLarge
    case accessoryCircular
    case accessoryRectangular
    case accessoryInline
    case accessoryCorner

    /// The size a slot of this family gets unless the config gives one, in points
    /// (the display's `scale` maps points to pixels). These are the iPad sizes, which
    /// divide an 800×480 panel into a useful grid.
    public var defaultSize: CGSize {
        switch self {
        case .systemSmall: CGSize(width: 170, height: 170)
        case .systemMedium: CGSize(width: 364, height: 170)
        case .systemLarge: CGSize(width: 364, height: 382)
        case .systemExtraLarge: CGSize(width: 768, height: 382)
        case .accessoryCircular: CGSize(width: 76, height: 76)
        case .accessoryRectangular: CGSize(width: 172, height: 76)
        case .accessoryInline: CGSize(width: 257, height: 26)
        case .accessoryCorner: CGSize(width: 76, height: 76)
        }
    }

    public var description: String { rawValue }
}
