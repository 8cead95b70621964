import ArgumentParser
import FoundationEssentials
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Glibc
import GlanceRunner
import GlanceSystem
import GlanceConfiguration

/// What a display costs the board outside the frame loop: how soon `glance run --once`
/// shows its first frame after exec, how much private memory the daemon keeps after its
/// first refresh, and the CPU of a refresh at midnight (when the date-bound widgets
/// change), on the demo with the file backend.
struct RefreshBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Start-up time of run --once, the daemon's private memory and stop time, and CPU per midnight refresh.",
        discussion: """
        start: runs `glance run --once` on the demo (frames to a temporary directory) \
        --runs times and takes the median wall time from exec to its exit, the frame \
        written. memory: starts `glance run` on the demo, waits for its first refresh and \
        reads Private_Dirty from /proc/PID/smaps_rollup, RssAnon and VmHWM from \
        /proc/PID/status. stop: the wall time from SIGTERM to that daemon's exit. midnight: in this process, the demo on the file backend on a \
        simulated clock goes through --days midnights (the first warms the caches); each \
        midnight's wake (providers, views, drawing, quantising, the diff, frame.png, \
        frame.raw and the log written; the hang guard armed around each slot's widget \
        code, as in glance run) is timed in CPU time of the whole process. Last \
        line: start_ms=S private_dirty_kib=P rss_anon_kib=A peak_rss_kib=K midnight_cpu_ms=C stop_ms=T
        """
    )

    @Option(help: "Runs of glance run --once timed.")
    var runs: Int = 11

    @Option(help: "Midnights timed (after one that warms the caches).")
    var days: Int = 8

    func run() throws {
        guard (1...1000).contains(runs) else { throw UsageError(message: "--runs must be between 1 and 1000") }
        guard (1...1000).contains(days) else { throw UsageError(message: "--days must be between 1 and 1000") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-refresh-bench-\(getpid())").path
        // Owner only: the state folder is in it, and the daemon refuses one others may write.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configPath = directory + "/demo.yaml"
        let yaml = "state_dir: \(directory)/state\n" + DemoConfig.yaml(outputDirectory: directory + "/out")
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: configPath))

        // A binary just linked sits in dirty page cache, which smaps counts as the
        // process's private dirty memory until it is written back: write it back first.
        let executable = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        if executable >= 0 {
            _ = fsync(executable)
            close(executable)
        }

        // Exec to the first frame.
        var starts: [Double] = []
        for _ in 0..<runs {
            let began = Date.now
            let child = try ChildProcess(arguments: ["run", "--once", "--config", configPath])
            let status = child.waitForExit()
            guard status == 0 else { throw RuntimeError(message: "glance run --once exited with \(status):\n\(child.output)") }
            starts.append(Date.now.timeIntervalSince(began) * 1000)
        }
        let start = BenchCommand.median(starts)
        print("start: exec to the first frame of run --once, median of \(runs): \(start.rounded(toPlaces: 2)) ms")

        // The daemon after its first refresh.
        let child = try ChildProcess(arguments: ["run", "--config", configPath])
        defer { child.stop() }
        guard child.nextWakeAnnouncement(timeout: 30) != nil else {
            throw RuntimeError(message: "the demo did not start within 30 s:\n\(child.output)")
        }
        pause(seconds: 0.3)
        let rollup = (try? String(contentsOfFile: "/proc/\(child.pid)/smaps_rollup", encoding: .utf8)) ?? ""
        let status = (try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)) ?? ""
        let privateDirty = procField("Private_Dirty", in: rollup)
        let rssAnon = procField("RssAnon", in: status), peak = procField("VmHWM", in: status)
        print("memory after the first refresh: private dirty \(privateDirty) KiB, RssAnon \(rssAnon) KiB, peak RSS \(peak) KiB")
        // SIGTERM to the exit: the panel put to sleep, the socket closed, the process gone.
        let stopping = Date.now
        let stopStatus = child.stop()
        let stop = Date.now.timeIntervalSince(stopping) * 1000
        guard stopStatus == 0 else { throw RuntimeError(message: "glance run exited with \(stopStatus) on SIGTERM:\n\(child.output)") }
        print("stop: SIGTERM to the daemon's exit: \(stop.rounded(toPlaces: 2)) ms")

        let fonts = try FontLocations.benchLibrary()
        let samples = try Self.midnights(days: days, directory: directory + "/midnight", fonts: fonts)
        let midnight = BenchCommand.median(samples)
        print("midnight: CPU per midnight refresh, median of \(samples.count): \(midnight.rounded(toPlaces: 3)) ms "
              + "(worst \((samples.max() ?? 0).rounded(toPlaces: 3)) ms)")
        print("start_ms=\(start.rounded(toPlaces: 2)) private_dirty_kib=\(privateDirty) rss_anon_kib=\(rssAnon) "
              + "peak_rss_kib=\(peak) midnight_cpu_ms=\(midnight.rounded(toPlaces: 3)) stop_ms=\(stop.rounded(toPlaces: 2))")
    }

    /// CPU milliseconds of each midnight's wake of the demo, after the first.
    static func midnights(days: Int, directory: String, fonts: FontLibrary) throws -> [Double] {
        WidgetCenter.shared.setWakeHandler {}
        // As glance run has it: placeholders and views under the hang guard.
        try? HangGuard.install()
        var config = try ConfigLoader.parse("timezone: UTC\n" + DemoConfig.yaml(outputDirectory: directory), file: "built-in demo")
        let opened = try OutputFactory.open(&config)
        // Noon, so that the first wake (the start) is not a midnight.
        let first = Date(timeIntervalSince1970: Double(1_795_000_000 - 1_795_000_000 % 86_400 + 43_200))
        let clock = SimulatedClock(start: first)
        let host = try WidgetHost(config: config, registry: WidgetCatalog.registry, clock: clock,
                                  presenter: try FramePresenter(output: opened.output, fonts: fonts, scale: config.display.scale,
                                                                                renderingMode: config.display.renderingMode),
                                  center: WidgetCenter())
        host.start()
        var samples: [Double] = []
        let end = first.addingTimeInterval(Double(days + 1) * 86_400)
        while clock.now() < end {
            let before = BenchCommand.cpuMilliseconds()
            if host.step(until: end) != nil { break }
            let spent = BenchCommand.cpuMilliseconds() - before
            let now = clock.now().timeIntervalSince1970
            if now.truncatingRemainder(dividingBy: 86_400) == 0 { samples.append(spent) }
        }
        guard samples.count >= 2 else { throw RuntimeError(message: "the demo did not wake at midnight (\(samples.count) wakes)") }
        return Array(samples.dropFirst())
    }
}
