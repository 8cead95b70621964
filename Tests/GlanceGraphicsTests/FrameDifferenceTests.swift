import GlanceGraphics
import Testing

/// The damage between two frames, found by rows: the same rectangle a pixel-by-pixel
/// search gives.
@Suite struct FrameDifferenceTests {
    func bruteForce(_ a: QuantisedFrame, _ b: QuantisedFrame) -> PixelRect? {
        var minX = a.width, minY = a.height, maxX = -1, maxY = -1
        for y in 0..<a.height {
            for x in 0..<a.width where a[x: x, y: y] != b[x: x, y: y] {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func damageByRowsIsThePixelSearchesRectangle() {
        let width = 37, height = 23
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let base = QuantisedFrame(width: width, height: height, palette: .bw, values: (0..<width * height).map { _ in UInt32(next() % 2) })
        #expect(base.difference(from: base) == nil)
        for changes in [1, 2, 3, 7, 40] {
            var values = base.values
            for _ in 0..<changes {
                let index = next() % values.count
                values[index] ^= 1
            }
            let changed = QuantisedFrame(width: width, height: height, palette: .bw, values: values)
            #expect(changed.difference(from: base) == bruteForce(changed, base), "\(changes) changes")
        }
        // A corner pixel each way, and a different size (everything).
        var corners = base.values
        corners[0] ^= 1
        corners[corners.count - 1] ^= 1
        #expect(QuantisedFrame(width: width, height: height, palette: .bw, values: corners).difference(from: base) == base.bounds)
        #expect(base.difference(from: QuantisedFrame(width: 1, height: 1, palette: .bw, values: [0])) == base.bounds)
    }
}
