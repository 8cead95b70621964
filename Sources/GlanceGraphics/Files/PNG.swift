import CGlancePNG
import CPNG
import FoundationEssentials
import Glibc
import GlanceSystem

/// PNG files through libpng's simplified API (`png_image`).
public enum PNG {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Encodes `canvas` as an 8-bit RGBA PNG.
    public static func encode(_ canvas: Canvas) throws(Failure) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(canvas.width)
        image.height = UInt32(canvas.height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var rgba = [UInt8]()
        rgba.reserveCapacity(canvas.pixels.count * 4)
        for pixel in canvas.pixels { rgba += [pixel.r, pixel.g, pixel.b, pixel.a] }
        var size: png_alloc_size_t = 0
        // First call measures, second writes.
        guard png_image_write_to_memory(&image, nil, &size, 0, rgba, 0, nil) != 0 || size > 0 else {
            throw Failure(path: "(memory)", reason: message(of: image))
        }
        var output = [UInt8](repeating: 0, count: Int(size))
        let ok = output.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, rgba, 0, nil)
        }
        guard ok != 0 else { throw Failure(path: "(memory)", reason: message(of: image)) }
        return Array(output.prefix(Int(size)))
    }

    /// Encodes a quantised frame in one pass at the fewest bits a pixel its palette
    /// needs: greyscale at 1 bit for bw and 2 bits for gray4 (the panel's own packed
    /// bytes), colour-mapped at 2, 4 or 8 bits for the other indexed palettes; RGB for
    /// RGB565/RGB888. `packed`: the frame's `panelBytes()` where the caller has them
    /// already (bw, gray4), so they are not made twice. `level`: zlib's, 0–9; 1 by
    /// default, as a display's frame is written at every refresh (a dithered 800×480
    /// frame: 21 KB in 0.6 ms; level 6 saves 5 % of the bytes for four times the time).
    public static func encode(_ frame: QuantisedFrame, packed: [UInt8]? = nil, level: Int = 1) throws(Failure) -> [UInt8] {
        guard frame.palette.kind == .indexed else { return try encode(frame.canvas()) }
        switch frame.palette.name {
        case "bw":
            return try encodeRows(packed ?? frame.panelBytes(), frame: frame, depth: 1, palette: nil, level: level)
        case "gray4":
            return try encodeRows(packed ?? frame.panelBytes(), frame: frame, depth: 2, palette: nil, level: level)
        case "gray16":
            // Greyscale at 4 bits: a value v reads as v × 17, the palette's grey.
            return try encodeRows(packed ?? frame.panelBytes(), frame: frame, depth: 4, palette: nil, level: level)
        default:
            let count = frame.palette.colors.count
            let depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
            let rows = frame.packed(bitsPerPixel: depth) { UInt8(truncatingIfNeeded: $0) }
            return try encodeRows(rows, frame: frame, depth: depth, palette: frame.palette.colors.flatMap { [$0.r, $0.g, $0.b] }, level: level)
        }
    }

    /// A greyscale PNG of `frame` with as few bits a pixel as its palette needs: 1 for
    /// bw, 2 for gray4 (what e-paper devices that decode PNGs themselves, like TRMNL's,
    /// take), compressed hardest for the smallest file. Other palettes are encoded as
    /// `encode(_:)` does.
    public static func encodeGray(_ frame: QuantisedFrame) throws(Failure) -> [UInt8] {
        try encode(frame, level: 9)
    }

    /// An indexed frame as a colour-mapped PNG whose palette is `colours` (one an ink, in
    /// the frame's order): the colours a device's firmware expects its inks named by,
    /// which may not be the frame palette's own.
    public static func encode(_ frame: QuantisedFrame, colours: [RGBA], level: Int = 9) throws(Failure) -> [UInt8] {
        precondition(frame.palette.kind == .indexed && colours.count == frame.palette.colors.count, "one colour an ink")
        let count = colours.count
        let depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
        let rows = frame.packed(bitsPerPixel: depth) { UInt8(truncatingIfNeeded: $0) }
        return try encodeRows(rows, frame: frame, depth: depth, palette: colours.flatMap { [$0.r, $0.g, $0.b] }, level: level)
    }

    private static func encodeRows(_ rows: [UInt8], frame: QuantisedFrame, depth: Int, palette: [UInt8]?, level: Int) throws(Failure) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var error = [CChar](repeating: 0, count: 256)
        let result = rows.withUnsafeBufferPointer { buffer in
            if let palette {
                return palette.withUnsafeBufferPointer { colours in
                    glance_png_encode_rows(buffer.baseAddress, Int32(frame.width), Int32(frame.height), Int32(depth), colours.baseAddress,
                                           Int32(palette.count / 3), Int32(level), &output, &length, &error, error.count)
                }
            }
            return glance_png_encode_rows(buffer.baseAddress, Int32(frame.width), Int32(frame.height), Int32(depth), nil, 0,
                                          Int32(level), &output, &length, &error, error.count)
        }
        guard result == 0, let output else {
            throw Failure(path: "(memory)", reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// Writes `frame` to `path` atomically.
    public static func write(_ frame: QuantisedFrame, to path: String) throws(Failure) {
        let bytes = try encode(frame)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw Failure(path: path, reason: "cannot be written (\(error.reason))")
        }
    }

    /// Writes `canvas` to `path` atomically (a temporary file renamed into place).
    public static func write(_ canvas: Canvas, to path: String) throws(Failure) {
        let bytes = try encode(canvas)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw Failure(path: path, reason: "cannot be written (\(error.reason))")
        }
    }

    /// Decodes a PNG of any colour type into RGBA.
    public static func decode(_ bytes: [UInt8], path: String = "(memory)") throws(Failure) -> Canvas {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw Failure(path: path, reason: "not a PNG (\(message(of: image)))") }
        defer { png_image_free(&image) }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(image.width), height = Int(image.height)
        // A small file can say a huge picture (compressed flat colour): decoded it would be
        // 4 bytes a pixel twice over. 16 megapixels is four 4K panels.
        guard width * height <= largestPicture else {
            throw Failure(path: path, reason: "a \(width)x\(height) picture is more than \(largestPicture >> 20) megapixels; not decoded (scale it down)")
        }
        var canvas: Canvas
        do {
            canvas = try Canvas(width: width, height: height)
        } catch {
            throw Failure(path: path, reason: "\(error)")
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { throw Failure(path: path, reason: "damaged PNG (\(message(of: image)))") }
        for index in 0..<width * height {
            canvas.rgba[index] = RGBA(rgba[4 * index], rgba[4 * index + 1], rgba[4 * index + 2], rgba[4 * index + 3])
        }
        return canvas
    }

    /// The largest PNG file read: a picture for a panel is a few hundred KiB, and a
    /// path given by mistake (a disk image, a log) is not read whole.
    package static let largestFile = 32 << 20
    /// The most pixels a picture may have to be decoded.
    package static let largestPicture = 16 << 20

    /// Reads the PNG at `path`: a regular file of at most `largestFile` bytes (a FIFO or
    /// a device at the path is refused at once, never waited on).
    public static func read(_ path: String) throws(Failure) -> Canvas {
        let bytes: [UInt8]
        do throws(RegularFile.Refusal) {
            bytes = try RegularFile.read(path, limit: largestFile)
        } catch {
            switch error {
            case .unreadable: throw Failure(path: path, reason: error.description)
            default: throw Failure(path: path, reason: "cannot be read (\(error))")
            }
        }
        return try decode(bytes, path: path)
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { buffer in
            String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
