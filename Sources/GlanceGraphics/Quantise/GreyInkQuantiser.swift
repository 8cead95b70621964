/// The quantiser for the usual e-paper frame: an indexed palette whose inks are all greys
/// (bw, gray4) with Floyd–Steinberg or no dither. It gives the values of the general
/// loop in `Canvas.quantised(to:dither:)` (a test holds the two equal), with the work
/// each pixel does cut down to what these panels need:
/// - flat pixels (text, fills) look their colour up in a small table of the colours
///   seen so far in the frame, keyed by the pixel's four bytes;
/// - tonal pixels carry one error channel of 32-bit integers on the luma, and take
///   their ink from a table indexed by the luma plus error instead of searching.
extension Canvas {
    /// Whether `greyInkValues` gives `palette` and `dither` their values.
    static func greyInkPathApplies(to palette: Palette, dither: DitherMode) -> Bool {
        guard palette.kind == .indexed, dither == .none || dither == .floydSteinberg, palette.colors.count <= 16 else { return false }
        return palette.colors.allSatisfy { $0.r == $0.g && $0.g == $0.b }
    }

    func greyInkIndices(palette: Palette, dither: DitherMode) -> [UInt8] {
        let width = self.width, height = self.height
        let inkBias = palette.colors.count <= 3
        let floyd = dither == .floydSteinberg
        let inks = palette.colors.map { Int($0.r) }
        // The ink for every sum of a luma and its carried error. The error reaching a
        // pixel is at most 255 either way (its shares add up to one pixel's error), so
        // sums lie in -255...510.
        let lowest = -256
        let nearestInk: [Int] = (lowest...511).map { value in
            var best = 0, bestDistance = Int.max
            for (index, ink) in inks.enumerated() {
                let d = value - ink
                if 9 * d * d < bestDistance {
                    bestDistance = 9 * d * d
                    best = index
                }
            }
            return best
        }
        // Flat colours seen in this frame, by a pixel's four bytes (with a bit for a
        // tonal pixel when nothing is dithered, which takes no ink bias): a direct-mapped
        // table of 256 keys and their values.
        var seenKeys = [UInt64](repeating: .max, count: 256), seenValues = [UInt8](repeating: 0, count: 256)
        func flatValue(_ pixel: RGBA, biased: Bool) -> UInt8 {
            let opaque = pixel.a == 255 ? pixel : pixel.over(.white)
            var r = Int(opaque.r), g = Int(opaque.g), b = Int(opaque.b)
            let grey = max(r, g, b) - min(r, g, b) < 40
            if biased {
                r = r * 3 / 4
                g = g * 3 / 4
                b = b * 3 / 4
            }
            return UInt8(truncatingIfNeeded: palette.nearest(r, g, b, grey: grey))
        }
        // Two inks, the darker first (bw): the sum of the two, which a doubled value
        // is compared with.
        let split: Int? = inks.count == 2 && inks[0] < inks[1] ? inks[0] + inks[1] : nil
        let darkInk = inks[0], lightInk = inks.count > 1 ? inks[1] : inks[0]
        var values = [UInt8](repeating: 0, count: width * height)
        // Error in sixteenths for this row and the next, a pixel of margin each side.
        let rowLength = width + 2
        var errors = [Int32](repeating: 0, count: rowLength * 2)
        values.withUnsafeMutableBufferPointer { out in
        errors.withUnsafeMutableBufferPointer { errors in
        nearestInk.withUnsafeBufferPointer { nearestInk in
        inks.withUnsafeBufferPointer { inks in
        pixels.withUnsafeBufferPointer { pixels in
        pixels.withMemoryRebound(to: UInt32.self) { words in
        tonal.withUnsafeBufferPointer { tonal in
            var lastKey: UInt64 = .max
            var lastValue: UInt8 = 0
            var here = 0, below = rowLength
            for y in 0..<height {
                let rowStart = y &* width
                let hasBelow = y &+ 1 < height
                // Error from the left neighbour (this row's own); the rows' buffers hold
                // what the row above passed down.
                var carry: Int32 = 0
                for x in 0..<width {
                    let index = rowStart &+ x
                    let isTonal = tonal[index]
                    if !(isTonal && floyd) {
                        carry = 0
                        let key = UInt64(words[index]) | (isTonal ? 1 << 32 : 0)
                        if key == lastKey {
                            out[index] = lastValue
                            continue
                        }
                        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
                        let value: UInt8
                        if seenKeys[slot] == key {
                            value = seenValues[slot]
                        } else {
                            value = flatValue(pixels[index], biased: inkBias && !isTonal)
                            seenKeys[slot] = key
                            seenValues[slot] = value
                        }
                        lastKey = key
                        lastValue = value
                        out[index] = value
                        continue
                    }
                    let source = pixels[index]
                    let opaque = source.a == 255 ? source : source.over(.white)
                    let v = opaque.luma &+ Int((errors[here &+ x &+ 1] &+ carry) / 16)
                    let ink: Int, inkValue: Int
                    if let split {
                        // Two inks, darker first: a comparison (a tie takes the first),
                        // and the ink's grey chosen without a load.
                        let dark = 2 &* v <= split
                        ink = dark ? 0 : 1
                        inkValue = dark ? darkInk : lightInk
                    } else {
                        ink = v >= lowest && v <= 511 ? Int(nearestInk[v &- lowest]) : Self.nearestGrey(v, inks)
                        inkValue = inks[ink]
                    }
                    out[index] = UInt8(truncatingIfNeeded: ink)
                    // The error in sixteenths is 16·e, so its shares 7/16, 3/16, 5/16 and
                    // 1/16 are exactly 7e, 3e, 5e and e: no division.
                    let e = Int32(truncatingIfNeeded: clamp(v) &- inkValue)
                    // The right neighbour's share stays in a register.
                    carry = x &+ 1 < width && tonal[index &+ 1] ? e &* 7 : 0
                    if hasBelow {
                        if x > 0, tonal[index &+ width &- 1] { errors[below &+ x] &+= e &* 3 }
                        if tonal[index &+ width] { errors[below &+ x &+ 1] &+= e &* 5 }
                        if x &+ 1 < width, tonal[index &+ width &+ 1] { errors[below &+ x &+ 2] &+= e }
                    }
                }
                if floyd {
                    for i in here..<(here &+ rowLength) { errors[i] = 0 }
                    swap(&here, &below)
                }
            }
        }
        }
        }
        }
        }
        }
        }
        return values
    }

    /// The first of `inks` nearest to `value` (for sums outside the table).
    private static func nearestGrey(_ value: Int, _ inks: UnsafeBufferPointer<Int>) -> Int {
        var best = 0, bestDistance = Int.max
        for index in inks.indices where abs(value - inks[index]) < bestDistance {
            bestDistance = abs(value - inks[index])
            best = index
        }
        return best
    }
}
