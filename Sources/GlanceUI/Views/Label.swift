import FoundationEssentials
import GlanceGraphics

/// A title with an icon (SwiftUI's `Label`).
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let titleNode = resolveNode(title, in: environment), iconNode = resolveNode(icon, in: environment)
        switch environment.labelStyle.look {
        case .titleOnly: return titleNode
        case .iconOnly: return iconNode
        case .automatic, .titleAndIcon:
            return .stack(StackNode(axis: .horizontal, alignment: .center, spacing: 6, children: [iconNode, titleNode]))
        }
    }
}

extension Label where Title == Text, Icon == Image {
    public init(_ title: LocalizedStringKey, systemImage: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) })
    }

    @_disfavoredOverload
    public init(_ title: some StringProtocol, systemImage: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) })
    }

    /// An icon from the config's `images:` folder.
    public init(_ title: LocalizedStringKey, image: String) {
        self.init(title: { Text(title) }, icon: { Image(image) })
    }
}

/// How labels show (SwiftUI's label styles): `.labelStyle(.iconOnly)`.
public struct LabelStyleConfiguration: Hashable, Sendable {
    enum Look: Hashable, Sendable {
        case automatic, titleOnly, iconOnly, titleAndIcon
    }

    let look: Look

    public static let automatic = LabelStyleConfiguration(look: .automatic)
    public static let titleOnly = LabelStyleConfiguration(look: .titleOnly)
    public static let iconOnly = LabelStyleConfiguration(look: .iconOnly)
    public static let titleAndIcon = LabelStyleConfiguration(look: .titleAndIcon)
}

extension View {
    public func labelStyle(_ style: LabelStyleConfiguration) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.labelStyle = style })
    }
}
