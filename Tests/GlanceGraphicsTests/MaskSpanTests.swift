import GlanceGraphics
import Testing

/// Glyph masks are drawn as spans: the same pixels and flags as blending each mask pixel
/// on its own, inside the clip and past the canvas's edges.
@Suite struct MaskSpanTests {
    @Test(arguments: [RGBA.black, RGBA(200, 40, 90), RGBA(10, 20, 30, 140), RGBA(255, 255, 255, 1)], [false, true])
    func spansDrawWhatPixelByPixelBlendingDraws(color: RGBA, tonal: Bool) throws {
        var state: UInt64 = 0x5DEE_CE66_D1CE_4E5B
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var background = try Canvas(width: 40, height: 30)
        for index in 0..<40 * 30 {
            background.setPixel(index, RGBA(UInt8(next() % 256), UInt8(next() % 256), UInt8(next() % 256), UInt8(next() % 256)),
                                tonal: next() % 2 == 0)
        }
        let maskWidth = 17, maskHeight = 13
        let mask = (0..<maskWidth * maskHeight).map { _ in UInt8([0, 0, 255, 255, 127, 128, 1, 200][next() % 8]) }
        for (x, y, clip) in [(3, 4, PixelRect(x: 0, y: 0, width: 40, height: 30)), (-5, -6, PixelRect(x: 0, y: 0, width: 40, height: 30)),
                             (30, 22, PixelRect(x: 0, y: 0, width: 40, height: 30)), (8, 9, PixelRect(x: 10, y: 12, width: 9, height: 5)),
                             (45, 3, PixelRect(x: 0, y: 0, width: 40, height: 30)), (-20, -20, PixelRect(x: 0, y: 0, width: 40, height: 30)),
                             (2, 2, PixelRect(x: 30, y: 25, width: 5, height: 5))] {
            var spans = background, pixelwise = background
            spans.clip = clip
            pixelwise.clip = clip
            spans.drawMask(mask, width: maskWidth, height: maskHeight, atX: x, y: y, color, tonal: tonal, glyph: true)
            for row in 0..<maskHeight {
                for column in 0..<maskWidth where mask[row * maskWidth + column] > 0 {
                    pixelwise.blend(x: x + column, y: y + row, color, coverage: mask[row * maskWidth + column], tonal: tonal, glyph: true)
                }
            }
            #expect(spans.pixels == pixelwise.pixels, "at \(x),\(y) in \(clip)")
            #expect(spans.tonal == pixelwise.tonal && spans.glyph == pixelwise.glyph, "flags at \(x),\(y) in \(clip)")
        }
    }
}
