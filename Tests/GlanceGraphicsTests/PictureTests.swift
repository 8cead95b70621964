@testable import GlanceGraphics
import GlanceSystem
import Testing

/// JPEG, PNG and WebP decoded upright and no larger than drawn; hostile pictures refused
/// with one line. The fixtures (`Pictures/`, made by `Pictures/make.py`) are a 60x40
/// card with a red block top left and a blue block bottom right, stored turned as each
/// EXIF orientation says.
@Suite struct PictureTests {
    static let folder = String(#filePath[..<(#filePath.lastIndex(of: "/") ?? #filePath.endIndex)]) + "/Pictures"

    static func bytes(_ name: String) throws -> [UInt8] { try RegularFile.read(folder + "/" + name, limit: 1 << 20) }

    /// Red top left, blue bottom right, white between: the card stands upright.
    static func expectUpright(_ canvas: Canvas, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(canvas.width == 60 && canvas.height == 40, "\(name): \(canvas.width)x\(canvas.height)", sourceLocation: sourceLocation)
        guard canvas.width == 60, canvas.height == 40 else { return }
        let topLeft = canvas[x: 5, y: 5], bottomRight = canvas[x: 54, y: 34], middle = canvas[x: 30, y: 20], topRight = canvas[x: 54, y: 5]
        #expect(topLeft.r > 180 && topLeft.g < 60 && topLeft.b < 60, "\(name): top left is \(topLeft)", sourceLocation: sourceLocation)
        #expect(bottomRight.b > 180 && bottomRight.r < 60 && bottomRight.g < 60, "\(name): bottom right is \(bottomRight)", sourceLocation: sourceLocation)
        #expect(middle.r > 230 && middle.g > 230 && middle.b > 230, "\(name): the middle is \(middle)", sourceLocation: sourceLocation)
        #expect(topRight.r > 230 && topRight.g > 230 && topRight.b > 230, "\(name): top right is \(topRight)", sourceLocation: sourceLocation)
    }

    @Test(arguments: 1...8)
    func everyEXIFOrientationStandsTheJPEGUpright(_ orientation: Int) throws {
        let name = "card-orientation-\(orientation).jpg"
        Self.expectUpright(try Picture.decode(try Self.bytes(name), name: name), name)
    }

    @Test(arguments: ["card-orientation-8.webp", "card-orientation-3.png", "card.webp", "card-progressive.jpg", "card-cmyk.jpg", "card.heic", "card.avif"])
    func otherFormatsAndKindsStandUpright(_ name: String) throws {
        Self.expectUpright(try Picture.decode(try Self.bytes(name), name: name), name)
    }

    @Test func aGreyJPEGIsGrey() throws {
        let canvas = try Picture.decode(try Self.bytes("card-grey.jpg"))
        let red = canvas[x: 5, y: 5]
        #expect(red.r == red.g && red.g == red.b && red.r < 140 && red.r > 40, "\(red)")
    }

    /// The codec scales by eighths (1200 to 300 is 2/8), then averages to the exact size.
    @Test(arguments: ["card-1200x800.jpg", "card-1200x800.webp"])
    func aLargePictureIsDecodedAtTheSizeItCovers(_ name: String) throws {
        let canvas = try Picture.decode(try Self.bytes(name), name: name, covering: (300, 100))
        #expect(canvas.width == 300 && canvas.height == 200)
        let red = canvas[x: 20, y: 20], blue = canvas[x: 280, y: 180], edge = canvas[x: 99, y: 20]
        #expect(red.r > 200 && red.g < 40, "\(red)")
        #expect(blue.b > 200 && blue.r < 40, "\(blue)")
        // The block's edge is averaged, not aliased away: pure red or pure white either side.
        #expect(edge.r > 200, "\(edge)")
        // A box larger than the picture does not enlarge it.
        let whole = try Picture.decode(try Self.bytes(name), name: name, covering: (2400, 10))
        #expect(whole.width == 1200 && whole.height == 800)
    }

    @Test func theCoveringSizeKeepsTheAspectAndNeverEnlarges() {
        #expect(Picture.coveringSize(width: 6000, height: 4000, box: (800, 480)) == (800, 533))
        #expect(Picture.coveringSize(width: 4000, height: 6000, box: (800, 480)) == (800, 1200))
        #expect(Picture.coveringSize(width: 400, height: 300, box: (800, 480)) == (400, 300))
        #expect(Picture.coveringSize(width: 20000, height: 100, box: nil) == (8192, 41))
    }

    @Test func averagingDownWeighsAlpha() throws {
        var canvas = try Canvas(width: 2, height: 1)
        canvas.rgba = [RGBA(255, 0, 0, 255), RGBA(0, 0, 255, 0)]
        let averaged = canvas.averagedDown(to: (1, 1))
        // The transparent blue adds no colour, only transparency.
        #expect(averaged[x: 0, y: 0] == RGBA(255, 0, 0, 128))
    }

    // MARK: Bad pictures

    @Test func aJPEGDeclaringBillionsOfPixelsIsRefusedUndecoded() throws {
        #expect(throws: Picture.Failure(name: "bomb.jpg", reason: "a 60000x60000 JPEG is more than 120 megapixels; not decoded")) {
            try Picture.decode(try Self.bytes("declares-60000x60000.jpg"), name: "bomb.jpg", covering: (800, 480))
        }
    }

