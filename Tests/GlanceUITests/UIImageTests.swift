import Foundation
import GlanceGraphics
import GlanceRender
import GlanceText
import GlanceUI
import Testing

/// UIKit's `UIImage(data:)`: a PNG a provider fetched is decoded at once and drawn by
/// `Image(uiImage:)`; other bytes are nil (the widget's own no-picture path); the pictures
/// kept in memory for the renderer are bounded by count and by bytes.
@Suite(.serialized) struct UIImageTests {
    func png(width: Int, height: Int, fill: RGBA) throws -> Data {
        let canvas = try Canvas(width: width, height: height, fill: fill)
        return Data(try PNG.encode(canvas))
    }

    @Test func aFetchedPNGIsDrawnAndOtherBytesAreNil() throws {
        let red = RGBA(255, 0, 0)
        let image = try #require(UIImage(data: try png(width: 8, height: 4, fill: red)))
        #expect(image.size == CGSize(width: 8, height: 4))
        #expect(image.pngData() != nil)
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == nil)   // a JPEG's first bytes
        #expect(UIImage(data: Data()) == nil)

        let renderer = ViewRenderer(fonts: try FontLibrary())
        var canvas = try Canvas(width: 40, height: 20)
        renderer.render(resolveNode(Image(uiImage: image).resizable().frame(width: 40, height: 20), in: EnvironmentValues()),
                        into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(canvas[x: 20, y: 10] == red)
    }

    @Test func picturesKeptInMemoryAreBounded() throws {
        // 40 distinct 1024×512 pictures (2 MB of pixels each): at most 32 are kept, and at
        // most 64 MB; the newest is always there to draw.
        var last: UIImage?
        for shade in 0..<40 {
            last = UIImage(data: try png(width: 1024, height: 512, fill: RGBA(UInt8(shade), 0, 0)))
        }
        let usage = ImageMemory.usage
        #expect(usage.pictures <= 32 && usage.bytes <= 64 << 20)
        #expect(last != nil)
        let renderer = ViewRenderer(fonts: try FontLibrary())
        var canvas = try Canvas(width: 10, height: 10)
        renderer.render(resolveNode(Image(uiImage: last!).resizable().frame(width: 10, height: 10), in: EnvironmentValues()),
                        into: &canvas, in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(canvas[x: 5, y: 5] == RGBA(39, 0, 0))
    }

    func draw(_ view: some View, width: Int, height: Int) throws -> Canvas {
        let renderer = ViewRenderer(fonts: try FontLibrary())
        var canvas = try Canvas(width: width, height: height)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        return canvas
    }

    func provider(_ bytes: [UInt8]) -> CGDataProvider { CGDataProvider(data: Data(bytes) as CFData)! }

    /// A bitmap made by hand, as a QR-code or pixel-art widget makes it: RGBA bytes, big- and
    /// little-endian, premultiplied; grey; too few bytes is nil; drawn by `Image(decorative:scale:)`
    /// at its size in points and by `UIImage(cgImage:)`.
    @Test func aBitmapMadeByHandIsDrawn() throws {
        // 2 × 2: red, half-transparent green (premultiplied), blue, white.
        let premultiplied: [UInt8] = [255, 0, 0, 255, 0, 64, 0, 128, 0, 0, 255, 255, 255, 255, 255, 255]
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue | CGImageByteOrderInfo.order32Big.rawValue)
        let image = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info,
                                         provider: provider(premultiplied),
                                         decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        #expect(image.canvas[x: 0, y: 0] == RGBA(255, 0, 0))
        #expect(image.canvas[x: 1, y: 0] == RGBA(0, 128, 0, 128))
        #expect(image.canvas[x: 1, y: 1] == RGBA(255, 255, 255))
        // The same pixels as little-endian ARGB words (BGRA bytes), not premultiplied.
        let bgra: [UInt8] = [0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255]
        let little = CGBitmapInfo(rawValue: CGImageAlphaInfo.first.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        let swapped = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: little,
                                           provider: provider(bgra),
                                           decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        #expect(swapped.canvas[x: 0, y: 0] == RGBA(255, 0, 0) && swapped.canvas[x: 1, y: 0] == RGBA(0, 255, 0) && swapped.canvas[x: 0, y: 1] == RGBA(0, 0, 255))
        let grey = try #require(CGImage(width: 3, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 3,
                                        space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(rawValue: 0),
                                        provider: provider([0, 128, 255]),
                                        decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        #expect(grey.canvas[x: 1, y: 0] == RGBA(128, 128, 128))
        #expect(CGImage(width: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: info, provider: provider(premultiplied),
                        decode: nil, shouldInterpolate: false, intent: .defaultIntent) == nil, "16 bytes are too few for 4 rows of 16")

