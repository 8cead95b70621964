import Glibc
/// Turning and cutting quantised frames: a panel's RAM is in its native orientation,
/// and partial refreshes send only a window of it.
extension QuantisedFrame {
    /// The value of pixel (`x`, `y`).
    public subscript(x x: Int, y y: Int) -> UInt32 { self[y * width + x] }

    /// The same picture from `arrange` applied to its pixels (one byte a pixel for
    /// indexed palettes, four otherwise), at `width`×`height`.
    private func rearranged(width: Int, height: Int, _ arrange: (UnsafeBufferPointer<UInt8>) -> [UInt8],
                            _ arrangeWide: ([UInt32]) -> [UInt32]) -> QuantisedFrame {
        if palette.kind == .indexed {
            return QuantisedFrame(width: width, height: height, palette: palette, indices: indices.withUnsafeBufferPointer(arrange))
        }
        return QuantisedFrame(width: width, height: height, palette: palette, values: arrangeWide(values))
    }

    /// The frame turned clockwise by `degrees` (0, 90, 180 or 270); 90 and 270 swap the sides.
    public func rotated(clockwise degrees: Int) -> QuantisedFrame {
        let turn = ((degrees % 360) + 360) % 360
        precondition(turn % 90 == 0, "rotation must be a multiple of 90 degrees")
        if turn == 0 { return self }
        let width = self.width, height = self.height
        let newWidth = turn == 180 ? width : height
        let newHeight = turn == 180 ? height : width
        func turned<Value>(_ values: some Collection<Value>, _ first: Value) -> [Value] where Value: BinaryInteger {
            var out = [Value](repeating: first, count: width * height)
            var index = values.startIndex
            for y in 0..<height {
                for x in 0..<width {
                    let (nx, ny): (Int, Int)
                    switch turn {
                    case 90: (nx, ny) = (height - 1 - y, x)
                    case 180: (nx, ny) = (width - 1 - x, height - 1 - y)
                    default: (nx, ny) = (y, width - 1 - x)
                    }
                    out[ny * newWidth + nx] = values[index]
                    index = values.index(after: index)
                }
            }
            return out
        }
        return rearranged(width: newWidth, height: newHeight, { turned($0, 0) }, { turned($0, 0) })
    }

