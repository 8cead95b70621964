@testable import GlanceGraphics
import Testing

/// Frames of two and four inks keep a bit or two a pixel (the bw and gray4 panels' own
/// bytes): every way of reading them gives what a byte a pixel (a frame of seven inks,
/// acep7, holding the same indices) gives.
@Suite struct BitPackedFrameTests {
    func randomInks(count: Int, inks: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 59) % UInt8(inks)
        }
    }

    /// MSB-first rows padded to whole bytes, written out pixel by pixel.
    func referencePacking(_ inks: [UInt8], depth: Int, width: Int, height: Int, code: (UInt8) -> UInt8) -> [UInt8] {
        let perByte = 8 / depth, rowBytes = (width + perByte - 1) / perByte
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width {
                bytes[y * rowBytes + x / perByte] |= code(inks[y * width + x]) << (8 - depth * (x % perByte + 1))
            }
        }
        return bytes
    }

    @Test(arguments: [Palette.bw, .gray4], [1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 61, 800])
    func readsAsBytesDid(palette: Palette, width: Int) {
        let height = 5, depth = palette == .bw ? 1 : 2
        let inks = randomInks(count: width * height, inks: palette.colors.count, seed: UInt64(width))
        let frame = QuantisedFrame(width: width, height: height, palette: palette, indices: inks)
        let bytes = QuantisedFrame(width: width, height: height, palette: .acep7, indices: inks)
        #expect(frame.isBitPacked && !bytes.isBitPacked)
        #expect(frame.bits.count == (width * depth + 7) / 8 * height)
        #expect(frame.indices == inks)
        #expect((0..<inks.count).allSatisfy { frame[$0] == UInt32(inks[$0]) })
        #expect(frame.values == inks.map { UInt32($0) })
        #expect(frame.panelBytes() == referencePacking(inks, depth: depth, width: width, height: height) { $0 })
        for bitsPerPixel in [1, 2, 4, 8] {
            // The panels' codes, and others: each value flipped, one bit of it.
            for code in [{ (v: UInt32) in UInt8(v) }, { (v: UInt32) in UInt8(v) ^ 1 }, { (v: UInt32) in UInt8(v) & 1 },
                         { (v: UInt32) in v == 0 ? 0 : 1 }] {
                #expect(frame.packed(bitsPerPixel: bitsPerPixel, code: code) == bytes.packed(bitsPerPixel: bitsPerPixel, code: code),
                        "\(bitsPerPixel) bits a pixel")
            }
        }
        // Turned and cut as a byte a pixel would be.
        for turn in [90, 180, 270] {
            #expect(frame.rotated(clockwise: turn).indices == bytes.rotated(clockwise: turn).indices, "turned \(turn)")
        }
        let window = PixelRect(x: width / 3, y: 1, width: max(1, width / 2), height: 3)
        #expect(frame.cropped(to: window).indices == bytes.cropped(to: window).indices)
    }

    /// The damage rectangle of two packed frames is the one of their bytes, whatever
    /// pixels change (in the first or last bits of a byte, in the padding's byte).
    @Test(arguments: [Palette.bw, .gray4], [3, 7, 8, 13, 64, 203])
    func damageOverBitsIsDamageOverBytes(palette: Palette, width: Int) {
        let height = 9
        let before = randomInks(count: width * height, inks: palette.colors.count, seed: 99)
        var state: UInt64 = UInt64(width)
        for _ in 0..<40 {
            var after = before
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let index = Int(state >> 33) % after.count
                after[index] = (after[index] + 1) % UInt8(palette.colors.count)
            }
            let packed = (QuantisedFrame(width: width, height: height, palette: palette, indices: before),
                          QuantisedFrame(width: width, height: height, palette: palette, indices: after))
            let bytes = (QuantisedFrame(width: width, height: height, palette: .acep7, indices: before),
                         QuantisedFrame(width: width, height: height, palette: .acep7, indices: after))
            #expect(packed.1.difference(from: packed.0) == bytes.1.difference(from: bytes.0))
        }
    }

    /// The pixels that changed, inside any window, are the ones a byte a pixel counts
    /// (issue 29: what a partial refresh flips is the ghosting it leaves).
    @Test(arguments: [Palette.bw, .gray4], [3, 7, 8, 13, 64, 203])
    func changedPixelsOverBitsAreThePixelsThatDiffer(palette: Palette, width: Int) {
        let height = 9
        let before = randomInks(count: width * height, inks: palette.colors.count, seed: 7)
        let after = randomInks(count: width * height, inks: palette.colors.count, seed: 8)
        let packed = (QuantisedFrame(width: width, height: height, palette: palette, indices: before),
                      QuantisedFrame(width: width, height: height, palette: palette, indices: after))
        let bytes = (QuantisedFrame(width: width, height: height, palette: .acep7, indices: before),
                     QuantisedFrame(width: width, height: height, palette: .acep7, indices: after))
        for window in [nil, PixelRect(x: 1, y: 2, width: max(1, width - 2), height: 5), PixelRect(x: width / 2, y: 0, width: 1, height: 9),
                       PixelRect(x: width - 1, y: 8, width: 1, height: 1)] {
            let area = window ?? PixelRect(x: 0, y: 0, width: width, height: height)
            var expected = 0
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX where before[y * width + x] != after[y * width + x] { expected += 1 }
            }
            #expect(packed.1.changedPixelCount(from: packed.0, within: window) == expected, "\(String(describing: window))")
            #expect(bytes.1.changedPixelCount(from: bytes.0, within: window) == expected)
        }
        #expect(packed.1.changedPixelCount(from: packed.1) == 0)
    }

    @Test func palettesOfOtherInkCountsKeepAByteAPixel() {
        for palette in [Palette.bwr, .acep7, .spectra6] {
            let frame = QuantisedFrame(width: 3, height: 1, palette: palette, indices: [0, 1, 2])
            #expect(!frame.isBitPacked && frame.bits.isEmpty && frame.indices == [0, 1, 2], "\(palette.name)")
        }
    }
}
