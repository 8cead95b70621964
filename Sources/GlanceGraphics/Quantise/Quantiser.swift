/// How tonal pixels are spread over a palette's few colours.
public enum DitherMode: String, CaseIterable, Sendable {
    /// Each pixel takes the nearest colour (a threshold on 1-bit panels).
    case none
    /// Error diffusion to four neighbours (7/16, 3/16, 5/16, 1/16).
    case floydSteinberg
    /// Error diffusion of 6/8 of the error to six neighbours; keeps highlights clean.
    case atkinson
    /// An 8×8 ordered threshold pattern; stable under partial refresh (no crawling).
    case bayer
}

/// A frame in a palette's values: an index per pixel for indexed palettes (a bit a pixel
/// for two inks and two bits for four, as bw and gray4 panels take them; a byte
/// otherwise), a packed colour for RGB565/RGB888 (four bytes).
public struct QuantisedFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let palette: Palette
    /// Indexed palettes of three or of five and more inks: each pixel's ink, row-major
    /// (else empty).
    private var bytes: [UInt8]
    /// Palettes of two inks: a bit a pixel; of four: two bits. Each row padded to a
    /// whole byte, the first pixel in the most significant bits, a pixel's bits its ink
    /// (else empty). For bw and gray4 these are the panel's bytes.
    public private(set) var bits: [UInt8]
    /// RGB565/RGB888: each pixel's packed colour (empty for indexed palettes).
    private var colours: [UInt32]

    /// Whether the frame keeps its inks packed in `bits` (an indexed palette of two or
    /// four inks).
    public var isBitPacked: Bool { Self.packedDepth(palette) > 0 }

    /// Bits a pixel of a packed frame of `palette`: 1 for two inks, 2 for four, else 0.
    static func packedDepth(_ palette: Palette) -> Int {
        guard palette.kind == .indexed else { return 0 }
        return palette.colors.count <= 2 ? 1 : (palette.colors.count == 4 ? 2 : 0)
    }

    /// Indexed palettes: each pixel's ink, a byte each, row-major (unpacked, a copy, for
    /// two and four inks); empty for RGB565/RGB888.
    public var indices: [UInt8] {
        let depth = Self.packedDepth(palette)
        return depth > 0 ? Self.unpacked(bits, depth: depth, width: width, height: height) : bytes
    }

    /// Every pixel's value, row-major (a copy for indexed palettes: hot paths read
    /// `self[index]`).
    public var values: [UInt32] {
        get { palette.kind == .indexed ? indices.map { UInt32($0) } : colours }
        set {
            precondition(newValue.count == width * height, "a \(width)x\(height) frame needs \(width * height) values")
            if palette.kind == .indexed { store(newValue.map { UInt8(truncatingIfNeeded: $0) }) } else { colours = newValue }
        }
    }

    /// A frame of `width`×`height` values (row-major) in `palette`.
    public init(width: Int, height: Int, palette: Palette, values: [UInt32]) {
        precondition(values.count == width * height, "a \(width)x\(height) frame needs \(width * height) values")
        self.width = width
        self.height = height
        self.palette = palette
        bytes = []
        bits = []
        colours = []
        if palette.kind == .indexed {
            precondition(palette.colors.count <= 256, "an indexed palette has at most 256 inks")
            store(values.map { UInt8(truncatingIfNeeded: $0) })
        } else {
            colours = values
        }
    }

    /// A frame of an indexed palette from its inks, one byte a pixel (row-major).
    public init(width: Int, height: Int, palette: Palette, indices: [UInt8]) {
        precondition(palette.kind == .indexed, "indices are for indexed palettes")
        precondition(indices.count == width * height, "a \(width)x\(height) frame needs \(width * height) values")
        self.width = width
        self.height = height
        self.palette = palette
        bytes = []
        bits = []
        colours = []
        store(indices)
    }

    private mutating func store(_ indices: [UInt8]) {
        let depth = Self.packedDepth(palette)
        if depth > 0 {
            bits = indices.withUnsafeBufferPointer {
                Self.packedInks($0, depth: depth, width: width, height: height)
            }
            bytes = []
        } else {
            bytes = indices
            bits = []
        }
    }

    /// The byte-a-pixel inks (palettes of three, or five and more), for folding.
    var storedBytes: [UInt8] { bytes }
    /// The packed colours (RGB565/RGB888), for folding.
    var storedColours: [UInt32] { colours }

    /// Lets the ink arrays go (a frame being folded keeps its shell).
    mutating func dropInks() {
        bytes = []
        bits = []
    }

    /// Puts back the inks `dropInks` let go: packed bits or a byte a pixel, as the
    /// palette keeps them.
    mutating func restoreInks(_ inks: [UInt8]) {
        if isBitPacked { bits = inks } else { bytes = inks }
    }

    /// The value of pixel `index` (row-major).
    @inline(__always)
    public subscript(index: Int) -> UInt32 {
        guard palette.kind == .indexed else { return colours[index] }
        switch Self.packedDepth(palette) {
        case 1:
            let y = index / width, x = index &- y &* width
            let rowBytes: Int = (width &+ 7) >> 3
            let byte: UInt8 = bits[y &* rowBytes &+ x >> 3]
            let shift: Int = 7 &- x & 7
            return UInt32(byte >> shift & 1)
        case 2:
            let y = index / width, x = index &- y &* width
            let rowBytes: Int = (width &+ 3) >> 2
            let byte: UInt8 = bits[y &* rowBytes &+ x >> 2]
            let shift: Int = 6 &- (x & 3) &* 2
            return UInt32(byte >> shift & 3)
        default:
            return UInt32(bytes[index])
        }
    }

    /// The frame as RGBA, for PNG output and comparisons.
    public func canvas() -> Canvas {
        // Sizes came from a valid canvas.
        var canvas = try! Canvas(width: width, height: height)
        let indices = palette.kind == .indexed ? self.indices : []
        for index in 0..<width * height {
            canvas.rgba[index] = palette.color(of: palette.kind == .indexed ? UInt32(indices[index]) : colours[index])
        }
        return canvas
    }

    /// `depth` bits a pixel (1: a set bit where the byte is not 0; 2: its low two bits)
    /// from a byte a pixel, each row padded to a whole byte, the first pixel in the most
    /// significant bits.
    static func packedInks(_ values: UnsafeBufferPointer<UInt8>, depth: Int, width: Int, height: Int) -> [UInt8] {
        precondition(depth == 1 || depth == 2, "inks are packed at 1 or 2 bits a pixel")
        let perByte = 8 / depth, rowBytes = (width + perByte - 1) / perByte
        return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { out, initialised in
            guard let base = values.baseAddress.map(UnsafeRawPointer.init) else {
                initialised = 0
                return
            }
            let fullBytes = width / perByte
            if depth == 1, let target = out.baseAddress {
                // Two inks (the bw panels): a loop of its own, eight pixels a byte. Each
                // byte made 1 where it is not 0 (its bits folded into its lowest), then
                // the eight ones gathered into the top byte by one multiplication, the
                // first pixel in the most significant bit.
                for y in 0..<height {
                    let source = y &* width, row = target + y &* rowBytes
                    for byteIndex in 0..<fullBytes {
                        var word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: source &+ byteIndex &* 8, as: UInt64.self))
                        word |= word >> 4
                        word |= word >> 2
                        word |= word >> 1
                        word &= 0x0101_0101_0101_0101
                        row[byteIndex] = UInt8(truncatingIfNeeded: (word &* 0x8040_2010_0804_0201) >> 56)
                    }
                    if fullBytes < rowBytes {
                        var byte: UInt8 = 0
                        for pixel in 0..<(width &- fullBytes &* 8) where values[source &+ fullBytes &* 8 &+ pixel] != 0 {
                            byte |= 0x80 >> pixel
                        }
                        row[fullBytes] = byte
                    }
                }
                initialised = rowBytes * height
                return
            }
            for y in 0..<height {
                var source = y * width
                let rowStart = y * rowBytes
                for byteIndex in 0..<fullBytes {
                    // Four pixels from one 32-bit load (two bits each: gray4).
                    let word = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: source, as: UInt32.self))
                    out[rowStart + byteIndex] = UInt8(truncatingIfNeeded:
                        (word & 3) << 6 | (word >> 8 & 3) << 4 | (word >> 16 & 3) << 2 | (word >> 24 & 3))
                    source += perByte
                }
                if fullBytes < rowBytes {
                    var byte: UInt8 = 0
                    for pixel in 0..<(width - fullBytes * perByte) {
                        byte |= (values[source + pixel] & 3) << (8 - depth * (pixel + 1))
                    }
                    out[rowStart + fullBytes] = byte
                }
            }
            initialised = rowBytes * height
        }
    }

    /// A byte a pixel from `packedInks`'s layout at `depth` bits a pixel.
    static func unpacked(_ bits: [UInt8], depth: Int, width: Int, height: Int) -> [UInt8] {
        let perByte = 8 / depth, rowBytes = (width + perByte - 1) / perByte
        let mask = UInt8(1 << depth - 1)
        return [UInt8](unsafeUninitializedCapacity: width * height) { out, initialised in
            for y in 0..<height {
                for x in 0..<width {
                    let shift = 8 &- depth &* (x % perByte &+ 1)
                    out[y &* width &+ x] = bits[y &* rowBytes &+ x / perByte] >> shift & mask
                }
            }
            initialised = width * height
        }
    }
}

