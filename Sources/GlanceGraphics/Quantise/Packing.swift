/// The byte layouts panels take.
extension QuantisedFrame {
    /// `bitsPerPixel` (1, 2, 4 or 8) bits a pixel, most significant first, each row padded
    /// to a whole byte. `code` maps a palette value to the panel's bit pattern (for
    /// SSD1680 black/white RAM: black → 0, white → 1).
    public func packed(bitsPerPixel: Int, code: (UInt32) -> UInt8) -> [UInt8] {
        precondition([1, 2, 4, 8].contains(bitsPerPixel), "bits per pixel must be 1, 2, 4 or 8")
        if bitsPerPixel == 2, Self.packedDepth(palette) == 2, (0..<4).allSatisfy({ code(UInt32($0)) & 3 == $0 }) {
            // Two bits a pixel kept as the panel takes them.
            return bits
        }
        if bitsPerPixel == 1, Self.packedDepth(palette) == 1 {
            // A frame of a bit a pixel: its bits as they are, or each flipped (padding
            // bits stay 0), or one bit everywhere.
            let zero = code(0) & 1, one = code(1) & 1
            let rowBytes = (width + 7) / 8
            switch (zero, one) {
            case (0, 1): return bits
            case (1, 0):
                let padding = UInt8(truncatingIfNeeded: 0xFF << (8 - (width - (rowBytes - 1) * 8)))
                var flipped = bits.map { ~$0 }
                for row in 0..<height { flipped[row * rowBytes + rowBytes - 1] &= padding }
                return flipped
            default: break
            }
        }
        let perByte = 8 / bitsPerPixel
        let rowBytes = (width + perByte - 1) / perByte
        if palette.kind == .indexed, Self.packedDepth(palette) == 0 {
            // A byte a pixel (acep7, spectra6, gray16): each ink's code looked up once, the
            // bytes read straight, a pixel's bits shifted in by a running count.
            // (Asked only of the palette's inks: a frame holds no other value.)
            var table = [UInt8](repeating: 0, count: 256)
            for ink in 0..<min(256, palette.colors.count) { table[ink] = code(UInt32(ink)) & UInt8((1 << bitsPerPixel) - 1) }
            var out = [UInt8](repeating: 0, count: rowBytes * height)
            let inks = indices
            inks.withUnsafeBufferPointer { inks in
                table.withUnsafeBufferPointer { table in
                    out.withUnsafeMutableBufferPointer { out in
                        if bitsPerPixel == 4 {
                            // Two pixels a byte (acep7, spectra6, gray16): no running count.
                            for y in 0..<height {
                                let source = y &* width
                                var target = y &* rowBytes, x = 0
                                while x &+ 1 < width {
                                    out[target] = table[Int(inks[source &+ x])] << 4 | table[Int(inks[source &+ x &+ 1])]
                                    target &+= 1
                                    x &+= 2
                                }
                                if x < width { out[target] = table[Int(inks[source &+ x])] << 4 }
                            }
                            return
                        }
                        for y in 0..<height {
                            let source = y &* width, target = y &* rowBytes
                            var byte: UInt8 = 0, filled = 0, column = 0
                            for x in 0..<width {
                                byte = byte << UInt8(bitsPerPixel) | table[Int(inks[source &+ x])]
                                filled &+= 1
                                if filled == perByte {
                                    out[target &+ column] = byte
                                    column &+= 1
                                    byte = 0
                                    filled = 0
                                }
                            }
                            if filled > 0 { out[target &+ column] = byte << UInt8(bitsPerPixel * (perByte - filled)) }
                        }
                    }
                }
            }
            return out
        }
        let mask = UInt8((1 << bitsPerPixel) - 1)
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        bytes.withUnsafeMutableBufferPointer { out in
            do {
                for y in 0..<height {
                    for x in 0..<width {
                        let bits = code(self[y * width + x]) & mask
                        let shift = 8 - bitsPerPixel * (x % perByte + 1)
                        out[y * rowBytes + x / perByte] |= bits << shift
                    }
                }
            }
        }
        return bytes
    }

    /// Two bytes a pixel, big-endian RGB565, as ST7789-class LCDs take it.
    public func packedRGB565BigEndian() -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(values.count * 2)
        for value in values {
            let rgb = palette.kind == .rgb565 ? value : Palette.rgb565.nearest(
                Int(palette.color(of: value).r), Int(palette.color(of: value).g), Int(palette.color(of: value).b))
            bytes.append(UInt8(rgb >> 8 & 0xFF))
            bytes.append(UInt8(rgb & 0xFF))
        }
        return bytes
    }
}
