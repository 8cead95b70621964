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
        let expected = golden.pixels, actual = canvas.pixels
        for index in expected.indices {
            let g = expected[index]
            if g == actual[index] {
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

    /// Compares what `draw` draws on a white `width`×`height` canvas in full colour
    /// (`<name>`), and as a 4-grey (`<name>-gray4`) and a black-and-white panel
    /// (`<name>-bw`) show it: drawn on the canvas such a panel's frames are drawn on (one
    /// byte of grey), then Floyd–Steinberg dithered.
    public static func compareOnEveryPanel(width: Int, height: Int, named name: String, testFile: String = #filePath,
                                           draw: (inout Canvas) -> Void) throws -> [Mismatch] {
        var colour = try Canvas(width: width, height: height)
        draw(&colour)
        var results = [(name, colour)]
        for (suffix, palette) in [("gray4", Palette.gray4), ("bw", Palette.bw)] {
            var panel = try Canvas(width: width, height: height, panel: palette, dither: .floydSteinberg)
            draw(&panel)
            results.append(("\(name)-\(suffix)", panel.quantised(to: palette, dither: .floydSteinberg).canvas()))
        }
        return results.compactMap { compare($0.1, named: $0.0, testFile: testFile) }
    }
}
