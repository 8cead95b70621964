import GlanceGraphics
import Testing

/// The quantiser's one-channel Floyd–Steinberg (frames whose tones are all greys) gives
/// the values the three-channel diffusion gives.
@Suite struct QuantiserPathTests {
    /// Greys on a few flat pixels and text-like runs, from a fixed seed.
    func greyFrame(width: Int, height: Int) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in 0..<width * height {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let grey = UInt8(truncatingIfNeeded: state >> 33)
            let flat = (state >> 20) % 7 == 0
            let alpha: UInt8 = (state >> 40) % 9 == 0 ? 128 : 255
            canvas.setPixel(index, flat ? (grey < 128 ? .black : .white) : RGBA(grey, grey, grey, alpha), tonal: !flat)
        }
        return canvas
    }

    @Test(arguments: [Palette.bw, Palette.gray4, Palette.bwr])
    func greyTonesGiveTheSameValuesWithOneChannelAsWithThree(palette: Palette) throws {
        let width = 61, height = 37
        let grey = try greyFrame(width: width, height: height)
        // One coloured tonal pixel in a corner walled off by flat pixels sends the frame
        // down the three-channel path without touching any other pixel's error.
        var mixed = grey
        for (x, y) in [(width - 2, 0), (width - 2, 1), (width - 1, 1)] { mixed.setPixel(y * width + x, .white, tonal: false) }
        mixed.setPixel(width - 1, RGBA(200, 30, 30), tonal: true)
        let fast = grey.quantised(to: palette, dither: .floydSteinberg).values
        let general = mixed.quantised(to: palette, dither: .floydSteinberg).values
        for index in 0..<width * height where ![width - 2, width - 1, 2 * width - 2, 2 * width - 1].contains(index) {
            #expect(fast[index] == general[index], "pixel \(index % width),\(index / width)")
            if fast[index] != general[index] { break }
        }
    }
}
