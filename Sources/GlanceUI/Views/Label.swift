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
        let configuration = LabelStyleConfiguration(title: .init(content: AnyView(title)), icon: .init(content: AnyView(icon)))
        return resolveNode(environment.labelStyle.body(configuration), in: environment)
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

/// How labels show (SwiftUI's `LabelStyle`): the built-in `.iconOnly`, `.titleOnly`,
/// `.titleAndIcon`, or a widget's own style whose `makeBody(configuration:)` arranges the
/// label's title and icon.
public protocol LabelStyle: Sendable {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = LabelStyleConfiguration
}

/// A label's parts as a style gets them (SwiftUI's `LabelStyleConfiguration`): each a view
/// that resolves in the environment the style puts it in (`configuration.title.font(.caption)`).
public struct LabelStyleConfiguration {
    public typealias Title = StylePart
    public typealias Icon = StylePart

    public let title: Title
    public let icon: Icon
}

/// A part of a view handed to its style (a label's title or icon, a button's label): the
/// view as written, resolved in the environment where the style puts it.
public struct StylePart: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let content: AnyView
    package func makeNode(in environment: EnvironmentValues) -> ViewNode { resolveNode(content, in: environment) }
}

/// The icon before the title, as `.titleAndIcon`.
public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { TitleAndIconLabelStyle().makeBody(configuration: configuration) }
}

public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 6) { configuration.icon; configuration.title }
    }
}

public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: DefaultLabelStyle { DefaultLabelStyle() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() } }

/// The style in the environment, its type erased.
package struct AnyLabelStyle: Sendable {
    let body: @Sendable (LabelStyleConfiguration) -> AnyView

    init<Style: LabelStyle>(_ style: Style) { body = { AnyView(style.makeBody(configuration: $0)) } }

    static let automatic = AnyLabelStyle(DefaultLabelStyle())
}

extension View {
    public consuming func labelStyle<Style: LabelStyle>(_ style: Style) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.labelStyle = AnyLabelStyle(style) })
    }
}
