import FoundationEssentials
import GlanceGraphics

/// Views side by side in their container, as if written there (SwiftUI's `Group`).
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode { resolveNode(content, in: environment) }
}
