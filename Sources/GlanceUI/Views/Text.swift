import GlanceText

/// A run of text (SwiftUI's `Text`).
public struct Text: View, PrimitiveView, Sendable {
    public let string: String
    var dateSpec: DateSpec?
    var font: Font?
    var weight: Font.Weight?
    /// Resolved when the tree is: asset colours and `.secondary` need the environment.
    var style: (any ShapeStyle)?

    public init(_ content: some StringProtocol) {
        string = String(content)
    }

    public init(verbatim content: String) {
        string = content
    }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let font = font ?? environment.font
        let color = style?.resolveFill(in: environment).representativeColor ?? environment.foregroundColor
        return .text(TextNode(
            string: dateSpec?.text(in: environment) ?? string,
            pointSize: font.pointSize,
            weight: weight ?? environment.fontWeight ?? font.weight,
            italic: font.isItalic || environment.italic,
            family: font.family,
            color: color,
            lineLimit: environment.lineLimit,
            alignment: environment.multilineTextAlignment,
            minimumScaleFactor: environment.minimumScaleFactor,
            redacted: environment.redactionReasons.contains(.placeholder)
        ))
    }

    // Text's own modifiers return Text, as in SwiftUI, so they can be chained on it.
    public func font(_ font: Font?) -> Text { var copy = self; copy.font = font; return copy }
    public func fontWeight(_ weight: Font.Weight?) -> Text { var copy = self; copy.weight = weight; return copy }
    public func bold() -> Text { fontWeight(.bold) }
    public func foregroundColor(_ color: Color?) -> Text {
        var copy = self
        copy.style = color
        return copy
    }
    public func foregroundStyle(_ style: some ShapeStyle) -> Text {
        var copy = self
        copy.style = style
        return copy
    }
}