extension Canvas {
    /// Maps every pixel to `palette`. Flat pixels (text, solid shapes) take the nearest
    /// colour (on two- and three-ink panels colours are darkened by a quarter first, so
    /// mid-grey or blue text prints as ink) and neither take nor pass on diffusion error, so text stays crisp; tonal
    /// pixels (gradients, images) are dithered with `dither` (Floyd–Steinberg on panels
    /// of grey inks diffuses a tone's luma, as Pillow does). Transparent pixels are taken
    /// as drawn on white.
    public func quantised(to palette: Palette, dither: DitherMode) -> QuantisedFrame {
        quantised(to: palette, dither: dither, general: false)
    }

    /// As `quantised(to:dither:)`, with the tonal pixels (pictures, gradients) of a panel
    /// whose inks were measured (`inkLook`: the colour each ink really shows, in the
    /// palette's order) dithered against those colours, in linear light, each taking the
    /// ink nearest in Oklab (`PictureDither`). Text, symbols and flat shapes keep the
    /// palette's ink rules.
    public func quantised(to palette: Palette, dither: DitherMode, inkLook: [RGBA]?) -> QuantisedFrame {
        guard let inkLook, palette.kind == .indexed, inkLook.count == palette.colors.count, dither == .floydSteinberg,
              hasTonalPixels else {
            return quantised(to: palette, dither: dither)
        }
        var indices = quantised(to: palette, dither: dither).indices
        let mask = flags.map { $0 & Canvas.tonalFlag }
        let pixels = self.pixels
        pixels.withUnsafeBufferPointer { pixels in
            mask.withUnsafeBufferPointer { mask in
                indices.withUnsafeMutableBufferPointer { out in
                    PictureDither.dither(pixels, width: width, height: height, inks: inkLook, mask: mask, into: out)
                }
            }
        }
        return QuantisedFrame(width: width, height: height, palette: palette, indices: indices)
    }