    @Test func aPNGDeclaringAHugeSizeIsRefused() throws {
        // An IHDR of 100000x100000 and nothing after it.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        let body: [UInt8] = [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 2, 0, 0, 0]
        png += body
        png += PNGChunk.crc(Array("IHDR".utf8) + body)
        // A few bytes of image data (libpng reads up to the first IDAT before it says the size), and the end.
        let data: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
        png += [0, 0, 0, UInt8(data.count)] + Array("IDAT".utf8) + data + PNGChunk.crc(Array("IDAT".utf8) + data)
        png += [0, 0, 0, 0] + Array("IEND".utf8) + PNGChunk.crc(Array("IEND".utf8))
        let error = #expect(throws: Picture.Failure.self) { try Picture.decode(png, name: "huge.png") }
        #expect(error?.reason == "a 100000x100000 picture is more than 16 megapixels; not decoded (scale it down)", "\(error?.reason ?? "")")
    }

    @Test func aProgressiveJPEGOfHundredsOfScansIsRefused() throws {
        let error = #expect(throws: Picture.Failure.self) { try Picture.decode(try Self.bytes("many-scans.jpg"), name: "scans.jpg") }
        #expect(error?.reason.contains("more than 200 progressive scans") == true, "\(error?.reason ?? "")")
    }

    /// Half a JPEG is a failure, not half a picture and grey: the slot keeps its last good one.
    @Test func aTruncatedJPEGIsRefused() throws {
        #expect(throws: Picture.Failure(name: "truncated.jpg", reason: "truncated JPEG (the file ends before the picture does)")) {
            try Picture.decode(try Self.bytes("truncated.jpg"), name: "truncated.jpg", covering: (300, 200))
        }
    }

    @Test func otherFilesAreNamedNotGuessed() throws {
        #expect(throws: Picture.Failure(name: "notes.txt", reason: "not a picture Glance reads (PNG, JPEG, WebP, HEIC, AVIF)")) {
            try Picture.decode(Array("hello".utf8), name: "notes.txt")
        }
        #expect(throws: Picture.Failure(name: "a.gif", reason: "a GIF picture, which Glance does not read; convert it to JPEG, PNG, WebP or HEIC")) {
            try Picture.decode(Array("GIF89a".utf8) + [0, 0, 0, 0], name: "a.gif")
        }
        #expect(throws: Picture.Failure(name: "empty.jpg", reason: "an empty file")) { try Picture.decode([], name: "empty.jpg") }
        let damaged = #expect(throws: Picture.Failure.self) { try Picture.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 2, 0xFF, 0xC4], name: "bad.jpg") }
        #expect(damaged?.reason.hasPrefix("damaged JPEG (") == true, "\(damaged?.reason ?? "")")
        let webp = #expect(throws: Picture.Failure.self) { try Picture.decode(Array("RIFF\u{10}\0\0\0WEBPVP8 ".utf8) + [1, 2, 3], name: "bad.webp") }
        #expect(webp != nil)
    }

    /// When a photo was taken: EXIF DateTimeOriginal from the Exif IFD, with the camera's
    /// offset where it wrote one, else as a local time in the wall's zone; the orientation
    /// beside it is still honoured. A picture without one, or whose EXIF is cut short, says none.
    @Test func aPhotoSaysWhenItWasTaken() throws {
        let jpeg = try Self.bytes("card-taken.jpg")
        let taken = try #require(Picture.takenTime(of: jpeg))
        #expect(taken == PictureTakenTime(year: 2024, month: 7, day: 14, hour: 18, minute: 30, second: 5, offset: 7_200))
        #expect(taken.date { _ in 32_400 }.timeIntervalSince1970 == 1_720_974_605)
        let upright = try Picture.decode(jpeg, name: "card-taken.jpg")
        #expect(upright.width == 60 && upright[x: 2, y: 2].r > 180 && upright[x: 2, y: 2].b < 60)
        let local = try #require(Picture.takenTime(of: try Self.bytes("card-taken-local.webp")))
        #expect(local.offset == nil)
        #expect(local.date { _ in 0 }.timeIntervalSince1970 == 1_704_067_199)
        #expect(local.date { _ in 32_400 }.timeIntervalSince1970 == 1_704_067_199 - 32_400)
        #expect(Picture.takenTime(of: try Self.bytes("card-orientation-6.jpg")) == nil)
        for length in stride(from: 0, to: jpeg.count, by: 7) { _ = Picture.takenTime(of: Array(jpeg.prefix(length))) }
    }

    /// Every prefix of every fixture: a failure or a picture, never a crash.
    @Test func everyPrefixOfEveryPictureDecodesOrFails() throws {
        for name in ["card-orientation-6.jpg", "card-progressive.jpg", "card-orientation-8.webp", "card-orientation-3.png", "card-cmyk.jpg", "card.heic"] {
            let bytes = try Self.bytes(name)
            for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
                _ = try? Picture.decode(Array(bytes.prefix(length)), name: name, covering: (30, 20))
            }
        }
    }
}

/// A PNG chunk's CRC-32, for building hostile PNGs.
enum PNGChunk {
    static func crc(_ bytes: [UInt8]) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        return [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}
