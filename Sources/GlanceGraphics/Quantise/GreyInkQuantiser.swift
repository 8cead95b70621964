/// The quantiser for the usual e-paper frame: an indexed palette whose inks are all greys
/// (bw, gray4) with Floyd–Steinberg or no dither. It gives the values of the general
/// loop in `Canvas.quantised(to:dither:)` (tests hold them equal), with the work each
/// pixel does cut down to what these panels need:
/// - flat pixels (text, fills) look their colour up in a small table of the colours
///   seen so far in the frame, keyed by the pixel's bytes (on a grey canvas with
///   Floyd–Steinberg: in a table of the 256 greys);
/// - tonal pixels carry one error channel of 32-bit integers on the luma, and take
///   their ink by one comparison (two inks) or from a table indexed by the luma plus
///   error, instead of searching.
/// On a grey canvas a pixel's byte is its luma and its key.
extension Canvas {
    /// Whether `greyInkValues` gives `palette` and `dither` their values.
    static func greyInkPathApplies(to palette: Palette, dither: DitherMode) -> Bool {
        guard palette.kind == .indexed, dither == .none || dither == .floydSteinberg, palette.colors.count <= 16 else { return false }
        return palette.colors.allSatisfy { $0.r == $0.g && $0.g == $0.b }
    }

    func greyInkIndices(palette: Palette, dither: DitherMode) -> [UInt8] {
        if storage == .grey {
            return greys.withUnsafeBufferPointer { greyInkIndices(GreyPixels(buffer: $0), palette: palette, dither: dither) }
        }
        return rgba.withUnsafeBufferPointer { pixels in
            pixels.withMemoryRebound(to: UInt32.self) { words in
                greyInkIndices(RGBAPixels(pixels: pixels, words: words), palette: palette, dither: dither)
            }
        }
    }

    private func greyInkIndices<Source: InkSource>(_ source: Source, palette: Palette, dither: DitherMode) -> [UInt8] {
        let inks = palette.colors.map { Int($0.r) }
        if inks.count == 2 && inks[0] < inks[1] {
            return greyInkIndices(source, palette: palette, dither: dither, choice: TwoInks(dark: inks[0], light: inks[1]))
        }
        // The ink for every sum of a luma and its carried error. The error reaching a
        // pixel is at most 255 either way (its shares add up to one pixel's error), so
        // sums lie in -255...510.
        let nearest: [Int] = (InkTable.lowest...511).map { value in
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
        return nearest.withUnsafeBufferPointer { nearest in
            inks.withUnsafeBufferPointer { inks in
                greyInkIndices(source, palette: palette, dither: dither, choice: InkTable(nearest: nearest, inks: inks))
            }
        }
    }

    private func greyInkIndices<Source: InkSource, Choice: InkChoice>(_ source: Source, palette: Palette, dither: DitherMode,
                                                                       choice: Choice) -> [UInt8] {
        let width = self.width, height = self.height
        let inkBias = palette.colors.count <= 3
        let floyd = dither == .floydSteinberg
        if floyd, let greys = source.greys { return pairedGreyFloyd(greys, palette: palette, choice: choice) }
        // Flat colours seen in this frame, by a pixel's bytes (with a bit for a tonal
        // pixel when nothing is dithered, which takes no ink bias): a direct-mapped table
        // of 256 keys and their values.
        var seenKeys = [UInt64](repeating: .max, count: 256), seenValues = [UInt8](repeating: 0, count: 256)
        // Error in sixteenths for this row and the next, a pixel of margin each side.
        let rowLength = width + 2
        var errors = [Int32](repeating: 0, count: rowLength * 2)
        // Every pixel's value is written: the array is not zeroed first.
        let values = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialised in
        errors.withUnsafeMutableBufferPointer { errors in
        flags.withUnsafeBufferPointer { flags in
            var lastKey: UInt64 = .max
            var lastValue: UInt8 = 0
            var here = 0, below = rowLength
            for y in 0..<height {
                let rowStart = y &* width
                var x = 0
                while x < width {
                    var index = rowStart &+ x
                    let isTonal = (flags[index] & Canvas.tonalFlag != 0)
                    if !(isTonal && floyd) {
                        x &+= 1
                        let key = source.key(index) | (isTonal ? 1 << 32 : 0)
                        if key == lastKey {
                            out[index] = lastValue
                            // The run goes on eight pixels at a time where the source can
                            // tell (greys): eight flat pixels of the same colour.
                            if !isTonal, x &+ 8 <= width {
                                let broadcast = UInt64(lastValue) &* 0x0101_0101_0101_0101
                                let flagBase = UnsafeRawPointer(flags.baseAddress!), outBase = UnsafeMutableRawPointer(out.baseAddress!)
                                while x &+ 8 <= width, source.eightMatch(rowStart &+ x, key: key),
                                      flagBase.loadUnaligned(fromByteOffset: rowStart &+ x, as: UInt64.self) & 0x0101_0101_0101_0101 == 0 {
                                    outBase.storeBytes(of: broadcast, toByteOffset: rowStart &+ x, as: UInt64.self)
                                    x &+= 8
                                }
                            }
                            continue
                        }
                        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
                        let value: UInt8
                        if seenKeys[slot] == key {
                            value = seenValues[slot]
                        } else {
                            value = UInt8(truncatingIfNeeded: Self.flatInk(of: source.pixel(index), in: palette, biased: inkBias && !isTonal))
                            seenKeys[slot] = key
                            seenValues[slot] = value
                        }
                        lastKey = key
                        lastValue = value
                        out[index] = value
                        continue
                    }
                    // A run of tonal pixels, diffused. Its first pixel follows a flat one
                    // (or the edge), which passes on no error. The error in sixteenths is
                    // 16·e, so the shares 7/16, 3/16, 5/16 and 1/16 are exactly 7e, 3e, 5e
                    // and e: no division. The right neighbour's share stays in a register,
                    // and so do the shares below still growing: the slot below-left is
                    // complete once this pixel adds its 3e (the two pixels before it have
                    // given theirs), the next two are carried.
                    var carry: Int32 = 0, nextBelow: Int32 = 0, afterNext: Int32 = 0
                    repeat {
                        let v = source.luma(index) &+ Int((errors[here &+ x &+ 1] &+ carry) / 16)
                        let (ink, inkValue) = choice.ink(for: v)
                        out[index] = ink
                        let e = Int32(truncatingIfNeeded: clamp(v) &- inkValue)
                        carry = e &* 7
                        errors[below &+ x] &+= nextBelow &+ e &* 3
                        nextBelow = afterNext &+ e &* 5
                        afterNext = e
                        x &+= 1
                        index &+= 1
                    } while x < width && (flags[index] & Canvas.tonalFlag != 0)
                    // Shares go to every neighbour without asking whether it is tonal:
                    // only a tonal pixel reads its slot, slots past the edges are the
                    // margins, and shares below the last row are never read.
                    errors[below &+ x] &+= nextBelow
                    errors[below &+ x &+ 1] &+= afterNext
                }
                if floyd {
                    (errors.baseAddress! + here).update(repeating: 0, count: rowLength)
                    swap(&here, &below)
                }
            }
        }
        }
        initialised = width * height
        }
        return values
    }

