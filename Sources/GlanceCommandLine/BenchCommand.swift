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
import GlanceWidgetKit
import GlanceWidgets
import GlanceTime
import Glibc
import GlanceRunner

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure glance: frame rendering time and memory; `bench idle` for wakeups while idle; `bench bus` for panel traffic; `bench layout` for nested stacks; `bench scaling` for panel sizes and slot counts; `bench refresh` for start-up, the daemon's memory and a midnight's CPU.",
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
        subcommands: [IdleBench.self, BusBench.self, LayoutBench.self, ScalingBench.self, RefreshBench.self]
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
        let renderer = ViewRenderer(fonts: fonts, scale: config.display.scale, emoji: EmojiStyle(for: config.display.palette))
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

/// Runs `glance run` on the demo config for real (file backend, real clock) and counts
/// the child's context switches over a window with no timeline boundary in it.
struct IdleBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idle",
        abstract: "Count wakeups of the demo display while idle between two boundaries, and its peak memory.",
        discussion: """
        Starts `glance run` with the demo config (or --config FILE) in a temporary directory, waits for its \
        first frame, picks a window of --seconds that holds no timeline boundary, and \
        counts the voluntary and involuntary context switches of every thread of the \
        process over it. Last line: idle_seconds=N wakeups=W peak_rss_kib=K stop_ms=S
        """
    )

    @Option(help: "Length of the idle window in seconds.")
    var seconds: Double = 60

    @Option(name: .shortAndLong, help: ArgumentHelp("A configuration to measure instead of the demo (with mqtt:, say).", valueName: "file"))
    var config: String?

    func run() throws {
        guard seconds > 0, seconds <= 3000 else { throw UsageError(message: "--seconds must be more than 0 and at most 3000") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configPath = directory + "/demo.yaml"
        if let config {
            _ = try ConfigLoader.load(path: config)
            configPath = config.hasPrefix("/") ? config : FileManager.default.currentDirectoryPath + "/" + config
        } else {
            try Data(DemoConfig.yaml(outputDirectory: directory + "/out").utf8).write(to: URL(fileURLWithPath: configPath))
        }

        let child = try ChildProcess(arguments: ["run", "--config", configPath])
        defer { child.stop() }

        // The first "next wake" line means the first frame is out and the loop waits.
        guard var nextWake = child.nextWakeAnnouncement(timeout: 30) else {
            throw RuntimeError(message: "the demo did not start within 30 s:\n\(child.output)")
        }
        // Move past boundaries that would fall inside the window.
        while nextWake < Date.now.addingTimeInterval(seconds + 2) {
            print("waiting for the boundary at \(iso8601String(nextWake, in: .utc)) to pass")
            guard let later = child.nextWakeAnnouncement(timeout: max(5, nextWake.timeIntervalSinceNow + 30)) else {
                throw RuntimeError(message: "the demo did not wake at its boundary:\n\(child.output)")
            }
            nextWake = later
        }
        pause(seconds: 0.5)
        let before = try contextSwitches(of: child.pid)
        print("idle window: \(Int(seconds)) s; next boundary at \(iso8601String(nextWake, in: .utc))")
        pause(seconds: seconds)
        let after = try contextSwitches(of: child.pid)
        let peak = procField("VmHWM", in: try String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8))

        let stopStart = Date.now
        let status = child.stop()
        let stopMilliseconds = Int(Date.now.timeIntervalSince(stopStart) * 1000)

        print("threads: \(after.threads); voluntary: \(after.voluntary - before.voluntary); involuntary: \(after.involuntary - before.involuntary)")
        print("exit status after SIGTERM: \(status)")
        print("idle_seconds=\(Int(seconds)) wakeups=\(after.total - before.total) peak_rss_kib=\(peak) stop_ms=\(stopMilliseconds)")
    }

    private struct Switches {
        var voluntary = 0
        var involuntary = 0
        var threads = 0
        var total: Int { voluntary + involuntary }
    }

    /// Sums `voluntary_ctxt_switches` and `nonvoluntary_ctxt_switches` over every thread
    /// in `/proc/PID/task`, so a wakeup of any thread counts.
    private func contextSwitches(of pid: pid_t) throws -> Switches {
        let taskDirectory = "/proc/\(pid)/task"
        var result = Switches()
        for task in try FileManager.default.contentsOfDirectory(atPath: taskDirectory) {
            guard let status = try? String(contentsOfFile: "\(taskDirectory)/\(task)/status", encoding: .utf8) else { continue }
            result.threads += 1
            result.voluntary += procField("voluntary_ctxt_switches", in: status)
            result.involuntary += procField("nonvoluntary_ctxt_switches", in: status)
        }
        return result
    }

}

