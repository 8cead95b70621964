import GlanceGraphics

/// Where lines sit within the layout's width.
public enum TextAlignment: Sendable {
    case leading, center, trailing
}

/// Where a text too long for its lines is cut (SwiftUI's `Text.TruncationMode`): the
/// "…" stands for what was left out at the end, the start, or the middle.
public enum Truncation: Sendable {
    case tail, head, middle
}

/// How a run of text is set.
public struct TextStyle: Sendable {
    public var font: FontDescriptor
    public var alignment: TextAlignment
    /// At most this many lines; the last one shown ends in "…" when text was cut.
    public var lineLimit: Int?
    /// Hinted 1-bit glyphs instead of antialiased ones (crisp small text on 1-bit panels).
    public var mono: Bool
    /// Pixels added between lines.
    public var lineSpacing: Double
    /// Emoji in colour or as outlines (`EmojiStyle(for:)` the panel's palette).
    public var emoji: EmojiStyle
    /// Where the last line shown is cut when the text does not fit.
    public var truncation: Truncation

    public init(font: FontDescriptor, alignment: TextAlignment = .leading, lineLimit: Int? = nil, mono: Bool = false,
                lineSpacing: Double = 0, emoji: EmojiStyle = .color, truncation: Truncation = .tail) {
        self.truncation = truncation
        self.font = font
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.mono = mono
        self.lineSpacing = lineSpacing
        self.emoji = emoji
    }
}

/// A piece of text in its own font (`Text("a").bold() + Text("b")`); `tag` says which
/// piece a glyph came from, for its colour.
public struct TextSpan: Sendable {
    public var text: String
    public var font: FontDescriptor
    /// Pixels added after every character.
    public var tracking: Double

    public init(_ text: String, font: FontDescriptor, tracking: Double = 0) {
        self.text = text
        self.font = font
        self.tracking = tracking
    }
}

/// Lines drawn with a span's glyphs (`.underline()`, `.strikethrough()`), in their colours.
public struct TextDecoration: Hashable, Sendable {
    public var underline: RGBA?
    public var strikethrough: RGBA?

    public init(underline: RGBA? = nil, strikethrough: RGBA? = nil) {
        self.underline = underline
        self.strikethrough = strikethrough
    }
}

/// A glyph placed on a line.
public struct PlacedGlyph {
    public let face: FontFace
    public let index: UInt32
    /// Pen position from the line's left edge, in pixels.
    public let x: Double
    public let advance: Double
    /// The text it came from (for tests and hit checks).
    public let scalar: Unicode.Scalar
    /// The span it came from (0 for plain text).
    public var span: Int = 0
    /// Drawn without antialiasing, as ink wherever it covers a third of a pixel: an
    /// outline emoji for a few-ink panel. It then has one shape in white on black and
    /// in black on white (left antialiased, the quantiser's ink bias would thicken it
    /// in black and thin its fine strokes away in white).
    public var solid: Bool = false
}

/// One laid-out line.
public struct TextLine {
    public var glyphs: [PlacedGlyph]
    /// Pixels from the first pen position to the end of the last visible glyph's advance.
    public var width: Double
    /// Offset of the line's left edge from the layout's, set by alignment.
    public var offset: Double = 0

    public var text: String { String(String.UnicodeScalarView(glyphs.map(\.scalar))) }
}

/// Text set into lines: sizes in pixels, ready to draw.
public struct LaidOutText {
    public var lines: [TextLine]
    public let width: Double
    public let lineHeight: Double
    public let ascent: Double
    /// From one line's baseline to the next.
    public var lineStep: Double { lineHeight + lineSpacing }
    public var height: Double { height(lines: lines.count) }

    /// The height of `count` lines of this text.
    public func height(lines count: Int) -> Double { count <= 0 ? 0 : Double(count) * lineHeight + Double(count - 1) * lineSpacing }
    /// True when the line limit cut text off.
    public let truncated: Bool
    let mono: Bool
    /// Pixels between one line's bottom and the next one's top.
    public var lineSpacing: Double = 0
}

