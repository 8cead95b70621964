@testable import GlanceGraphics
import Testing

/// The quantiser's one-channel Floyd–Steinberg: on panels with colour inks, frames whose
/// tones are all greys get the values the three-channel diffusion gives; on panels of
/// grey inks every tone is diffused on its luma.
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

    @Test(arguments: [Palette.bwr, Palette.bwy, Palette.acep7])
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

    /// A coloured tone on black and white ink is as dense as its luma (Rec. 601, as
    /// Pillow's `convert("L")`): pure blue (luma 29) is mostly ink, yellow (225) mostly
    /// paper, and a grey of the same luma dithers to the very same dots.
    @Test func colouredTonesOnGreyInksDitherOnTheirLuma() throws {
        for (color, luma) in [(RGBA(0, 0, 255), 29), (RGBA(255, 255, 0), 225), (RGBA(40, 160, 90), 116)] {
            #expect(color.luma == luma)
            var coloured = try Canvas(width: 40, height: 30), grey = coloured
            for index in 0..<40 * 30 {
                coloured.setPixel(index, color, tonal: true)
                grey.setPixel(index, RGBA(UInt8(luma), UInt8(luma), UInt8(luma)), tonal: true)
            }
            for palette in [Palette.bw, Palette.gray4] {
                #expect(coloured.quantised(to: palette, dither: .floydSteinberg).values
                        == grey.quantised(to: palette, dither: .floydSteinberg).values)
            }
            let white = coloured.quantised(to: .bw, dither: .floydSteinberg).values.filter { $0 == 1 }.count
            #expect(abs(Double(white) / 1200 - Double(luma) / 255) < 0.03, "\(color): \(white) of 1200 white")
        }
    }

    /// The grey-ink loop (bw, gray4 with Floyd–Steinberg or none) gives the general
    /// loop's values on frames of every kind of pixel: flat and tonal, translucent,
    /// coloured, text-like runs and colours beyond what its table of flat colours holds.
    @Test(arguments: [Palette.bw, Palette.gray4], [DitherMode.floydSteinberg, .none])
    func greyInkLoopGivesTheGeneralLoopsValues(palette: Palette, dither: DitherMode) throws {
        #expect(Canvas.greyInkPathApplies(to: palette, dither: dither))
        let width = 83, height = 41
        var canvas = try Canvas(width: width, height: height)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for index in 0..<width * height {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = UInt8(truncatingIfNeeded: state >> 24), g = UInt8(truncatingIfNeeded: state >> 32)
            let b = UInt8(truncatingIfNeeded: state >> 40)
            let alpha: UInt8 = [255, 255, 255, 128, 0][Int(state >> 50) % 5]
            // Runs of one flat colour, as text and fills give, among many others.
            let color = (state >> 13) % 3 == 0 ? RGBA(90, 90, 200) : RGBA(r, (state >> 17) % 2 == 0 ? r : g, b, alpha)
            canvas.setPixel(index, color, tonal: (state >> 9) % 2 == 0)
        }
        let fast = canvas.quantised(to: palette, dither: dither, general: false).values
        let general = canvas.quantised(to: palette, dither: dither, general: true).values
        #expect(fast == general)
        for index in 0..<width * height where fast[index] != general[index] {
            Issue.record("first difference at \(index % width),\(index / width): \(fast[index]) vs \(general[index])")
            break
        }
    }
}
