import FoundationEssentials

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
        guard let tiff = TIFFTags(exifOf: bytes, format: format), let ifd = tiff.firstIFD,
              let value = tiff.short(0x0112, in: ifd), (1...8).contains(value) else { return .upright }
        return Orientation(value: value)
    }

    /// The TIFF data of a picture's EXIF (a JPEG's APP1, a WebP's `EXIF` chunk, a PNG's `eXIf`).
    static func exif(_ bytes: [UInt8], format: Picture.Format) -> ArraySlice<UInt8>? {
        let tiff: ArraySlice<UInt8>? = switch format {
        case .jpeg: jpegExif(bytes)
        case .webp: riffChunk(bytes, named: "EXIF")
        case .png: pngChunk(bytes, named: "eXIf")
        default: nil
        }
        guard var tiff else { return nil }
        // Some writers keep the APP1 header in a WebP's chunk too.
        if tiff.starts(with: Array("Exif\0\0".utf8)) { tiff = tiff.dropFirst(6) }
        return tiff
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

/// The entries of a TIFF structure (EXIF's), read with every offset checked.
struct TIFFTags {
    let bytes: [UInt8]
    let little: Bool

    init?(exifOf picture: [UInt8], format: Picture.Format) {
        guard let tiff = Orientation.exif(picture, format: format) else { return nil }
        self.init(tiff)
    }

    init?(_ tiff: ArraySlice<UInt8>) {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        self.bytes = bytes
        guard u16(2) == 42 else { return nil }
    }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
        return high << 16 | low
    }

    /// IFD0's offset.
    var firstIFD: Int? { u32(4) }

    /// Where the entry for `tag` in the IFD at `ifd` is (at most 256 entries read).
    func entry(_ tag: Int, in ifd: Int) -> Int? {
        guard let count = u16(ifd) else { return nil }
        for index in 0..<min(count, 256) {
            let at = ifd + 2 + index * 12
            guard let found = u16(at) else { return nil }
            if found == tag { return at }
        }
        return nil
    }

    /// A SHORT entry's one value, kept in the entry itself.
    func short(_ tag: Int, in ifd: Int) -> Int? {
        guard let at = entry(tag, in: ifd), u16(at + 2) == 3 else { return nil }
        return u16(at + 8)
    }

    /// A LONG entry's one value (an offset to another IFD).
    func long(_ tag: Int, in ifd: Int) -> Int? {
        guard let at = entry(tag, in: ifd), u16(at + 2) == 4 else { return nil }
        return u32(at + 8)
    }

    /// An ASCII entry's text, without its terminating zero (at most 64 bytes).
    func ascii(_ tag: Int, in ifd: Int) -> String? {
        guard let at = entry(tag, in: ifd), u16(at + 2) == 2, let count = u32(at + 4), (1...64).contains(count) else { return nil }
        let start = count <= 4 ? at + 8 : u32(at + 8) ?? -1
        guard start >= 0, start + count <= bytes.count else { return nil }
        return String(decoding: bytes[start..<(start + count)].prefix { $0 != 0 }, as: UTF8.self)
    }
}

/// When a photo was taken, as its camera wrote it (EXIF DateTimeOriginal, the clock's
/// local time, with OffsetTimeOriginal's offset from UTC where the camera wrote one).
public struct PictureTakenTime: Sendable, Equatable {
    public var year, month, day, hour, minute, second: Int
    /// Seconds east of UTC, where the picture says.
    public var offset: Int?

    /// The moment: with the picture's own offset, or else read as a local time in a zone
    /// whose offset at an instant `secondsEast` answers.
    public func date(secondsEast: (Date) -> Int) -> Date {
        // Days from 1970-01-01 to the civil date (proleptic Gregorian).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let local = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
        if let offset { return Date(timeIntervalSince1970: local - Double(offset)) }
        let first = Date(timeIntervalSince1970: local - Double(secondsEast(Date(timeIntervalSince1970: local))))
        return Date(timeIntervalSince1970: local - Double(secondsEast(first)))
    }
}

extension Picture {
    /// When the photo in `bytes` was taken (EXIF DateTimeOriginal in a JPEG, WebP or PNG),
    /// or nil where it does not say.
    public static func takenTime(of bytes: [UInt8]) -> PictureTakenTime? {
        guard let format = format(of: bytes), let tiff = TIFFTags(exifOf: bytes, format: format), let ifd0 = tiff.firstIFD,
              let exifIFD = tiff.long(0x8769, in: ifd0), let text = tiff.ascii(0x9003, in: exifIFD) else { return nil }
        // "YYYY:MM:DD HH:MM:SS"
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " }).map { Int($0) }
        guard fields.count == 6, let year = fields[0], let month = fields[1], let day = fields[2],
              let hour = fields[3], let minute = fields[4], let second = fields[5],
              (1900...2999).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var taken = PictureTakenTime(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59), offset: nil)
        // OffsetTimeOriginal: "+09:00".
        if let offset = tiff.ascii(0x9011, in: exifIFD), offset.count == 6, let sign = offset.first, sign == "+" || sign == "-",
           let hours = Int(offset.dropFirst().prefix(2)), let minutes = Int(offset.suffix(2)), hours <= 14, minutes < 60 {
            taken.offset = (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
        }
        return taken
    }
}