/// Sets text with a `FontLibrary`: per-glyph fallback, kerning, line breaking on word
/// boundaries (and between CJK characters), line limits with an ellipsis, alignment,
/// emoji in colour or as outlines.
public struct TextLayout {
    let library: FontLibrary

    public init(library: FontLibrary) { self.library = library }

    /// Lays out `text` within `maxWidth` pixels (`nil`: one line per paragraph, no wrap).
    public func layout(_ text: String, style: TextStyle, maxWidth: Double? = nil) -> LaidOutText {
        layout([TextSpan(text, font: style.font)], style: style, maxWidth: maxWidth)
    }

    /// Lays out spans of differing fonts as one text: they wrap together, and every line
    /// is as tall as the tallest font (`style.font` sets the ellipsis).
    public func layout(_ spans: [TextSpan], style: TextStyle, maxWidth: Double? = nil) -> LaidOutText {
        guard let main = library.face(for: style.font) else {
            return LaidOutText(lines: [], width: 0, lineHeight: 0, ascent: 0, truncated: false, mono: style.mono)
        }
        let faces = spans.map { library.face(for: $0.font) ?? main }
        var lines: [TextLine] = []
        var paragraph: [PlacedGlyph] = []
        var pen = 0.0
        for (number, span) in spans.enumerated() {
            let pieces = span.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (piece, text) in pieces.enumerated() {
                if piece > 0 {
                    lines += wrap(paragraph, maxWidth: maxWidth)
                    paragraph = []
                    pen = 0
                }
                let glyphs = shape(String(text), main: faces[number], style: style, font: span.font, tracking: span.tracking,
                                   span: number, pen: pen)
                paragraph += glyphs
                pen = glyphs.last.map { $0.x + $0.advance } ?? pen
            }
        }
        lines += wrap(paragraph, maxWidth: maxWidth)
        var truncated = false
        if let limit = style.lineLimit, limit > 0, lines.count > limit {
            let rest = Array(lines[(limit - 1)...])
            lines = Array(lines.prefix(limit))
            lines[limit - 1] = cut(rest, main: main, style: style, maxWidth: maxWidth)
            truncated = true
        } else if let maxWidth, let index = lines.indices.last(where: { lines[$0].width > maxWidth + 0.01 }) {
            // A single unbreakable run wider than the box.
            lines[index] = cut([lines[index]], main: main, style: style, maxWidth: maxWidth)
            truncated = true
        }
        let width = maxWidth ?? (lines.map(\.width).max() ?? 0)
        for index in lines.indices {
            switch style.alignment {
            case .leading: lines[index].offset = 0
            case .center: lines[index].offset = ((width - lines[index].width) / 2).rounded()
            case .trailing: lines[index].offset = (width - lines[index].width).rounded()
            }
        }
        let used = faces.isEmpty ? [main] : faces
        return LaidOutText(lines: lines, width: width, lineHeight: used.map(\.lineHeight).max()!.rounded(),
                           ascent: used.map(\.ascent).max()!.rounded(), truncated: truncated, mono: style.mono,
                           lineSpacing: style.lineSpacing.rounded())
    }

