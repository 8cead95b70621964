/// Pixels to draw on: RGBA, row-major, top-left origin, plus one flag per pixel saying
/// whether it holds tonal content (images, gradients) that a 1-bit panel should dither,
/// or flat content (text, solid shapes) that it should keep crisp.
public struct Canvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` pixels.
    public internal(set) var pixels: [RGBA]
    /// True where the pixel is tonal and may be dithered.
    public internal(set) var tonal: [Bool]
    /// True where the pixel is mostly a glyph's (text, an icon): on black-and-white inks
    /// a dithered tone around it is cleared so that the glyph keeps its contrast.
    public internal(set) var glyph: [Bool]
    /// Where drawing lands: the whole canvas unless narrowed (a slot drawn straight into
    /// the frame is clipped to its rectangle). Every drawing call leaves the pixels
    /// outside it as they were.
    public var clip: PixelRect {
        didSet { clip = clip.intersection(bounds) }
    }

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

    /// Refuses empty and absurd sizes instead of allocating them.
    public init(width: Int, height: Int, fill: RGBA = .white) throws(SizeError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw SizeError(width: width, height: height)
        }
        self.width = width
        self.height = height
        pixels = Array(repeating: fill, count: width * height)
        tonal = Array(repeating: false, count: width * height)
        glyph = Array(repeating: false, count: width * height)
        clip = PixelRect(x: 0, y: 0, width: width, height: height)
    }

    /// Replaces pixel `index` (row-major) outright, no blending.
    public mutating func setPixel(_ index: Int, _ color: RGBA) { pixels[index] = color }

    /// Replaces pixel `index` and its tonal flag.
    public mutating func setPixel(_ index: Int, _ color: RGBA, tonal isTonal: Bool) {
        pixels[index] = color
        tonal[index] = isTonal
        glyph[index] = false
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    public subscript(x x: Int, y y: Int) -> RGBA {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Draws `color` over the pixel with `coverage` (0–255); out-of-bounds is ignored.
    @inline(__always)
    public mutating func blend(x: Int, y: Int, _ color: RGBA, coverage: UInt8 = 255, tonal isTonal: Bool = false, glyph isGlyph: Bool = false) {
        guard x >= clip.x, y >= clip.y, x < clip.maxX, y < clip.maxY, coverage > 0 else { return }
        let index = y * width + x
        pixels[index] = color.over(pixels[index], coverage: coverage)
        // Flat content drawn mostly over a pixel makes it flat (text on a photo stays crisp).
        if isTonal {
            tonal[index] = true
            glyph[index] = false
        } else if Int(coverage) * Int(color.a) >= 128 * 255 {
            tonal[index] = false
            glyph[index] = isGlyph
        }
    }

    /// Copies `other` to (`x`, `y`), blending by its alpha.
    public mutating func draw(_ other: Canvas, atX x: Int, y: Int) {
        let columns = max(clip.x, x)..<min(clip.maxX, x + other.width)
        guard !columns.isEmpty else { return }
        for row in 0..<other.height where y + row >= clip.y && y + row < clip.maxY {
            let target = (y + row) * width
            let source = row * other.width - x
            if other.pixels[(source + columns.lowerBound)..<(source + columns.upperBound)].allSatisfy({ $0.a == 255 }) {
                // Opaque rows are copied.
                pixels.replaceSubrange((target + columns.lowerBound)..<(target + columns.upperBound),
                                       with: other.pixels[(source + columns.lowerBound)..<(source + columns.upperBound)])
                tonal.replaceSubrange((target + columns.lowerBound)..<(target + columns.upperBound),
                                      with: other.tonal[(source + columns.lowerBound)..<(source + columns.upperBound)])
                glyph.replaceSubrange((target + columns.lowerBound)..<(target + columns.upperBound),
                                      with: other.glyph[(source + columns.lowerBound)..<(source + columns.upperBound)])
            } else {
                for column in columns {
                    blend(x: column, y: y + row, other.pixels[source + column], tonal: other.tonal[source + column],
                          glyph: other.glyph[source + column])
                }
            }
        }
    }
}

extension Canvas {
    /// Draws `image` scaled (bilinear) to fill `rect`, blending by its alpha. The pixels
    /// become tonal: a photo is dithered on few-colour panels.
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
                blend(x: x, y: y, RGBA(mix(a.r, b.r, c.r, d.r), mix(a.g, b.g, c.g, d.g), mix(a.b, b.b, c.b, d.b), mix(a.a, b.a, c.a, d.a)),
                      tonal: true)
            }
        }
    }
}
