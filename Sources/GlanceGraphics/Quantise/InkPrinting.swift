/// How a frame bound for a panel of few inks is drawn so that every word it says in
/// colour it still says in ink: the ink of text, symbols and strokes is chosen against the
/// ink of the ground they sit on, a ground that carries text is printed flat in one ink,
/// and colours map to the panel as WidgetKit's rendering modes map them.
///
/// The rules, for a panel's inks (its lightest is the paper, its darkest the ink):
/// - **Grounds** (a fill or gradient with text or a symbol on it) print flat: in
///   `.vibrant` and `.accented` the achromatic ink nearest the ground's luma (on black and
///   white: the paper from mid-grey up, else black); in `.fullColor` the ink nearest its
///   colour. Never a mid-density dither that text would sit in.
/// - **Marks** (text, symbols, dividers, strokes and shapes that stand out from their
///   ground) take the ink nearest their colour among the inks at least `minimumContrast`
///   of luma away from their ground's; where none is, the one farthest from it. Black
///   and white text on any ground is therefore black on light and white on dark.
/// - **Faint shapes** (a track, a tint: close to their ground in luma) stay tones,
///   dithered as before, or vanish into the ground where they are nearly its colour.
/// - `.vibrant` and `.accented` draw every colour as its grey; in `.accented`, content
///   marked accent (`.widgetAccentable()`) takes the panel's accent inks instead.
/// - Pictures keep their colours and dithering.
public struct InkPrinting: Sendable, Equatable {
    /// WidgetKit's rendering modes, as a panel's frame is drawn in them.
    public enum Mode: String, Sendable, CaseIterable {
        /// Colours are the widget's, mapped to the nearest ink that keeps contrast.
        case fullColor
        /// Accent content in the panel's colour inks, the rest in its greys.
        case accented
        /// Everything in the panel's greys, by luminance.
        case vibrant
    }

    public var palette: Palette { storage.palette }
    public var mode: Mode { storage.mode }
    /// The luma a mark keeps away from its ground (0–255).
    public static let minimumContrast = 100
    /// Thin shapes whose luma (or hue) is within this of their ground's are kept as
    /// tones, not inked.
    static let faintBelow = 96
    /// Wide shapes (large areas) are inked only from this difference of luma: a grey
    /// or coloured area is a tone, dithered, as pictures are.
    static let wideInkFrom = 160
    /// Shapes this close to their ground's luma take the ground's colour.
    static let invisibleBelow = 12

    /// The inks as (colour, luma), all, achromatic, and chromatic.
    private var inks: [RGBA] { storage.palette.colors }
    private var achromatic: [RGBA] { storage.achromatic }
    private var chromatic: [RGBA] { storage.chromatic }

    /// Everything above in one object: the renderer copies the rules for every view it
    /// draws, one reference to retain rather than each array's.
    private let storage: Storage

    private final class Storage: Sendable {
        let palette: Palette
        let mode: Mode
        let achromatic: [RGBA]
        let chromatic: [RGBA]

        init(palette: Palette, mode: Mode) {
            self.palette = palette
            self.mode = mode
            achromatic = (palette.achromatic ?? Array(palette.colors.indices)).map { palette.colors[$0] }
            let grey = Set(palette.achromatic ?? Array(palette.colors.indices))
            chromatic = palette.colors.indices.filter { !grey.contains($0) }.map { palette.colors[$0] }
        }
    }

    /// `nil` for panels that show every colour (rgb565, rgb888): nothing to choose.
    public init?(palette: Palette, mode: Mode) {
        guard palette.kind == .indexed, palette.colors.count >= 2 else { return nil }
        storage = Storage(palette: palette, mode: mode)
    }

    public static func == (lhs: InkPrinting, rhs: InkPrinting) -> Bool {
        lhs.storage === rhs.storage || (lhs.palette == rhs.palette && lhs.mode == rhs.mode)
    }

