@testable import GlanceGraphics
import Testing

/// Pictures dithered to a panel's inks as they look: error diffused in linear light, each
/// pixel the ink nearest in Oklab.
@Suite struct PictureDitherTests {
    static let spectraLook = Palette.blend(
        ideal: [RGBA(0, 0, 0), RGBA(255, 255, 255), RGBA(255, 255, 0), RGBA(255, 0, 0), RGBA(0, 0, 255), RGBA(0, 255, 0)],
        measured: [RGBA(0, 0, 0), RGBA(161, 164, 165), RGBA(208, 190, 71), RGBA(156, 72, 75), RGBA(61, 59, 94), RGBA(58, 91, 70)],
        saturation: 0.5)

    @Test func oklabHasItsReferenceValues() {
        let white = Oklab(RGBA(255, 255, 255)), black = Oklab(RGBA(0, 0, 0)), red = Oklab(RGBA(255, 0, 0))
        #expect(abs(white.l - 1) < 0.001 && abs(white.a) < 0.001 && abs(white.b) < 0.001)
        #expect(abs(black.l) < 0.001)
        // sRGB red: L 0.628, a 0.225, b 0.126 (Ottosson's published values).
        #expect(abs(red.l - 0.628) < 0.002 && abs(red.a - 0.225) < 0.002 && abs(red.b - 0.126) < 0.002)
    }

    @Test func theBlendIsPimoronisChannelByChannel() {
        // int(0.5 × measured + 0.5 × ideal), a channel at a time.
        #expect(Self.spectraLook[1] == RGBA(208, 209, 210))
        #expect(Self.spectraLook[2] == RGBA(231, 222, 35))
        #expect(Self.spectraLook[4] == RGBA(30, 29, 174))
        #expect(Palette.blend(ideal: [.white], measured: [RGBA(161, 164, 165)], saturation: 0) == [.white])
        #expect(Palette.blend(ideal: [.white], measured: [RGBA(161, 164, 165)], saturation: 1) == [RGBA(161, 164, 165)])
    }

    @Test func anInkIsItself() {
        for (index, ink) in Self.spectraLook.enumerated() {
            let indices = PictureDither.dither(Array(repeating: ink, count: 40 * 30), width: 40, height: 30, inks: Self.spectraLook)
            #expect(Set(indices) == [UInt8(index)], "ink \(index)")
        }
    }

    @Test func aGreyKeepsItsLightnessInLinearLight() {
        // sRGB 188 is 50 % of white's light: half the pixels white, half black.
        let indices = PictureDither.dither(Array(repeating: RGBA(188, 188, 188), count: 200 * 100), width: 200, height: 100, inks: [.black, .white])
        let white = Double(indices.filter { $0 == 1 }.count) / Double(indices.count)
        #expect(abs(white - 0.5) < 0.02, "\(white)")
        // sRGB 128 reflects 22 % of white's light.
        let darker = PictureDither.dither(Array(repeating: RGBA(128, 128, 128), count: 200 * 100), width: 200, height: 100, inks: [.black, .white])
        let share = Double(darker.filter { $0 == 1 }.count) / Double(darker.count)
        #expect(abs(share - 0.216) < 0.02, "\(share)")
    }

    /// A smooth picture of every hue: seen from a step back (8×8 blocks averaged in linear
    /// light, the inks as they look), the dithered picture is close to the source, and far
    /// closer than each pixel's nearest ink alone.
    @Test func fromAStepBackTheDitherIsThePicture() {
        let width = 160, height = 96
        var pixels = [RGBA]()
        for y in 0..<height {
            for x in 0..<width {
                let hue = Double(x) / Double(width) * 6, light = 0.25 + 0.6 * Double(y) / Double(height)
                let sector = Int(hue) % 6, f = hue - Double(Int(hue))
                let (r, g, b): (Double, Double, Double) = [(1, f, 0), (1 - f, 1, 0), (0, 1, f), (0, 1 - f, 1), (f, 0, 1), (1, 0, 1 - f)][sector]
                func channel(_ c: Double) -> UInt8 { UInt8(max(0, min(255, (0.35 + 0.5 * c) * light * 255 + 40))) }
                pixels.append(RGBA(channel(r), channel(g), channel(b)))
            }
        }
        let inks = Self.spectraLook
        let dithered = PictureDither.dither(pixels, width: width, height: height, inks: inks)
        let nearest = pixels.map { UInt8(PictureDither.nearest($0, in: inks)) }
        func blockError(_ indices: [UInt8]) -> Double {
            let linear = SRGB.linear
            var total = 0.0, blocks = 0
            for by in stride(from: 0, to: height, by: 8) {
                for bx in stride(from: 0, to: width, by: 8) {
                    var source = (Float(0), Float(0), Float(0)), shown = (Float(0), Float(0), Float(0))
                    for y in by..<(by + 8) {
                        for x in bx..<(bx + 8) {
                            let p = pixels[y * width + x], ink = inks[Int(indices[y * width + x])]
                            source.0 += linear[Int(p.r)]; source.1 += linear[Int(p.g)]; source.2 += linear[Int(p.b)]
                            shown.0 += linear[Int(ink.r)]; shown.1 += linear[Int(ink.g)]; shown.2 += linear[Int(ink.b)]
                        }
                    }
                    let a = Oklab(linearRed: source.0 / 64, green: source.1 / 64, blue: source.2 / 64)
                    let b = Oklab(linearRed: shown.0 / 64, green: shown.1 / 64, blue: shown.2 / 64)
                    total += Double(a.squaredDistance(to: b).squareRoot())
                    blocks += 1
                }
            }
            return total / Double(blocks)
        }
        let ditherError = blockError(dithered), nearestError = blockError(nearest)
        #expect(ditherError < 0.06, "\(ditherError)")
        #expect(ditherError < nearestError / 2, "dither \(ditherError), nearest \(nearestError)")
    }