        // A 4 × 4 checkerboard of 2 × 2 blocks at scale 2 is 2 × 2 points: one colour a point.
        var board: [UInt8] = []
        for y in 0..<4 { for x in 0..<4 { board += (x / 2 + y / 2) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] } }
        let checker = try #require(CGImage(width: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
                                           provider: provider(board),
                                           decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        let drawn = try draw(HStack(spacing: 0) { Image(decorative: checker, scale: 2); Color.red.frame(width: 2, height: 2) }.fixedSize(), width: 4, height: 2)
        #expect(drawn[x: 0, y: 0] == .black && drawn[x: 1, y: 0] == .white && drawn[x: 0, y: 1] == .white && drawn[x: 1, y: 1] == .black)
        #expect(drawn[x: 2, y: 0] == RGBA(0xFF, 0x3B, 0x30), "the bitmap takes 2 points, not 4")
        let viaUIKit = UIImage(cgImage: checker)
        #expect(viaUIKit.size == CGSize(width: 4, height: 4))
        #expect(viaUIKit.cgImage?.canvas == checker.canvas)
        let fromPNG = try #require(CGImageSourceCreateWithData(try png(width: 3, height: 2, fill: RGBA(0, 0, 255)) as CFData, nil))
        #expect(CGImageSourceCreateImageAtIndex(fromPNG, 0, nil)?.width == 3)
        #expect(CGImageSourceCreateWithData(Data([0xFF, 0xD8, 0xFF]) as CFData, nil) == nil)
        // Out-of-range arguments are nil or clamped, never a trap.
        #expect(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: Int.max, space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: info, provider: provider(premultiplied), decode: nil, shouldInterpolate: false, intent: .defaultIntent) == nil)
        #expect(checker.cropping(to: .infinite)?.width == 4)
        #expect(checker.cropping(to: .null) == nil)
        #expect(checker.cropping(to: CGRect(x: 1, y: 1, width: 1e300, height: 2))?.width == 3)
        #expect(checker.scaled(1e-17).width == 4096 && checker.scaled(1e-17).height == 4096)
    }

    /// `.zIndex` draws a ZStack's child above the ones with lower values, whatever their order;
    /// `UIBezierPath` builds the same outline SwiftUI's Path would, its arcs clockwise as seen.
    @Test func zIndexAndBezierPaths() throws {
        let above = try draw(ZStack { Color.red.zIndex(1); Color.blue }.frame(width: 4, height: 4), width: 4, height: 4)
        #expect(above[x: 2, y: 2] == RGBA(0xFF, 0x3B, 0x30))
        let plain = try draw(ZStack { Color.red; Color.blue }.frame(width: 4, height: 4), width: 4, height: 4)
        #expect(plain[x: 2, y: 2] != RGBA(0xFF, 0x3B, 0x30))

        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(Path(oval.cgPath) == Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10)))
        // From 3 o'clock clockwise (as seen) to 9 o'clock: the lower half.
        let arc = UIBezierPath(arcCenter: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(arc.bounds.minY > 9 && arc.bounds.maxY > 19)
    }
}

/// Small capitals, text styles as values, and UIKit's colour and font initialisers.
@Suite struct SmallCapsAndUIKitValuesTests {
    func runs(_ text: Text) -> [(String, Double)] {
        guard case .text(let node) = text.makeNode(in: EnvironmentValues()) else { return [] }
        return node.runs?.map { ($0.string, $0.pointSize) } ?? [(node.string, node.pointSize)]
    }

    @Test func smallCapitalsAreCapitalsAtASmallerSize() {
        let small = runs(Text("Glance 2").font(.body.smallCaps()))
        #expect(small.map(\.0) == ["G", "LANCE", " 2"])
        #expect(small.map(\.1) == [17, 17 * 0.75, 17])
        #expect(runs(Text("Go").font(.body.lowercaseSmallCaps().uppercaseSmallCaps())).map(\.0) == ["GO"])
        #expect(runs(Text("Go").font(.body.lowercaseSmallCaps().uppercaseSmallCaps())).map(\.1) == [17 * 0.75])
        #expect(runs(Text("Go").font(.body)).map(\.0) == ["Go"], "plain text stays one run")
    }

    @Test func textStylesAndUIKitValues() {
        #expect(Font.system(Font.TextStyle.headline) == Font.headline)
        #expect(Font.system(.caption) == Font.caption)
        let grey = UIColor(displayP3Red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let plain = UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        #expect(zip(grey.cgColor.components ?? [], plain.cgColor.components ?? []).allSatisfy { abs($0 - $1) <= 1.0 / 255 },
                "a grey is the same grey in both spaces")
        let p3 = UIColor(displayP3Red: 0.8, green: 0.3, blue: 0.2, alpha: 1)
        let same = UIColor(red: 0.8, green: 0.3, blue: 0.2, alpha: 1)
        #expect(p3.cgColor.components?[0] ?? 0 > same.cgColor.components?[0] ?? 1, "P3's red is redder than sRGB's")
        #expect(UIColor(Color.blue) == UIColor.systemBlue)
        #expect(Font(UIFont.monospacedSystemFont(ofSize: 12, weight: .bold)) == Font.system(size: 12, weight: .bold, design: .monospaced))
        #expect(Material.thin == Material.thinMaterial)
    }
}