    /// The mode a panel of `palette` is drawn in unless its display says otherwise:
    /// `.fullColor` where it shows every colour, `.accented` where it has colour inks
    /// besides black and white, else `.vibrant`.
    public static func defaultMode(for palette: Palette) -> Mode {
        guard palette.kind == .indexed else { return .fullColor }
        return palette.achromatic != nil ? .accented : .vibrant
    }

    /// Whether glyph edges are cut at a coverage rather than blended: where the panel has
    /// no grey between paper and ink to show an edge with, a blended edge is decided by
    /// its colour, which thins light text on dark ground and drops thin stems.
    public var cutsGlyphEdges: Bool { achromatic.count <= 2 }
    /// The coverage from which a glyph's pixel is the glyph's (about 3/8: stems of thin
    /// text keep a pixel).
    public static let glyphEdge: UInt8 = 96

    /// The lightest ink (the paper) and the darkest.
    public var paper: RGBA { achromatic.max { $0.luma < $1.luma }! }
    public var darkest: RGBA { achromatic.min { $0.luma < $1.luma }! }

    /// `color` over white, opaque.
    private func opaque(_ color: RGBA) -> RGBA { color.a == 255 ? color : color.over(.white) }

    /// `color` over a grey ground of luma `groundLuma`, opaque (a translucent mark is seen
    /// against what it is drawn on).
    private func opaque(_ color: RGBA, over groundLuma: Int) -> RGBA {
        guard color.a != 255 else { return color }
        let grey = UInt8(max(0, min(255, groundLuma)))
        return color.over(RGBA(grey, grey, grey))
    }

    /// `color` as the mode draws it before any ink is chosen: its grey in `.vibrant`, and
    /// in `.accented` unless it is accent content.
    public func tone(_ color: RGBA, accent: Bool = false) -> RGBA {
        switch mode {
        case .fullColor: return color
        case .accented where accent && !chromatic.isEmpty: return color
        case .vibrant, .accented:
            let grey = UInt8(color.luma)
            return RGBA(grey, grey, grey, color.a)
        }
    }

    /// The inks content may take in this mode.
    private func candidates(accent: Bool) -> [RGBA] {
        switch mode {
        case .fullColor: inks
        case .accented: accent && !chromatic.isEmpty ? chromatic : achromatic
        case .vibrant: achromatic
        }
    }

    /// The ink nearest `color` among `inks`: by luma among greys, by weighted RGB otherwise.
    private func nearest(_ color: RGBA, in inks: [RGBA]) -> RGBA {
        let grey = max(color.r, color.g, color.b) - min(color.r, color.g, color.b) < 40
        return inks.min { a, b in distance(color, a, byLuma: grey) < distance(color, b, byLuma: grey) }!
    }

