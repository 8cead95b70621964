import Glibc
import Synchronization

/// Pictures (photos) dithered to a panel's inks as the panel shows them: Floyd–Steinberg
/// error diffusion in linear light (the eye averages reflected light, so a dithered area
/// keeps the source's lightness), each pixel taking the ink nearest to it in Oklab (a
/// perceptual space) with its chroma counted twice (a dot of the wrong hue shows more
/// than one a little too light or dark, which the diffusion corrects around it), among
/// the inks as they look: `inks` are the colours the panel really shows (measured, or
/// blended between measured and ideal by a board's `saturation:`), so the error each
/// pixel passes on is the error the wall shows. Where every ink is a grey (black and
/// white, four greys), only luminance is diffused.
///
/// Integer arithmetic, linear light in 12 bits, rows side by side: an 800×480 photo
/// takes a few milliseconds.
public enum PictureDither {
    /// Linear light's scale: 1 (white) is 4096.
    static let one: Int32 = 4096

    /// Dithers `pixels` (`width`×`height`, row-major, opaque sRGB) to the index of an ink
    /// in `inks` per pixel, written to `out`. Where `mask` is given, only pixels whose
    /// mask byte is not 0 are dithered: the others are left as they are in `out` and
    /// neither take nor pass on error.
    public static func dither(_ pixels: UnsafeBufferPointer<RGBA>, width: Int, height: Int, inks: [RGBA],
                              mask: UnsafeBufferPointer<UInt8>? = nil, into out: UnsafeMutableBufferPointer<UInt8>) {
        precondition(pixels.count >= width * height && out.count >= width * height, "buffers smaller than \(width)x\(height)")
        precondition(!inks.isEmpty && inks.count <= 256, "1 to 256 inks")
        guard width > 0, height > 0 else { return }
        let table = OklabInkTable.for(inks)
        if table.greys {
            ditherLuminance(pixels, width: width, height: height, table: table, mask: mask, into: out)
        } else {
            ditherColour(pixels, width: width, height: height, table: table, mask: mask, into: out)
        }
    }

    // Error diffusion is a chain: each pixel waits for the error of the one before it.
    // Rows are dithered together to run their chains side by side (two for greys, four
    // for colours), each row two pixels behind the one above it, which by then has passed
    // it all the error it will. The error for the row below builds up in registers and
    // is written once, when complete.

    /// One row's diffusion state: the error carried to the next pixel (7/16), and the
    /// error for the row below, at the pixel behind and at this one (red, green, blue
    /// and a lane unused).
    struct ColourRow {
        var carry = SIMD4<Int32>()
        var behind = SIMD4<Int32>()
        var here = SIMD4<Int32>()
    }

