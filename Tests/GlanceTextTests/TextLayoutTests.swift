import GlanceGraphics
import GlanceTestSupport
@testable import GlanceText
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

    /// Sizes of one font share one FreeType face; each size's glyphs, kerning and
    /// metrics stay its own however the sizes are used in turn.
    @Test func sizesOfOneFileShareAFaceAndKeepTheirOwnGlyphs() throws {
        let shared = try FontLibrary()
        let small = try #require(shared.face(for: FontDescriptor(pixelSize: 12)))
        let large = try #require(shared.face(for: FontDescriptor(pixelSize: 40)))
        _ = small.glyph(small.glyphIndex(for: "H"))
        _ = large.glyph(large.glyphIndex(for: "H"))
        // Asked after the large size was last active.
        let smallW = small.glyph(small.glyphIndex(for: "W"))
        let smallKerning = small.kerning(small.glyphIndex(for: "A"), small.glyphIndex(for: "V"))
        let alone = try #require(try FontLibrary().face(for: FontDescriptor(pixelSize: 12)))
        let aloneW = alone.glyph(alone.glyphIndex(for: "W"))
        #expect(smallW.coverage == aloneW.coverage && smallW.width == aloneW.width && smallW.advance == aloneW.advance)
        #expect(smallKerning == alone.kerning(alone.glyphIndex(for: "A"), alone.glyphIndex(for: "V")))
        #expect(small.ascent == alone.ascent && small.lineHeight == alone.lineHeight)
        #expect(large.glyph(large.glyphIndex(for: "W")).width > smallW.width * 3)
    }

    /// The daemon lets FreeType's sizes go before a long sleep (their hinting state is
    /// tens of KiB each); a glyph rasterised after that, hinted for a 1-bit panel or
    /// antialiased, is the one a library that never let go draws, and kerning and
    /// cached glyphs are unchanged.
    @Test func glyphsAfterTheSizesWereLetGoAreTheSame() throws {
        let sleeper = try FontLibrary()
        let small = try #require(sleeper.face(for: FontDescriptor(pixelSize: 13)))
        let bold = try #require(sleeper.face(for: FontDescriptor(weight: .bold, pixelSize: 31)))
        let cachedH = small.glyph(small.glyphIndex(for: "H"), mono: true)
        _ = bold.glyph(bold.glyphIndex(for: "M"))
        sleeper.releaseSizes()
        sleeper.releaseSizes()
        #expect(small.glyph(small.glyphIndex(for: "H"), mono: true).coverage == cachedH.coverage)
        let awake = try FontLibrary()
        let freshSmall = try #require(awake.face(for: FontDescriptor(pixelSize: 13)))
        let freshBold = try #require(awake.face(for: FontDescriptor(weight: .bold, pixelSize: 31)))
        for scalar in "Tuesday 1 December".unicodeScalars {
            for mono in [true, false] {
                // The bold size is made again after the small one, and then in turn.
                for (face, fresh) in [(bold, freshBold), (small, freshSmall)] {
                    let glyph = face.glyph(face.glyphIndex(for: scalar), mono: mono)
                    let expected = fresh.glyph(fresh.glyphIndex(for: scalar), mono: mono)
                    #expect(glyph.coverage == expected.coverage && glyph.width == expected.width && glyph.left == expected.left
                        && glyph.top == expected.top && glyph.advance == expected.advance, "\(scalar) mono \(mono) at \(face.pixelSize)")
                }
            }
        }
        #expect(small.kerning(small.glyphIndex(for: "A"), small.glyphIndex(for: "V"))
            == freshSmall.kerning(freshSmall.glyphIndex(for: "A"), freshSmall.glyphIndex(for: "V")))
        #expect(small.ascent == freshSmall.ascent && bold.lineHeight == freshBold.lineHeight)
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
        let text = layout.layout("D-3 안녕 🌙", style: TextStyle(font: body, emoji: .outline))
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

    /// Latin, Hangul and emoji, as a person sees them: in colour, and on a 1-bit panel
    /// (emoji as outlines there).
    @Test func goldenScripts() throws {
        func card(_ emoji: EmojiStyle) throws -> Canvas {
            var canvas = try Canvas(width: 240, height: 120)
            let title = layout.layout("Launch D-3", style: TextStyle(font: FontDescriptor(weight: .bold, pixelSize: 28)))
            layout.draw(title, into: &canvas, x: 6, y: 4, color: .black)
            let korean = layout.layout("월요일 안녕하세요", style: TextStyle(font: FontDescriptor(pixelSize: 22)))
            layout.draw(korean, into: &canvas, x: 6, y: 44, color: .black)
            let symbols = layout.layout("☀️ 🌙 🔥 💧", style: TextStyle(font: FontDescriptor(pixelSize: 24), emoji: emoji))
            layout.draw(symbols, into: &canvas, x: 6, y: 80, color: .black)
            return canvas
        }
        if let mismatch = GoldenImage.compare(try card(.color), named: "scripts") { Issue.record("\(mismatch)") }
        let onePanel = try card(EmojiStyle(for: .bw)).quantised(to: .bw, dither: .floydSteinberg).canvas()
        if let mismatch = GoldenImage.compare(onePanel, named: "scripts-bw") { Issue.record("\(mismatch)") }
    }

    // MARK: Emoji

    @Test func emojiComeFromTheColourFontWhereColourIsAsked() throws {
        let text = layout.layout("Rain ☔️ 🎉", style: TextStyle(font: body))
        let emoji = text.lines[0].glyphs.filter { $0.scalar.properties.isEmojiPresentation }
        #expect(emoji.count == 2)
        #expect(emoji.allSatisfy { $0.face.file.family == FontLibrary.defaultColorEmojiFamily && $0.face.hasColor })
        // The 109-pixel bitmaps are scaled to the text: about an em and a quarter wide.
        for placed in emoji {
            let glyph = placed.face.glyph(placed.index)
            #expect(glyph.colors != nil)
            #expect((20...27).contains(glyph.width) && (18...25).contains(glyph.height), "\(glyph.width)x\(glyph.height)")
            #expect(abs(placed.advance - Double(glyph.width)) <= 1)
        }
    }

    @Test func whichEmojiAreDrawnInColour() {
        func families(_ text: String) -> [String] {
            layout.layout(text, style: TextStyle(font: body)).lines[0].glyphs.map(\.face.file.family)
        }
        let color = FontLibrary.defaultColorEmojiFamily
        // FE0F asks for the picture, FE0E for text: the text's font's outline, or an
        // outline font's.
        #expect(families("☔\u{FE0F}") == [color])
        #expect(families("☔\u{FE0E}") == ["DejaVu Sans"])
        #expect(families("🎉\u{FE0E}") == ["Symbola"])
        // Text by default: the text's font where it has it (DejaVu's ☀), the picture
        // where it does not (🌧).
        #expect(families("☀") == ["DejaVu Sans"])
        #expect(families("🌧") == [color])
        // Digits stay text, even as a keycap's base.
        #expect(families("1\u{FE0F}").first == "DejaVu Sans")
    }

    /// No shaper: a ZWJ family is drawn as its people, a skin tone keeps the default
    /// tone, a flag's tags vanish; nothing is a missing-glyph box.
    @Test func sequencesDrawTheirPartsWithoutBoxes() {
        for style in [EmojiStyle.color, .outline] {
            let family = layout.layout("👨‍👩‍👧", style: TextStyle(font: body, emoji: style)).lines[0].glyphs
            #expect(family.map(\.scalar) == ["👨", "👩", "👧"])
            let thumb = layout.layout("👍🏽", style: TextStyle(font: body, emoji: style)).lines[0].glyphs
            #expect(thumb.map(\.scalar) == ["👍"])
            let england = layout.layout("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", style: TextStyle(font: body, emoji: style))
            #expect(england.lines[0].glyphs.map(\.scalar) == ["🏴"])
            for glyphs in [family, thumb, england.lines[0].glyphs] {
                #expect(glyphs.allSatisfy { $0.index != 0 }, "\(style): \(glyphs.map(\.scalar))")
            }
        }
    }

    /// Layout and drawing agree: a line ending in a colour emoji ends, drawn, where its
    /// measured width says, and the emoji's picture fills its advance.
    @Test func measuredWidthIsDrawnWidth() throws {
        let text = layout.layout("Rain ☔️ 🎉", style: TextStyle(font: body))
        var canvas = try Canvas(width: 200, height: 40)
        layout.draw(text, into: &canvas, x: 0, y: 0, color: .black)
        let inked = (0..<200).filter { x in (0..<40).contains { canvas[x: x, y: $0] != .white } }
        let right = try #require(inked.last) + 1
        #expect(abs(Double(right) - text.lines[0].width) <= 1, "drawn to \(right), measured \(text.lines[0].width)")
        let last = try #require(text.lines[0].glyphs.last)
        let pictures = inked.filter { Double($0) >= last.x.rounded(.down) }
        #expect(Double(pictures.count) >= last.advance - 2, "\(pictures.count) columns for an advance of \(last.advance)")
    }

    /// Shrinking averages what each pixel covers: a one-pixel line halved is a half-inked
    /// pixel, where picking the nearest pixel would keep it whole or drop it.
    @Test func bitmapsShrinkByAreaAveraging() {
        // 4×2, one channel, 2 pixels above the baseline: a line in column 1.
        let line: [UInt8] = [0, 255, 0, 0, 0, 255, 0, 0]
        let half = AreaResampler.resample(line, width: 4, height: 2, channels: 1, left: 0, top: 2, scale: 0.5)
        #expect(half.width == 2 && half.height == 1 && half.left == 0 && half.top == 1)
        #expect(half.samples == [128, 0])
        // Off the pixel grid (a bearing of 1 halved): three pixels hold it, nothing lost.
        let offset = AreaResampler.resample(line, width: 4, height: 2, channels: 1, left: 1, top: 2, scale: 0.5)
        #expect(offset.width == 3 && offset.left == 0)
        #expect(offset.samples.map(Int.init).reduce(0, +) == 128)
    }

    @Test func aMissingColourFontFallsBackToOutlinesAndSaysSoOnce() throws {
        var messages: [String] = []
        let library = try FontLibrary(colorEmojiFamily: "No Such Emoji", log: { messages.append($0) })
        let layout = TextLayout(library: library)
        for size in [20.0, 30] {
            let text = layout.layout("Rain ☔️ 🎉", style: TextStyle(font: FontDescriptor(pixelSize: size)))
            let emoji = text.lines[0].glyphs.filter { $0.scalar.properties.isEmojiPresentation }
            // ☔ is DejaVu's, 🎉 Symbola's.
            #expect(emoji.count == 2 && emoji.allSatisfy { !$0.face.hasColor && $0.index != 0 })
            var canvas = try Canvas(width: 200, height: 50)
            layout.draw(text, into: &canvas, x: 0, y: 0, color: .black)
            #expect(canvas.pixels.contains(.black))
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("'No Such Emoji' is not installed") == true)
    }
}
