import GlanceRender
import ArgumentParser
import FoundationEssentials
import GlanceEmulators
import GlanceDisplays
import GlanceGraphics
import GlanceHardware
import GlanceHost
import GlanceText
import GlanceUI
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import GlanceTime
import Glibc
import GlanceRunner
import GlanceConfiguration

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure glance: frame rendering time and memory; `bench idle` for wakeups while idle; `bench bus` for panel traffic; `bench layout` for nested stacks; `bench scaling` for panel sizes and slot counts; `bench refresh` for start-up, the daemon's memory and a midnight's CPU; `bench soak` for leaks of a daemon put through reloads, commands, resizes and broker restarts; `bench calendar` for reading and expanding a 20,000-event iCalendar feed; `bench chart` for a frame holding a 500-point line chart.",
        discussion: """
        Renders a scene --frames times, each for a different day so that its text changes, \
        through the whole path: the provider, the view body, layout, drawing, quantising to \
        black and white, packing to 1-bit bytes. --scene demo (the default) is the demo \
        dashboard; --scene peer is the dashboard of the Python + Pillow script makers run \
        (Benchmarks/peers/pillow_dashboard.py: a gradient weather panel, rings, 196 grey \
        cells with outlines, Floyd–Steinberg to 1 bit), drawn as Glance views. The first \
        tenth of the frames (at least one) warms the caches and is not timed. For the demo \
        it then presses a key bound to a Button 20 times and prints the median time from \
        the press to the frame reaching the panel (key_to_refresh_ms). --compare-peer runs \
        the Pillow script (python3 with Pillow) and this scene alternately, five rounds of \
        --frames each, and prints both medians and the ratio. Last line: \
        frames=N ms_per_frame=X peak_rss_kib=Y cpu_ms_per_frame=C median_ms=M scene=S \
        [peer_ms=P speedup=R] rss_anon_kib=A (the process's anonymous resident memory at the end)
        """,
        subcommands: [IdleBench.self, BusBench.self, LayoutBench.self, ScalingBench.self, RefreshBench.self, SoakBench.self, CalendarBench.self, ChartBench.self, PhotoBench.self]
    )

    enum Scene: String, CaseIterable, ExpressibleByArgument {
        case demo, peer
    }

    @Option(help: "Frames to render.")
    var frames: Int = 200

    @Option(help: "What to draw: demo (the demo dashboard) or peer (the Pillow script's dashboard).")
    var scene: Scene = .demo

    @Flag(help: "Run the Pillow script alternately with the same scene and compare medians.")
    var comparePeer = false

    @Option(help: ArgumentHelp("The Pillow script (default: Benchmarks/peers/pillow_dashboard.py).", valueName: "file"))
    var peerScript: String?

    @Option(help: ArgumentHelp("Also write the last frame, as the panel shows it, to this PNG.", valueName: "file"))
    var out: String?

    /// What one run of a scene measured.
    struct Measurement {
        var frames: Int
        var warmUp: Int
        /// Each timed frame's wall time, in milliseconds.
        var times: [Double]
        /// CPU time of the process (every thread) per timed frame, in milliseconds.
        var cpuPerFrame: Double
        var checksum: Int
        /// The last frame, as the panel shows it.
        var last: QuantisedFrame?

        var mean: Double { times.isEmpty ? 0 : times.reduce(0, +) / Double(times.count) }
        var median: Double { BenchCommand.median(times) }
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The monotonic clock, in milliseconds (for timing a step).
    static func wallMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    /// CPU time of the whole process (every thread), in milliseconds.
    static func cpuMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    /// The scene's configuration and the widgets it needs.
    static func sceneSetup(_ scene: Scene) throws -> (GlanceConfig, WidgetRegistry) {
        switch scene {
        case .demo:
            return (try ConfigLoader.parse(DemoConfig.yaml(outputDirectory: "unused"), file: "built-in demo"), WidgetCatalog.registry)
        case .peer:
            var registry = WidgetCatalog.registry
            registry.register(PeerDashboardWidget.self)
            let config = try ConfigLoader.parse("""
                display: {backend: file, path: unused, size: 800x480, colors: bw, dither: floydSteinberg}
                slots:
                  - {name: peer, kind: \(PeerDashboardWidget.kind), family: systemExtraLarge, origin: [0, 0], size: 800x480}
                """, file: "peer scene")
            return (config, registry)
        }
    }

    /// Renders `scene` `frames` times through the whole path; the first tenth is not timed.
    static func measure(_ scene: Scene, frames: Int, fonts: FontLibrary) throws -> Measurement {
        let (config, registry) = try sceneSetup(scene)
        return try measure(config, registry, frames: frames, fonts: fonts)
    }

    /// Renders the display `config` describes `frames` times, each for a different day.
    static func measure(_ config: GlanceConfig, _ registry: WidgetRegistry, frames: Int, fonts: FontLibrary) throws -> Measurement {
        // A provider's WidgetCenter calls stay in this process (no daemon is poked).
        WidgetCenter.shared.setWakeHandler {}
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let clock = SimulatedClock(start: start)
        let host = try WidgetHost(config: config, registry: registry, clock: clock, center: WidgetCenter())
        // Colours chosen for the panel's inks, as the running host draws them.
        let renderer = ViewRenderer(fonts: fonts, scale: config.display.scale, emoji: EmojiStyle(for: config.display.palette),
                                    printing: config.display.printing)
        let warmUp = max(1, frames / 10)
        var checksum = 0
        var times: [Double] = []
        times.reserveCapacity(frames)
        // The frame stays allocated between frames, as the running host keeps it.
        var canvas = try Canvas(width: config.display.width, height: config.display.height,
                                panel: config.display.palette, dither: config.display.dither)
        var cpuStart = 0.0
        var last: QuantisedFrame?
        for index in 0..<frames {
            if index == warmUp { cpuStart = cpuMilliseconds() }
            let began = Date.now
            // The day's views from the providers, then the frame's bytes.
            let slots = host.contentForBenchmark(at: start.addingTimeInterval(Double(index) * 86_400))
            for (rect, node) in slots { renderer.render(node, into: &canvas, slot: rect) }
            let quantised = canvas.quantised(to: config.display.palette, dither: config.display.dither)
            let bytes = quantised.panelBytes()
            checksum &+= Int(bytes[bytes.count / 2])
            if index >= warmUp { times.append(Date.now.timeIntervalSince(began) * 1000) }
            if index == frames - 1 { last = quantised }
        }
        let cpu = times.isEmpty ? 0 : (cpuMilliseconds() - cpuStart) / Double(times.count)
        return Measurement(frames: frames, warmUp: warmUp, times: times, cpuPerFrame: cpu, checksum: checksum, last: last)
    }

    func run() throws {
        guard (1...100_000).contains(frames) else { throw UsageError(message: "--frames must be between 1 and 100000") }
        let fonts = try FontLocations.benchLibrary()
        let peer = comparePeer ? try PeerScript(path: peerScript) : nil
        var measurement = try Self.measure(scene, frames: frames, fonts: fonts)
        var peerLine = ""
        if let peer {
            // Alternately, so that both see the same machine: five rounds of each.
            var ours: [Double] = [], theirs: [Double] = []
            for round in 1...5 {
                let mine = try Self.measure(scene, frames: frames, fonts: fonts)
                let pillow = try peer.run(frames: frames)
                ours.append(mine.median)
                theirs.append(pillow)
                print("round \(round): glance \(mine.median.rounded(toPlaces: 2)) ms, pillow \(pillow.rounded(toPlaces: 2)) ms (medians per frame)")
                measurement = mine
            }
            let glanceMedian = Self.median(ours), pillowMedian = Self.median(theirs)
            let ratio = glanceMedian > 0 ? pillowMedian / glanceMedian : 0
            print("glance_median_ms=\(glanceMedian.rounded(toPlaces: 3)) pillow_median_ms=\(pillowMedian.rounded(toPlaces: 3)) "
                  + "speedup=\(ratio.rounded(toPlaces: 2)) (the Pillow script's median over Glance's; above 1 Glance is faster)")
            peerLine = " peer_ms=\(pillowMedian.rounded(toPlaces: 3)) speedup=\(ratio.rounded(toPlaces: 2))"
        }
        if let out, let last = measurement.last {
            do {
                try PNG.write(last, to: out)
            } catch {
                throw RuntimeError(message: "\(error)")
            }
        }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let peak = procField("VmHWM", in: status), anonymous = procField("RssAnon", in: status)
        print("rendered \(frames) frames of the \(scene.rawValue) scene (\(measurement.warmUp) warm-up), checksum \(measurement.checksum)")
        if scene == .demo && !comparePeer {
            let latency = try InputLatencyBench.measure(presses: 20, fonts: fonts)
            print("key_to_refresh_ms=\(latency.median.rounded(toPlaces: 2)) worst_ms=\(latency.worst.rounded(toPlaces: 2)) (20 presses: key → Button's intent → reload → draw → quantise → diff → plan → panel; the panel's update time comes after)")
        }
        print("frames=\(frames) ms_per_frame=\(measurement.mean.rounded(toPlaces: 3)) peak_rss_kib=\(peak) "
              + "cpu_ms_per_frame=\(measurement.cpuPerFrame.rounded(toPlaces: 3)) median_ms=\(measurement.median.rounded(toPlaces: 3)) "
              + "scene=\(scene.rawValue)\(peerLine) rss_anon_kib=\(anonymous)")
    }
}

/// The Python + Pillow peer, run as makers run it: `python3 SCRIPT FRAMES`.
struct PeerScript {
    let path: String

    init(path given: String?) throws {
        let candidates = given.map { [$0] } ?? ["Benchmarks/peers/pillow_dashboard.py", "../shared/peers/pillow_dashboard.py"]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw RuntimeError(message: "no Pillow script at \(candidates.joined(separator: " or ")); give --peer-script FILE")
        }
        path = found
        let check = try ChildCommand.run(["python3", "-c", "import PIL"])
        guard check.status == 0 else {
            throw RuntimeError(message: "--compare-peer needs python3 with Pillow (pip install pillow): \(check.output.trimmedOfSpaces)")
        }
    }

    /// The script's median milliseconds per frame over `frames` frames.
    func run(frames: Int) throws -> Double {
        let result = try ChildCommand.run(["python3", path, String(frames)])
        guard result.status == 0, let line = result.output.split(separator: "\n").last(where: { $0.hasPrefix("frames=") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("ms_per_frame=") }),
              let value = Double(field.dropFirst("ms_per_frame=".count)) else {
            throw RuntimeError(message: "\(path) failed (exit \(result.status)):\n\(result.output)")
        }
        return value
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (self * factor).rounded() / factor
    }
}
