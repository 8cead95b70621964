/// A run of text (SwiftUI's `Text`).
public struct Text: View, PrimitiveView, Hashable, Sendable {
    public let string: String

    public init(_ content: some StringProtocol) {
        string = String(content)
    }

    public init(verbatim content: String) {
        string = content
    }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode { .text(string) }
}
