import ArgumentParser
import FoundationEssentials
import GlanceConfiguration
import GlanceGraphics
import GlanceHost
import GlanceRunner
import GlanceWidgets
import Glibc

/// Times a full frame holding a 500-point line chart, through the panel's whole path, for
/// a black-and-white and a 7-colour panel; with --compare-python, alternately with the
/// same chart drawn by Python + Pillow.
struct ChartBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Time an 800x480 frame holding a 500-point line chart over dates, on a bw and a 7-colour panel.",
        discussion: """
        The frame is a widget (ChartScene.swift): a title and a Chart of one LineMark \
        series of 500 hourly readings over dates, with the automatic axes (grid lines, tick \
        labels). Each frame is another day's readings, through the whole path: the \
        provider, the view body, the chart's model and layout, drawing, quantising \
        (Floyd–Steinberg) and packing the panel's bytes; once for a bw panel (the chart in \
        black ink) and once for an acep7 panel (its colours). The first tenth of each \
        round's --frames-per-round (at least one) is not timed. --compare-python runs \
        Benchmarks/peers/pillow_chart.py (python3 with Pillow: the same chart with \
        ImageDraw and a TrueType font, then Image.convert("1") and Image.quantize to the \
        seven inks, packed), alternately with Glance, --rounds times, and prints both \
        medians and the ratios. Last line: points=500 size=800x480 bw_ms=B colour_ms=C \
        peak_rss_kib=K rounds=R [pillow_bw_ms=… pillow_colour_ms=… speedup_bw=… \
        speedup_colour=…] (medians per frame over the rounds' medians)
        """
    )

    // Not --frames: `glance bench` has that option, and it would take it.
    @Option(help: "Frames per round and panel.")
    var framesPerRound: Int = 30

    @Option(help: "Rounds; medians are reported.")
    var rounds: Int = 5

    // Not --compare-peer: `glance bench` has that flag, and it would take it.
    @Flag(help: "Run the Pillow script alternately with the same chart and compare medians.")
    var comparePython = false

    // Not --peer-script: `glance bench` has that option, and it would take it.
    @Option(help: ArgumentHelp("The Pillow script (default: Benchmarks/peers/pillow_chart.py).", valueName: "file"))
    var pythonScript: String?

    // Not --out: `glance bench` has that option, and it would take it.
    @Option(help: ArgumentHelp("Also write the last bw frame, as the panel shows it, to this PNG.", valueName: "file"))
    var frameOut: String?

    /// The chart alone on an 800×480 panel of `colors`.
    static func setup(colors: String) throws -> (GlanceConfig, WidgetRegistry) {
        var registry = WidgetCatalog.registry
        registry.register(ChartBenchWidget.self)
        let config = try ConfigLoader.parse("""
            display: {backend: file, path: unused, size: 800x480, colors: \(colors), dither: floydSteinberg}
            slots:
              - {name: chart, kind: \(ChartBenchWidget.kind), family: systemExtraLarge, origin: [0, 0], size: 800x480}
            """, file: "chart scene")
        return (config, registry)
    }

    func run() throws {
        guard (2...10_000).contains(framesPerRound) else { throw UsageError(message: "--frames-per-round must be between 2 and 10000") }
        guard (1...100).contains(rounds) else { throw UsageError(message: "--rounds must be between 1 and 100") }
        let fonts = try FontLocations.benchLibrary()
        let peer = comparePython ? try ChartPeer(path: pythonScript) : nil
        let (bw, bwRegistry) = try Self.setup(colors: "bw")
        let (colour, colourRegistry) = try Self.setup(colors: "acep7")
        var bwTimes: [Double] = [], colourTimes: [Double] = [], peerBW: [Double] = [], peerColour: [Double] = []
        var last: BenchCommand.Measurement?
        for round in 1...rounds {
            let black = try BenchCommand.measure(bw, bwRegistry, frames: framesPerRound, fonts: fonts)
            let inks = try BenchCommand.measure(colour, colourRegistry, frames: framesPerRound, fonts: fonts)
            bwTimes.append(black.median)
            colourTimes.append(inks.median)
            last = black
            var line = "round \(round): glance bw \(Self.format(black.median)) ms, acep7 \(Self.format(inks.median)) ms"
            if let peer {
                let pillow = try peer.run(frames: framesPerRound)
                peerBW.append(pillow.bw)
                peerColour.append(pillow.colour)
                line += "; pillow bw \(Self.format(pillow.bw)) ms, acep7 \(Self.format(pillow.colour)) ms"
            }
            print(line + " (medians per frame)")
        }
        if let frameOut, let frame = last?.last {
            do { try PNG.write(frame, to: frameOut) } catch { throw RuntimeError(message: "\(error)") }
        }
        let peak = procField("VmHWM", in: (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? "")
        let bwMedian = BenchCommand.median(bwTimes), colourMedian = BenchCommand.median(colourTimes)
        var summary = "points=\(ChartBenchProvider.points) size=800x480 bw_ms=\(Self.format(bwMedian)) colour_ms=\(Self.format(colourMedian)) "
            + "peak_rss_kib=\(peak) rounds=\(rounds)"
        if peer != nil {
            let pillowBW = BenchCommand.median(peerBW), pillowColour = BenchCommand.median(peerColour)
            summary += " pillow_bw_ms=\(Self.format(pillowBW)) pillow_colour_ms=\(Self.format(pillowColour)) "
                + "speedup_bw=\((pillowBW / max(bwMedian, 1e-9)).rounded(toPlaces: 2)) "
                + "speedup_colour=\((pillowColour / max(colourMedian, 1e-9)).rounded(toPlaces: 2))"
            print("speedup: the Pillow script's median over Glance's; above 1 Glance is faster")
        }
        print(summary)
    }

    static func format(_ value: Double) -> String { String(value.rounded(toPlaces: value < 10 ? 3 : 2)) }
}

/// `Benchmarks/peers/pillow_chart.py`: the same chart drawn with Pillow.
struct ChartPeer {
    let path: String

    init(path given: String?) throws {
        let candidates = given.map { [$0] } ?? ["Benchmarks/peers/pillow_chart.py"]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw RuntimeError(message: "no Pillow script at \(candidates.joined(separator: " or ")); give --python-script FILE")
        }
        path = found
        let check = try ChildCommand.run(["python3", "-c", "import PIL"])
        guard check.status == 0 else {
            throw RuntimeError(message: "--compare-python needs python3 with Pillow (pip install pillow): \(check.output.trimmedOfSpaces)")
        }
    }

    /// The script's medians, in milliseconds per frame, over `frames` frames of each panel.
    func run(frames: Int) throws -> (bw: Double, colour: Double) {
        let result = try ChildCommand.run(["python3", path, String(frames)])
        func field(_ name: String) -> Double? {
            result.output.split(separator: "\n").last(where: { $0.hasPrefix("frames=") })?
                .split(separator: " ").first(where: { $0.hasPrefix(name + "=") }).flatMap { Double($0.dropFirst(name.count + 1)) }
        }
        guard result.status == 0, let bw = field("bw_ms"), let colour = field("colour_ms") else {
            throw RuntimeError(message: "\(path) failed (exit \(result.status)):\n\(result.output)")
        }
        return (bw, colour)
    }
}
