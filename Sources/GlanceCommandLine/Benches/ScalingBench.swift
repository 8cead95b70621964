import ArgumentParser
import GlanceHost
import GlanceText
import GlanceWidgets
import GlanceRunner
import GlanceConfiguration

/// How the cost of a frame grows: with the panel's pixels (the demo's five widgets laid
/// out in proportion on panels from 2.13" to 13.3"), and with the number of slots (the
/// same small widget tiled 1, 16 and 64 times over an 800×480 panel).
struct ScalingBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaling",
        abstract: "Time frames at 250×122, 800×480 and 1600×1200, and with 1, 16 and 64 slots.",
        discussion: """
        Each case renders --repeats frames through the whole path (providers, view bodies, \
        layout, drawing, Floyd–Steinberg to black and white, packing), each for another day; \
        the first tenth warms the caches. Sizes: the demo's five widgets placed in \
        proportion on the panel. Slots: the weekday widget (systemSmall) tiled over \
        800×480 in 1, 4×4 and 8×8 slots. One line per case: case=C width=W height=H \
        slots=N ms_per_frame=X median_ms=M us_per_kilopixel=P ms_per_slot=S
        """
    )

    @Option(help: "Frames rendered per case (--frames belongs to `glance bench` itself).")
    var repeats: Int = 60

    /// The demo's slots on an 800×480 panel, as (kind, family, x, y, width, height, extra).
    static let demoSlots: [(String, String, Int, Int, Int, Int, String)] = [
        ("weather", "systemLarge", 0, 0, 400, 480, "preview: true"),
        ("weekday", "systemSmall", 400, 0, 200, 200, ""),
        ("countdown", "systemSmall", 600, 0, 200, 200, "params: {title: New Year, target: \"2027-01-01\"}"),
        ("stat", "systemMedium", 400, 200, 400, 140, "preview: true, params: {url: \"https://api.example.com/stats\", path: data.total}"),
        ("heatmap", "systemMedium", 400, 340, 400, 140, "preview: true"),
    ]

    /// The demo laid out on a `width`×`height` panel, each slot scaled in proportion.
    static func demoConfig(width: Int, height: Int) -> String {
        var yaml = "display: {backend: file, path: unused, size: \(width)x\(height), colors: bw, dither: floydSteinberg}\nslots:\n"
        for (index, slot) in demoSlots.enumerated() {
            let x = slot.2 * width / 800, y = slot.3 * height / 480
            let right = (slot.2 + slot.4) * width / 800, bottom = (slot.3 + slot.5) * height / 480
            let extra = slot.6.isEmpty ? "" : ", \(slot.6)"
            yaml += "  - {name: s\(index), kind: \(slot.0), family: \(slot.1), origin: [\(x), \(y)], size: \(right - x)x\(bottom - y)\(extra)}\n"
        }
        return yaml
    }

    /// `side`×`side` weekday widgets tiling an 800×480 panel.
    static func tiledConfig(side: Int) -> String {
        var yaml = "display: {backend: file, path: unused, size: 800x480, colors: bw, dither: floydSteinberg}\nslots:\n"
        let width = 800 / side, height = 480 / side
        for row in 0..<side {
            for column in 0..<side {
                yaml += "  - {name: t\(row)-\(column), kind: weekday, family: systemSmall, origin: [\(column * width), \(row * height)], size: \(width)x\(height)}\n"
            }
        }
        return yaml
    }

    func run() throws {
        guard (2...10_000).contains(repeats) else { throw UsageError(message: "--repeats must be between 2 and 10000 (the first tenth, at least one, warms the caches)") }
        let fonts = try FontLocations.benchLibrary()
        var cases: [(name: String, yaml: String, slots: Int)] = []
        for (width, height) in [(250, 122), (800, 480), (1600, 1200)] {
            cases.append(("size", Self.demoConfig(width: width, height: height), Self.demoSlots.count))
        }
        for side in [1, 4, 8] { cases.append(("slots", Self.tiledConfig(side: side), side * side)) }
        for item in cases {
            let config = try ConfigLoader.parse(item.yaml, file: "scaling bench")
            let measured = try BenchCommand.measure(config, WidgetCatalog.registry, frames: repeats, fonts: fonts)
            let pixels = Double(config.display.width * config.display.height)
            print("case=\(item.name) width=\(config.display.width) height=\(config.display.height) slots=\(item.slots) "
                  + "ms_per_frame=\(measured.mean.rounded(toPlaces: 3)) median_ms=\(measured.median.rounded(toPlaces: 3)) "
                  + "us_per_kilopixel=\((measured.median * 1_000_000 / pixels).rounded(toPlaces: 2)) "
                  + "ms_per_slot=\((measured.median / Double(item.slots)).rounded(toPlaces: 3))")
        }
    }
}
