import Foundation
import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

/// Golden bus traces: the exact traffic of each controller's first (full) update of a
/// small frame, start-up and deep sleep included. A change to a command sequence shows
/// up here as a diff of a readable file; `GLANCE_RECORD=1` rewrites them.
@Suite struct InitTraceTests {
    static func controller(_ name: String, bus: any PanelBus) throws -> any PanelController {
        switch name {
        case "ssd1680-122x250": try SSD168xController(bus: bus, model: .ssd1680, width: 122, height: 250)
        case "ssd1683-400x300-bwr": try SSD168xController(bus: bus, model: .ssd1683, width: 400, height: 300, palette: .bwr)
        case "uc8179-800x480": try UC8179Controller(bus: bus)
        case "uc8159-600x448": try UC8159Controller(bus: bus)
        case "e673-800x480": try ColourEPaperController(bus: bus, model: .e673(.pimoroni), width: 800, height: 480, palette: .spectra6)
        case "e673-800x480-waveshare": try ColourEPaperController(bus: bus, model: .e673(.waveshare), width: 800, height: 480, palette: .spectra6)
        case "e640-400x600": try ColourEPaperController(bus: bus, model: .e640, width: 400, height: 600, palette: .spectra6)
        case "el133uf1-1200x1600": try ColourEPaperController(bus: bus, model: .el133uf1(.pimoroni), width: 1200, height: 1600, palette: .spectra6)
        case "el133uf1-1200x1600-waveshare":
            try ColourEPaperController(bus: bus, model: .el133uf1(.waveshare), width: 1200, height: 1600, palette: .spectra6)
        case "ac073tc1a-800x480": try ColourEPaperController(bus: bus, model: .ac073tc1a, width: 800, height: 480, palette: .acep7)
        case "jd79661-122x250": try ColourEPaperController(bus: bus, model: .jd79661, width: 122, height: 250, palette: .bwry)
        case "ssd1680-128x296-gray4":
            try SSD168xController(bus: bus, model: .ssd1680, width: 128, height: 296, palette: .gray4, greyWaveform: .waveshare2in9V2)
        case "jd79668-400x300": try ColourEPaperController(bus: bus, model: .jd79668, width: 400, height: 300, palette: .bwry)
        default: try ST7789Controller(bus: bus)
        }
    }

    @Test(arguments: ["ssd1680-122x250", "ssd1683-400x300-bwr", "uc8179-800x480", "uc8159-600x448", "st7789-240x240",
                      "e673-800x480", "e673-800x480-waveshare", "e640-400x600", "el133uf1-1200x1600", "el133uf1-1200x1600-waveshare",
                      "ac073tc1a-800x480", "jd79661-122x250", "jd79668-400x300", "ssd1680-128x296-gray4"])
    func firstUpdateTrace(_ name: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bus.jsonl").path
        let bus = try TraceBus(path: path)
        let controller = try Self.controller(name, bus: bus)
        // A white frame keeps the pixel data short and the sequence readable.
        let white: UInt32 = controller.palette == .rgb565 ? 0xFFFF : 1
        let frame = QuantisedFrame(width: controller.width, height: controller.height, palette: controller.palette,
                                   values: Array(repeating: white, count: controller.width * controller.height))
        try controller.show(frame, previous: nil, refresh: .full, window: controller.bounds)
        try controller.sleep()
        // Pixel data is summarised by length and a checksum; commands stay byte for byte.
        let actual = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line -> String in
            guard line.contains("\"op\": \"data\""), let start = line.range(of: "\"hex\": \"")?.upperBound,
                  let end = line[start...].firstIndex(of: "\"") else { return String(line) }
            let hex = line[start..<end]
            guard hex.count > 64 else { return String(line) }
            let sum = hex.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFFFF }
            return String(line[..<start]) + "<\(hex.count / 2) bytes, hash \(sum)>" + String(line[end...])
        }.joined(separator: "\n") + "\n"
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Traces/\(name).jsonl")
        if ProcessInfo.processInfo.environment["GLANCE_RECORD"] == "1" {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            Issue.record("no golden trace \(golden.path); record with GLANCE_RECORD=1")
            return
        }
        if expected != actual {
            let actualPath = golden.deletingPathExtension().appendingPathExtension("actual.jsonl")
            try actual.write(to: actualPath, atomically: true, encoding: .utf8)
            Issue.record("bus trace differs from \(golden.path); actual written to \(actualPath.path)")
        }
    }
}