    /// `general`: the loop for every palette even where a narrower one applies (tests
    /// compare the two).
    func quantised(to palette: Palette, dither: DitherMode, general: Bool) -> QuantisedFrame {
        guard palette.kind == .indexed else {
            return QuantisedFrame(width: width, height: height, palette: palette,
                                  values: generalValues(palette: palette, dither: dither, anyTonal: hasTonalPixels, as: UInt32.self))
        }
        var indices: [UInt8]
        // Whether the frame has tones: read once where both the general loop and the halo ask.
        var anyTonal: Bool?
        if !general, Self.greyInkPathApplies(to: palette, dither: dither) {
            indices = greyInkIndices(palette: palette, dither: dither)
        } else {
            let tonal = hasTonalPixels
            anyTonal = tonal
            // An indexed palette's values are its indices: written as bytes straight away.
            indices = generalValues(palette: palette, dither: dither, anyTonal: tonal, as: UInt8.self)
        }
        // Only frames with tones need the halo (a text-only frame skips the pass).
        if dither != .none, (palette.achromatic?.count ?? palette.colors.count) == 2, anyTonal ?? hasTonalPixels {
            keepContrast(&indices, palette: palette)
        }
        return QuantisedFrame(width: width, height: height, palette: palette, indices: indices)
    }

