/// Pixels to draw on, row-major, top-left origin, plus a byte of flags per pixel saying
/// whether it holds tonal content (images, gradients) that a 1-bit panel should dither,
/// or flat content (text, solid shapes) that it should keep crisp, and whether that is
/// a glyph's.
///
/// Pixels are held in one of two ways (`Storage`): RGBA, four bytes a pixel, for colour
/// panels, layers and pictures; or one byte of grey a pixel, for a frame bound for a
/// panel whose inks are all greys (bw, gray4: `init(width:height:fill:panel:dither:)`),
/// which is all such a panel can show. Greys are drawn exactly as on an RGBA canvas. A
/// colour is blended as RGBA over the pixel's grey, and the result kept as the grey it
/// is quantised by: a tonal pixel (a gradient, a photo) as its luma, which is what error
/// diffusion spreads; a flat one (text, a fill), or a tone on a panel that does not
/// dither, as the grey nearest the mean of its channels (weighted 2, 4, 3, as the
/// nearest-ink search weighs them) that takes the same ink on the panel. So a colour drawn once over greys quantises to the bytes an
/// RGBA frame gives; colours drawn over colours come out as near as one byte allows.
public struct Canvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// How the pixels are held.
    public enum Storage: Sendable, Equatable {
        /// Red, green, blue and straight alpha, a byte each.
        case rgba
        /// One byte of grey a pixel, always opaque.
        case grey
    }

    public private(set) var storage: Storage
    /// How a grey canvas keeps colours: for which panel's inks, and whether its tones
    /// are diffused (kept as their luma) or take their nearest ink (kept as a grey that
    /// takes it).
    struct GreyRule: Sendable, Equatable {
        var palette: Palette?
        var diffuses: Bool
    }

    var greyRule = GreyRule(palette: nil, diffuses: true)
    /// The panel's palette a grey canvas keeps colours' inks for (nil: flat colours are
    /// kept as their weighted mean).
    public var panelPalette: Palette? { greyRule.palette }
    /// The pixels of an RGBA canvas (empty on a grey one).
    var rgba: [RGBA]
    /// The pixels of a grey canvas (empty on an RGBA one).
    var greys: [UInt8]
    /// Each pixel's flags: `tonalFlag` where it is tonal and may be dithered, `glyphFlag`
    /// where it is flat and mostly a glyph's (text, an icon: on black-and-white inks a
    /// dithered tone around it is cleared so that the glyph keeps its contrast).
    public internal(set) var flags: [UInt8]
    public static let tonalFlag: UInt8 = 1
    public static let glyphFlag: UInt8 = 2

    /// True where the pixel is tonal (a copy of the flags, for reading).
    public var tonal: [Bool] { flags.map { $0 & Self.tonalFlag != 0 } }
    /// True where the pixel is a glyph's (a copy of the flags, for reading).
    public var glyph: [Bool] { flags.map { $0 & Self.glyphFlag != 0 } }

    @inline(__always) public func isTonal(at index: Int) -> Bool { flags[index] & Self.tonalFlag != 0 }
    @inline(__always) public func isGlyph(at index: Int) -> Bool { flags[index] & Self.glyphFlag != 0 }
    /// Where drawing lands: the whole canvas unless narrowed (a slot drawn straight into
    /// the frame is clipped to its rectangle). Every drawing call leaves the pixels
    /// outside it as they were.
    public var clip: PixelRect {
        didSet { clip = clip.intersection(bounds) }
    }

    /// Where set, a glyph's mask (`drawMask(glyph: true)`) covers a pixel wholly from this
    /// coverage and not at all below it: edges cut, not blended, for panels with no grey
    /// to show an edge with (`InkPrinting.cutsGlyphEdges`).
    public var glyphEdge: UInt8?

    /// The largest side Glance draws (the largest panels are 2560 pixels across).
    public static let maximumSide = 8192

    public struct SizeError: Error, Equatable, CustomStringConvertible {
        public let width: Int
        public let height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        public var description: String {
            "a \(width)x\(height) canvas is out of range; each side must be 1 to \(Canvas.maximumSide) pixels"
        }
    }

    /// Refuses empty and absurd sizes instead of allocating them. `storage` `.grey` holds
    /// one byte a pixel; `fill` is then drawn as its grey (flat), and a fill that is not
    /// opaque makes an RGBA canvas (a grey canvas has no transparency).
    public init(width: Int, height: Int, fill: RGBA = .white, storage: Storage = .rgba) throws(SizeError) {
        try self.init(width: width, height: height, fill: fill, storage: storage, rule: GreyRule(palette: nil, diffuses: true))
    }

    /// A frame for a panel of `palette` quantised with `dither`: one byte of grey a pixel
    /// where the panel's inks are all greys (`storage(for:dither:)`), else RGBA.
    public init(width: Int, height: Int, fill: RGBA = .white, panel palette: Palette, dither: DitherMode) throws(SizeError) {
        let storage = Self.storage(for: palette, dither: dither)
        try self.init(width: width, height: height, fill: fill, storage: storage,
                      rule: GreyRule(palette: storage == .grey ? palette : nil, diffuses: dither != .none))
    }

    private init(width: Int, height: Int, fill: RGBA, storage: Storage, rule: GreyRule) throws(SizeError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw SizeError(width: width, height: height)
        }
        self.width = width
        self.height = height
        greyRule = rule
        if storage == .grey && fill.a == 255 {
            self.storage = .grey
            rgba = []
            greys = Array(repeating: Self.storedGrey(fill, tonal: false, rule: rule), count: width * height)
        } else {
            self.storage = .rgba
            rgba = Array(repeating: fill, count: width * height)
            greys = []
        }
        flags = Array(repeating: 0, count: width * height)
        clip = PixelRect(x: 0, y: 0, width: width, height: height)
    }

    /// The storage a frame for `palette` quantised with `dither` is best drawn in: grey
    /// where the panel's inks are all greys and its quantiser reads one channel.
    public static func storage(for palette: Palette, dither: DitherMode) -> Storage {
        greyInkPathApplies(to: palette, dither: dither) ? .grey : .rgba
    }

    /// Every pixel as RGBA, row-major (a grey canvas's greys opaque; a copy there).
    /// Writing through `pixels` turns a grey canvas into an RGBA one.
    public internal(set) var pixels: [RGBA] {
        get { storage == .rgba ? rgba : greys.map { RGBA($0, $0, $0) } }
        set {
            precondition(newValue.count == width * height, "a \(width)x\(height) canvas holds \(width * height) pixels")
            rgba = newValue
            greys = []
            storage = .rgba
        }
        _modify {
            makeRGBA()
            yield &rgba
            precondition(rgba.count == width * height, "a \(width)x\(height) canvas holds \(width * height) pixels")
        }
    }

    /// Holds the pixels as RGBA from now on (same pixels).
    public mutating func makeRGBA() {
        guard storage == .grey else { return }
        rgba = greys.map { RGBA($0, $0, $0) }
        greys = []
        storage = .rgba
    }

    /// The grey a grey canvas keeps for the opaque `color` at a pixel whose flag is
    /// `tonal`: its luma where the pixel is tonal and tones are diffused; else the grey
    /// nearest its channels' mean weighted 2, 4, 3 that takes the ink `color` takes on
    /// the rule's palette (as a flat pixel, or as an undithered tone: without the ink
    /// bias), the mean where there is no palette. A grey is itself either way.
    @inline(__always)
    static func storedGrey(_ color: RGBA, tonal: Bool, rule: GreyRule) -> UInt8 {
        if color.r == color.g && color.g == color.b { return color.r }
        if tonal && rule.diffuses { return UInt8(truncatingIfNeeded: color.luma) }
        return greyTakingInk(of: color, palette: rule.palette, tonal: tonal)
    }

    private static func greyTakingInk(of color: RGBA, palette: Palette?, tonal: Bool) -> UInt8 {
        let mean = (2 * Int(color.r) + 4 * Int(color.g) + 3 * Int(color.b) + 4) / 9
        guard let palette else { return UInt8(mean) }
        let biased = palette.colors.count <= 3 && !tonal
        let ink = flatInk(of: color, in: palette, biased: biased)
        func takesTheInk(_ grey: Int) -> Bool {
            flatInk(of: RGBA(UInt8(grey), UInt8(grey), UInt8(grey)), in: palette, biased: biased) == ink
        }
        if takesTheInk(mean) { return UInt8(mean) }
        for step in 1...255 {
            if mean - step >= 0, takesTheInk(mean - step) { return UInt8(mean - step) }
            if mean + step <= 255, takesTheInk(mean + step) { return UInt8(mean + step) }
        }
        return UInt8(mean)
    }

    /// What a grey canvas keeping colours by `rule` keeps where `color` is drawn with
    /// `coverage` over the grey `background`, the pixel's flag becoming `tonal`.
    @inline(__always)
    static func greyValue(_ color: RGBA, coverage: UInt8, over background: UInt8, tonal: Bool, rule: GreyRule) -> UInt8 {
        if color.r == color.g && color.g == color.b {
            return grey(color.r, alpha: color.a, coverage: coverage, over: background)
        }
        return storedGrey(color.over(RGBA(background, background, background), coverage: coverage), tonal: tonal, rule: rule)
    }

    /// `grey` drawn with `alpha` × `coverage` over the opaque grey `background`: what
    /// `RGBA.over` gives each channel of an opaque pixel.
    @inline(__always)
    static func grey(_ grey: UInt8, alpha: UInt8, coverage: UInt8, over background: UInt8) -> UInt8 {
        let share = Int(alpha) &* Int(coverage) / 255
        if share == 255 { return grey }
        if share == 0 { return background }
        return UInt8(truncatingIfNeeded: (Int(grey) &* share &+ Int(background) &* (255 &- share)) / 255)
    }

    /// Pixel `index` (row-major) as RGBA.
    @inline(__always)
    public func pixel(at index: Int) -> RGBA {
        if storage == .grey {
            let grey = greys[index]
            return RGBA(grey, grey, grey)
        }
        return rgba[index]
    }

    /// Replaces pixel `index` (row-major) outright, no blending (kept on a grey canvas by
    /// the pixel's flag; a translucent colour makes the canvas RGBA).
    public mutating func setPixel(_ index: Int, _ color: RGBA) {
        if storage == .grey && color.a == 255 {
            greys[index] = Self.storedGrey(color, tonal: isTonal(at: index), rule: greyRule)
        } else {
            makeRGBA()
            rgba[index] = color
        }
    }

    /// Replaces pixel `index` and its tonal flag.
    public mutating func setPixel(_ index: Int, _ color: RGBA, tonal isTonal: Bool) {
        flags[index] = isTonal ? Self.tonalFlag : 0
        setPixel(index, color)
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    public subscript(x x: Int, y y: Int) -> RGBA {
        get { pixel(at: y * width + x) }
        set { setPixel(y * width + x, newValue) }
    }

    /// Draws `color` over the pixel with `coverage` (0–255); out-of-bounds is ignored.
    @inline(__always)
    public mutating func blend(x: Int, y: Int, _ color: RGBA, coverage: UInt8 = 255, tonal isTonal: Bool = false, glyph isGlyph: Bool = false) {
        guard x >= clip.x, y >= clip.y, x < clip.maxX, y < clip.maxY, coverage > 0 else { return }
        let index = y * width + x
        if storage == .grey {
            let flat = Int(coverage) * Int(color.a) >= 128 * 255
            greys[index] = Self.greyValue(color, coverage: coverage, over: greys[index], tonal: isTonal || (!flat && self.isTonal(at: index)),
                                          rule: greyRule)
        } else {
            rgba[index] = color.over(rgba[index], coverage: coverage)
        }
        // Flat content drawn mostly over a pixel makes it flat (text on a photo stays crisp).
        if isTonal {
            flags[index] = Self.tonalFlag
        } else if Int(coverage) * Int(color.a) >= 128 * 255 {
            flags[index] = isGlyph ? Self.glyphFlag : 0
        }
    }

    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.clip == rhs.clip,
              lhs.flags == rhs.flags else { return false }
        if lhs.storage == rhs.storage { return lhs.rgba == rhs.rgba && lhs.greys == rhs.greys }
        return lhs.pixels == rhs.pixels
    }

    /// Copies `other` to (`x`, `y`), blending by its alpha.
    public mutating func draw(_ other: Canvas, atX x: Int, y: Int) {
        let left = max(clip.x, x), right = min(clip.maxX, x + other.width)
        guard left < right else { return }
        let columns = left..<right
        for row in 0..<other.height where y + row >= clip.y && y + row < clip.maxY {
            let target = (y + row) * width
            let source = row * other.width - x
            let from = (source + columns.lowerBound)..<(source + columns.upperBound)
            let to = (target + columns.lowerBound)..<(target + columns.upperBound)
            if other.storage == .grey || other.rgba[from].allSatisfy({ $0.a == 255 }) {
                // Opaque rows are copied (as greys by each pixel's flag onto a grey canvas).
                switch (storage, other.storage) {
                case (.rgba, .rgba): rgba.replaceSubrange(to, with: other.rgba[from])
                case (.grey, .grey): greys.replaceSubrange(to, with: other.greys[from])
                case (.rgba, .grey): for offset in 0..<from.count { rgba[to.lowerBound + offset] = other.pixel(at: from.lowerBound + offset) }
                case (.grey, .rgba):
                    for offset in 0..<from.count {
                        greys[to.lowerBound + offset] = Self.storedGrey(other.rgba[from.lowerBound + offset],
                                                                        tonal: other.isTonal(at: from.lowerBound + offset), rule: greyRule)
                    }
                }
                flags.replaceSubrange(to, with: other.flags[from])
            } else {
                for column in columns {
                    blend(x: column, y: y + row, other.rgba[source + column], tonal: other.isTonal(at: source + column),
                          glyph: other.isGlyph(at: source + column))
                }
            }
        }
    }
}

