/// Shape drawing. Edges are antialiased by coverage (4×4 samples a pixel); coverage is
/// what lets a 1-bit quantiser later decide each edge pixel by threshold.
extension Canvas {
    /// Fills `rect` with `color`; `tonal` marks the pixels for dithering (a grey fill).
    public mutating func fill(_ rect: PixelRect, _ color: RGBA, tonal isTonal: Bool = false) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        // A clear flat colour changes no pixel and no flag (the ink rules make a mark
        // nearly its ground's colour clear: a heatmap's near-white cell, a black border
        // on a near-black one): not blended pixel by pixel for nothing. A clear tone
        // still marks its pixels tonal.
        if color.a == 0 && !isTonal { return }
        if color.a == 255 {
            // Opaque: plain stores, row by row.
            let width = self.width
            if storage == .grey {
                let grey = Self.storedGrey(color, tonal: isTonal, rule: greyRule)
                let flag = isTonal ? Self.tonalFlag : 0
                // The buffers once, not once a row (a heatmap's cell is 23 short rows).
                greys.withUnsafeMutableBufferPointer { greys in
                    flags.withUnsafeMutableBufferPointer { flags in
                        guard let greyBase = greys.baseAddress, let flagBase = flags.baseAddress else { return }
                        for y in area.y..<area.maxY {
                            let start = y * width + area.x
                            Self.fillBytes(greyBase + start, count: area.width, grey)
                            Self.fillBytes(flagBase + start, count: area.width, flag)
                        }
                    }
                }
                return
            }
            let flag = isTonal ? Self.tonalFlag : 0
            rgba.withUnsafeMutableBufferPointer { pixels in
                flags.withUnsafeMutableBufferPointer { flags in
                    guard let pixelBase = pixels.baseAddress, let flagBase = flags.baseAddress else { return }
                    // The colour's four bytes as one word: stores the compiler widens.
                    let word = withUnsafeBytes(of: color) { $0.load(as: UInt32.self) }
                    for y in area.y..<area.maxY {
                        let start = y * width + area.x
                        (pixelBase + start).withMemoryRebound(to: UInt32.self, capacity: area.width) {
                            $0.update(repeating: word, count: area.width)
                        }
                        (flagBase + start).update(repeating: flag, count: area.width)
                    }
                }
            }
            return
        }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { blend(x: x, y: y, color, tonal: isTonal) }
        }
    }

    /// Sets `count` bytes from `start` to `value`: a short row (a heatmap's cell, a
    /// border's side) by a few word stores in place, which overlap where the count is not
    /// a multiple of eight; a long one by the C library's fill.
    @inline(__always)
    static func fillBytes(_ start: UnsafeMutablePointer<UInt8>, count: Int, _ value: UInt8) {
        guard count <= 64 else { return start.update(repeating: value, count: count) }
        guard count >= 8 else {
            for offset in 0..<count { start[offset] = value }
            return
        }
        let word = UInt64(value) &* 0x0101_0101_0101_0101
        let raw = UnsafeMutableRawPointer(start)
        var offset = 0
        while offset &+ 8 < count {
            raw.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        raw.storeBytes(of: word, toByteOffset: count &- 8, as: UInt64.self)
    }

    /// Outlines `rect` with a line `lineWidth` pixels wide, inside the rectangle.
    public mutating func stroke(_ rect: PixelRect, _ color: RGBA, lineWidth: Int = 1) {
        let w = max(1, min(lineWidth, rect.width / 2 + 1, rect.height / 2 + 1))
        fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: w), color)
        fill(PixelRect(x: rect.x, y: rect.maxY - w, width: rect.width, height: w), color)
        fill(PixelRect(x: rect.x, y: rect.y + w, width: w, height: rect.height - 2 * w), color)
        fill(PixelRect(x: rect.maxX - w, y: rect.y + w, width: w, height: rect.height - 2 * w), color)
    }

    /// Fills a rectangle with corners rounded to `radius` pixels.
    public mutating func fillRoundedRect(_ rect: PixelRect, radius: Double, _ color: RGBA, tonal: Bool = false) {
        let r = max(0, min(radius, Double(min(rect.width, rect.height)) / 2))
        let left = Double(rect.x), top = Double(rect.y), right = Double(rect.maxX), bottom = Double(rect.maxY)
        fillCoverage(in: rect, color, tonal: tonal) { px, py in
            // Distance from the nearest corner centre, where inside a corner square.
            let cx = px < left + r ? left + r : (px > right - r ? right - r : px)
            let cy = py < top + r ? top + r : (py > bottom - r ? bottom - r : py)
            let dx = px - cx, dy = py - cy
            return dx * dx + dy * dy <= r * r
        }
    }

    /// Fills the ellipse inscribed in `rect`.
    public mutating func fillEllipse(in rect: PixelRect, _ color: RGBA, tonal: Bool = false) {
        let cx = Double(rect.x) + Double(rect.width) / 2, cy = Double(rect.y) + Double(rect.height) / 2
        let rx = Double(rect.width) / 2, ry = Double(rect.height) / 2
        guard rx > 0, ry > 0 else { return }
        fillCoverage(in: rect, color, tonal: tonal) { px, py in
            let nx = (px - cx) / rx, ny = (py - cy) / ry
            return nx * nx + ny * ny <= 1
        }
    }

    /// A straight line from (x0, y0) to (x1, y1), `width` pixels thick, with round caps.
    /// Coordinates are in pixels; pixel centres are at +0.5.
    public mutating func drawLine(from start: (x: Double, y: Double), to end: (x: Double, y: Double), width: Double = 1, _ color: RGBA) {
        let half = max(0.5, width / 2)
        let box = PixelRect(
            x: Int((min(start.x, end.x) - half).rounded(.down)), y: Int((min(start.y, end.y) - half).rounded(.down)),
            width: Int((abs(end.x - start.x) + 2 * half).rounded(.up)) + 2,
            height: Int((abs(end.y - start.y) + 2 * half).rounded(.up)) + 2
        )
        let dx = end.x - start.x, dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        fillCoverage(in: box, color) { px, py in
            var t = lengthSquared > 0 ? ((px - start.x) * dx + (py - start.y) * dy) / lengthSquared : 0
            t = min(1, max(0, t))
            let ex = start.x + t * dx - px, ey = start.y + t * dy - py
            return ex * ex + ey * ey <= half * half
        }
    }

    /// Fills pixels of `rect` by the share of 4×4 sample points `inside` accepts.
    mutating func fillCoverage(in rect: PixelRect, _ color: RGBA, tonal: Bool = false, inside: (Double, Double) -> Bool) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) {
                        hits += 1
                    }
                }
                if hits > 0 { blend(x: x, y: y, color, coverage: UInt8(hits * 255 / 16), tonal: tonal) }
            }
        }
    }

    /// The columns `start..<end` of a mask's row that hold coverage.
    public struct MaskRowExtent: Sendable {
        public var start: Int32
        public var end: Int32
        public init(start: Int32, end: Int32) { self.start = start; self.end = end }
    }

    /// Draws a coverage mask (a glyph: `width × height` bytes, 0–255) in `color` with its
    /// top-left at (`x`, `y`). Mask pixels are flat: text stays crisp on any palette.
    /// `glyph`: the mask is text or an icon (see `Canvas.glyphFlag`). `rowExtents`: the
    /// columns of each row that may be covered (the rest are not looked at).
    public mutating func drawMask(_ mask: [UInt8], width maskWidth: Int, height maskHeight: Int, atX x: Int, y: Int, _ color: RGBA,
                                  tonal: Bool = false, glyph: Bool = false, rowExtents: [MaskRowExtent]? = nil) {
        guard mask.count >= maskWidth * maskHeight, rowExtents.map({ $0.count >= maskHeight }) ?? true else { return }
        // The mask's rows and columns inside the clip, worked out once; then each row a
        // span of plain stores (what `blend` does per pixel, without its checks).
        let firstColumn = max(0, clip.x - x), endColumn = min(maskWidth, clip.maxX - x)
        let firstRow = max(0, clip.y - y), endRow = min(maskHeight, clip.maxY - y)
        guard firstColumn < endColumn, firstRow < endRow else { return }
        let columns = firstColumn..<endColumn, rows = firstRow..<endRow
        let width = self.width, glyphEdge = self.glyphEdge
        let opaque = color.a == 255
        // Coverage from which the mask's colour makes a pixel flat (as `blend` decides).
        let flatFrom = (128 * 255 + Int(color.a) - 1) / max(Int(color.a), 1)
        // An empty pixel is left alone (unless a glyph's edge of 0 covers every pixel).
        let skipsEmpty = !(glyph && glyphEdge == 0)
        // The mask's pixels: the colour over each covered one, by the storage's rule, told
        // whether the pixel ends up tonal.
        func spans(_ paint: (Int, UInt8, Bool) -> Void) {
            mask.withUnsafeBufferPointer { mask in
            self.flags.withUnsafeMutableBufferPointer { flags in
                // What a covered pixel's flags become: tonal; flat (and a glyph's) where
                // the colour covers it mostly; else as they were.
                let tonalFlags = Self.tonalFlag, flatFlags = glyph ? Self.glyphFlag : 0
                for row in rows {
                    let source = row &* maskWidth
                    let target = (y &+ row) &* width &+ x
                    // Only the part of the row something was drawn in, where that is known.
                    var columns = columns
                    if let extent = rowExtents?[row] {
                        let start = max(columns.lowerBound, Int(extent.start)), end = min(columns.upperBound, Int(extent.end))
                        if start >= end { continue }
                        columns = start..<end
                    }
                    var column = columns.lowerBound
                    let end = columns.upperBound
                    while column < end {
                        // Eight uncovered pixels a step (a long stroke's mask is mostly empty).
                        if skipsEmpty, column &+ 8 <= end,
                           UnsafeRawPointer(mask.baseAddress! + (source &+ column)).loadUnaligned(as: UInt64.self) == 0 {
                            column &+= 8
                            continue
                        }
                        defer { column &+= 1 }
                        var coverage = mask[source &+ column]
                        if glyph, let edge = glyphEdge { coverage = coverage >= edge ? 255 : 0 }
                        guard coverage > 0 else { continue }
                        let index = target &+ column
                        let flat = color.a > 0 && Int(coverage) >= flatFrom
                        paint(index, coverage, tonal || (!flat && flags[index] & Self.tonalFlag != 0))
                        if tonal {
                            flags[index] = tonalFlags
                        } else if flat {
                            flags[index] = flatFlags
                        }
                    }
                }
            }
            }
        }
        if storage == .grey {
            var greys = self.greys
            self.greys = []
            if color.r == color.g && color.g == color.b {
                greys.withUnsafeMutableBufferPointer { pixels in
                    spans { index, coverage, _ in pixels[index] = Self.grey(color.r, alpha: color.a, coverage: coverage, over: pixels[index]) }
                }
            } else {
                // A colour: blended as RGBA over the grey, kept as the grey it quantises by.
                let rule = greyRule
                greys.withUnsafeMutableBufferPointer { pixels in
                    spans { index, coverage, tonal in
                        pixels[index] = Self.greyValue(color, coverage: coverage, over: pixels[index], tonal: tonal, rule: rule)
                    }
                }
            }
            self.greys = greys
        } else {
            var rgba = self.rgba
            self.rgba = []
            rgba.withUnsafeMutableBufferPointer { pixels in
                spans { index, coverage, _ in
                    pixels[index] = opaque && coverage == 255 ? color : color.over(pixels[index], coverage: coverage)
                }
            }
            self.rgba = rgba
        }
    }

    /// Draws a small picture's pixels (a colour glyph: `width × height`, straight alpha)
    /// with its top-left at (`x`, `y`), blending by their alpha. They are tonal: a colour
    /// emoji is dithered like a photo where the panel has few inks, and its greys are
    /// spread over a grey panel's levels.
    public mutating func drawImage(_ image: [RGBA], width imageWidth: Int, height imageHeight: Int, atX x: Int, y: Int) {
        guard image.count >= imageWidth * imageHeight else { return }
        for row in 0..<imageHeight {
            for column in 0..<imageWidth {
                let pixel = image[row * imageWidth + column]
                // Transparent pixels leave the background's pixel and flags alone.
                if pixel.a > 0 { blend(x: x + column, y: y + row, pixel, tonal: true) }
            }
        }
    }
}