    /// Floyd–Steinberg over a grey canvas, two rows at a time. A row's chain (each pixel
    /// waits for the error its left neighbour passes on) is long and does little; the
    /// rows below and above are independent of it once the lower runs two pixels behind
    /// (the shares it reads from the upper are then complete), so one loop steps both and
    /// the processor runs the two chains side by side. Flat pixels take their grey's
    /// ink from a table, eight at a time where both rows are flat there.
    private func pairedGreyFloyd<Choice: InkChoice>(_ greys: UnsafeBufferPointer<UInt8>, palette: Palette, choice: Choice) -> [UInt8] {
        let width = self.width, height = self.height
        let biased = palette.colors.count <= 3
        let flatInks = (0...255).map { grey in
            UInt8(truncatingIfNeeded: Self.flatInk(of: RGBA(UInt8(grey), UInt8(grey), UInt8(grey)), in: palette, biased: biased))
        }
        // Error in sixteenths: three rows of shares (read by this row, by the next, and
        // by the one after), a pixel of margin each side.
        let rowLength = width + 2
        var errors = [Int32](repeating: 0, count: rowLength * 3)
        return [UInt8](unsafeUninitializedCapacity: width * height) { out, initialised in
        errors.withUnsafeMutableBufferPointer { errors in
        flags.withUnsafeBufferPointer { flags in
        flatInks.withUnsafeBufferPointer { flatInks in
            // Plain pointers and a local copy of the choice: values the compiler keeps in
            // registers (through the buffers captured `inout` it reloaded each base
            // address at every pixel, as a store might have changed it).
            let errorBase = errors.baseAddress!, flagBase = flags.baseAddress!, greyBase = greys.baseAddress!
            let outBase = out.baseAddress!, inkBase = flatInks.baseAddress!
            let choice = choice
            // Pixel `index` of a row whose shares are read at `from` and written at
            // `to` (both already moved by the pixel's column): a flat one takes its
            // grey's ink and passes nothing on; a tonal one adds the error reaching it
            // (from the left in `carry`, from above in the share at `from + 1`) and
            // spreads its own (7/16 right, 3/16, 5/16, 1/16 below: exactly 7e, 3e, 5e
            // and e in sixteenths). Shares go below whether or not the pixel there is
            // tonal: only a tonal pixel reads its slot, and the slots past the edges are
            // margins. The slot below-left is complete once this pixel adds its share
            // (the two before it have given theirs); the next two are carried in the
            // chain until then, and written out where a flat pixel or the row's end
            // breaks the chain.
            @inline(__always) func step(_ index: Int, _ chain: inout Chain, from: UnsafeMutablePointer<Int32>, to: UnsafeMutablePointer<Int32>) {
                let grey = Int(greyBase[index])
                guard flagBase[index] & Canvas.tonalFlag != 0 else {
                    outBase[index] = inkBase[grey]
                    chain.settle(at: to)
                    return
                }
                let v = grey &+ Int((from[1] &+ chain.carry) / 16)
                let (ink, inkValue) = choice.ink(for: v)
                outBase[index] = ink
                let e = Int32(truncatingIfNeeded: clamp(v) &- inkValue)
                chain.carry = e &* 7
                to[0] &+= chain.next &+ e &* 3
                chain.next = chain.afterNext &+ e &* 5
                chain.afterNext = e
            }
            // Eight flat pixels from `index`, if they are: their inks written.
            @inline(__always) func flatEight(_ index: Int) -> Bool {
                guard UnsafeRawPointer(flagBase + index).loadUnaligned(as: UInt64.self) & 0x0101_0101_0101_0101 == 0 else { return false }
                let eight = UnsafeRawPointer(greyBase + index).loadUnaligned(as: UInt64.self)
                let first = UInt8(truncatingIfNeeded: eight)
                if eight == UInt64(first) &* 0x0101_0101_0101_0101 {
                    UnsafeMutableRawPointer(outBase + index).storeBytes(of: UInt64(inkBase[Int(first)]) &* 0x0101_0101_0101_0101, as: UInt64.self)
                } else {
                    for offset in 0..<8 { outBase[index &+ offset] = inkBase[Int(greyBase[index &+ offset])] }
                }
                return true
            }
            var above = errorBase, middle = errorBase + rowLength, below = errorBase + 2 &* rowLength
            var y = 0
            while y < height {
                var upper = Chain(), lower = Chain()
                let upperRow = y &* width
                guard y &+ 1 < height else {
                    for x in 0..<width { step(upperRow &+ x, &upper, from: above + x, to: middle + x) }
                    break
                }
                // Row y reads `above` and writes `middle`; row y + 1, two pixels behind,
                // reads `middle` and writes `below`.
                let lowerRow = upperRow &+ width
                for x in 0..<min(2, width) { step(upperRow &+ x, &upper, from: above + x, to: middle + x) }
                var x = 2
                while x < width {
                    // Eight flat pixels at once where the upper row's next is flat (a
                    // tonal one goes on by steps without looking at eight).
                    if flagBase[upperRow &+ x] & Canvas.tonalFlag == 0, x &+ 8 <= width, flatEight(upperRow &+ x) {
                        upper.settle(at: middle + x)
                        if flatEight(lowerRow &+ x &- 2) {
                            lower.settle(at: below + (x &- 2))
                        } else {
                            for offset in x &- 2..<x &+ 6 { step(lowerRow &+ offset, &lower, from: middle + offset, to: below + offset) }
                        }
                        x &+= 8
                        continue
                    }
                    step(upperRow &+ x, &upper, from: above + x, to: middle + x)
                    step(lowerRow &+ x &- 2, &lower, from: middle + (x &- 2), to: below + (x &- 2))
                    x &+= 1
                }
                // The upper row's last shares (below its last pixel) before the lower
                // row's last two pixels read them.
                upper.settle(at: middle + width)
                for x in max(0, width &- 2)..<width { step(lowerRow &+ x, &lower, from: middle + x, to: below + x) }
                lower.settle(at: below + width)
                // The next pair reads what row y + 1 wrote; the two buffers read are cleared.
                above.update(repeating: 0, count: rowLength)
                middle.update(repeating: 0, count: rowLength)
                (above, middle, below) = (below, above, middle)
                y &+= 2
            }
        }
        }
        }
        initialised = width * height
        }
    }

