import FoundationEssentials
import GlanceGraphics

/// A link (SwiftUI's `Link`): on a wall display nothing opens a URL, so it draws its
/// label and does nothing.
public struct Link<Label: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let label: Label

    public init(destination: URL, @ViewBuilder label: () -> Label) { self.label = label() }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode { resolveNode(label, in: environment) }
}

extension Link where Label == Text {
    public init(_ title: LocalizedStringKey, destination: URL) { self.init(destination: destination) { Text(title) } }
}