    private func distance(_ color: RGBA, _ ink: RGBA, byLuma: Bool) -> Int {
        if byLuma || ink.r == ink.g && ink.g == ink.b && color.r == color.g && color.g == color.b {
            let d = color.luma - ink.luma
            return 9 * d * d
        }
        let dr = Int(color.r) - Int(ink.r), dg = Int(color.g) - Int(ink.g), db = Int(color.b) - Int(ink.b)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// The one ink a ground carrying text is printed in.
    public func ground(_ color: RGBA, accent: Bool = false) -> RGBA {
        let color = opaque(color)
        let inks = candidates(accent: accent)
        if mode == .fullColor || (mode == .accented && accent && !chromatic.isEmpty) {
            // The nearest colour ink; a colour nearest a grey takes the grey its luma is
            // nearest (orange is nearer black than white by RGB distance, but reads light).
            let chosen = nearest(color, in: inks)
            return achromatic.contains(chosen) ? nearest(tone(color, accent: false), in: achromatic) : chosen
        }
        let grey = UInt8(color.luma)
        return nearest(RGBA(grey, grey, grey), in: inks)
    }

    /// The ink a mark of `color` takes over a ground of luma `groundLuma`.
    public func mark(_ color: RGBA, overGround groundLuma: Int, accent: Bool = false) -> RGBA {
        let color = tone(opaque(color, over: groundLuma), accent: accent)
        var inks = candidates(accent: accent)
        var legible = inks.filter { abs($0.luma - groundLuma) >= Self.minimumContrast }
        if legible.isEmpty && accent {
            // An accent ink that would vanish into its ground: the greys instead.
            inks = achromatic
            legible = inks.filter { abs($0.luma - groundLuma) >= Self.minimumContrast }
        }
        if legible.isEmpty { return inks.max { abs($0.luma - groundLuma) < abs($1.luma - groundLuma) }! }
        return nearest(color, in: legible)
    }

    /// What a shape that carries no text is drawn as over a ground of luma `groundLuma`:
    /// an ink, where it stands out from its ground; its tone (`tonal`: to be dithered)
    /// where it is faint; nothing (clear) where it is nearly the ground's colour.
    /// `thin`: a stroke or a narrow shape (a ring, a progress bar), which stands out by
    /// its hue as much as by its lightness (a red ring on black) and which a dither
    /// would break into dots; a wide one stands out by lightness alone (a heatmap's
    /// greens stay tones of grey).
    public func figure(_ color: RGBA, overGround groundLuma: Int, accent: Bool = false, thin: Bool = false) -> (color: RGBA, tonal: Bool) {
        let seen = opaque(color, over: groundLuma)
        let toned = tone(seen, accent: accent)
        var difference = abs(toned.luma - groundLuma)
        if thin {
            // The weighted RGB distance from the grey ground, on the scale of luma.
            let grey = max(0, min(255, groundLuma))
            let dr = Int(seen.r) - grey, dg = Int(seen.g) - grey, db = Int(seen.b) - grey
            // The largest whole distance d with 9·d² within the weighted sum of squares.
            let squares = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            var distance = Int((Double(squares) / 9).squareRoot())
            while (distance + 1) * (distance + 1) * 9 <= squares { distance += 1 }
            while distance > 0, distance * distance * 9 > squares { distance -= 1 }
            difference = max(difference, distance)
        }
        if difference < Self.invisibleBelow { return (.clear, false) }
        if difference < (thin ? Self.faintBelow : Self.wideInkFrom) { return (toned, true) }
        return (mark(color, overGround: groundLuma, accent: accent), false)
    }
}

extension Canvas {
    /// The mean luma (0–255) of the pixels in `rect`, sampled at most about 32 × 32 times;
    /// a pixel's transparency shows `under` (the luma of what lies beneath a layer).
    /// `under` where the rectangle holds no pixel.
    public func meanLuma(in rect: PixelRect, under: Int = 255) -> Int {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return under }
        let stepX = max(1, area.width / 32), stepY = max(1, area.height / 32)
        var total = 0, count = 0
        if storage == .grey {
            greys.withUnsafeBufferPointer { greys in
                var y = area.y
                while y < area.maxY {
                    var index = y &* width &+ area.x
                    let end = y &* width &+ area.maxX
                    if stepX == 1 {
                        // Every pixel of the row (a small rectangle): a plain sum, which
                        // the compiler does many bytes at a time.
                        var rowTotal = 0
                        for grey in UnsafeBufferPointer(rebasing: greys[index..<end]) { rowTotal &+= Int(grey) }
                        total &+= rowTotal
                        count &+= end &- index
                    } else {
                        while index < end {
                            total &+= Int(greys[index])
                            count &+= 1
                            index &+= stepX
                        }
                    }
                    y &+= stepY
                }
            }
        } else {
            rgba.withUnsafeBufferPointer { pixels in
                var y = area.y
                while y < area.maxY {
                    var index = y &* width &+ area.x
                    let end = y &* width &+ area.maxX
                    while index < end {
                        let pixel = pixels[index]
                        let alpha = Int(pixel.a)
                        total &+= (pixel.luma &* alpha &+ under &* (255 &- alpha)) / 255
                        count &+= 1
                        index &+= stepX
                    }
                    y &+= stepY
                }
            }
        }
        return count == 0 ? under : total / count
    }
}