    /// Draws `text` with its top-left at (`x`, `y`), span `n` in `colors[n]` (the first
    /// colour where there are fewer) and with `decorations[n]`'s lines. Colour emoji keep
    /// their own colours and are tonal (dithered like a picture); every other glyph is flat.
    public func draw(_ text: LaidOutText, into canvas: inout Canvas, x: Int, y: Int, colors: [RGBA], decorations: [TextDecoration] = []) {
        for (number, line) in text.lines.enumerated() {
            let baseline = y + Int(text.ascent) + number * Int(text.lineStep)
            for placed in line.glyphs {
                let glyph = placed.face.glyph(placed.index, mono: text.mono)
                guard glyph.width > 0 else { continue }
                let penX = x + Int((line.offset + placed.x).rounded())
                if let pixels = glyph.colors {
                    canvas.drawImage(pixels, width: glyph.width, height: glyph.height, atX: penX + glyph.left, y: baseline - glyph.top)
                    continue
                }
                let color = placed.span < colors.count ? colors[placed.span] : colors.first ?? .black
                let mask = placed.solid ? glyph.coverage.map { $0 >= 85 ? 255 : 0 } : glyph.coverage
                canvas.drawMask(mask, width: glyph.width, height: glyph.height,
                                atX: penX + glyph.left, y: baseline - glyph.top, color, glyph: true)
            }
            // Over the glyphs, as a line through text is.
            if decorations.contains(where: { $0.underline != nil || $0.strikethrough != nil }) {
                decorate(line, baseline: baseline, x: x, ascent: text.ascent, lineHeight: text.lineHeight, decorations: decorations, into: &canvas)
            }
        }
    }

    /// Underlines and strikes through the glyphs of each decorated span of `line`: a line
    /// a fifteenth of the line's height thick (at least a pixel), below the baseline or
    /// across the middle of the lower-case letters.
    private func decorate(_ line: TextLine, baseline: Int, x: Int, ascent: Double, lineHeight: Double, decorations: [TextDecoration],
                          into canvas: inout Canvas) {
        let thickness = max(1, Int((lineHeight / 15).rounded()))
        var start = 0
        while start < line.glyphs.count {
            let span = line.glyphs[start].span
            var end = start
            while end + 1 < line.glyphs.count, line.glyphs[end + 1].span == span { end += 1 }
            // Trailing spaces of a line carry no line.
            var last = end
            while last > start, line.glyphs[last].scalar == " " { last -= 1 }
            if span < decorations.count {
                let left = x + Int((line.offset + line.glyphs[start].x).rounded())
                let right = x + Int((line.offset + line.glyphs[last].x + line.glyphs[last].advance).rounded())
                if let color = decorations[span].underline {
                    canvas.fill(PixelRect(x: left, y: baseline + max(1, Int((ascent / 10).rounded())), width: right - left, height: thickness), color)
                }
                if let color = decorations[span].strikethrough {
                    canvas.fill(PixelRect(x: left, y: baseline - Int((ascent * 0.3).rounded()), width: right - left, height: thickness), color)
                }
            }
            start = end + 1
        }
    }

    /// Draws `text` with its top-left at (`x`, `y`).
    public func draw(_ text: LaidOutText, into canvas: inout Canvas, x: Int, y: Int, color: RGBA) {
        draw(text, into: &canvas, x: x, y: y, colors: [color])
    }

    /// Glyphs for a paragraph, each from the main face or the first fallback that has
    /// it; emoji from the colour emoji face when `style.emoji` is `.color`.
    private func shape(_ text: String, main: FontFace, style: TextStyle, font: FontDescriptor, tracking: Double, span: Int,
                       pen start: Double) -> [PlacedGlyph] {
        var result: [PlacedGlyph] = []
        var pen = start
        var previous: (face: FontFace, index: UInt32)?
        var previousIsEmoji = false
        let scalars = Array(text.unicodeScalars)
        for (position, scalar) in scalars.enumerated() {
            // Joiners and presentation selectors have no glyph of their own.
            if Emoji.isInvisible(scalar) || Emoji.isModifierOfPrevious(scalar, previousIsEmoji: previousIsEmoji) { continue }
            let next = position + 1 < scalars.count ? scalars[position + 1] : nil
            let joined = previousIsEmoji && position > 0 && scalars[position - 1] == Emoji.zeroWidthJoiner
            let presentation = Emoji.presentation(of: scalar, next: next, joinedToEmoji: joined)
            let (face, index) = glyph(for: scalar, presentation: presentation, main: main, style: style, font: font)
            if let previous, previous.face === face { pen += face.kerning(previous.index, index) }
            let advance = face.glyph(index, mono: style.mono).advance + tracking
            // An emoji's outline; a text-by-default one (©, ☀) from the text's own font is text.
            let isEmoji = presentation == .emoji || (presentation == .either && face !== main)
            let solid = style.emoji == .outline && isEmoji && !face.hasColor
            result.append(PlacedGlyph(face: face, index: index, x: pen, advance: advance, scalar: scalar, span: span, solid: solid))
            pen += advance
            previous = (face, index)
            previousIsEmoji = presentation != .text
        }
        return result
    }

