import CGlanceLinux
import ArgumentParser
import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceRunner
import GlanceSystem
import Glibc

/// Times an 800×480 photo dithered to a Spectra 6 panel's inks (as they look) and to
/// black and white, and says how close each result is to the photo; with
/// --compare-python, alternately with Pillow's quantize on the same photo and inks.
struct PhotoBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo",
        abstract: "Time an 800x480 photo dithered to Spectra 6 and to black and white, and measure its colour error.",
        discussion: """
        The photo (Benchmarks/photos/coffee-800x480.png, CC0) is dithered with PictureDither: \
        Floyd–Steinberg in linear light, each pixel the ink nearest in Oklab, against the \
        inks of boards/pimoroni-inky-impression-7in3-spectra6.yaml as they look (its \
        measured inks blended by its saturation) and against black and white. Each round \
        times --frames-per-round dithers of each (the first untimed); the first dither of \
        a set of inks, which makes its table, is timed apart (cold_ms). The colour error is \
        the mean CIEDE2000 between the photo and the dithered picture shown in those inks, \
        both averaged over 4x4 pixels in linear light (the picture from a step back). \
        --compare-python runs Benchmarks/peers/pillow_photo.py alternately (Pillow's \
        Image.quantize(palette=…, dither=FLOYDSTEINBERG) with the same inks) and measures \
        its pictures the same way. Last line: photo=… size=WxH spectra6_ms=… bw_ms=… \
        cold_ms=… delta_e_spectra6=… delta_e_bw=… rounds=R [pillow_spectra6_ms=… \
        pillow_bw_ms=… pillow_delta_e_spectra6=… pillow_delta_e_bw=… speedup_spectra6=… \
        speedup_bw=…] (medians per dither over the rounds' medians)
        """
    )

    // Not --frames: `glance bench` has that option, and it would take it.
    @Option(help: "Dithers per round and set of inks.")
    var framesPerRound: Int = 10

    @Option(help: "Rounds; medians are reported.")
    var rounds: Int = 5

    @Option(help: ArgumentHelp("The photo (default: Benchmarks/photos/coffee-800x480.png).", valueName: "file"))
    var photo: String?

    // Not --compare-peer: `glance bench` has that flag, and it would take it.
    @Flag(help: "Run the Pillow script alternately with the same photo and inks and compare.")
    var comparePython = false

    // Not --peer-script: `glance bench` has that option, and it would take it.
    @Option(help: ArgumentHelp("The Pillow script (default: Benchmarks/peers/pillow_photo.py).", valueName: "file"))
    var pythonScript: String?

    // Not --out: `glance bench` has that option, and it would take it.
    @Option(help: ArgumentHelp("Write the dithered pictures, as the panel shows them, into this folder.", valueName: "folder"))
    var framesOut: String?

    func run() throws {
        guard (2...1_000).contains(framesPerRound) else { throw UsageError(message: "--frames-per-round must be between 2 and 1000") }
        guard (1...100).contains(rounds) else { throw UsageError(message: "--rounds must be between 1 and 100") }
        let path = photo ?? "Benchmarks/photos/coffee-800x480.png"
        let picture: Canvas
        do { picture = try PNG.read(path) } catch { throw RuntimeError(message: "\(error)") }
        let pixels = picture.pixels
        let (width, height) = (picture.width, picture.height)
        let board = try BoardCatalog.load("pimoroni-inky-impression-7in3-spectra6")
        guard let spectra = board.inkLook else { throw RuntimeError(message: "\(board.file) gives no measured inks") }
        let sets: [(name: String, inks: [RGBA])] = [("spectra6", spectra), ("bw", [.black, .white])]
        let peer = comparePython ? try PhotoPeer(path: pythonScript) : nil

        var out = [UInt8](repeating: 0, count: width * height)
        func dither(_ inks: [RGBA]) -> Double {
            let start = BenchCommand.wallMilliseconds()
            pixels.withUnsafeBufferPointer { pixels in
                out.withUnsafeMutableBufferPointer { PictureDither.dither(pixels, width: width, height: height, inks: inks, into: $0) }
            }
            return BenchCommand.wallMilliseconds() - start
        }
        let cold = sets.map { dither($0.inks) }.reduce(0, +) / Double(sets.count)
        var times: [String: [Double]] = [:], peerTimes: [String: [Double]] = [:]
        var peerPictures: [String: [UInt8]] = [:]
        // Each round on one processor, the next round on the next: Glance's dithering and
        // the Pillow script (its process inherits the mask) on the same core, and every
        // core taken in turn by both. A VM's two processors are not alike (a sibling
        // thread busy elsewhere): one process kept on one of them measured 3.0 ms or
        // 4.3 ms depending on where it ran, while the script, a new process each round,
        // averaged the two.
        let pinning = ProcessorPinning()
        defer { pinning.restore() }
        for round in 1...rounds {
            let processor = pinning.pin(round: round)
            var line = "round \(round)" + (processor.map { " (processor \($0))" } ?? "") + ":"
            for set in sets {
                _ = dither(set.inks)
                let median = BenchCommand.median((1..<framesPerRound).map { _ in dither(set.inks) })
                times[set.name, default: []].append(median)
                line += " glance \(set.name) \(ChartBench.format(median)) ms"
            }
            if let peer {
                let result = try peer.run(photo: path, sets: sets, frames: framesPerRound)
                for set in sets {
                    peerTimes[set.name, default: []].append(result.times[set.name] ?? 0)
                    peerPictures[set.name] = result.pictures[set.name]
                    line += "; pillow \(set.name) \(ChartBench.format(result.times[set.name] ?? 0)) ms"
                }
            }
            print(line + " (medians per dither)")
        }
        // The colour error of each result, shown in its inks.
        func error(_ indices: [UInt8], _ inks: [RGBA]) -> Double {
            let shown = indices.map { inks[min(Int($0), inks.count - 1)] }
            return CIELab.meanDifference(source: pixels, shown: shown, width: width, height: height)
        }
        var summary = "photo=\(URL(fileURLWithPath: path).lastPathComponent) size=\(width)x\(height)"
        var errors: [String: Double] = [:]
        for set in sets {
            let indices = PictureDither.dither(pixels, width: width, height: height, inks: set.inks)
            errors[set.name] = error(indices, set.inks)
            summary += " \(set.name)_ms=\(ChartBench.format(BenchCommand.median(times[set.name] ?? [])))"
            if let framesOut {
                try writeShown(indices, set.inks, width: width, height: height, to: "\(framesOut)/glance-\(set.name).png")
                if let theirs = peerPictures[set.name] {
                    try writeShown(theirs, set.inks, width: width, height: height, to: "\(framesOut)/pillow-\(set.name).png")
                }
            }
        }
        summary += " cold_ms=\(ChartBench.format(cold))"
        for set in sets { summary += " delta_e_\(set.name)=\((errors[set.name] ?? 0).rounded(toPlaces: 3))" }
        summary += " rounds=\(rounds)"
        if peer != nil {
            for set in sets { summary += " pillow_\(set.name)_ms=\(ChartBench.format(BenchCommand.median(peerTimes[set.name] ?? [])))" }
            for set in sets {
                guard let theirs = peerPictures[set.name], theirs.count == width * height else {
                    throw RuntimeError(message: "the Pillow script left no \(set.name) picture of \(width)x\(height)")
                }
                summary += " pillow_delta_e_\(set.name)=\(error(theirs, set.inks).rounded(toPlaces: 3))"
            }
            for set in sets {
                let ratio = BenchCommand.median(peerTimes[set.name] ?? []) / max(BenchCommand.median(times[set.name] ?? []), 1e-9)
                summary += " speedup_\(set.name)=\(ratio.rounded(toPlaces: 2))"
            }
            print("speedup: the Pillow script's median over Glance's; above 1 Glance is faster. delta_e: lower is closer to the photo")
        }
        print(summary)
    }

    private func writeShown(_ indices: [UInt8], _ inks: [RGBA], width: Int, height: Int, to path: String) throws {
        var canvas = try Canvas(width: width, height: height)
        for index in 0..<(width * height) { canvas.setPixel(index, inks[min(Int(indices[index]), inks.count - 1)], tonal: true) }
        do {
            try AtomicFile.makeFolders(URL(fileURLWithPath: path).deletingLastPathComponent().path)
            try PNG.write(canvas, to: path)
        } catch { throw RuntimeError(message: "\(error)") }
    }
}

