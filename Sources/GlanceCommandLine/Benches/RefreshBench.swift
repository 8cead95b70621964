import ArgumentParser
import FoundationEssentials
import GlanceGraphics
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
        start: runs `glance run --once` on two slots at 800x480 (today and a countdown) and \
        on the demo (five slots), alternately, --runs times each (frames to a temporary \
        directory), and takes the median wall time from exec to its exit, the frame \
        written. memory: starts `glance run` on one slot at 400x240 and then on the demo, \
        waits for each one's first refresh and a sleep of a minute or more after it (the \
        picture put away, as in every long sleep) and reads Private_Dirty from \
        /proc/PID/smaps_rollup, RssAnon and VmHWM from /proc/PID/status. stop: the wall \
        time from SIGTERM to the demo daemon's exit. midnight: in this process, the demo on the file backend on a \
        simulated clock goes through --days midnights (the first warms the caches); each \
        midnight's wake (providers, views, drawing, quantising, the diff, frame.png, \
        frame.raw and the log written; the hang guard armed around each slot's widget \
        code, and the picture put away as runs before each long sleep and taken out again, \
        as in glance run) is timed in CPU time of the whole process. Last \
        line: start_ms=S start_two_slots_ms=S2 private_dirty_kib=P private_dirty_one_slot_kib=P1 \
        rss_anon_kib=A peak_rss_kib=K midnight_cpu_ms=C stop_ms=T (P, A, K of the demo)
        """
    )

    @Option(help: "Runs of glance run --once timed.")
    var runs: Int = 11

    @Option(help: "Midnights timed (after one that warms the caches).")
    var days: Int = 8

    /// The goals of issue 46, in ms and KiB.
    static let startGoal = 20.0, oneSlotMemoryGoal = 2_560, demoMemoryGoal = 3_584

    func run() throws {
        guard (1...1000).contains(runs) else { throw UsageError(message: "--runs must be between 1 and 1000") }
        guard (1...1000).contains(days) else { throw UsageError(message: "--days must be between 1 and 1000") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-refresh-bench-\(getpid())").path
        // Owner only: the state folders are in it, and the daemon refuses one others may write.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let demo = try Self.write(config: "state_dir: \(directory)/state\n" + DemoConfig.yaml(outputDirectory: directory + "/out"),
                                  to: directory + "/demo.yaml")
        let twoSlots = try Self.write(config: Self.twoSlotYAML(directory: directory + "/two"), to: directory + "/two.yaml")
        let oneSlot = try Self.write(config: Self.oneSlotYAML(directory: directory + "/one"), to: directory + "/one.yaml")

        // A binary just linked sits in dirty page cache, which smaps counts as the
        // process's private dirty memory until it is written back: write it back first.
        let executable = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        if executable >= 0 {
            _ = fsync(executable)
            close(executable)
        }
        print("build: \(Self.linkage())")

        // Exec to the first frame, the two configurations alternately (the second run of
        // each has the state folder's fontconfig answers, as every start after a first has).
        var demoStarts: [Double] = [], twoSlotStarts: [Double] = []
        for _ in 0..<runs {
            twoSlotStarts.append(try Self.timeOnce(config: twoSlots))
            demoStarts.append(try Self.timeOnce(config: demo))
        }
        let start = BenchCommand.median(demoStarts), twoSlotStart = BenchCommand.median(twoSlotStarts)
        print("start: exec to the first frame of run --once, median of \(runs): two slots (800x480) "
              + "\(twoSlotStart.rounded(toPlaces: 2)) ms (goal ≤ \(Int(Self.startGoal)) ms: \(twoSlotStart <= Self.startGoal ? "met" : "not met")); "
              + "the demo (five slots) \(start.rounded(toPlaces: 2)) ms")

        // Each daemon after its first refresh, its state folder warm (fontconfig's answers
        // kept, as for every start after a wall's first); the demo's is then stopped by SIGTERM.
        _ = try Self.timeOnce(config: oneSlot)
        let oneSlotMemory = try Self.daemonMemory(config: oneSlot)
        print("memory after the first refresh, one slot at 400x240: private dirty \(oneSlotMemory.privateDirty) KiB "
              + "(goal ≤ \(Self.oneSlotMemoryGoal) KiB: \(oneSlotMemory.privateDirty <= Self.oneSlotMemoryGoal ? "met" : "not met")), "
              + "RssAnon \(oneSlotMemory.rssAnon) KiB, peak RSS \(oneSlotMemory.peak) KiB")
        let demoMemory = try Self.daemonMemory(config: demo)
        print("memory after the first refresh, the demo: private dirty \(demoMemory.privateDirty) KiB "
              + "(goal ≤ \(Self.demoMemoryGoal) KiB: \(demoMemory.privateDirty <= Self.demoMemoryGoal ? "met" : "not met")), "
              + "RssAnon \(demoMemory.rssAnon) KiB, peak RSS \(demoMemory.peak) KiB")
        print("stop: SIGTERM to the daemon's exit: \(demoMemory.stop.rounded(toPlaces: 2)) ms")

        let fonts = try FontLocations.benchLibrary()
        let (samples, picture) = try Self.midnights(days: days, directory: directory + "/midnight", fonts: fonts)
        let midnight = BenchCommand.median(samples)
        print("midnight: CPU per midnight refresh, median of \(samples.count): \(midnight.rounded(toPlaces: 3)) ms "
              + "(worst \((samples.max() ?? 0).rounded(toPlaces: 3)) ms)")
        if let picture {
            // The demo's picture put away as runs and taken out again, as before and after a
            // long sleep: 21 times each, medians.
            var folds: [Double] = [], unfolds: [Double] = []
            var folded = picture.folded()
            for _ in 0..<21 {
                let before = BenchCommand.cpuMilliseconds()
                folded = picture.folded()
                let between = BenchCommand.cpuMilliseconds()
                let back = Canvas(unfolding: folded)
                let after = BenchCommand.cpuMilliseconds()
                guard back.width == picture.width else { break }
                folds.append(between - before)
                unfolds.append(after - between)
            }
            print("picture put away: the demo's \(picture.heldBytes / 1024) KiB as \(folded.byteCount / 1024) KiB of runs; "
                  + "folding \(BenchCommand.median(folds).rounded(toPlaces: 3)) ms, unfolding \(BenchCommand.median(unfolds).rounded(toPlaces: 3)) ms (CPU, medians of 21)")
        }
        print("start_ms=\(start.rounded(toPlaces: 2)) start_two_slots_ms=\(twoSlotStart.rounded(toPlaces: 2)) "
              + "private_dirty_kib=\(demoMemory.privateDirty) private_dirty_one_slot_kib=\(oneSlotMemory.privateDirty) "
              + "rss_anon_kib=\(demoMemory.rssAnon) peak_rss_kib=\(demoMemory.peak) "
              + "midnight_cpu_ms=\(midnight.rounded(toPlaces: 3)) stop_ms=\(demoMemory.stop.rounded(toPlaces: 2))")
    }

    /// Two slots side by side on the 7.5" panel's 800x480: today and a countdown.
    static func twoSlotYAML(directory: String) -> String {
        """
        state_dir: \(directory)/state
        display: {backend: file, path: \(directory)/out, size: 800x480, colors: bw}
        slots:
          - {name: today, kind: weekday, family: systemSmall, origin: [0, 0], size: 400x480}
          - {name: launch, kind: countdown, family: systemSmall, origin: [400, 0], size: 400x480, params: {title: Launch, target: "2027-01-03"}}
        """
    }

    /// One slot filling a 4.2" panel's 400x240 (the memory goal's display).
    static func oneSlotYAML(directory: String) -> String {
        """
        state_dir: \(directory)/state
        display: {backend: file, path: \(directory)/out, size: 400x240, colors: bw}
        slots:
          - {name: today, kind: weekday, family: systemMedium}
        """
    }

    private static func write(config: String, to path: String) throws -> String {
        try Data(config.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Whether the Swift runtime is in this executable (as the package builds it) or
    /// loaded from the toolchain's shared libraries, and whether the executable is PIE.
    static func linkage() -> String {
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let shared = maps.contains("/libswiftCore.so")
        return shared ? "the Swift runtime from the toolchain's shared libraries (the package links it in: scripts/package)"
                      : "the Swift runtime linked in (--static-swift-stdlib), as the package ships it"
    }

    /// Milliseconds from spawning `glance run --once --config PATH` to its exit.
    private static func timeOnce(config: String) throws -> Double {
        let began = Date.now
        let child = try ChildProcess(arguments: ["run", "--once", "--config", config])
        let status = child.waitForExit()
        guard status == 0 else { throw RuntimeError(message: "glance run --once --config \(config) exited with \(status):\n\(child.output)") }
        return Date.now.timeIntervalSince(began) * 1000
    }

    /// A daemon on `config` after its first refresh: its private dirty memory, RssAnon
    /// and peak RSS (KiB), and the milliseconds from SIGTERM to its exit.
    private static func daemonMemory(config: String) throws -> (privateDirty: Int, rssAnon: Int, peak: Int, stop: Double) {
        let child = try ChildProcess(arguments: ["run", "--config", config])
        defer { child.stop() }
        guard var next = child.nextWakeAnnouncement(timeout: 30) else {
            throw RuntimeError(message: "glance run --config \(config) did not start within 30 s:\n\(child.output)")
        }
        // Measured in a long sleep, its picture put away: a wake due within the minute
        // (the top of an hour for an hourly widget) is waited for, and the sleep after it.
        while next.timeIntervalSinceNow < WidgetHost.givesPictureBackBefore {
            guard let later = child.nextWakeAnnouncement(timeout: max(5, next.timeIntervalSinceNow + 30)) else {
                throw RuntimeError(message: "glance run --config \(config) did not announce its next wake:\n\(child.output)")
            }
            next = later
        }
        pause(seconds: 0.3)
        let rollup = (try? String(contentsOfFile: "/proc/\(child.pid)/smaps_rollup", encoding: .utf8)) ?? ""
        let status = (try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)) ?? ""
        // SIGTERM to the exit: the panel put to sleep, the socket closed, the process gone.
        let stopping = Date.now
        let stopStatus = child.stop()
        let stop = Date.now.timeIntervalSince(stopping) * 1000
        guard stopStatus == 0 else { throw RuntimeError(message: "glance run exited with \(stopStatus) on SIGTERM:\n\(child.output)") }
        return (procField("Private_Dirty", in: rollup), procField("RssAnon", in: status), procField("VmHWM", in: status), stop)
    }

    /// CPU milliseconds of each midnight's wake of the demo, after the first, and the
    /// demo's picture after the last.
    static func midnights(days: Int, directory: String, fonts: FontLibrary) throws -> (samples: [Double], picture: Canvas?) {
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
            // As the daemon does before a sleep of minutes: the picture is put away as runs
            // (timed: the folding, and the unfolding in the wake).
            if host.nextInstant().map({ $0.timeIntervalSince(clock.now()) >= WidgetHost.givesPictureBackBefore }) ?? true {
                host.givePictureBack()
            }
            if host.step(until: end) != nil { break }
            let spent = BenchCommand.cpuMilliseconds() - before
            let now = clock.now().timeIntervalSince1970
            if now.truncatingRemainder(dividingBy: 86_400) == 0 { samples.append(spent) }
        }
        guard samples.count >= 2 else { throw RuntimeError(message: "the demo did not wake at midnight (\(samples.count) wakes)") }
        return (Array(samples.dropFirst()), host.currentFrame().canvas)
    }
}