    /// Dithers pixel `x` of a row: `index` in the picture, `above` the errors it was
    /// given by the row above, `below` where the row below's go (four lanes a pixel).
    @inline(__always)
    private static func colourPixel(_ row: inout ColourRow, x: Int, index: Int, pixels: UnsafeBufferPointer<RGBA>, mask: UnsafeBufferPointer<UInt8>?,
                                    above: UnsafeMutablePointer<SIMD4<Int32>>, below: UnsafeMutablePointer<SIMD4<Int32>>,
                                    out: UnsafeMutableBufferPointer<UInt8>, linear: UnsafeBufferPointer<Int32>, encode: UnsafeBufferPointer<UInt8>,
                                    nearest: UnsafeBufferPointer<UInt8>, ink: UnsafeBufferPointer<SIMD4<Int32>>) {
        let e = x &+ 1
        if let mask, mask[index] == 0 {
            below[e &- 1] = row.behind
            row = ColourRow(carry: .zero, behind: row.here, here: .zero)
            return
        }
        let pixel = pixels[index]
        // The pixel plus the error it was given, within half a white beyond the inks'
        // range: error is kept where a dark pixel took a light ink, and bounded where no
        // ink reaches a colour, so that it cannot pile up and smear.
        let source = SIMD4<Int32>(linear[Int(pixel.r)], linear[Int(pixel.g)], linear[Int(pixel.b)], 0)
        let v = pointwiseMin(SIMD4(repeating: 6144), pointwiseMax(SIMD4(repeating: -2048), source &+ row.carry &+ above[e]))
        let lookup = pointwiseMin(SIMD4(repeating: 4095), pointwiseMax(.zero, v))
        let cell = Int(encode[Int(lookup[0])]) << 10 | Int(encode[Int(lookup[1])]) << 5 | Int(encode[Int(lookup[2])])
        let chosen = Int(nearest[cell])
        out[index] = UInt8(truncatingIfNeeded: chosen)
        let error = v &- ink[chosen]
        // 7/16 ahead, 3/16 behind below, 5/16 below, 1/16 ahead below. Multiplied by
        // shifts and adds: the carry is on the chain every pixel waits for, and a vector
        // multiply takes ten cycles where these take two.
        row.carry = ((error &<< 3) &- error) &>> 4
        below[e &- 1] = row.behind &+ ((error &<< 1) &+ error) &>> 4
        row.behind = row.here &+ ((error &<< 2) &+ error) &>> 4
        row.here = error &>> 4
    }

    /// The row's last pixel and the margin past it, into the row below's errors.
    @inline(__always)
    private static func finish(_ row: ColourRow, width: Int, below: UnsafeMutablePointer<SIMD4<Int32>>) {
        below[width] = row.behind
        below[width + 1] = row.here
    }

    private static func ditherColour(_ pixels: UnsafeBufferPointer<RGBA>, width: Int, height: Int, table: OklabInkTable,
                                     mask: UnsafeBufferPointer<UInt8>?, into out: UnsafeMutableBufferPointer<UInt8>) {
        // Five rows of error (above the four rows, and below each), a pixel of margin on
        // each side.
        let stride = width + 2
        var errors = [SIMD4<Int32>](repeating: .zero, count: stride * 5)
        table.nearest.withUnsafeBufferPointer { nearest in
        table.inkLinear4.withUnsafeBufferPointer { ink in
        SRGB.linear12.withUnsafeBufferPointer { linear in
        SRGB.encode5.withUnsafeBufferPointer { encode in
        errors.withUnsafeMutableBufferPointer { errors in
            let base = errors.baseAddress!
            // Row k of a group of four reads error row k and writes row k + 1; row 0 is
            // the last group's row 4.
            let e0 = base, e1 = base + stride, e2 = base + 2 * stride, e3 = base + 3 * stride, e4 = base + 4 * stride
            var y = 0
            while y < height {
                let rows = min(4, height - y)
                var r0 = ColourRow(), r1 = ColourRow(), r2 = ColourRow(), r3 = ColourRow()
                let s0 = y * width, s1 = s0 + width, s2 = s1 + width, s3 = s2 + width
                // Four chains side by side, each row two pixels behind the one above it. In
                // the middle of a group of four rows every chain runs at every step: that
                // stretch has no tests (most of the picture); its two ends have them.
                func step(_ x: Int) {
                    if x < width {
                        colourPixel(&r0, x: x, index: s0 &+ x, pixels: pixels, mask: mask, above: e0, below: e1, out: out,
                                    linear: linear, encode: encode, nearest: nearest, ink: ink)
                    }
                    if rows > 1 && x >= 2 && x < width + 2 {
                        colourPixel(&r1, x: x &- 2, index: s1 &+ x &- 2, pixels: pixels, mask: mask, above: e1, below: e2, out: out,
                                    linear: linear, encode: encode, nearest: nearest, ink: ink)
                    }
                    if rows > 2 && x >= 4 && x < width + 4 {
                        colourPixel(&r2, x: x &- 4, index: s2 &+ x &- 4, pixels: pixels, mask: mask, above: e2, below: e3, out: out,
                                    linear: linear, encode: encode, nearest: nearest, ink: ink)
                    }
                    if rows > 3 && x >= 6 {
                        colourPixel(&r3, x: x &- 6, index: s3 &+ x &- 6, pixels: pixels, mask: mask, above: e3, below: e4, out: out,
                                    linear: linear, encode: encode, nearest: nearest, ink: ink)
                    }
                    if x == width - 1 { finish(r0, width: width, below: e1) }
                    if x == width + 1 { finish(r1, width: width, below: e2) }
                    if x == width + 3 { finish(r2, width: width, below: e3) }
                }
                var x = 0
                if rows == 4 {
                    while x < min(6, width + 6) {
                        step(x)
                        x &+= 1
                    }
                    while x < width &- 1 {
                        colourPixel(&r0, x: x, index: s0 &+ x, pixels: pixels, mask: mask, above: e0, below: e1, out: out,
                                    linear: linear, encode: encode, nearest: nearest, ink: ink)
                        colourPixel(&r1, x: x &- 2, index: s1 &+ x &- 2, pixels: pixels, mask: mask, above: e1, below: e2, out: out,
                                    linear: linear, encode: encode, nearest: nearest, ink: ink)
                        colourPixel(&r2, x: x &- 4, index: s2 &+ x &- 4, pixels: pixels, mask: mask, above: e2, below: e3, out: out,
                                    linear: linear, encode: encode, nearest: nearest, ink: ink)
                        colourPixel(&r3, x: x &- 6, index: s3 &+ x &- 6, pixels: pixels, mask: mask, above: e3, below: e4, out: out,
                                    linear: linear, encode: encode, nearest: nearest, ink: ink)
                        x &+= 1
                    }
                }
                while x < width &+ 6 {
                    step(x)
                    x &+= 1
                }
                if rows > 3 { finish(r3, width: width, below: e4) }
                // The group's last row of error is the next group's first.
                let last = [e1, e2, e3, e4][rows - 1]
                e0.update(from: last, count: stride)
                y += 4
            }
        }
        }
        }
        }
        }
    }

