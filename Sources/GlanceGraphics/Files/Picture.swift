import CGlancePicture
import CPNG
import GlanceSystem

/// Photos and pictures of any format Glance reads (PNG, JPEG, WebP, HEIC, AVIF), decoded no larger
/// than they are drawn: a 24-megapixel JPEG meant for an 800×480 slot is decoded at an
/// eighth or a quarter of its size by the codec's own scaling, then averaged down, so it
/// never costs 24 megapixels of memory. EXIF orientation is applied (a phone's portrait
/// photo stands upright).
///
/// Hostile pictures meet bounds before any pixel is decoded: the file's size, the pixels
/// it declares (a decompression bomb declares billions), the memory the JPEG decoder may
/// take, and a progressive JPEG's number of scans. Each failure is one line naming the
/// picture.
public enum Picture {
    /// The formats a picture's first bytes say.
    public enum Format: String, Sendable, CaseIterable {
        case png = "PNG", jpeg = "JPEG", webp = "WebP", heic = "HEIC", avif = "AVIF", gif = "GIF", bmp = "BMP", tiff = "TIFF"

        /// The formats this build decodes.
        public static let decoded: [Format] = [.png, .jpeg, .webp, .heic, .avif]

        /// The file name extensions of the decoded formats, lower case.
        public static let extensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "webp", "heic", "heif", "avif"]
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The file's path, or what the picture is (`(upload)`, a URL without its path).
        public let name: String
        public let reason: String
        public var description: String { "\(name): \(reason)" }