    @Test func outsideTheMaskNothingChangesAndNoErrorCrosses() {
        let width = 64, height = 32
        let pixels = Array(repeating: RGBA(150, 120, 90), count: width * height)
        var mask = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<(width / 2) { mask[y * width + x] = 1 } }
        var out = [UInt8](repeating: 9, count: width * height)
        pixels.withUnsafeBufferPointer { pixels in
            mask.withUnsafeBufferPointer { mask in
                out.withUnsafeMutableBufferPointer { out in
                    PictureDither.dither(pixels, width: width, height: height, inks: Self.spectraLook, mask: mask, into: out)
                }
            }
        }
        for y in 0..<height {
            #expect(out[(y * width)..<(y * width + width / 2)].allSatisfy { $0 < 6 })
            #expect(out[(y * width + width / 2)..<((y + 1) * width)].allSatisfy { $0 == 9 })
        }
        // The masked half alone dithers as a picture of its own size would.
        let half = PictureDither.dither(Array(repeating: RGBA(150, 120, 90), count: width / 2 * height), width: width / 2, height: height, inks: Self.spectraLook)
        for y in 0..<height where y % 2 == 0 {
            #expect(Array(out[(y * width)..<(y * width + width / 2)]) == Array(half[(y * width / 2)..<((y + 1) * width / 2)]))
        }
    }

    @Test func flatShapesKeepTheirInkRulesWhenInksAreMeasured() throws {
        var canvas = try Canvas(width: 60, height: 40)
        canvas.fill(PixelRect(x: 0, y: 0, width: 30, height: 40), RGBA(200, 0, 0))
        for y in 0..<40 { for x in 30..<60 { canvas.setPixel(y * 60 + x, RGBA(UInt8(x * 4), 90, 200), tonal: true) } }
        let plain = canvas.quantised(to: .spectra6, dither: .floydSteinberg)
        let measured = canvas.quantised(to: .spectra6, dither: .floydSteinberg, inkLook: Self.spectraLook)
        for y in 0..<40 {
            for x in 0..<30 { #expect(measured[y * 60 + x] == plain[y * 60 + x]) }
        }
        #expect(measured != plain)
    }
}

@Suite struct ColourDifferenceTests {
    /// Pairs from Sharma, Wu and Dalal's CIEDE2000 test data, with their published ΔE00.
    @Test func cieDE2000MatchesThePublishedTestData() {
        let pairs: [((Double, Double, Double), (Double, Double, Double), Double)] = [
            ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
            ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
            ((50, 0, 0), (50, -1, 2), 2.3669),
            ((50, 2.5, 0), (73, 25, -18), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
            ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
        ]
        for (first, second, expected) in pairs {
            let a = CIELab(l: first.0, a: first.1, b: first.2), b = CIELab(l: second.0, a: second.1, b: second.2)
            #expect(abs(a.deltaE2000(to: b) - expected) < 0.0001, "\(first) → \(second)")
            #expect(abs(b.deltaE2000(to: a) - expected) < 0.0001)
        }
        #expect(CIELab(.white).deltaE2000(to: CIELab(.white)) == 0)
        #expect(abs(CIELab(.white).l - 100) < 0.01 && abs(CIELab(.black).l) < 0.01)
    }

    @Test func aPictureDiffersFromItselfByNothingAndFromGreyByMuch() {
        let source: [RGBA] = (0..<256).map { (index: Int) -> RGBA in RGBA(UInt8(index), UInt8(255 - index), 90) }
        #expect(CIELab.meanDifference(source: source, shown: source, width: 16, height: 16) == 0)
        #expect(CIELab.meanDifference(source: source, shown: Array(repeating: RGBA(128, 128, 128), count: 256), width: 16, height: 16) > 10)
    }
}