/// The number of a `Name:  value kB` line of a /proc file (`status`, `smaps_rollup`);
/// 0 when it is not there.
func procField(_ name: String, in text: String) -> Int {
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
        return Int(String(line.dropFirst(name.count + 1).filter(\.isNumber))) ?? 0
    }
    return 0
}

/// Sleeps the calling thread.
func pause(seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}

/// This executable started again as a child (posix_spawn), its stderr on a pipe.
final class ChildProcess {
    let pid: pid_t
    private let stderrRead: Int32
    private var buffer: [UInt8] = []
    private var announcementsSeen = 0
    private var exitStatus: Int32?

    init(arguments: [String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw RuntimeError(message: "pipe: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let executable = "/proc/self/exe"
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            throw RuntimeError(message: "cannot start glance: \(String(cString: strerror(result)))")
        }
        pid = child
        stderrRead = pipeEnds[0]
    }

    deinit { close(stderrRead) }

    var output: String { String(decoding: buffer, as: UTF8.self) }

    /// The instant of the next "next wake:" line the child prints, waiting up to `timeout` s.
    func nextWakeAnnouncement(timeout: Double) -> Date? {
        let deadline = Date.now.addingTimeInterval(timeout)
        let prefix = "glance: next wake: "
        while true {
            let announcements = output.split(separator: "\n").filter { $0.hasPrefix(prefix) }
            if announcements.count > announcementsSeen {
                let text = String(announcements[announcementsSeen].dropFirst(prefix.count))
                announcementsSeen += 1
                // "none scheduled" never ends the idle window.
                return parseISO8601Instant(text) ?? .distantFuture
            }
            let left = deadline.timeIntervalSince(.now)
            if left <= 0 { return nil }
            var descriptor = pollfd(fd: stderrRead, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(left, 1) * 1000)) >= 0 else { return nil }
            if descriptor.revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(stderrRead, &chunk, chunk.count)
                if count <= 0 { return nil }
                buffer += chunk[..<count]
            }
        }
    }

    /// Waits for the child to exit on its own (its stderr read meanwhile); returns the
    /// exit status.
    func waitForExit() -> Int32 {
        if let exitStatus { return exitStatus }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(stderrRead, &chunk, chunk.count)
            if count > 0 { buffer += chunk[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
    }

    /// SIGTERM, then waits for the exit; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if let exitStatus { return exitStatus }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WEXITSTATUS; a death by signal shows as 128 + the signal, as shells do.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
    }
}

