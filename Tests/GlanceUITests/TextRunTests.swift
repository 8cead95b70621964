import FoundationEssentials
import GlanceGraphics
import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceUI
import Testing

/// Texts made of pieces: `Text + Text`, interpolated `Text`, dates, `specifier:` and
/// format styles.
@Suite struct TextRunTests {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    func lines(_ view: some View) -> [String] { resolveNode(view, in: EnvironmentValues()).textLines }

    @Test func interpolatedTextIsConcatenatedNotDescribed() throws {
        var environment = EnvironmentValues()
        environment.now = Date(timeIntervalSince1970: 1_800_000_000)
        let date = Date(timeIntervalSince1970: 1_800_000_000 + 7200)
        let node = resolveNode(Text("Launch \(Text("soon").bold()) — \(Text(date, style: .offset))"), in: environment)
        #expect(node.textLines == ["Launch soon — +2 hours"])
        let text = try #require(node.textNode, "not a text: \(node)")
        #expect(text.runs?.map(\.string) == ["Launch ", "soon", " — ", "+2 hours"])
        #expect(text.runs?.map(\.weight) == [.regular, .bold, .regular, .regular])
        // A Text interpolated into a Text is its words, not its description.
        var utc = EnvironmentValues()
        utc.timeZone = .utc
        #expect(resolveNode(Text("Temp \(Text(date, style: .time))"), in: utc).textLines == ["Temp 10:00\u{202F}AM"])
    }

    @Test func plainInterpolationStaysOneRun() throws {
        let count = 3
        let text = try #require(resolveNode(Text("\(count) items, \("ok")"), in: EnvironmentValues()).textNode)
        #expect(text.string == "3 items, ok" && text.runs == nil)
    }

    @Test func specifiersFormatNumbersAsPrintfDoes() {
        #expect(lines(Text("\(21.456, specifier: "%.1f")°")) == ["21.5°"])
        #expect(lines(Text("\(7, specifier: "%03d")")) == ["007"])
        #expect(lines(Text("\(-2.5, specifier: "%+.2f") / \(1234.5, specifier: "%8.1f")|")) == ["-2.50 /   1234.5|"])
        #expect(lines(Text("\(0.000123, specifier: "%.2e") \(1_500_000.0, specifier: "%g") \(42, specifier: "%ld%%")")) == ["1.23e-04 1.5e+06 42%"])
        #expect(lines(Text("\(3.0, specifier: "%.0f") \(2.5, specifier: "%.0f")")) == ["3 3"])
    }

    @Test func formatStyles() {
        let date = Date(timeIntervalSince1970: 0)
        #expect(lines(Text(date, format: .iso8601)) == ["1970-01-01T00:00:00Z"])
        #expect(lines(Text("at \(date, format: .iso8601)")) == ["at 1970-01-01T00:00:00Z"])
    }

    @Test func modifiersOnAConcatenationFillWhatPiecesLeaveOpen() throws {
        let text = (Text("A").foregroundColor(.red) + Text("B")).foregroundColor(.blue).bold()
        let node = try #require(resolveNode(text, in: EnvironmentValues()).textNode)
        #expect(node.runs?.map(\.color) == [Color.red.rgba, Color.blue.rgba])
        #expect(node.runs?.map(\.weight) == [.bold, .bold])
    }

    @Test func goldenStyledText() throws {
        let view = VStack(alignment: .leading, spacing: 6) {
            Text("Sunny").font(.title).bold() + Text(" 21°").font(.title).foregroundColor(.orange) + Text(" feels 19°").font(.caption)
            Text("Next: \(Text("Team sync").bold()) in \(Text("15 min").foregroundColor(.red))")
            (Text("Wraps across lines with ") + Text("bold words").bold() + Text(" and ") + Text("italic ones").italic()).lineLimit(3)
        }
        .padding(8)
        let mismatches = try GoldenImage.compareOnEveryPanel(width: 220, height: 130, named: "text-runs") { canvas in
            renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 220, height: 130))
        }
        for mismatch in mismatches { Issue.record("\(mismatch)") }
    }
}

extension ViewNode {
    /// The text this node is, or nil when it is anything else.
    var textNode: TextNode? {
        if case .text(let text) = self { text } else { nil }
    }
}