    /// The face and glyph that draw `scalar`. An emoji in colour comes from the colour
    /// emoji face (one that is text by default only when the main face lacks it);
    /// otherwise the main face, then an outline fallback, then (for an emoji no outline
    /// font has) the colour face after all. Index 0 is .notdef: the missing-glyph box.
    private func glyph(for scalar: Unicode.Scalar, presentation: Emoji.Presentation, main: FontFace, style: TextStyle,
                       font: FontDescriptor) -> (FontFace, UInt32) {
        // A colour font named as the text's own is passed over where outlines are asked for.
        let mainIndex = main.hasColor && style.emoji == .outline ? 0 : main.glyphIndex(for: scalar)
        let inColor = style.emoji == .color && (presentation == .emoji || (presentation == .either && mainIndex == 0))
        if inColor, let color = library.colorEmojiFace(pixelSize: font.pixelSize), case let index = color.glyphIndex(for: scalar), index != 0 {
            return (color, index)
        }
        if mainIndex != 0 { return (main, mainIndex) }
        if let fallback = library.fallbackFace(for: scalar, like: font) { return (fallback, fallback.glyphIndex(for: scalar)) }
        if !scalar.isASCII, scalar.properties.isEmoji, let color = library.colorEmojiFace(pixelSize: font.pixelSize),
           case let index = color.glyphIndex(for: scalar), index != 0 {
            return (color, index)
        }
        return (main, 0)
    }

    /// Greedy line filling at break opportunities; a run too wide alone breaks anywhere.
    private func wrap(_ glyphs: [PlacedGlyph], maxWidth: Double?) -> [TextLine] {
        guard let maxWidth, let last = glyphs.last, last.x + last.advance > maxWidth else {
            return [makeLine(glyphs[...])]
        }
        var lines: [TextLine] = []
        var lineStart = 0
        var lastBreak: Int?
        var index = 0
        while index < glyphs.count {
            let glyph = glyphs[index]
            let right = glyph.x + glyph.advance - glyphs[lineStart].x
            let isSpace = glyph.scalar == " "
            if right > maxWidth, !isSpace, index > lineStart {
                let cut = lastBreak.map { $0 > lineStart ? $0 : index } ?? index
                lines.append(makeLine(glyphs[lineStart..<cut]))
                lineStart = cut
                while lineStart < glyphs.count, glyphs[lineStart].scalar == " " { lineStart += 1 }
                lastBreak = nil
                index = lineStart
                continue
            }
            if isSpace || glyph.scalar == "-" || Self.breaksAround(glyph.scalar) {
                lastBreak = index + 1
            } else if index + 1 < glyphs.count, Self.breaksAround(glyphs[index + 1].scalar) {
                lastBreak = index + 1
            }
            index += 1
        }
        if lineStart < glyphs.count { lines.append(makeLine(glyphs[lineStart...])) }
        return lines
    }

