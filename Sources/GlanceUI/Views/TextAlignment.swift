import GlanceText

/// How the lines of a multi-line text line up (SwiftUI's `TextAlignment`):
/// `.multilineTextAlignment(.center)`.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing

    /// The same alignment for the text layout below.
    package var layout: GlanceText.TextAlignment {
        switch self {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
    }
}