    /// Every ink a grey: the luminance alone is diffused, and the ink nearest in
    /// lightness taken (`nearest` and `ink` are indexed by the luminance plus 2048,
    /// within −2048…6143).
    @inline(__always)
    private static func greyPixel(_ row: inout (carry: Int32, behind: Int32, here: Int32), x: Int, index: Int, pixels: UnsafeBufferPointer<RGBA>,
                                  mask: UnsafeBufferPointer<UInt8>?, above: UnsafeMutablePointer<Int32>, below: UnsafeMutablePointer<Int32>,
                                  out: UnsafeMutableBufferPointer<UInt8>, linear: UnsafeBufferPointer<Int32>, nearest: UnsafeBufferPointer<UInt8>,
                                  ink: UnsafeBufferPointer<Int32>) {
        let e = x &+ 1
        if let mask, mask[index] == 0 {
            below[e &- 1] = row.behind
            row = (0, row.here, 0)
            return
        }
        let pixel = pixels[index]
        // Luminance (Rec. 709 weights, in 1/32768ths) in linear light.
        let luminance = (linear[Int(pixel.r)] &* 6966 &+ linear[Int(pixel.g)] &* 23436 &+ linear[Int(pixel.b)] &* 2366) >> 15
        let v = Int(min(6143, max(-2048, luminance &+ row.carry &+ above[e]))) &+ 2048
        out[index] = nearest[v]
        let error = Int32(truncatingIfNeeded: v &- 2048) &- ink[v]
        row.carry = ((error &<< 3) &- error) >> 4
        below[e &- 1] = row.behind &+ ((error &<< 1) &+ error) >> 4
        row.behind = row.here &+ ((error &<< 2) &+ error) >> 4
        row.here = error >> 4
    }