    /// The ink an indexed palette gives a flat pixel (over white where it is translucent):
    /// the nearest by the weighted distance, among the greys for a greyish pixel, after
    /// darkening by a quarter where `biased` (flat content on two- and three-ink panels).
    static func flatInk(of pixel: RGBA, in palette: Palette, biased: Bool) -> UInt32 {
        let opaque = pixel.a == 255 ? pixel : pixel.over(RGBA.white)
        var r = Int(opaque.r), g = Int(opaque.g), b = Int(opaque.b)
        let grey = max(r, g, b) - min(r, g, b) < 40
        if biased {
            r = r * 3 / 4
            g = g * 3 / 4
            b = b * 3 / 4
        }
        return palette.nearest(r, g, b, grey: grey)
    }

    /// The first of `inks` nearest to `value` (for sums outside the table).
    fileprivate static func nearestGrey(_ value: Int, _ inks: UnsafeBufferPointer<Int>) -> Int {
        var best = 0, bestDistance = Int.max
        for index in inks.indices where abs(value - inks[index]) < bestDistance {
            bestDistance = abs(value - inks[index])
            best = index
        }
        return best
    }
}

/// Where the grey-ink quantiser reads a canvas's pixels.
private protocol InkSource {
    /// What identifies the pixel's colour (below bit 32).
    func key(_ index: Int) -> UInt64
    /// The pixel as drawn over white.
    func pixel(_ index: Int) -> RGBA
    /// Its luma over white.
    func luma(_ index: Int) -> Int
    /// Whether the eight pixels from `index` on all have `key` (false where the source
    /// cannot tell cheaply).
    func eightMatch(_ index: Int, key: UInt64) -> Bool
    /// The pixels as greys, where they are.
    var greys: UnsafeBufferPointer<UInt8>? { get }
}

