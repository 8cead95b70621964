import Glibc
/// Turning and cutting quantised frames: a panel's RAM is in its native orientation,
/// and partial refreshes send only a window of it.
extension QuantisedFrame {
    /// The value of pixel (`x`, `y`).
    public subscript(x x: Int, y y: Int) -> UInt32 { values[y * width + x] }

    /// The frame turned clockwise by `degrees` (0, 90, 180 or 270); 90 and 270 swap the sides.
    public func rotated(clockwise degrees: Int) -> QuantisedFrame {
        let turn = ((degrees % 360) + 360) % 360
        precondition(turn % 90 == 0, "rotation must be a multiple of 90 degrees")
        if turn == 0 { return self }
        let newWidth = turn == 180 ? width : height
        let newHeight = turn == 180 ? height : width
        var out = [UInt32](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                let (nx, ny): (Int, Int)
                switch turn {
                case 90: (nx, ny) = (height - 1 - y, x)
                case 180: (nx, ny) = (width - 1 - x, height - 1 - y)
                default: (nx, ny) = (y, width - 1 - x)
                }
                out[ny * newWidth + nx] = values[y * width + x]
            }
        }
        return QuantisedFrame(width: newWidth, height: newHeight, palette: palette, values: out)
    }

    /// The part of the frame inside `rect` (which must lie within it).
    public func cropped(to rect: PixelRect) -> QuantisedFrame {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height, "crop \(rect) outside \(width)x\(height)")
        var out = [UInt32]()
        out.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.maxY {
            out.append(contentsOf: values[(y * width + rect.x)..<(y * width + rect.maxX)])
        }
        return QuantisedFrame(width: rect.width, height: rect.height, palette: palette, values: out)
    }

    /// The smallest rectangle holding every pixel that differs from `other` (same size), or nil.
    /// Rows are compared whole first (memcmp); only changed rows are searched for their
    /// first and last differing pixel.
    public func difference(from other: QuantisedFrame) -> PixelRect? {
        guard other.width == width, other.height == height else { return bounds }
        var minX = width, minY = height, maxX = -1, maxY = -1
        let width = self.width
        values.withUnsafeBufferPointer { mine in
            other.values.withUnsafeBufferPointer { theirs in
                guard let a = mine.baseAddress, let b = theirs.baseAddress else { return }
                for y in 0..<height {
                    let row = y * width
                    guard memcmp(a + row, b + row, width * MemoryLayout<UInt32>.stride) != 0 else { continue }
                    minY = min(minY, y)
                    maxY = y
                    var first = 0
                    while a[row + first] == b[row + first] { first += 1 }
                    var last = width - 1
                    while a[row + last] == b[row + last] { last -= 1 }
                    minX = min(minX, first)
                    maxX = max(maxX, last)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
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