    private static func ditherLuminance(_ pixels: UnsafeBufferPointer<RGBA>, width: Int, height: Int, table: OklabInkTable,
                                        mask: UnsafeBufferPointer<UInt8>?, into out: UnsafeMutableBufferPointer<UInt8>) {
        let stride = width + 2
        var errors = [Int32](repeating: 0, count: stride * 3)
        table.nearestGrey.withUnsafeBufferPointer { nearest in
        table.greyInk.withUnsafeBufferPointer { ink in
        SRGB.linear12.withUnsafeBufferPointer { linear in
        errors.withUnsafeMutableBufferPointer { errors in
            var above = errors.baseAddress!, between = above + stride, below = between + stride
            var y = 0
            while y < height {
                let pair = y + 1 < height
                var upper: (carry: Int32, behind: Int32, here: Int32) = (0, 0, 0), lower = upper
                let upperStart = y * width, lowerStart = (y + 1) * width
                for x in 0..<(width + 2) {
                    if x < width {
                        greyPixel(&upper, x: x, index: upperStart &+ x, pixels: pixels, mask: mask, above: above, below: between, out: out,
                                  linear: linear, nearest: nearest, ink: ink)
                    }
                    if pair && x >= 2 {
                        greyPixel(&lower, x: x &- 2, index: lowerStart &+ x &- 2, pixels: pixels, mask: mask, above: between, below: below, out: out,
                                  linear: linear, nearest: nearest, ink: ink)
                    }
                    if x == width - 1 { between[width] = upper.behind; between[width + 1] = upper.here }
                }
                if pair { below[width] = lower.behind; below[width + 1] = lower.here }
                swap(&above, &below)
                y += 2
            }
        }
        }
        }
        }
    }

    /// `dither` into a new array of ink indices.
    public static func dither(_ pixels: [RGBA], width: Int, height: Int, inks: [RGBA]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            out.initialize(repeating: 0)
            pixels.withUnsafeBufferPointer { dither($0, width: width, height: height, inks: inks, into: out) }
            count = width * height
        }
    }

    /// How much more a difference of chroma (a, b) counts than one of lightness when a
    /// pixel's ink is chosen.
    static let chromaWeight: Float = 2

    /// The ink of `inks` nearest to `color` (Oklab, chroma counted twice): what `dither`
    /// picks for a pixel that carries no error, up to its table's 5 bits a channel.
    public static func nearest(_ color: RGBA, in inks: [RGBA]) -> Int {
        OklabInkTable.nearest(Oklab(color), among: inks.map(Oklab.init))
    }
}

/// A colour in Oklab (Björn Ottosson's perceptual space): L lightness 0–1, a green–red,
/// b blue–yellow.
public struct Oklab: Sendable, Equatable {
    public var l: Float
    public var a: Float
    public var b: Float

    public init(l: Float, a: Float, b: Float) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// From sRGB.
    public init(_ color: RGBA) {
        let linear = SRGB.linear
        self.init(linearRed: linear[Int(color.r)], green: linear[Int(color.g)], blue: linear[Int(color.b)])
    }