/// `Benchmarks/peers/pillow_photo.py`: the same photo quantized by Pillow to the same inks.
struct PhotoPeer {
    let path: String

    init(path given: String?) throws {
        let candidates = given.map { [$0] } ?? ["Benchmarks/peers/pillow_photo.py"]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw RuntimeError(message: "no Pillow script at \(candidates.joined(separator: " or ")); give --python-script FILE")
        }
        path = found
        let check = try ChildCommand.run(["python3", "-c", "import PIL"])
        guard check.status == 0 else {
            throw RuntimeError(message: "--compare-python needs python3 with Pillow (pip install pillow): \(check.output.trimmedOfSpaces)")
        }
    }

    /// The script's median per set of inks (milliseconds per quantize) and its last
    /// picture of each, an ink index a pixel.
    func run(photo: String, sets: [(name: String, inks: [RGBA])], frames: Int) throws -> (times: [String: Double], pictures: [String: [UInt8]]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-photo-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var arguments = ["python3", path, photo, String(frames), folder]
        for set in sets { arguments.append(set.name + "=" + set.inks.map { "\($0.r),\($0.g),\($0.b)" }.joined(separator: ";")) }
        let result = try ChildCommand.run(arguments)
        guard result.status == 0, let last = result.output.split(separator: "\n").last(where: { $0.hasPrefix("photo=") }) else {
            throw RuntimeError(message: "\(path) failed (exit \(result.status)):\n\(result.output)")
        }
        var times: [String: Double] = [:], pictures: [String: [UInt8]] = [:]
        for set in sets {
            let key = set.name + "_ms="
            times[set.name] = last.split(separator: " ").first(where: { $0.hasPrefix(key) }).flatMap { Double($0.dropFirst(key.count)) }
            pictures[set.name] = FileManager.default.contents(atPath: "\(folder)/\(set.name).bin").map { [UInt8]($0) }
        }
        return (times, pictures)
    }
}

/// Moves the calling thread from processor to processor, one a round, among those it may
/// run on; `restore` gives it back all of them. Children started meanwhile inherit the
/// processor of the round.
final class ProcessorPinning {
    private let processors: [Int]

    init() {
        var found = [Int32](repeating: 0, count: 1_024)
        let count = glance_allowed_processors(&found, Int32(found.count))
        processors = count > 0 ? found.prefix(Int(count)).map(Int.init) : []
    }

    /// Pins to the round's processor; nil (left as it is) with only one, or when refused.
    func pin(round: Int) -> Int? {
        guard processors.count > 1 else { return nil }
        let processor = processors[(round - 1) % processors.count]
        return glance_run_on([Int32(processor)], 1) == 0 ? processor : nil
    }

    func restore() {
        guard processors.count > 1 else { return }
        _ = glance_run_on(processors.map(Int32.init), Int32(processors.count))
    }
}
