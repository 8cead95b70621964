/// A picture's EXIF orientation (TIFF tag 0x0112): how the camera's sensor rows are
/// turned to stand the picture upright. Read from a JPEG's APP1 segment, a WebP's
/// `EXIF` chunk or a PNG's `eXIf` chunk; 1 (as stored) when there is none.
struct Orientation: Equatable, Sendable {
    /// 1 to 8, as EXIF numbers them.
    let value: Int

    static let upright = Orientation(value: 1)

    /// Orientations 5 to 8 turn the picture a quarter: its sides swap.
    var swapsSides: Bool { value >= 5 }

    /// The box in the sensor's orientation that covers `box` once turned.
    func sensorBox(_ box: (width: Int, height: Int)?) -> (width: Int, height: Int)? {
        guard let box, swapsSides else { return box }
        return (box.height, box.width)
    }

    /// `canvas` (as stored) stood upright.
    func applied(to canvas: Canvas) -> Canvas {
        guard value != 1, canvas.storage == .rgba else { return canvas }
        let width = canvas.width, height = canvas.height
        let outWidth = swapsSides ? height : width, outHeight = swapsSides ? width : height
        // swiftlint:disable:next force_try
        var turned = try! Canvas(width: outWidth, height: outHeight)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let source: (x: Int, y: Int) = switch value {
                case 2: (width - 1 - x, y)
                case 3: (width - 1 - x, height - 1 - y)
                case 4: (x, height - 1 - y)
                case 5: (y, x)
                case 6: (y, height - 1 - x)
                case 7: (width - 1 - y, height - 1 - x)
                case 8: (width - 1 - y, x)
                default: (x, y)
                }
                turned.rgba[y * outWidth + x] = canvas.rgba[source.y * width + source.x]
            }
        }
        return turned
    }

    /// The orientation `bytes` of `format` say, or upright.
    static func of(_ bytes: [UInt8], format: Picture.Format) -> Orientation {
        let tiff: ArraySlice<UInt8>? = switch format {
        case .jpeg: jpegExif(bytes)
        case .webp: riffChunk(bytes, named: "EXIF")
        case .png: pngChunk(bytes, named: "eXIf")
        default: nil
        }
        guard var tiff else { return .upright }
        // Some writers keep the APP1 header in a WebP's chunk too.
        if tiff.starts(with: Array("Exif\0\0".utf8)) { tiff = tiff.dropFirst(6) }
        return orientation(inTIFF: tiff)
    }

    /// The TIFF header and IFD0's orientation entry.
    static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> Orientation {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return .upright }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return .upright
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return .upright }
        for entry in 0..<min(count, 256) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { break }
            // SHORT, one value, kept in the entry itself.
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8), (1...8).contains(value) { return Orientation(value: value) }
        }
        return .upright
    }

    /// The TIFF data of a JPEG's `Exif` APP1 segment, looked for up to the first scan.
    static func jpegExif(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            // Start of scan, end of image: no more metadata.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return nil }
            let body = bytes[(at + 4)..<(at + 2 + length)]
            if marker == 0xE1, body.starts(with: Array("Exif\0\0".utf8)) { return body.dropFirst(6) }
            at += 2 + length
        }
        return nil
    }

    /// A RIFF chunk's payload (`EXIF` in a WebP).
    static func riffChunk(_ bytes: [UInt8], named name: String) -> ArraySlice<UInt8>? {
        var at = 12
        let wanted = Array(name.utf8)
        while at + 8 <= bytes.count {
            let length = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            guard length >= 0, at + 8 + length <= bytes.count else { return nil }
            if Array(bytes[at..<at + 4]) == wanted { return bytes[(at + 8)..<(at + 8 + length)] }
            at += 8 + length + (length & 1)
        }
        return nil
    }

    /// A PNG chunk's data (`eXIf`), looked for before the first `IDAT`.
    static func pngChunk(_ bytes: [UInt8], named name: String) -> ArraySlice<UInt8>? {
        var at = 8
        let wanted = Array(name.utf8)
        while at + 8 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 0, at + 12 + length <= bytes.count else { return nil }
            let type = Array(bytes[(at + 4)..<(at + 8)])
            if type == wanted { return bytes[(at + 8)..<(at + 8 + length)] }
            if type == Array("IDAT".utf8) { return nil }
            at += 12 + length
        }
        return nil
    }
}