private struct RGBAPixels: InkSource {
    let pixels: UnsafeBufferPointer<RGBA>
    let words: UnsafeBufferPointer<UInt32>

    @inline(__always) func key(_ index: Int) -> UInt64 { UInt64(words[index]) }
    @inline(__always) func pixel(_ index: Int) -> RGBA { pixels[index] }
    @inline(__always) func luma(_ index: Int) -> Int {
        let source = pixels[index]
        return (source.a == 255 ? source : source.over(.white)).luma
    }
    @inline(__always) func eightMatch(_ index: Int, key: UInt64) -> Bool { false }
    var greys: UnsafeBufferPointer<UInt8>? { nil }
}

private struct GreyPixels: InkSource {
    let buffer: UnsafeBufferPointer<UInt8>
    var greys: UnsafeBufferPointer<UInt8>? { buffer }

    @inline(__always) func key(_ index: Int) -> UInt64 { UInt64(buffer[index]) }
    @inline(__always) func pixel(_ index: Int) -> RGBA { RGBA(buffer[index], buffer[index], buffer[index]) }
    @inline(__always) func luma(_ index: Int) -> Int { Int(buffer[index]) }
    @inline(__always) func eightMatch(_ index: Int, key: UInt64) -> Bool {
        UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self) == key &* 0x0101_0101_0101_0101
    }
}

/// How a tonal pixel's luma plus error picks its ink: the ink's index and its grey.
private protocol InkChoice {
    func ink(for value: Int) -> (index: UInt8, grey: Int)
}

/// Two inks, the darker first (bw): a comparison with their sum (a tie takes the darker).
private struct TwoInks: InkChoice {
    let dark: Int
    let light: Int

    @inline(__always) func ink(for value: Int) -> (index: UInt8, grey: Int) {
        2 &* value <= dark &+ light ? (0, dark) : (1, light)
    }
}

/// Any inks: the nearest looked up by the value.
private struct InkTable: InkChoice {
    static let lowest = -256
    let nearest: UnsafeBufferPointer<Int>
    let inks: UnsafeBufferPointer<Int>

    @inline(__always) func ink(for value: Int) -> (index: UInt8, grey: Int) {
        let index = value >= Self.lowest && value <= 511 ? nearest[value &- Self.lowest] : Canvas.nearestGrey(value, inks)
        return (UInt8(truncatingIfNeeded: index), inks[index])
    }
}

/// One row's Floyd–Steinberg chain: the error for the right neighbour (in sixteenths),
/// and the shares for the two slots below still being added to.
private struct Chain {
    var carry: Int32 = 0
    var next: Int32 = 0
    var afterNext: Int32 = 0

    /// The chain broken at `slot` (a flat pixel, the row's end): the shares
    /// carried are written out and nothing passes on.
    @inline(__always) mutating func settle(at slot: UnsafeMutablePointer<Int32>) {
        if next != 0 || afterNext != 0 {
            slot[0] &+= next
            slot[1] &+= afterNext
            next = 0
            afterNext = 0
        }
        carry = 0
    }
}