        public init(name: String, reason: String) {
            self.name = name
            self.reason = reason
        }
    }

    /// The largest picture file read (a phone's 48-megapixel JPEG is about 20 MB).
    public static let largestFile = 48 << 20
    /// The most pixels a picture may declare to be decoded at all (a 100-megapixel camera
    /// passes; a bomb does not).
    public static let largestSource = 120_000_000
    /// The most memory libjpeg may take for one picture (a progressive 24-megapixel JPEG
    /// needs about 72 MB of coefficients).
    static let decoderBytes: Int64 = 160 << 20
    /// The most pixels a HEIC or AVIF may have: libheif decodes it whole (it cannot scale
    /// while decoding), four bytes a pixel, before it is averaged down.
    public static let largestHEIF = 48_000_000
    /// The most scans a progressive JPEG may have (cameras write about ten).
    static let largestScanCount: Int32 = 200

    static var limits: glance_picture_limits {
        glance_picture_limits(source_pixels: Int64(largestSource), decoder_bytes: decoderBytes, scans: largestScanCount)
    }

    /// The format `bytes` begin with, if Glance knows it.
    public static func format(of bytes: [UInt8]) -> Format? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if brand.hasPrefix("avi") { return .avif }
            if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(brand) { return .heic }
        }
        return nil
    }

    /// Reads the picture at `path` (a regular file of at most `largestFile` bytes; a FIFO
    /// or a device is refused at once, never waited on) and decodes it as `decode` does.
    public static func read(_ path: String, covering box: (width: Int, height: Int)? = nil) throws(Failure) -> Canvas {
        try decode(try fileBytes(path), name: path, covering: box)
    }

    /// The bytes of the picture file at `path`: a regular file of at most `largestFile` bytes.
    public static func fileBytes(_ path: String) throws(Failure) -> [UInt8] {
        do throws(RegularFile.Refusal) {
            return try RegularFile.read(path, limit: largestFile)
        } catch {
            throw Failure(name: path, reason: error.description)
        }
    }

    /// Decodes `bytes`, upright, at the smallest size that still covers `box` (the
    /// picture scaled to fill it loses no detail), never larger than the picture itself
    /// or `Canvas.maximumSide`. Without a box, at its own size.
    public static func decode(_ bytes: [UInt8], name: String = "(memory)", covering box: (width: Int, height: Int)? = nil) throws(Failure) -> Canvas {
        guard let format = format(of: bytes) else {
            throw Failure(name: name, reason: bytes.isEmpty ? "an empty file" : "not a picture Glance reads (\(Format.decoded.map(\.rawValue).joined(separator: ", ")))")
        }
        let orientation = Orientation.of(bytes, format: format)
        let decoded: Canvas
        switch format {
        case .png:
            decoded = try decodePNG(bytes, name: name, box: orientation.sensorBox(box))
        case .jpeg:
            decoded = try decodeJPEG(bytes, name: name, box: orientation.sensorBox(box))
        case .webp:
            decoded = try decodeWebP(bytes, name: name, box: orientation.sensorBox(box))
        case .heic, .avif:
            decoded = try decodeHEIF(bytes, name: name, box: box)
        case .gif, .bmp, .tiff:
            throw Failure(name: name, reason: "a \(format.rawValue) picture, which Glance does not read; convert it to JPEG, PNG, WebP or HEIC")
        }
        return orientation.applied(to: decoded)
    }

    /// The size `bytes` declare, upright (EXIF orientation applied), read from the
    /// header alone: what layout needs before anything is decoded.
    public static func size(of bytes: [UInt8], name: String = "(memory)") throws(Failure) -> (width: Int, height: Int) {
        guard let format = format(of: bytes) else { return try decode(bytes, name: name).size }
        var error = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0, animated: Int32 = 0
        switch format {
        case .png:
            // IHDR comes first: width and height, big-endian, after the chunk's length and type.
            guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { throw Failure(name: name, reason: "damaged PNG (no IHDR)") }
            width = Int32(truncatingIfNeeded: UInt32(bytes[16]) << 24 | UInt32(bytes[17]) << 16 | UInt32(bytes[18]) << 8 | UInt32(bytes[19]))
            height = Int32(truncatingIfNeeded: UInt32(bytes[20]) << 24 | UInt32(bytes[21]) << 16 | UInt32(bytes[22]) << 8 | UInt32(bytes[23]))
        case .jpeg:
            let sized = bytes.withUnsafeBufferPointer { glance_jpeg_size($0.baseAddress, $0.count, &width, &height, &error, error.count) }
            guard sized == 0 else { throw Failure(name: name, reason: said(error)) }
        case .webp:
            let sized = bytes.withUnsafeBufferPointer { glance_webp_size($0.baseAddress, $0.count, &width, &height, &animated, &error, error.count) }
            guard sized == 0 else { throw Failure(name: name, reason: said(error)) }
        case .heic, .avif:
            let sized = bytes.withUnsafeBufferPointer { glance_heif_size($0.baseAddress, $0.count, &width, &height, &error, error.count) }
            guard sized == 0 else { throw Failure(name: name, reason: said(error)) }
            guard Int(width) * Int(height) <= largestHEIF else {
                throw Failure(name: name, reason: "a \(width)x\(height) HEIF is more than \(largestHEIF / 1_000_000) megapixels; not decoded")
            }
        default:
            return try decode(bytes, name: name).size
        }
        guard width > 0, height > 0 else { throw Failure(name: name, reason: "an empty picture") }
        // What decode would refuse, refused here too: a bomb is not a picture to lay out.
        if format == .png, Int(width) * Int(height) > PNG.largestPicture {
            throw Failure(name: name, reason: "a \(width)x\(height) picture is more than \(PNG.largestPicture >> 20) megapixels; not decoded (scale it down)")
        }
        if Int(width) * Int(height) > largestSource {
            throw Failure(name: name, reason: "a \(width)x\(height) \(format.rawValue) is more than \(largestSource / 1_000_000) megapixels; not decoded")
        }
        return Orientation.of(bytes, format: format).swapsSides ? (Int(height), Int(width)) : (Int(width), Int(height))
    }

    /// The size to decode a `width`×`height` picture at so that it covers `box`: scaled
    /// down, never up, and within `Canvas.maximumSide`.
    public static func coveringSize(width: Int, height: Int, box: (width: Int, height: Int)?) -> (width: Int, height: Int) {
        var scale = 1.0
        if let box, box.width > 0, box.height > 0 {
            scale = min(1, max(Double(box.width) / Double(width), Double(box.height) / Double(height)))
        }
        scale = min(scale, Double(Canvas.maximumSide) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    private static func decodePNG(_ bytes: [UInt8], name: String, box: (width: Int, height: Int)?) throws(Failure) -> Canvas {
        let full: Canvas
        do {
            full = try PNG.decode(bytes, path: name)
        } catch {
            throw Failure(name: name, reason: error.reason)
        }
        let size = coveringSize(width: full.width, height: full.height, box: box)
        guard size.width < full.width || size.height < full.height else { return full }
        return full.averagedDown(to: size)
    }

    private static func decodeJPEG(_ bytes: [UInt8], name: String, box: (width: Int, height: Int)?) throws(Failure) -> Canvas {
        var error = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0
        let sized = bytes.withUnsafeBufferPointer { glance_jpeg_size($0.baseAddress, $0.count, &width, &height, &error, error.count) }
        guard sized == 0 else { throw Failure(name: name, reason: said(error)) }
        guard Int(width) * Int(height) <= largestSource else {
            throw Failure(name: name, reason: "a \(width)x\(height) JPEG is more than \(largestSource / 1_000_000) megapixels; not decoded")
        }
        let size = coveringSize(width: Int(width), height: Int(height), box: box)
        // The codec scales by eighths: the fewest that still cover the size wanted.
        var eighths = 1
        while eighths < 8, (Int(width) * eighths + 7) / 8 < size.width || (Int(height) * eighths + 7) / 8 < size.height { eighths += 1 }
        var picture = glance_picture()
        let decoded = bytes.withUnsafeBufferPointer {
            glance_jpeg_decode($0.baseAddress, $0.count, Int32(eighths), limits, &picture, &error, error.count)
        }
        guard decoded == 0 else { throw Failure(name: name, reason: said(error)) }
        defer { glance_picture_free(&picture) }
        return try canvas(from: picture, name: name, size: size)
    }

    private static func decodeWebP(_ bytes: [UInt8], name: String, box: (width: Int, height: Int)?) throws(Failure) -> Canvas {
        var error = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0, animated: Int32 = 0
        let sized = bytes.withUnsafeBufferPointer { glance_webp_size($0.baseAddress, $0.count, &width, &height, &animated, &error, error.count) }
        guard sized == 0 else { throw Failure(name: name, reason: said(error)) }
        let size = coveringSize(width: Int(width), height: Int(height), box: box)
        var picture = glance_picture()
        let decoded = bytes.withUnsafeBufferPointer {
            glance_webp_decode($0.baseAddress, $0.count, Int32(size.width), Int32(size.height), limits, &picture, &error, error.count)
        }
        guard decoded == 0 else { throw Failure(name: name, reason: said(error)) }
        defer { glance_picture_free(&picture) }
        return try canvas(from: picture, name: name, size: size)
    }

    private static func decodeHEIF(_ bytes: [UInt8], name: String, box: (width: Int, height: Int)?) throws(Failure) -> Canvas {
        var error = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0
        let sized = bytes.withUnsafeBufferPointer { glance_heif_size($0.baseAddress, $0.count, &width, &height, &error, error.count) }
        guard sized == 0 else { throw Failure(name: name, reason: said(error)) }
        guard Int(width) * Int(height) <= largestHEIF else {
            throw Failure(name: name, reason: "a \(width)x\(height) HEIF is more than \(largestHEIF / 1_000_000) megapixels; not decoded")
        }
        let size = coveringSize(width: Int(width), height: Int(height), box: box)
        var picture = glance_picture()
        var bounds = limits
        bounds.source_pixels = Int64(largestHEIF)
        let decoded = bytes.withUnsafeBufferPointer { glance_heif_decode($0.baseAddress, $0.count, bounds, &picture, &error, error.count) }
        guard decoded == 0 else { throw Failure(name: name, reason: said(error)) }
        defer { glance_picture_free(&picture) }
        return try canvas(from: picture, name: name, size: size)
    }

    /// The decoder's RGBA as a canvas of `size` (averaged down when the codec's scale
    /// left it larger).
    private static func canvas(from picture: glance_picture, name: String, size: (width: Int, height: Int)) throws(Failure) -> Canvas {
        let width = Int(picture.width), height = Int(picture.height)
        guard let pixels = picture.pixels, width > 0, height > 0 else { throw Failure(name: name, reason: "an empty picture") }
        if width > size.width || height > size.height {
            return Canvas.averagedDown(pixels, width: width, height: height, to: (min(width, size.width), min(height, size.height)))
        }
        var canvas: Canvas
        do {
            canvas = try Canvas(width: width, height: height)
        } catch {
            throw Failure(name: name, reason: error.description)
        }
        for index in 0..<width * height {
            canvas.rgba[index] = RGBA(pixels[4 * index], pixels[4 * index + 1], pixels[4 * index + 2], pixels[4 * index + 3])
        }
        return canvas
    }

    /// The C shim's message, up to its terminating zero.
    private static func said(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Which formats can be decoded on this machine, and why not the others (for `glance
    /// check` and the README's list).
    package static var libraryProblems: [(format: Format, problem: String)] {
        var problems: [(Format, String)] = []
        if let jpeg = glance_jpeg_load_error() { problems.append((.jpeg, String(cString: jpeg))) }
        if let webp = glance_webp_load_error() { problems.append((.webp, String(cString: webp))) }
        if let heif = glance_heif_load_error() { problems.append((.heic, String(cString: heif))) }
        return problems
    }
}

extension Canvas {
    var size: (width: Int, height: Int) { (width, height) }

    /// This RGBA canvas averaged down to `size` (each pixel the mean of the pixels it
    /// covers; alpha-weighted, so transparent pixels add no colour).
    func averagedDown(to size: (width: Int, height: Int)) -> Canvas {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<width * height {
            let pixel = rgba.isEmpty ? RGBA(greys[index], greys[index], greys[index]) : rgba[index]
            bytes[4 * index] = pixel.r
            bytes[4 * index + 1] = pixel.g
            bytes[4 * index + 2] = pixel.b
            bytes[4 * index + 3] = pixel.a
        }
        return bytes.withUnsafeBufferPointer { Canvas.averagedDown($0.baseAddress!, width: width, height: height, to: size) }
    }

    /// `width`×`height` RGBA pixels averaged down to `size` (at most their own size):
    /// each output pixel the alpha-weighted mean of the source pixels it covers.
    static func averagedDown(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, to size: (width: Int, height: Int)) -> Canvas {
        let outWidth = max(1, min(size.width, width)), outHeight = max(1, min(size.height, height))
        // swiftlint:disable:next force_try
        var canvas = try! Canvas(width: outWidth, height: outHeight)
        let columns = (0...outWidth).map { $0 * width / outWidth }
        var sums = [UInt64](repeating: 0, count: outWidth * 5)
        for y in 0..<outHeight {
            let top = y * height / outHeight, bottom = max(top + 1, (y + 1) * height / outHeight)
            for index in sums.indices { sums[index] = 0 }
            for row in top..<bottom {
                let base = pixels + row * width * 4
                for x in 0..<outWidth {
                    var r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0, a: UInt64 = 0
                    for column in columns[x]..<max(columns[x] + 1, columns[x + 1]) {
                        let p = base + column * 4
                        let alpha = UInt64(p[3])
                        r += UInt64(p[0]) * alpha
                        g += UInt64(p[1]) * alpha
                        b += UInt64(p[2]) * alpha
                        a += alpha
                    }
                    sums[5 * x] += r
                    sums[5 * x + 1] += g
                    sums[5 * x + 2] += b
                    sums[5 * x + 3] += a
                    sums[5 * x + 4] += UInt64(max(1, columns[x + 1] - columns[x]))
                }
            }
            for x in 0..<outWidth {
                let alpha = sums[5 * x + 3], count = sums[5 * x + 4]
                guard alpha > 0 else {
                    canvas.rgba[y * outWidth + x] = RGBA(0, 0, 0, 0)
                    continue
                }
                canvas.rgba[y * outWidth + x] = RGBA(UInt8((sums[5 * x] + alpha / 2) / alpha), UInt8((sums[5 * x + 1] + alpha / 2) / alpha),
                                                     UInt8((sums[5 * x + 2] + alpha / 2) / alpha), UInt8((alpha + count / 2) / count))
            }
        }
        return canvas
    }
}
