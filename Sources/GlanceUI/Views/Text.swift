import GlanceText

/// A run of text (SwiftUI's `Text`).
public struct Text: View, PrimitiveView, Hashable, Sendable {
    public let string: String
    var dateSpec: DateSpec?
    var font: Font?
    var weight: Font.Weight?
    var color: ShapeNode.Fill?

    public init(_ content: some StringProtocol) {
        string = String(content)
    }

    public init(verbatim content: String) {
        string = content
    }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let font = font ?? environment.font
        let color = color?.representativeColor ?? environment.foregroundColor
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
    public func foregroundColor(_ color: Color?) -> Text { var copy = self; copy.color = color.map { .color($0.rgba) }; return copy }
    public func foregroundStyle(_ style: some ShapeStyle) -> Text {
        var copy = self
        copy.color = style.resolveFill(in: EnvironmentScope.current)
        return copy
    }
}