    /// Whether any pixel is tonal: the flags read eight at a time.
    var hasTonalPixels: Bool {
        flags.withUnsafeBytes { bytes in
            let count = bytes.count
            let eight = UInt64(Canvas.tonalFlag) &* 0x0101_0101_0101_0101
            var offset = 0
            while offset &+ 8 <= count {
                if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & eight != 0 { return true }
                offset &+= 8
            }
            while offset < count {
                if bytes[offset] & Canvas.tonalFlag != 0 { return true }
                offset &+= 1
            }
            return false
        }
    }

    /// Every pixel's value (an indexed palette's index, else the packed colour), as
    /// `Value` (bytes for an indexed palette: a quarter of the memory, none of it mapped
    /// afresh for a large frame).
    /// `anyTonal`: whether any pixel is tonal (`hasTonalPixels`).
    private func generalValues<Value: FixedWidthInteger & UnsignedInteger>(palette: Palette, dither: DitherMode, anyTonal: Bool,
                                                                         as: Value.Type) -> [Value] {
        // Every pixel as RGBA (a grey canvas's greys once).
        let pixels = self.pixels
        var values = [Value](repeating: 0, count: width * height)
        let inkBias = palette.kind == .indexed && palette.colors.count <= 3
        let spread = palette.kind == .indexed ? Self.spread(of: palette) : 8
        let targets: [(Int, Int, Int)] = dither == .floydSteinberg
            ? [(1, 0, 7), (-1, 1, 3), (0, 1, 5), (1, 1, 1)]
            : [(1, 0, 2), (2, 0, 2), (-1, 1, 2), (0, 1, 2), (1, 1, 2), (0, 2, 2)]
        // Error buffers for this row and the next two (Atkinson reaches two rows down),
        // three channels a pixel, two pixels of margin each side.
        let rowLength = (width + 4) * 3
        var errors = [Int](repeating: 0, count: rowLength * 3)
        let width = self.width, height = self.height
        // An indexed palette's inks as plain integers (r, g, b, index), all of them and the
        // achromatic ones, searched as `Palette.nearest` searches them, without its arrays.
        let indexed = palette.kind == .indexed
        let inkCount = palette.colors.count
        let allInks = palette.colors.enumerated().map { [Int($1.r), Int($1.g), Int($1.b), $0] }.flatMap { $0 }
        let greyInks = (palette.achromatic ?? Array(palette.colors.indices)).map { index in
            [Int(palette.colors[index].r), Int(palette.colors[index].g), Int(palette.colors[index].b), index]
        }.flatMap { $0 }
        let floyd = dither == .floydSteinberg
        // Floyd–Steinberg over neutral tones only (greys: gradients and fills between black
        // and white, the usual e-paper frame) keeps its three error channels equal, so one
        // is carried: the same values as three, for a third of the work.
        // On panels whose inks are all greys (bw, gray4), tones are diffused on their luma,
        // one channel, as Pillow's convert("L") does before it dithers (for a grey tone the
        // luma is the grey itself). Elsewhere one channel is carried only when every tone
        // of the frame is a grey, where three channels would stay equal anyway.
        var inksNeutral = indexed
        for k in stride(from: 0, to: allInks.count, by: 4) where allInks[k] != allInks[k + 1] || allInks[k + 1] != allInks[k + 2] {
            inksNeutral = false
        }
        let lumaTones = floyd && inksNeutral
        var neutral = floyd && indexed
        for k in stride(from: 0, to: greyInks.count, by: 4) where greyInks[k] != greyInks[k + 1] || greyInks[k + 1] != greyInks[k + 2] {
            neutral = false
        }
        if neutral && !lumaTones && anyTonal {
            neutral = pixels.withUnsafeBufferPointer { pixels -> Bool in
                flags.withUnsafeBufferPointer { flags -> Bool in
                    for index in 0..<pixels.count where (flags[index] & Canvas.tonalFlag != 0) {
                        let pixel = pixels[index]
                        if pixel.r != pixel.g || pixel.g != pixel.b { return false }
                    }
                    return true
                }
            }
        }
        // Unsafe buffers: this loop runs for every pixel of every frame.
        allInks.withUnsafeBufferPointer { allBuffer in
        greyInks.withUnsafeBufferPointer { greyBuffer in
        values.withUnsafeMutableBufferPointer { out in
            errors.withUnsafeMutableBufferPointer { errors in
                pixels.withUnsafeBufferPointer { pixels in
                  pixels.withMemoryRebound(to: UInt32.self) { words in
                    flags.withUnsafeBufferPointer { flags in
                        // Flat runs of one colour (most of a widget) repeat the last answer;
                        // colours compare as their four bytes, and with their tonal flag (a
                        // tone left undithered takes no ink bias).
                        var lastColor: UInt32 = 0
                        var lastValue: UInt32 = 0
                        var lastTonal = false
                        var hasLast = false
                        // Undithered colours' answers, direct-mapped by their key (the four
                        // bytes and the tonal flag; `.max` is no key).
                        var seen = [(key: UInt64, value: UInt32)](repeating: (.max, 0), count: 512)
                        for y in 0..<height {
                            let row = y % 3
                            var x = -1
                            while x &+ 1 < width {
                                x &+= 1
                                let index = y * width + x
                                let isTonal = (flags[index] & Canvas.tonalFlag != 0) && dither != .none
                                let bits = words[index]
                                if !isTonal, hasLast, bits == lastColor, (flags[index] & Canvas.tonalFlag != 0) == lastTonal {
                                    let lastValue = Value(truncatingIfNeeded: lastValue)
                                    out[index] = lastValue
                                    // The rest of the run of this colour and flag, in a tight loop
                                    // (most of a frame: its grounds, its flat marks).
                                    let rowStart = y &* width
                                    let flag: UInt8 = lastTonal ? Canvas.tonalFlag : 0
                                    var next = x &+ 1
                                    // Four pixels a step while all four are the run's (two
                                    // colours a word, four flags a word), then one at a time.
                                    let pair = UInt64(lastColor) | UInt64(lastColor) << 32
                                    let fourFlags = UInt32(Canvas.tonalFlag) &* 0x0101_0101, fourFlag = UInt32(flag) &* 0x0101_0101
                                    let colourBytes = UnsafeRawPointer(words.baseAddress!), flagBytes = UnsafeRawPointer(flags.baseAddress!)
                                    while next &+ 4 <= width {
                                        let at = rowStart &+ next
                                        guard colourBytes.loadUnaligned(fromByteOffset: at &* 4, as: UInt64.self) == pair,
                                              colourBytes.loadUnaligned(fromByteOffset: at &* 4 &+ 8, as: UInt64.self) == pair,
                                              flagBytes.loadUnaligned(fromByteOffset: at, as: UInt32.self) & fourFlags == fourFlag else { break }
                                        next &+= 4
                                    }
                                    while next < width, words[rowStart &+ next] == lastColor, flags[rowStart &+ next] & Canvas.tonalFlag == flag {
                                        next &+= 1
                                    }
                                    (out.baseAddress! + (rowStart &+ x &+ 1)).update(repeating: lastValue, count: next &- x &- 1)
                                    x = next &- 1
                                    continue
                                }
                                let source = pixels[index]
                                if neutral && isTonal {
                                    // One channel: the grey plus its error, the nearest grey ink
                                    // (least 9·d², as the three-channel distance is for greys).
                                    let e = row &* rowLength &+ (x &+ 2) &* 3
                                    let opaque = source.a == 255 ? source : source.over(.white)
                                    let v = (lumaTones ? opaque.luma : Int(opaque.r)) &+ errors[e] / 16
                                    var best = 0, bestDistance = Int.max, k = 0
                                    while k < greyBuffer.count {
                                        let d = v &- greyBuffer[k]
                                        let distance = 9 &* d &* d
                                        if distance < bestDistance {
                                            bestDistance = distance
                                            best = greyBuffer[k &+ 3]
                                        }
                                        k &+= 4
                                    }
                                    out[index] = Value(truncatingIfNeeded: best)
                                    let error = (clamp(v) &- allBuffer[best &* 4]) &* 16
                                    let here = row &* rowLength, below = ((row &+ 1) % 3) &* rowLength
                                    if x &+ 1 < width, (flags[index &+ 1] & Canvas.tonalFlag != 0) { errors[here &+ (x &+ 3) &* 3] &+= (error &* 7) / 16 }
                                    if y &+ 1 < height {
                                        if x > 0, (flags[index &+ width &- 1] & Canvas.tonalFlag != 0) { errors[below &+ (x &+ 1) &* 3] &+= (error &* 3) / 16 }
                                        if (flags[index &+ width] & Canvas.tonalFlag != 0) { errors[below &+ (x &+ 2) &* 3] &+= (error &* 5) / 16 }
                                        if x &+ 1 < width, (flags[index &+ width &+ 1] & Canvas.tonalFlag != 0) { errors[below &+ (x &+ 3) &* 3] &+= error / 16 }
                                    }
                                    continue
                                }
                                // An undithered colour seen before in this frame (a line's or a
                                // glyph's antialiased edge: a few hundred colours) keeps its answer.
                                let seenKey = UInt64(bits) | (flags[index] & Canvas.tonalFlag != 0 ? 1 << 32 : 0)
                                let seenSlot = Int(truncatingIfNeeded: (seenKey &* 0x9E37_79B9_7F4A_7C15) >> 55)
                                if !isTonal, seen[seenSlot].key == seenKey {
                                    let value = seen[seenSlot].value
                                    out[index] = Value(truncatingIfNeeded: value)
                                    lastColor = bits
                                    lastTonal = seenKey > UInt32.max
                                    lastValue = value
                                    hasLast = true
                                    continue
                                }
                                let pixel = source.a == 255 ? source : source.over(.white)
                                var r = Int(pixel.r), g = Int(pixel.g), b = Int(pixel.b)
                                let grey = max(r, g, b) - min(r, g, b) < 40
                                if !(flags[index] & Canvas.tonalFlag != 0), inkBias {
                                    // On 1-bit-like panels, flat content that is not near white
                                    // is ink: grey (secondary) text and coloured text, switches
                                    // and buttons (a blue label, a green switch) stay legible.
                                    r = r * 3 / 4
                                    g = g * 3 / 4
                                    b = b * 3 / 4
                                }
                                if isTonal {
                                    switch dither {
                                    case .floydSteinberg, .atkinson:
                                        let e = row * rowLength + (x + 2) * 3
                                        r += errors[e] / 16
                                        g += errors[e + 1] / 16
                                        b += errors[e + 2] / 16
                                    case .bayer:
                                        let threshold = Self.bayer8[(y & 7) * 8 + (x & 7)] * 4 + 2 - 128
                                        r += threshold * spread / 256
                                        g += threshold * spread / 256
                                        b += threshold * spread / 256
                                    case .none:
                                        break
                                    }
                                }
                                let value: UInt32
                                if indexed {
                                    // Palette.nearest's search: the first ink at the least
                                    // weighted distance (2, 4, 3).
                                    let inks = grey ? greyBuffer : allBuffer
                                    var best = 0, bestDistance = Int.max
                                    var k = 0
                                    while k < inks.count {
                                        let dr = r &- inks[k], dg = g &- inks[k &+ 1], db = b &- inks[k &+ 2]
                                        let distance: Int = 2 &* dr &* dr &+ 4 &* dg &* dg &+ 3 &* db &* db
                                        if distance < bestDistance {
                                            bestDistance = distance
                                            best = inks[k &+ 3]
                                        }
                                        k &+= 4
                                    }
                                    value = UInt32(best)
                                } else {
                                    value = palette.nearest(r, g, b, grey: grey)
                                }
                                out[index] = Value(truncatingIfNeeded: value)
                                if !isTonal {
                                    seen[seenSlot] = (seenKey, value)
                                    lastColor = bits
                                    lastTonal = (flags[index] & Canvas.tonalFlag != 0)
                                    lastValue = value
                                    hasLast = true
                                }
                                guard isTonal, dither == .floydSteinberg || dither == .atkinson else { continue }
                                // The chosen ink's channels (an indexed palette's from its
                                // table, in index order).
                                let cr: Int, cg: Int, cb: Int
                                if indexed, Int(value) < inkCount {
                                    let k = Int(value) &* 4
                                    (cr, cg, cb) = (allBuffer[k], allBuffer[k &+ 1], allBuffer[k &+ 2])
                                } else {
                                    let chosen = palette.color(of: value)
                                    (cr, cg, cb) = (Int(chosen.r), Int(chosen.g), Int(chosen.b))
                                }
                                // Error in sixteenths, spread only to tonal neighbours.
                                let er = (clamp(r) &- cr) &* 16
                                let eg = (clamp(g) &- cg) &* 16
                                let eb = (clamp(b) &- cb) &* 16
                                if floyd {
                                    // Floyd–Steinberg's four neighbours, written out (7 right;
                                    // 3, 5, 1 below), as the general loop below spreads them.
                                    let here = row * rowLength, below = ((row + 1) % 3) * rowLength
                                    if x + 1 < width, (flags[index + 1] & Canvas.tonalFlag != 0) {
                                        let e = here + (x + 3) * 3
                                        errors[e] &+= (er &* 7) / 16
                                        errors[e + 1] &+= (eg &* 7) / 16
                                        errors[e + 2] &+= (eb &* 7) / 16
                                    }
                                    if y + 1 < height {
                                        if x > 0, (flags[index + width - 1] & Canvas.tonalFlag != 0) {
                                            let e = below + (x + 1) * 3
                                            errors[e] &+= er * 3 / 16
                                            errors[e + 1] &+= eg * 3 / 16
                                            errors[e + 2] &+= eb * 3 / 16
                                        }
                                        if (flags[index + width] & Canvas.tonalFlag != 0) {
                                            let e = below + (x + 2) * 3
                                            errors[e] &+= er * 5 / 16
                                            errors[e + 1] &+= eg * 5 / 16
                                            errors[e + 2] &+= eb * 5 / 16
                                        }
                                        if x + 1 < width, (flags[index + width + 1] & Canvas.tonalFlag != 0) {
                                            let e = below + (x + 3) * 3
                                            errors[e] &+= er / 16
                                            errors[e + 1] &+= eg / 16
                                            errors[e + 2] &+= eb / 16
                                        }
                                    }
                                    continue
                                }
                                for (dx, dy, weight) in targets {
                                    let nx = x + dx, ny = y + dy
                                    guard nx >= 0, nx < width, ny < height, (flags[ny * width + nx] & Canvas.tonalFlag != 0) else { continue }
                                    let e = ((row + dy) % 3) * rowLength + (nx + 2) * 3
                                    errors[e] += er * weight / 16
                                    errors[e + 1] += eg * weight / 16
                                    errors[e + 2] += eb * weight / 16
                                }
                            }
                            // The row's errors cleared for the row after next (only tones
                            // leave errors).
                            if anyTonal { (errors.baseAddress! + row * rowLength).update(repeating: 0, count: rowLength) }
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

    /// On black-and-white inks, text and icons drawn over a dithered tone lose their
    /// edges in its dots: every dithered pixel touching a black glyph pixel is made white,
    /// and every one touching a white glyph pixel black — a one-pixel halo that keeps the
    /// text's contrast on any grey. Shapes get no halo.
    private func keepContrast(_ values: inout [UInt8], palette: Palette) {
        let black = UInt8(palette.nearest(0, 0, 0)), white = UInt8(palette.nearest(255, 255, 255))
        let width = self.width, height = self.height
        // A pixel between black and white text keeps its dot: the first halo wins (pixels
        // in reading order, then their neighbours row by row). A pixel is haloed only from
        // its own row and the two beside it, so three rows of marks are kept, in turn;
        // a mark is the row it was made for plus one, so a slot's marks from three rows
        // before are told apart without clearing the slot.
        var haloed = [Int32](repeating: 0, count: width * 3)
        values.withUnsafeMutableBufferPointer { values in
            haloed.withUnsafeMutableBufferPointer { haloed in
                flags.withUnsafeBufferPointer { flags in
                    let base = UnsafeRawPointer(flags.baseAddress!)
                    // Halos the tonal neighbours of the glyph pixel `x` of row `y`.
                    @inline(__always) func halo(_ x: Int, _ y: Int) {
                        let index = y &* width &+ x
                        let value = values[index]
                        guard value == black || value == white else { return }
                        let halo = value == black ? white : black
                        let top = y > 0 ? y &- 1 : y, bottom = y &+ 1 < height ? y &+ 1 : y
                        let left = x > 0 ? x &- 1 : x, right = x &+ 1 < width ? x &+ 1 : x
                        // Most text sits on flat ground: no tonal pixel among the nine,
                        // read as three four-byte loads.
                        if x > 0, x &+ 2 < width {
                            let around = base.loadUnaligned(fromByteOffset: top &* width &+ x &- 1, as: UInt32.self)
                                | base.loadUnaligned(fromByteOffset: index &- 1, as: UInt32.self)
                                | base.loadUnaligned(fromByteOffset: bottom &* width &+ x &- 1, as: UInt32.self)
                            if UInt32(littleEndian: around) & 0x0001_0101 == 0 { return }
                        }
                        var ny = top
                        while ny <= bottom {
                            let mark = Int32(truncatingIfNeeded: ny &+ 1)
                            var nx = left
                            while nx <= right {
                                let neighbour = ny &* width &+ nx
                                let slot = (ny % 3) &* width &+ nx
                                if (flags[neighbour] & Canvas.tonalFlag != 0), haloed[slot] != mark {
                                    haloed[slot] = mark
                                    values[neighbour] = halo
                                }
                                nx &+= 1
                            }
                            ny &+= 1
                        }
                    }
                    for y in 0..<height {
                        let rowStart = y &* width
                        var x = 0
                        // Eight flags a load; where some are a glyph's, those pixels in
                        // order (a glyph's pixel is flat), the others passed.
                        while x &+ 8 <= width {
                            var glyphs = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: rowStart &+ x, as: UInt64.self))
                                & 0x0202_0202_0202_0202
                            while glyphs != 0 {
                                halo(x &+ glyphs.trailingZeroBitCount >> 3, y)
                                glyphs &= glyphs &- 1
                            }
                            x &+= 8
                        }
                        while x < width {
                            if flags[rowStart &+ x] & Canvas.glyphFlag != 0 { halo(x, y) }
                            x &+= 1
                        }
                    }
                }
            }
        }
    }

    /// The Bayer 8×8 threshold matrix, 0–63.
    static let bayer8: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42,
        48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38,
        60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41,
        51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37,
        63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// How far apart the palette's greys are, as the ordered dither's amplitude.
    static func spread(of palette: Palette) -> Int {
        let lumas = Set(palette.colors.map(\.luma)).sorted()
        guard lumas.count > 1 else { return 255 }
        var largest = 0
        for (a, b) in zip(lumas, lumas.dropFirst()) { largest = max(largest, b - a) }
        return largest
    }
}
