import CGlancePNG
import CPNG
import FoundationEssentials
import Glibc

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

    /// Encodes a quantised frame: a colour-mapped PNG (one byte a pixel) for indexed
    /// palettes, so writing a frame needs no full-colour copy of it; RGB otherwise.
    public static func encode(_ frame: QuantisedFrame) throws(Failure) -> [UInt8] {
        guard frame.palette.kind == .indexed else { return try encode(frame.canvas()) }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(frame.width)
        image.height = UInt32(frame.height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_COLORMAP)
        image.colormap_entries = UInt32(frame.palette.colors.count)
        let indices = frame.values.map { UInt8(truncatingIfNeeded: $0) }
        let colormap = frame.palette.colors.flatMap { [$0.r, $0.g, $0.b] }
        var size: png_alloc_size_t = 0
        _ = png_image_write_to_memory(&image, nil, &size, 0, indices, 0, colormap)
        guard size > 0 else { throw Failure(path: "(memory)", reason: message(of: image)) }
        var output = [UInt8](repeating: 0, count: Int(size))
        let ok = output.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, indices, 0, colormap)
        }
        guard ok != 0 else { throw Failure(path: "(memory)", reason: message(of: image)) }
        return Array(output.prefix(Int(size)))
    }

    /// A greyscale PNG of `frame` with as few bits a pixel as its palette needs: 1 for
    /// bw, 2 for gray4 (what e-paper devices that decode PNGs themselves, like TRMNL's,
    /// take, and the smallest file). Other palettes are encoded as `encode(_:)` does.
    public static func encodeGray(_ frame: QuantisedFrame) throws(Failure) -> [UInt8] {
        let depth: Int32
        let rows: [UInt8]
        switch frame.palette.name {
        case "bw":
            depth = 1
            rows = frame.panelBytes()
        case "gray4":
            depth = 2
            rows = frame.panelBytes()
        default:
            return try encode(frame)
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var error = [CChar](repeating: 0, count: 256)
        let result = rows.withUnsafeBufferPointer { buffer in
            glance_png_encode_gray(buffer.baseAddress, Int32(frame.width), Int32(frame.height), depth, &output, &length, &error, error.count)
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
            canvas.pixels[index] = RGBA(rgba[4 * index], rgba[4 * index + 1], rgba[4 * index + 2], rgba[4 * index + 3])
        }
        return canvas
    }

    /// Reads the PNG at `path`.
    public static func read(_ path: String) throws(Failure) -> Canvas {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(path: path, reason: "cannot be read")
        }
        return try decode([UInt8](data), path: path)
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { buffer in
            String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
