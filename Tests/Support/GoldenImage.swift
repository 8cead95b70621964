import FoundationEssentials
import GlanceGraphics
#if canImport(Glibc)
import Glibc
#endif

/// Golden-image comparison: the expected PNG lives in a `Goldens` folder beside the
/// test file. A mismatch writes `<name>.actual.png` and `<name>.diff.png` (changed
/// pixels in magenta over a faded copy of the expected image) beside it and reports
/// the count. `GLANCE_RECORD=1` writes the golden instead.
public enum GoldenImage {
    public struct Mismatch: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Compares `canvas` with `Goldens/<name>.png` next to `testFile`; `nil` when they match.
    public static func compare(_ canvas: Canvas, named name: String, testFile: String = #filePath) -> Mismatch? {
        let directory = String(testFile[..<(testFile.lastIndex(of: "/") ?? testFile.endIndex)]) + "/Goldens"
        let goldenPath = "\(directory)/\(name).png"
        let actualPath = "\(directory)/\(name).actual.png"
        let diffPath = "\(directory)/\(name).diff.png"
        if getenv("GLANCE_RECORD").map({ String(cString: $0) == "1" }) ?? false {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try PNG.write(canvas, to: goldenPath)
                try? FileManager.default.removeItem(atPath: actualPath)
                try? FileManager.default.removeItem(atPath: diffPath)
                return nil
            } catch {
                return Mismatch(message: "could not record \(goldenPath): \(error)")
            }
        }
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            try? PNG.write(canvas, to: actualPath)
            return Mismatch(message: "no golden \(goldenPath); wrote \(actualPath) (record with GLANCE_RECORD=1)")
        }
        let golden: Canvas
        do {
            golden = try PNG.read(goldenPath)
        } catch {
            return Mismatch(message: "\(error)")
        }
        guard golden.width == canvas.width, golden.height == canvas.height else {
            try? PNG.write(canvas, to: actualPath)
            return Mismatch(message: "\(name): size \(canvas.width)x\(canvas.height), golden \(golden.width)x\(golden.height); wrote \(actualPath)")
        }
        var diff = golden
        var changed = 0
        for index in golden.pixels.indices {
            let g = golden.pixels[index]
            if g == canvas.pixels[index] {
                diff.setPixel(index, RGBA(UInt8(255 - (255 - g.luma) / 4), UInt8(255 - (255 - g.luma) / 4), UInt8(255 - (255 - g.luma) / 4)))
            } else {
                diff.setPixel(index, RGBA(255, 0, 255))
                changed += 1
            }
        }
        if changed == 0 {
            try? FileManager.default.removeItem(atPath: actualPath)
            try? FileManager.default.removeItem(atPath: diffPath)
            return nil
        }
        try? PNG.write(canvas, to: actualPath)
        try? PNG.write(diff, to: diffPath)
        return Mismatch(message: "\(name): \(changed) pixels differ; see \(actualPath) and \(diffPath)")
    }

    /// Compares `canvas` as drawn in full colour (`<name>`), and as a 4-grey (`<name>-gray4`)
    /// and a black-and-white panel (`<name>-bw`) show it, both Floyd–Steinberg dithered.
    public static func compareOnEveryPanel(_ canvas: Canvas, named name: String, testFile: String = #filePath) -> [Mismatch] {
        [(name, canvas),
         ("\(name)-gray4", canvas.quantised(to: .gray4, dither: .floydSteinberg).canvas()),
         ("\(name)-bw", canvas.quantised(to: .bw, dither: .floydSteinberg).canvas())]
            .compactMap { compare($0.1, named: $0.0, testFile: testFile) }
    }
}