    /// Chinese and Japanese text may break between any two characters.
    static func breaksAround(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    /// A line from a slice, re-based to start at x = 0, trailing spaces not counted.
    private func makeLine(_ slice: ArraySlice<PlacedGlyph>) -> TextLine {
        guard let first = slice.first else { return TextLine(glyphs: [], width: 0) }
        let glyphs = slice.map {
            PlacedGlyph(face: $0.face, index: $0.index, x: $0.x - first.x, advance: $0.advance, scalar: $0.scalar, span: $0.span,
                        solid: $0.solid)
        }
        let visible = glyphs.last { $0.scalar != " " }
        return TextLine(glyphs: glyphs, width: visible.map { $0.x + $0.advance } ?? 0)
    }

    /// The last line shown, made from `rest` (it and the lines that do not fit) as
    /// `style.truncation` says: its start and "…" (tail), "…" and the text's end (head), or
    /// its start, "…" and the text's end (middle).
    private func cut(_ rest: [TextLine], main: FontFace, style: TextStyle, maxWidth: Double?) -> TextLine {
        guard style.truncation != .tail, let maxWidth else { return ellipsize(rest[0], main: main, style: style, maxWidth: maxWidth) }
        // The lines as one run (spaces where they broke kept).
        var run: [PlacedGlyph] = []
        var pen = 0.0
        for line in rest {
            for glyph in line.glyphs {
                run.append(PlacedGlyph(face: glyph.face, index: glyph.index, x: pen + glyph.x, advance: glyph.advance, scalar: glyph.scalar,
                                       span: glyph.span, solid: glyph.solid))
            }
            pen += line.glyphs.last.map { $0.x + $0.advance } ?? 0
        }
        while run.last?.scalar == " " { run.removeLast() }
        let ellipsisIndex = main.glyphIndex(for: "\u{2026}")
        let ellipsisAdvance = main.glyph(ellipsisIndex, mono: style.mono).advance
        let room = maxWidth - ellipsisAdvance
        // The end that fits in `width`, and the start that fits in what is left.
        func ending(within width: Double) -> ArraySlice<PlacedGlyph> {
            guard let end = run.last.map({ $0.x + $0.advance }) else { return [] }
            var first = run.endIndex
            while first > run.startIndex, end - run[first - 1].x <= width { first -= 1 }
            while first < run.endIndex, run[first].scalar == " " { first += 1 }
            return run[first...]
        }
        let tail = ending(within: style.truncation == .head ? room : (room / 2).rounded(.down))
        let tailWidth = tail.first.map { (run.last!.x + run.last!.advance) - $0.x } ?? 0
        var head: [PlacedGlyph] = []
        if style.truncation == .middle {
            for glyph in run where glyph.x + glyph.advance <= room - tailWidth && glyph.x < (tail.first?.x ?? .infinity) { head.append(glyph) }
            while head.last?.scalar == " " { head.removeLast() }
        }
        var glyphs = head
        var x = head.last.map { $0.x + $0.advance } ?? 0
        glyphs.append(PlacedGlyph(face: main, index: ellipsisIndex, x: x, advance: ellipsisAdvance, scalar: "\u{2026}",
                                  span: tail.first?.span ?? head.last?.span ?? 0))
        x += ellipsisAdvance
        let shift = x - (tail.first?.x ?? 0)
        for glyph in tail {
            glyphs.append(PlacedGlyph(face: glyph.face, index: glyph.index, x: glyph.x + shift, advance: glyph.advance, scalar: glyph.scalar,
                                      span: glyph.span, solid: glyph.solid))
        }
        return TextLine(glyphs: glyphs, width: glyphs.last.map { $0.x + $0.advance } ?? 0)
    }

    /// The line cut so that it and a trailing "…" fit `maxWidth`.
    private func ellipsize(_ line: TextLine, main: FontFace, style: TextStyle, maxWidth: Double?) -> TextLine {
        let ellipsisIndex = main.glyphIndex(for: "\u{2026}")
        let ellipsisAdvance = main.glyph(ellipsisIndex, mono: style.mono).advance
        var glyphs = line.glyphs
        let limit = (maxWidth ?? line.width + ellipsisAdvance) - ellipsisAdvance
        while let last = glyphs.last, last.x + last.advance > limit || last.scalar == " " { glyphs.removeLast() }
        let x = glyphs.last.map { $0.x + $0.advance } ?? 0
        glyphs.append(PlacedGlyph(face: main, index: ellipsisIndex, x: x, advance: ellipsisAdvance, scalar: "\u{2026}",
                                  span: glyphs.last?.span ?? 0))
        return TextLine(glyphs: glyphs, width: x + ellipsisAdvance)
    }
}
