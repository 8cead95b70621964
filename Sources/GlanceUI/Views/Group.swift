import FoundationEssentials
import GlanceGraphics

/// Views side by side in their container, as if written there (SwiftUI's `Group`).
public struct Group<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode { resolveNode(content, in: environment) }
}
