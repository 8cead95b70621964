import GlanceGraphics
import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceUI
import Testing

/// Emoji as each kind of panel shows them: Noto Color Emoji's pictures on colour and
/// grey panels (dithered where there are few inks), Symbola's outlines in the text's
/// colour on 1-bit ones, also white on black.
@Suite(.serialized) struct EmojiTests {
    let fonts: FontLibrary

    init() throws { fonts = try FontLibrary() }

    static let line = "Sun ☀️ rain 🌧 party 🎉"
    /// A heart, a thumb with a skin tone, and a ZWJ family (drawn as its people: no shaper).
    static let sequences = "Love ❤️ ok 👍🏽 home 👨‍👩‍👧"

    func render(_ view: some View, palette: Palette, width: Int = 320, height: Int = 60, background: RGBA = .white) throws -> Canvas {
        let renderer = ViewRenderer(fonts: fonts, emoji: EmojiStyle(for: palette))
        var canvas = try Canvas(width: width, height: height, fill: background,
                                panel: palette, dither: .floydSteinberg)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas,
                        in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        return canvas
    }

    var card: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(Self.line).font(.system(size: 20))
            Text(Self.sequences).font(.system(size: 20))
        }
    }

    @Test(arguments: [Palette.rgb888, .gray4, .bw])
    func aLineOfEmoji(palette: Palette) throws {
        let canvas = try render(card, palette: palette)
        let frame = canvas.quantised(to: palette, dither: .floydSteinberg).canvas()
        if let mismatch = GoldenImage.compare(frame, named: "emoji-\(palette.name)") { Issue.record("\(mismatch)") }
        switch palette {
        case .rgb888:
            // The party popper's and the heart's own colours, not the text's black.
            #expect(frame.pixels.contains { $0.r > 200 && $0.g < 80 && $0.b < 80 }, "no red")
            #expect(frame.pixels.contains { $0.r > 200 && $0.g > 150 && $0.b < 80 }, "no yellow")
        case .gray4:
            // The pictures are tonal: both middle greys are used, in dots.
            #expect(frame.pixels.contains(RGBA(85, 85, 85)) && frame.pixels.contains(RGBA(170, 170, 170)))
            #expect(canvas.tonal.contains(true))
        default:
            // Outlines: flat, nothing to dither.
            #expect(!canvas.tonal.contains(true))
        }
    }

    /// White text on black on a 1-bit panel: the emoji are white outlines like the
    /// letters, not black shapes lost in the background.
    @Test func whiteOnBlackKeepsEmojiVisible() throws {
        let text = "Rain ☔️ 🎉"
        let view = Text(text).font(.system(size: 24)).foregroundStyle(.white)
        let canvas = try render(view, palette: .bw, width: 160, height: 40, background: .black)
        let frame = canvas.quantised(to: .bw, dither: .floydSteinberg).canvas()
        if let mismatch = GoldenImage.compare(frame, named: "emoji-white-on-black-bw") { Issue.record("\(mismatch)") }
        // Each emoji's box: where the renderer put the text, plus the glyph's place in it.
        let renderer = ViewRenderer(fonts: fonts, emoji: .outline)
        let box = renderer.layout(resolveNode(view, in: EnvironmentValues()), in: Rect(x: 0, y: 0, width: 160, height: 40)).rect
        let laid = TextLayout(library: fonts).layout(text, style: TextStyle(font: FontDescriptor(pixelSize: 24), emoji: .outline))
        let emoji = laid.lines[0].glyphs.filter { $0.scalar.properties.isEmojiPresentation }
        #expect(emoji.count == 2)
        for glyph in emoji {
            let left = Int((box.x + glyph.x).rounded()), right = Int((box.x + glyph.x + glyph.advance).rounded())
            let rows = Int(box.y.rounded())..<Int((box.y + box.height).rounded())
            let white = (left..<right).flatMap { x in rows.map { frame[x: x, y: $0] } }.filter { $0 == .white }
            #expect(white.count > 30, "\(glyph.scalar) has \(white.count) white pixels")
        }
    }
}
