/// The bytes a panel of each palette takes for a whole frame, as the file backend
/// writes them beside the PNG.
extension QuantisedFrame {
    /// - bw: 1 bpp, 1 = white (the SSD16xx/UC81xx black-and-white RAM convention).
    /// - gray4: 2 bpp, 0 = black … 3 = white.
    /// - bwr, bwy: the 1-bpp black/white plane, then a 1-bpp colour plane (1 = colour).
    /// - acep7, spectra6: 4 bpp, the palette index (the controller's colour number).
    /// - rgb565: 2 bytes a pixel, big-endian. rgb888: 3 bytes a pixel.
    public func panelBytes() -> [UInt8] {
        switch palette.name {
        case "bw":
            return packedWhiteBits()
        case "gray4":
            return packed(bitsPerPixel: 2) { UInt8($0) }
        case "bwr", "bwy":
            // Colour pixels are white in the black/white plane.
            return packed(bitsPerPixel: 1) { $0 == 0 ? 0 : 1 } + packed(bitsPerPixel: 1) { $0 == 2 ? 1 : 0 }
        case "rgb565":
            return packedRGB565BigEndian()
        case "rgb888":
            return values.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
        default:
            return packed(bitsPerPixel: 4) { UInt8($0) }
        }
    }
}

extension QuantisedFrame {
    /// bw's layout without a call per pixel: a set bit for every non-black pixel.
    func packedWhiteBits() -> [UInt8] {
        precondition(palette.kind == .indexed, "bw is an indexed palette")
        let rowBytes = (width + 7) / 8
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        bytes.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { values in
                for y in 0..<height {
                    var source = y * width
                    let rowStart = y * rowBytes
                    let fullBytes = width / 8
                    let base = UnsafeRawPointer(values.baseAddress!)
                    for byteIndex in 0..<fullBytes {
                        // Eight pixels a byte from one 64-bit load: each byte made 1 where
                        // it is not 0 (its bits folded into its lowest), then the eight
                        // ones gathered into the top byte by one multiplication, the first
                        // pixel in the most significant bit.
                        var word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: source, as: UInt64.self))
                        word |= word >> 4
                        word |= word >> 2
                        word |= word >> 1
                        word &= 0x0101_0101_0101_0101
                        out[rowStart + byteIndex] = UInt8(truncatingIfNeeded: (word &* 0x8040_2010_0804_0201) >> 56)
                        source += 8
                    }
                    if fullBytes < rowBytes {
                        var byte: UInt8 = 0
                        var mask: UInt8 = 0x80
                        for _ in 0..<(width - fullBytes * 8) {
                            if values[source] != 0 { byte |= mask }
                            mask >>= 1
                            source += 1
                        }
                        out[rowStart + fullBytes] = byte
                    }
                }
            }
        }
        return bytes
    }
}
