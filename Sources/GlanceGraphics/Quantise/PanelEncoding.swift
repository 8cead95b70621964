/// The bytes a panel of each palette takes for a whole frame, as the file backend
/// writes them beside the PNG.
extension QuantisedFrame {
    /// - bw: 1 bpp, 1 = white (the SSD16xx/UC81xx black-and-white RAM convention).
    /// - gray4: 2 bpp, 0 = black … 3 = white. gray16: 4 bpp, 0 = black … 15 = white. bwry: 2 bpp, the palette index (black,
    ///   white, yellow, red: the JD7966x controllers' colour numbers).
    /// - bwr, bwy: the 1-bpp black/white plane, then a 1-bpp colour plane (1 = colour).
    /// - acep7, spectra6: 4 bpp, the palette index (acep7's is the controller's colour
    ///   number; Spectra 6 controllers number blue and green 5 and 6, not 4 and 5).
    /// - rgb565: 2 bytes a pixel, big-endian. rgb888: 3 bytes a pixel.
    public func panelBytes() -> [UInt8] {
        switch palette.name {
        case "bw":
            // The frame's own bits (a set bit for every non-black pixel).
            return packed(bitsPerPixel: 1) { $0 == 0 ? 0 : 1 }
        case "gray4", "bwry":
            return packed(bitsPerPixel: 2) { UInt8($0) }
        case "bwr", "bwy":
            // Colour pixels are white in the black/white plane.
            return packed(bitsPerPixel: 1) { $0 == 0 ? 0 : 1 } + packed(bitsPerPixel: 1) { $0 == 2 ? 1 : 0 }
        case "rgb565":
            return packedRGB565BigEndian()
        case "rgb888":
            return values.flatMap { (value: UInt32) -> [UInt8] in
                let red: UInt32 = value >> 16 & 0xFF, green: UInt32 = value >> 8 & 0xFF, blue: UInt32 = value & 0xFF
                return [UInt8(red), UInt8(green), UInt8(blue)]
            }
        default:
            // acep7, spectra6, gray16: the index, 4 bits.
            return packed(bitsPerPixel: 4) { UInt8($0) }
        }
    }
}