/// Bytes on the bus and the time they take at the board's SPI speed, for a one-digit
/// change on a panel: a full refresh against a partial one, through the board's real
/// driver into its controller emulator (which also checks the traffic).
struct BusBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bus",
        abstract: "Bus bytes and time for a one-digit change on a panel, full vs partial refresh.",
        discussion: """
        Renders a countdown filling the board's panel for two days whose labels differ in \
        one digit (D-41, D-40), shows the first, then the second once as a full and once \
        as a partial refresh, through the real wired bus on emulated GPIO and SPI. Last \
        line: board=B spi_hz=S full_bytes=F full_transfers=T full_bus_ms=X partial_bytes=P \
        partial_transfers=U partial_bus_ms=Y window=WxH+X+Y
        """
    )

    @Option(help: "The board (see glance boards).")
    var board: String = "waveshare-7in5-v2"

    func run() throws {
        let board = try BoardCatalog.load(self.board)
        let fonts = try FontLocations.benchLibrary()
        let zone = try ZoneRules(identifier: "UTC")
        let renderer = WidgetSnapshotRenderer(registry: WidgetCatalog.registry, fonts: fonts)
        func frame(_ day: String) throws -> Canvas {
            var request = WidgetSnapshotRenderer.Request(kind: "countdown", family: .systemMedium,
                                                         instant: parseISO8601Instant(day + "T12:00:00Z") ?? .now,
                                                         timeZone: zone, locale: DisplayLocale(identifier: "en_US"))
            request.size = (board.width, board.height)
            request.scale = Double(board.width) / 364
            request.parameters = [("title", "Launch"), ("target", "2027-01-03")]
            do {
                return try renderer.render(request)
            } catch {
                throw RuntimeError(message: "\(error)")
            }
        }
        let before = try frame("2026-11-23"), after = try frame("2026-11-24")
        // The real wired bus (D/C, chip select, spidev-sized transfers) on emulated wires.
        func traffic(_ refresh: RefreshMode) throws -> (bytes: Int, transfers: Int, update: RefreshPlan?) {
            let emulator = TraceDecoding.emulator(for: board)
            let wires = EmulatedWiring(raspberryPi4For: board.wiring, emulator: emulator)
            let bus: WiredBus
            do {
                bus = try WiredBus.open(board.wiring, gpio: wires, spi: wires, timing: wires.timing)
            } catch {
                throw RuntimeError(message: "\(error)")
            }
            defer { bus.close() }
            let pipeline = DisplayPipeline(output: try OutputFactory.panel(board: board, bus: bus, dither: .floydSteinberg))
            try pipeline.show(native: pipeline.quantise(before), cadence: .full)
            let start = emulator.bytesReceived, startTransfers = wires.transferSizes.count
            let update = try pipeline.show(native: pipeline.quantise(after), cadence: refresh)
            if board.refresh.sleepAfterUpdate { try emulator.checkAsleep() }
            guard wires.faults.isEmpty else { throw RuntimeError(message: "wiring faults: \(wires.faults.joined(separator: "; "))") }
            return (emulator.bytesReceived - start, wires.transferSizes.count - startTransfers, update)
        }
        let full = try traffic(.full), partial = try traffic(.partial)
        func milliseconds(_ bytes: Int) -> Double { (Double(bytes * 8) / Double(board.spiSpeedHz) * 1000 * 100).rounded() / 100 }
        let window = partial.update?.window.description ?? "none"
        print("\(board.name): full refresh \(full.bytes) bytes in \(full.transfers) SPI transfers (\(milliseconds(full.bytes)) ms at \(board.spiSpeedHz / 1000) kHz), \(partial.update?.refresh.rawValue ?? "no") refresh \(partial.bytes) bytes in \(partial.transfers) transfers (\(milliseconds(partial.bytes)) ms), window \(window)")
        print("board=\(board.name) spi_hz=\(board.spiSpeedHz) full_bytes=\(full.bytes) full_transfers=\(full.transfers) full_bus_ms=\(milliseconds(full.bytes)) partial_bytes=\(partial.bytes) partial_transfers=\(partial.transfers) partial_bus_ms=\(milliseconds(partial.bytes)) window=\(window)")
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (self * factor).rounded() / factor
    }
}

/// Runs a program found on PATH to completion; its standard output and error together.
enum ChildCommand {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw RuntimeError(message: "pipe: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &actions, nil, argv, environ)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard result == 0 else { throw RuntimeError(message: "cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += chunk[0..<count]
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, String(decoding: output, as: UTF8.self))
    }
}