    /// From linear-light RGB (0–1).
    public init(linearRed r: Float, green g: Float, blue b: Float) {
        let l = cbrtf(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrtf(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrtf(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        self.init(l: 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                  a: 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                  b: 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    public func squaredDistance(to other: Oklab) -> Float {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }
}

/// sRGB's transfer curve as tables.
enum SRGB {
    /// 8-bit sRGB → linear light (0–1).
    static let linear: [Float] = (0..<256).map { value in
        let c = Float(value) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    /// 8-bit sRGB → linear light, 4096 for white.
    static let linear12: [Int32] = linear.map { Int32(($0 * Float(PictureDither.one)).rounded()) }

    /// Linear light (0–4095) → sRGB at 5 bits (the dither table's cells).
    static let encode5: [UInt8] = (0..<4096).map { step in
        let c = Float(step) / 4095
        let v = c <= 0.0031308 ? c * 12.92 : 1.055 * powf(c, 1 / 2.4) - 0.055
        return UInt8(max(0, min(255, (v * 255).rounded()))) >> 3
    }
}

/// A set of inks prepared for dithering: each cell of sRGB at 5 bits a channel mapped to
/// its nearest ink, each ink in linear light (12 bits); for inks that are all greys, the
/// nearest ink of each luminance. Made once per set of inks and kept (a panel has one
/// set; a few tables of 32 KiB are kept).
final class OklabInkTable: Sendable {
    let nearest: [UInt8]
    /// Each ink in linear light: red, green, blue and 0.
    let inkLinear4: [SIMD4<Int32>]
    /// Whether every ink is a grey (luminance alone is then dithered).
    let greys: Bool
    let nearestGrey: [UInt8]
    let greyInk: [Int32]
    let inkLuminance: [Int32]

    private init(inks: [RGBA]) {
        let labs = inks.map(Oklab.init)
        let linear = SRGB.linear12
        inkLinear4 = inks.map { SIMD4(linear[Int($0.r)], linear[Int($0.g)], linear[Int($0.b)], 0) }
        greys = inks.allSatisfy { max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) < 16 }
        let float = SRGB.linear
        // Each channel's 32 cell centres (8 sRGB levels a cell), as linear light.
        let centres = (0..<32).map { float[$0 << 3 | 4] }
        nearest = [UInt8](unsafeUninitializedCapacity: 32 * 32 * 32) { out, count in
            for r in 0..<32 {
                for g in 0..<32 {
                    for b in 0..<32 {
                        out[r << 10 | g << 5 | b] = UInt8(Self.nearest(Oklab(linearRed: centres[r], green: centres[g], blue: centres[b]), among: labs))
                    }
                }
            }
            count = 32 * 32 * 32
        }
        let luminance = inks.map { 0.2126 * float[Int($0.r)] + 0.7152 * float[Int($0.g)] + 0.0722 * float[Int($0.b)] }
        inkLuminance = luminance.map { Int32(($0 * Float(PictureDither.one)).rounded()) }
        let lightness = luminance.map(cbrtf)
        // Luminance −2048…6143 (stored from 0): the nearest ink in lightness, and its
        // luminance (the error's other term, looked up without waiting for the index).
        let nearestGrey: [UInt8] = (0..<8192).map { step in
            let l = cbrtf(Float(min(4095, max(0, step - 2048))) / 4095)
            return UInt8(lightness.indices.min { abs(lightness[$0] - l) < abs(lightness[$1] - l) }!)
        }
        self.nearestGrey = nearestGrey
        let inkLuminance = self.inkLuminance
        greyInk = nearestGrey.map { inkLuminance[Int($0)] }
    }

    /// The nearest of `inks` to `lab`, chroma counted `PictureDither.chromaWeight` times.
    static func nearest(_ lab: Oklab, among inks: [Oklab]) -> Int {
        let w = PictureDither.chromaWeight * PictureDither.chromaWeight
        var best = 0, bestDistance = Float.infinity
        for (index, ink) in inks.enumerated() {
            let dl = lab.l - ink.l, da = lab.a - ink.a, db = lab.b - ink.b
            let distance = dl * dl + w * (da * da + db * db)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    private static let cache = Mutex<[[RGBA]: OklabInkTable]>([:])

    /// The table for `inks`, made on first use.
    static func `for`(_ inks: [RGBA]) -> OklabInkTable {
        if let table = cache.withLock({ $0[inks] }) { return table }
        let table = OklabInkTable(inks: inks)
        cache.withLock { tables in
            // A long-running process sees few sets (a panel's, its tuned saturations):
            // one is dropped past eight.
            if tables.count >= 8 { tables.removeValue(forKey: tables.keys.first!) }
            tables[inks] = table
        }
        return table
    }
}