extension Canvas {
    /// Draws `image` scaled (bilinear) to fill `rect`, blending by its alpha. The pixels
    /// become tonal: a photo is dithered on few-colour panels. Where the picture is
    /// wholly transparent the background keeps its pixel and its flags.
    public mutating func drawScaled(_ image: Canvas, into rect: PixelRect) {
        let area = rect.intersection(clip)
        guard !area.isEmpty, rect.width > 0, rect.height > 0 else { return }
        let sx = Double(image.width) / Double(rect.width), sy = Double(image.height) / Double(rect.height)
        for y in area.y..<area.maxY {
            let fy = max(0, (Double(y - rect.y) + 0.5) * sy - 0.5)
            let y0 = min(image.height - 1, Int(fy)), y1 = min(image.height - 1, y0 + 1), ty = fy - Double(y0)
            for x in area.x..<area.maxX {
                let fx = max(0, (Double(x - rect.x) + 0.5) * sx - 0.5)
                let x0 = min(image.width - 1, Int(fx)), x1 = min(image.width - 1, x0 + 1), tx = fx - Double(x0)
                let a = image[x: x0, y: y0], b = image[x: x1, y: y0], c = image[x: x0, y: y1], d = image[x: x1, y: y1]
                func mix(_ p: UInt8, _ q: UInt8, _ r: UInt8, _ s: UInt8) -> UInt8 {
                    let top = Double(p) + (Double(q) - Double(p)) * tx
                    let bottom = Double(r) + (Double(s) - Double(r)) * tx
                    return UInt8((top + (bottom - top) * ty).rounded())
                }
                let alpha = mix(a.a, b.a, c.a, d.a)
                guard alpha > 0 else { continue }
                blend(x: x, y: y, RGBA(mix(a.r, b.r, c.r, d.r), mix(a.g, b.g, c.g, d.g), mix(a.b, b.b, c.b, d.b), alpha), tonal: true)
            }
        }
    }
}