    /// The part of the frame inside `rect` (which must lie within it).
    public func cropped(to rect: PixelRect) -> QuantisedFrame {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height, "crop \(rect) outside \(width)x\(height)")
        let width = self.width
        func cut<Source: RandomAccessCollection>(_ values: Source) -> [Source.Element] where Source.Index == Int {
            var out = [Source.Element]()
            out.reserveCapacity(rect.width * rect.height)
            for y in rect.y..<rect.maxY {
                out.append(contentsOf: values[(values.startIndex + y * width + rect.x)..<(values.startIndex + y * width + rect.maxX)])
            }
            return out
        }
        return rearranged(width: rect.width, height: rect.height, { cut($0) }, { cut($0) })
    }

    /// The smallest rectangle holding every pixel that differs from `other` (same size), or nil.
    /// Rows are compared whole first (memcmp); only changed rows are searched for their
    /// first and last differing pixel.
    public func difference(from other: QuantisedFrame) -> PixelRect? {
        guard other.width == width, other.height == height, other.palette.kind == palette.kind else { return bounds }
        let depth = Self.packedDepth(palette)
        if depth > 0 && Self.packedDepth(other.palette) == depth {
            return bits.withUnsafeBufferPointer { mine in
                other.bits.withUnsafeBufferPointer { theirs in Self.bitDamage(mine, theirs, depth: depth, width: width, height: height) }
            }
        }
        if palette.kind == .indexed {
            let theirs = other.indices
            return indices.withUnsafeBufferPointer { mine in
                theirs.withUnsafeBufferPointer { theirs in Self.damage(mine, theirs, width: width, height: height) }
            }
        }
        let theirValues = other.values
        return values.withUnsafeBufferPointer { mine in
            theirValues.withUnsafeBufferPointer { theirs in Self.damage(mine, theirs, width: width, height: height) }
        }
    }

    private static func damage<Value: Equatable>(_ a: UnsafeBufferPointer<Value>, _ b: UnsafeBufferPointer<Value>, width: Int, height: Int) -> PixelRect? {
        guard let first = a.baseAddress, let second = b.baseAddress else { return nil }
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            guard memcmp(first + row, second + row, width * MemoryLayout<Value>.stride) != 0 else { continue }
            minY = min(minY, y)
            maxY = y
            var left = 0
            while a[row + left] == b[row + left] { left += 1 }
            var right = width - 1
            while a[row + right] == b[row + right] { right -= 1 }
            minX = min(minX, left)
            maxX = max(maxX, right)
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// `damage` over packed frames (`depth` bits a pixel): rows compared whole, then the
    /// first and last differing byte's first and last differing pixel.
    private static func bitDamage(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, depth: Int,
                                  width: Int, height: Int) -> PixelRect? {
        guard let first = a.baseAddress, let second = b.baseAddress else { return nil }
        let perByte = 8 / depth, rowBytes = (width + perByte - 1) / perByte
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * rowBytes
            guard memcmp(first + row, second + row, rowBytes) != 0 else { continue }
            minY = min(minY, y)
            maxY = y
            var left = row
            while a[left] == b[left] { left += 1 }
            var right = row + rowBytes - 1
            while a[right] == b[right] { right -= 1 }
            minX = min(minX, (left - row) * perByte + (a[left] ^ b[left]).leadingZeroBitCount / depth)
            maxX = max(maxX, min(width - 1, (right - row) * perByte + perByte - 1 - (a[right] ^ b[right]).trailingZeroBitCount / depth))
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// How many pixels inside `rect` (default: all) differ from `other` (same size and
    /// palette; otherwise every pixel of `rect` counts): what a partial refresh flips,
    /// the ghosting it leaves behind.
    public func changedPixelCount(from other: QuantisedFrame, within rect: PixelRect? = nil) -> Int {
        let area = (rect ?? bounds).intersection(bounds)
        guard area.width > 0, area.height > 0 else { return 0 }
        guard other.width == width, other.height == height, other.palette.kind == palette.kind else { return area.width * area.height }
        let depth = Self.packedDepth(palette)
        if depth > 0 && Self.packedDepth(other.palette) == depth {
            return bits.withUnsafeBufferPointer { mine in
                other.bits.withUnsafeBufferPointer { theirs in Self.bitChanges(mine, theirs, depth: depth, width: width, in: area) }
            }
        }
        func count<Value: Equatable>(_ a: UnsafeBufferPointer<Value>, _ b: UnsafeBufferPointer<Value>) -> Int {
            var changed = 0
            for y in area.y..<area.maxY {
                for index in (y * width + area.x)..<(y * width + area.maxX) where a[index] != b[index] { changed += 1 }
            }
            return changed
        }
        if palette.kind == .indexed {
            let theirs = other.indices
            return indices.withUnsafeBufferPointer { mine in theirs.withUnsafeBufferPointer { count(mine, $0) } }
        }
        let theirValues = other.values
        return values.withUnsafeBufferPointer { mine in theirValues.withUnsafeBufferPointer { count(mine, $0) } }
    }

    /// `changedPixelCount` over packed frames: the differing bit groups of each row's bytes
    /// under `area`, the pixels of the edge bytes outside it masked off.
    private static func bitChanges(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, depth: Int, width: Int,
                                   in area: PixelRect) -> Int {
        let perByte = 8 / depth, rowBytes = (width + perByte - 1) / perByte
        // One bit for each pixel of a byte whose group differs (its lowest bit).
        let lowBits: UInt8 = depth == 1 ? 0xFF : 0x55
        var changed = 0
        for y in area.y..<area.maxY {
            let row = y * rowBytes
            for byte in (area.x / perByte)...((area.maxX - 1) / perByte) {
                var differ = a[row + byte] ^ b[row + byte]
                guard differ != 0 else { continue }
                if depth == 2 { differ = (differ | differ >> 1) & lowBits }
                // Pixels are stored from the byte's high bits: pixel p of the byte is at
                // shift 8 - depth * (p + 1).
                let first = max(area.x, byte * perByte) - byte * perByte
                let last = min(area.maxX, (byte + 1) * perByte) - 1 - byte * perByte
                var mask: UInt8 = 0
                for pixel in first...last { mask |= (lowBits >> (8 - depth)) << UInt8(8 - depth * (pixel + 1)) }
                changed += (differ & mask).nonzeroBitCount
            }
        }
        return changed
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}

extension PixelRect {
    /// This rectangle of a `width`×`height` picture, after the picture turns clockwise
    /// by `degrees` (see `QuantisedFrame.rotated(clockwise:)`).
    public func rotated(clockwise degrees: Int, inWidth width: Int, height: Int) -> PixelRect {
        switch ((degrees % 360) + 360) % 360 {
        case 90: PixelRect(x: height - maxY, y: x, width: self.height, height: self.width)
        case 180: PixelRect(x: width - maxX, y: height - maxY, width: self.width, height: self.height)
        case 270: PixelRect(x: y, y: width - maxX, width: self.height, height: self.width)
        default: self
        }
    }

    /// Widened so that its left edge and width are multiples of `step` (controllers
    /// address RAM in bytes of 8 pixels), and clipped to `limit`.
    public func aligned(horizontally step: Int, within limit: PixelRect) -> PixelRect {
        let left = x / step * step
        let right = min(limit.maxX, (maxX + step - 1) / step * step)
        return PixelRect(x: left, y: y, width: right - left, height: height).intersection(limit)
    }
}
