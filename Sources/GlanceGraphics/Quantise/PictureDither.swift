import Glibc
import Synchronization

/// Pictures (photos) dithered to a panel's inks as the panel shows them: Floyd–Steinberg
/// error diffusion in linear light (the eye averages reflected light, so a dithered area
/// keeps the source's lightness), each pixel taking the ink nearest to it in Oklab (a
/// perceptual space, where a distance is a difference a person sees) among the inks as
/// they look: `inks` are the colours the panel really shows (measured, or blended between
/// measured and ideal by a board's `saturation:`), so the error each pixel passes on is
/// the error the wall shows. Rows alternate direction (serpentine), which keeps the
/// diagonal "worms" of one-way diffusion out of flat areas.
public enum PictureDither {
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
        let linear = SRGB.linear
        // Two rows of error, three channels, a pixel of margin on each side.
        let stride = (width + 2) * 3
        var errors = [Float](repeating: 0, count: stride * 2)
        table.nearest.withUnsafeBufferPointer { nearest in
        table.inkLinear.withUnsafeBufferPointer { inkLinear in
        linear.withUnsafeBufferPointer { linear in
        SRGB.encode.withUnsafeBufferPointer { encode in
        errors.withUnsafeMutableBufferPointer { errors in
            let base = errors.baseAddress!
            for y in 0..<height {
                let current = base + (y & 1) * stride, next = base + ((y & 1) ^ 1) * stride
                // The next row's errors start from nothing.
                next.update(repeating: 0, count: stride)
                let leftToRight = y & 1 == 0
                var x = leftToRight ? 0 : width - 1
                let step = leftToRight ? 1 : -1
                for _ in 0..<width {
                    let index = y * width + x
                    if let mask, mask[index] == 0 {
                        x += step
                        continue
                    }
                    let pixel = pixels[index]
                    let e = (x + 1) * 3
                    // The pixel plus the error it was given, within half a white of the inks'
                    // range: error is kept where a dark pixel took a light ink (the inks'
                    // midpoint in lightness is far below half the light), and bounded
                    // where no ink reaches a colour, so that it does not pile up and smear.
                    let r = min(1.5, max(-0.5, linear[Int(pixel.r)] + current[e]))
                    let g = min(1.5, max(-0.5, linear[Int(pixel.g)] + current[e + 1]))
                    let b = min(1.5, max(-0.5, linear[Int(pixel.b)] + current[e + 2]))
                    let cell = Int(encode[Int(min(1, max(0, r)) * 4095 + 0.5)] >> 2) << 12
                        | Int(encode[Int(min(1, max(0, g)) * 4095 + 0.5)] >> 2) << 6
                        | Int(encode[Int(min(1, max(0, b)) * 4095 + 0.5)] >> 2)
                    let ink = Int(nearest[cell])
                    out[index] = UInt8(truncatingIfNeeded: ink)
                    let er = r - inkLinear[ink * 3], eg = g - inkLinear[ink * 3 + 1], eb = b - inkLinear[ink * 3 + 2]
                    // 7/16 ahead, 3/16 behind below, 5/16 below, 1/16 ahead below.
                    let ahead = e + step * 3, behind = e - step * 3
                    current[ahead] += er * 0.4375
                    current[ahead + 1] += eg * 0.4375
                    current[ahead + 2] += eb * 0.4375
                    next[behind] += er * 0.1875
                    next[behind + 1] += eg * 0.1875
                    next[behind + 2] += eb * 0.1875
                    next[e] += er * 0.3125
                    next[e + 1] += eg * 0.3125
                    next[e + 2] += eb * 0.3125
                    next[ahead] += er * 0.0625
                    next[ahead + 1] += eg * 0.0625
                    next[ahead + 2] += eb * 0.0625
                    x += step
                }
            }
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

    /// The ink of `inks` nearest to `color` in Oklab (what `dither` picks for a pixel
    /// that carries no error, up to the table's 6 bits a channel).
    public static func nearest(_ color: RGBA, in inks: [RGBA]) -> Int {
        let lab = Oklab(color)
        var best = 0, bestDistance = Float.infinity
        for (index, ink) in inks.enumerated() {
            let distance = lab.squaredDistance(to: Oklab(ink))
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
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

    /// Linear light in 4096 steps (0–1) → 8-bit sRGB.
    static let encode: [UInt8] = (0..<4096).map { step in
        let c = Float(step) / 4095
        let v = c <= 0.0031308 ? c * 12.92 : 1.055 * powf(c, 1 / 2.4) - 0.055
        return UInt8(max(0, min(255, (v * 255).rounded())))
    }
}

/// A set of inks prepared for dithering: each cell of sRGB at 6 bits a channel mapped to
/// its nearest ink in Oklab, and each ink in linear light. Made once per set of inks and
/// kept (a panel has one set; a few tables of 256 KiB at most are kept).
final class OklabInkTable: Sendable {
    let nearest: [UInt8]
    let inkLinear: [Float]

    private init(inks: [RGBA]) {
        let labs = inks.map(Oklab.init)
        let linear = SRGB.linear
        inkLinear = inks.flatMap { [linear[Int($0.r)], linear[Int($0.g)], linear[Int($0.b)]] }
        // Each channel's 64 cell centres (4 sRGB levels a cell), as linear light.
        let centres = (0..<64).map { linear[$0 << 2 | 2] }
        nearest = [UInt8](unsafeUninitializedCapacity: 64 * 64 * 64) { out, count in
            for r in 0..<64 {
                for g in 0..<64 {
                    for b in 0..<64 {
                        let lab = Oklab(linearRed: centres[r], green: centres[g], blue: centres[b])
                        var best = 0, bestDistance = Float.infinity
                        for (index, ink) in labs.enumerated() {
                            let distance = lab.squaredDistance(to: ink)
                            if distance < bestDistance {
                                bestDistance = distance
                                best = index
                            }
                        }
                        out[r << 12 | g << 6 | b] = UInt8(best)
                    }
                }
            }
            count = 64 * 64 * 64
        }
    }

    private static let cache = Mutex<[[RGBA]: OklabInkTable]>([:])

    /// The table for `inks`, made on first use.
    static func `for`(_ inks: [RGBA]) -> OklabInkTable {
        if let table = cache.withLock({ $0[inks] }) { return table }
        let table = OklabInkTable(inks: inks)
        cache.withLock { tables in
            // A long-running process sees few sets (a panel's, its tuned saturations):
            // the oldest is dropped past eight.
            if tables.count >= 8 { tables.removeValue(forKey: tables.keys.first!) }
            tables[inks] = table
        }
        return table
    }
}
