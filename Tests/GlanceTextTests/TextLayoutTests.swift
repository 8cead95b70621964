import GlanceGraphics
import GlanceTestSupport
import GlanceText
import Testing

/// One library for the suite's tests (FreeType faces are not shared across threads).
@Suite(.serialized) struct TextLayoutTests {
    let library: FontLibrary
    let layout: TextLayout
    let body = FontDescriptor(pixelSize: 20)

    init() throws {
        library = try FontLibrary()
        layout = TextLayout(library: library)
    }

    @Test func theDefaultFamilyIsFound() throws {
        let face = try #require(library.face(for: body))
        #expect(face.file.family.contains("DejaVu Sans"))
        #expect(face.ascent > 10 && face.descent > 2 && face.lineHeight >= face.ascent + face.descent - 1)
    }

    @Test func aMissingFamilyFallsBackAndSaysSoOnce() throws {
        var messages: [String] = []
        let quiet = try FontLibrary(log: { messages.append($0) })
        _ = quiet.face(for: FontDescriptor(family: "No Such Family", pixelSize: 12))
        _ = quiet.face(for: FontDescriptor(family: "No Such Family", pixelSize: 30))
        #expect(messages.count == 1)
        #expect(messages.first?.contains("'No Such Family' is not installed") == true)
    }

    @Test func boldIsWiderThanRegular() {
        let regular = layout.layout("Launch", style: TextStyle(font: body))
        let bold = layout.layout("Launch", style: TextStyle(font: FontDescriptor(weight: .bold, pixelSize: 20)))
        #expect(bold.width > regular.width)
    }

    @Test func wrapsOnWordBoundariesWithinTheWidth() {
        let text = layout.layout("The quick brown fox jumps over the lazy dog", style: TextStyle(font: body), maxWidth: 120)
        #expect(text.lines.count > 2)
        #expect(text.lines.allSatisfy { $0.width <= 120 })
        // Every line starts at a word: no word is split.
        let words = Set("The quick brown fox jumps over the lazy dog".split(separator: " ").map(String.init))
        for line in text.lines {
            for word in line.text.split(separator: " ") { #expect(words.contains(String(word)), "\(line.text)") }
        }
    }

    @Test func aLineLimitEndsInAnEllipsisThatFits() {
        let text = layout.layout("The quick brown fox jumps over the lazy dog", style: TextStyle(font: body, lineLimit: 1), maxWidth: 120)
        #expect(text.lines.count == 1)
        #expect(text.truncated)
        #expect(text.lines[0].text.hasSuffix("…"))
        #expect(text.lines[0].width <= 120)
    }

    @Test func japaneseBreaksBetweenCharacters() {
        // No spaces: it can still wrap.
        let text = layout.layout("吾輩は猫である名前はまだ無い", style: TextStyle(font: body), maxWidth: 90)
        #expect(text.lines.count >= 2)
    }

    @Test func hangulAndEmojiComeFromFallbackFonts() {
        let text = layout.layout("D-3 안녕 🌙", style: TextStyle(font: body))
        let families = Set(text.lines[0].glyphs.map(\.face.file.family))
        #expect(families.contains { $0.contains("Nanum") })
        #expect(families.contains { $0.contains("Symbola") })
        #expect(text.lines[0].glyphs.allSatisfy { $0.index != 0 })
    }

    @Test func aGlyphNoFontHasIsAVisibleBoxNotACrash() throws {
        let text = layout.layout("\u{10FFFD}", style: TextStyle(font: body))
        #expect(text.lines[0].glyphs.first?.index == 0)
        var canvas = try Canvas(width: 40, height: 30)
        layout.draw(text, into: &canvas, x: 5, y: 2, color: .black)
        #expect(canvas.pixels.contains { $0 != .white })
    }

    @Test func alignmentPlacesLinesInTheWidth() {
        let centered = layout.layout("Hi", style: TextStyle(font: body, alignment: .center), maxWidth: 200)
        let trailing = layout.layout("Hi", style: TextStyle(font: body, alignment: .trailing), maxWidth: 200)
        #expect(abs(centered.lines[0].offset - (200 - centered.lines[0].width) / 2) <= 1)
        #expect(abs(trailing.lines[0].offset + trailing.lines[0].width - 200) <= 1)
    }

    @Test func monoGlyphsAreOneBit() throws {
        let text = layout.layout("Mono", style: TextStyle(font: FontDescriptor(pixelSize: 12), mono: true))
        var canvas = try Canvas(width: 60, height: 20)
        layout.draw(text, into: &canvas, x: 2, y: 2, color: .black)
        #expect(canvas.pixels.allSatisfy { $0 == .black || $0 == .white })
        #expect(canvas.pixels.contains(.black))
    }

    /// Latin, Hangul and an emoji, as a person sees them.
    @Test func goldenScripts() throws {
        var canvas = try Canvas(width: 240, height: 120)
        let title = layout.layout("Launch D-3", style: TextStyle(font: FontDescriptor(weight: .bold, pixelSize: 28)))
        layout.draw(title, into: &canvas, x: 6, y: 4, color: .black)
        let korean = layout.layout("월요일 안녕하세요", style: TextStyle(font: FontDescriptor(pixelSize: 22)))
        layout.draw(korean, into: &canvas, x: 6, y: 44, color: .black)
        let emoji = layout.layout("☀️ 🌙 🔥 💧", style: TextStyle(font: FontDescriptor(pixelSize: 24)))
        layout.draw(emoji, into: &canvas, x: 6, y: 80, color: .black)
        if let mismatch = GoldenImage.compare(canvas, named: "scripts") { Issue.record("\(mismatch)") }
        let onePanel = canvas.quantised(to: .bw, dither: .floydSteinberg).canvas()
        if let mismatch = GoldenImage.compare(onePanel, named: "scripts-bw") { Issue.record("\(mismatch)") }
    }
}
