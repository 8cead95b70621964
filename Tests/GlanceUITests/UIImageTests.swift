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
}
