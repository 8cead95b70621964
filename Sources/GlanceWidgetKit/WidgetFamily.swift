import Foundation
import GlanceUI

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
    public var defaultSize: WidgetSize {
        switch self {
        case .systemSmall: WidgetSize(width: 170, height: 170)
        case .systemMedium: WidgetSize(width: 364, height: 170)
        case .systemLarge: WidgetSize(width: 364, height: 382)
        case .systemExtraLarge: WidgetSize(width: 768, height: 382)
        case .accessoryCircular: WidgetSize(width: 76, height: 76)
        case .accessoryRectangular: WidgetSize(width: 172, height: 76)
        case .accessoryInline: WidgetSize(width: 257, height: 26)
        case .accessoryCorner: WidgetSize(width: 76, height: 76)
        }
    }

    public var description: String { rawValue }
}

/// A widget's size in points: Core Graphics' `CGSize`, as WidgetKit has it.
public typealias WidgetSize = CGSize
