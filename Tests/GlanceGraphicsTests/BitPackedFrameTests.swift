@testable import GlanceGraphics
import Testing

/// Frames of two inks keep a bit a pixel (the bw panel's own bytes): every way of
/// reading them gives what a byte a pixel gave.
@Suite struct BitPackedFrameTests {
    func randomInks(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 61) & 1
        }
    }

    /// MSB-first rows padded to whole bytes, written out pixel by pixel.
    func referencePacking(_ inks: [UInt8], width: Int, height: Int, code: (UInt8) -> UInt8) -> [UInt8] {
        let rowBytes = (width + 7) / 8
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width where code(inks[y * width + x]) == 1 { bytes[y * rowBytes + x / 8] |= 0x80 >> (x % 8) }
        }
        return bytes
    }

    @Test(arguments: [1, 3, 7, 8, 9, 15, 16, 17, 61, 800])
    func readsAsBytesDid(width: Int) {
        let height = 5
        let inks = randomInks(count: width * height, seed: UInt64(width))
        let frame = QuantisedFrame(width: width, height: height, palette: .bw, indices: inks)
        #expect(frame.isBitPacked)
        #expect(frame.bits.count == (width + 7) / 8 * height)
        #expect(frame.indices == inks)
        #expect((0..<inks.count).allSatisfy { frame[$0] == UInt32(inks[$0]) })
        #expect(frame.values == inks.map { UInt32($0) })
        #expect(frame.panelBytes() == referencePacking(inks, width: width, height: height) { $0 })
        #expect(frame.packed(bitsPerPixel: 1) { $0 == 0 ? 0 : 1 } == referencePacking(inks, width: width, height: height) { $0 })
        #expect(frame.packed(bitsPerPixel: 1) { $0 == 0 ? 1 : 0 } == referencePacking(inks, width: width, height: height) { 1 - $0 })
        #expect(frame.packed(bitsPerPixel: 2) { UInt8($0) } == QuantisedFrame(width: width, height: height, palette: .gray4, indices: inks)
            .packed(bitsPerPixel: 2) { UInt8($0) })
        // Turned and cut as a byte a pixel would be.
        let bytes = QuantisedFrame(width: width, height: height, palette: .gray4, indices: inks)
        for turn in [90, 180, 270] {
            #expect(frame.rotated(clockwise: turn).indices == bytes.rotated(clockwise: turn).indices, "turned \(turn)")
        }
        let window = PixelRect(x: width / 3, y: 1, width: max(1, width / 2), height: 3)
        #expect(frame.cropped(to: window).indices == bytes.cropped(to: window).indices)
    }

    /// The damage rectangle of two frames of bits is the one of their bytes, whatever
    /// pixels change (in the first or last bit of a byte, in the padding's byte).
    @Test(arguments: [7, 8, 13, 64, 203])
    func damageOverBitsIsDamageOverBytes(width: Int) {
        let height = 9
        let before = randomInks(count: width * height, seed: 99)
        var state: UInt64 = UInt64(width)
        for _ in 0..<40 {
            var after = before
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let index = Int(state >> 33) % after.count
                after[index] ^= 1
            }
            let bitFrames = (QuantisedFrame(width: width, height: height, palette: .bw, indices: before),
                             QuantisedFrame(width: width, height: height, palette: .bw, indices: after))
            let byteFrames = (QuantisedFrame(width: width, height: height, palette: .gray4, indices: before),
                              QuantisedFrame(width: width, height: height, palette: .gray4, indices: after))
            #expect(bitFrames.1.difference(from: bitFrames.0) == byteFrames.1.difference(from: byteFrames.0))
        }
    }

    @Test func palettesOfMoreInksKeepAByteAPixel() {
        let frame = QuantisedFrame(width: 4, height: 1, palette: .gray4, indices: [0, 1, 2, 3])
        #expect(!frame.isBitPacked && frame.bits.isEmpty && frame.indices == [0, 1, 2, 3])
    }
}
