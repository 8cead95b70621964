import Foundation
import Glibc
import Testing

/// The `glance` executable, built beside this test bundle.
func glanceBinary() throws -> URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("glance")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/glance")
    return try #require(FileManager.default.isExecutableFile(atPath: fromSource.path) ? fromSource : nil, "glance is not built")
}

struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs glance (or another built executable) to completion (quick commands only);
/// `via` runs it through another program (`setpriv --reuid=…`); `timeout` (seconds) is a
/// hang guard: the process is killed then (SIGKILL) and its status says so.
func runGlance(_ arguments: [String], in directory: URL? = nil, executable: String = "glance", via wrapper: [String] = [],
               environment: [String: String] = [:], timeout: Double? = nil) throws -> Result {
    let process = Process()
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let binary = executable == "glance"
        ? try glanceBinary()
        : try glanceBinary().deletingLastPathComponent().appendingPathComponent(executable)
    if let launcher = wrapper.first {
        process.executableURL = URL(fileURLWithPath: launcher)
        process.arguments = Array(wrapper.dropFirst()) + [binary.path] + arguments
    } else {
        process.executableURL = binary
        process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let pid = process.processIdentifier
    let hangGuard = timeout.map { timeout in
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + timeout)
        timer.setEventHandler { kill(pid, SIGKILL) }
        timer.resume()
        return timer
    }
    defer { hangGuard?.cancel() }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: String(decoding: stderr, as: UTF8.self))
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-cli-\(UUID().uuidString)")
    // Owner only, whatever the umask: a daemon refuses a state folder others may write.
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return url
}

let seoulConfig = """
    timezone: Asia/Seoul
    display: {backend: file, path: frames}
    slots:
      - {name: dday, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
      - {name: today, kind: weekday, family: systemSmall}
    """

@Suite struct SimulateCommandTests {
    @Test func printsOneContractLinePerSlotPerWake() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try seoulConfig.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["simulate", "--config", "wall.yaml", "--from", "2026-12-31T22:30:00+09:00",
                                    "--until", "2027-01-01T01:00:00+09:00"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n") == [
            #"{"at": "2026-12-31T22:30:00+09:00", "slot": "dday", "kind": "countdown", "reason": "start", "refresh": "full", "full_why": "the first frame"}"#,
            #"{"at": "2026-12-31T22:30:00+09:00", "slot": "today", "kind": "weekday", "reason": "start", "refresh": "full", "full_why": "the first frame"}"#,
            #"{"at": "2026-12-31T23:00:00+09:00", "slot": "today", "kind": "weekday", "reason": "entry", "refresh": "none"}"#,
            #"{"at": "2027-01-01T00:00:00+09:00", "slot": "dday", "kind": "countdown", "reason": "reload", "refresh": "partial"}"#,
            #"{"at": "2027-01-01T00:00:00+09:00", "slot": "today", "kind": "weekday", "reason": "entry", "refresh": "partial"}"#,
            #"{"at": "2027-01-01T01:00:00+09:00", "slot": "today", "kind": "weekday", "reason": "entry", "refresh": "none"}"#,
        ])
        // Simulation shows nothing on the display.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("frames").path))
    }

    /// Quiet hours in a simulation: nothing inside them; the wake that ends one says
    /// since when it slept, refreshes whole, and does what came due meanwhile (issue 29).
    @Test func quietHoursAreSkippedAndTheirEndSaid() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (seoulConfig + "\nsleep: \"23:00-07:00\"\n").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["simulate", "--config", "wall.yaml", "--from", "2026-12-31T22:30:00+09:00",
                                    "--until", "2027-01-01T08:00:00+09:00"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n") == [
            #"{"at": "2026-12-31T22:30:00+09:00", "slot": "dday", "kind": "countdown", "reason": "start", "refresh": "full", "full_why": "the first frame"}"#,
            #"{"at": "2026-12-31T22:30:00+09:00", "slot": "today", "kind": "weekday", "reason": "start", "refresh": "full", "full_why": "the first frame"}"#,
            #"{"at": "2027-01-01T07:00:00+09:00", "slot": "dday", "kind": "countdown", "reason": "reload", "refresh": "full", "slept_since": "2026-12-31T23:00:00+09:00", "full_why": "after quiet hours"}"#,
            #"{"at": "2027-01-01T07:00:00+09:00", "slot": "today", "kind": "weekday", "reason": "reload", "refresh": "full", "slept_since": "2026-12-31T23:00:00+09:00", "full_why": "after quiet hours"}"#,
            #"{"at": "2027-01-01T08:00:00+09:00", "slot": "today", "kind": "weekday", "reason": "entry", "refresh": "none"}"#,
        ])
    }

    @Test(arguments: [
        (["--from", "2027-01-02T00:00:00Z", "--until", "2027-01-01T00:00:00Z"], "must be before --until"),
        (["--from", "yesterday", "--until", "2027-01-01T00:00:00Z"], "--from: 'yesterday' is not an ISO 8601 instant"),
        (["--from", "2027-01-01T00:00:00Z"], "Missing expected argument '--until"),
    ])
    func usageErrorsExitWithTwoAndWriteNothing(arguments: [String], message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try seoulConfig.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["simulate", "--config", "wall.yaml"] + arguments, in: directory)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }
}

@Suite struct WidgetsCommandTests {
    /// `glance widgets` says what params: and --param take.
    @Test func listsTheParametersOfEachWidget() throws {
        let all = try runGlance(["widgets"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("countdown: Countdown — Days to go until a date"), "\(all.stdout)")
        #expect(all.stdout.contains("    target         Target date: a date like 2027-01-03 or 2027-01-03T09:00:00+09:00 (required)"), "\(all.stdout)")
        #expect(all.stdout.contains("    title          Title: text (default D-Day)"), "\(all.stdout)")
        #expect(all.stdout.contains("    relevant_days  Relevant from (days before): a whole number (default 0)"), "\(all.stdout)")
        #expect(all.stdout.contains("weekday: Weekday"), "\(all.stdout)")
        let unknown = try runGlance(["widgets", "clock"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown widget kind 'clock'; expected one of agenda, countdown, heatmap, photo, stat, weather, weekday"), "\(unknown.stderr)")
    }
}

@Suite struct RenderCommandTests {
    /// The placeholder is what a widget shows before it is configured: it needs no
    /// parameters, while the timeline still does.
    @Test func aPlaceholderNeedsNoParameters() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let placeholder = try runGlance(["render", "countdown", "--family", "systemSmall", "--placeholder", "--out", "p.png"], in: directory)
        #expect(placeholder.status == 0, "\(placeholder.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("p.png").path))
        let timeline = try runGlance(["render", "countdown", "--family", "systemSmall", "--out", "t.png"], in: directory)
        #expect(timeline.status == 2 && timeline.stderr.contains("missing --param target=…"))
    }

    @Test func rendersTheCountdownFromTheIssueExample() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runGlance(["render", "countdown", "--family", "systemMedium", "--param", "title=Launch",
                                    "--param", "target=2027-01-03", "--at", "2026-12-31T09:00:00+09:00", "--out", "x.png"],
                                   in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let png = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent("x.png").path))
        // 364×170, the medium family at scale 1.
        #expect(png[16..<24].elementsEqual([0, 0, 0x01, 0x6C, 0, 0, 0, 0xAA]))
    }

    @Test(arguments: [
        (["render", "clock", "--family", "systemSmall", "--out", "x.png"], "unknown widget kind 'clock'"),
        (["render", "countdown", "--family", "systemHuge", "--out", "x.png"], "unknown family 'systemHuge'"),
        (["render", "countdown", "--family", "systemSmall", "--out", "x.png"], "missing --param target"),
        (["render", "countdown", "--family", "systemSmall", "--param", "target=2027-01-03", "--size", "0x0", "--out", "x.png"], "out of range"),
        (["render", "countdown", "--family", "systemSmall", "--param", "target=2027-01-03", "--size", "100000x100000", "--out", "x.png"], "out of range"),
    ])
    func badRequestsExitWithTwoAndWriteNothing(arguments: [String], message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runGlance(arguments, in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.png").path))
    }
}

/// Xcode's widget template, ported by changing its imports, as its own executable.
@Suite struct WidgetExecutableTests {
    /// `--out -` streams the PNG to standard output (and so does `/dev/stdout`, which is
    /// written to, not replaced by a regular file).
    @Test func rendersToStandardOutput() throws {
        for out in ["-", "/dev/stdout"] {
            let run = try runGlance(["render", "weekday", "--family", "systemSmall", "--out", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.prefix(4).hasSuffix("PNG") && run.stdout.contains("IEND"))   // the 0x89 byte decodes as U+FFFD
        }
    }

    /// A negative number is an option's value, checked like any other (not "Missing value").
    @Test func negativeOptionValuesAreValues() throws {
        let run = try runGlance(["render", "weekday", "--family", "systemSmall", "--scale", "-1", "--out", "x.png"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--scale must be between 0.25 and 8"), "\(run.stderr)")
        let large = try runGlance(["render", "weekday", "--family", "systemSmall", "--size", "8192x8192", "--out", "x.png"])
        #expect(large.status == 2)
        #expect(large.stderr.contains("is above 4096x4096 (256 MiB of pixels); add --large-size if that is meant"), "\(large.stderr)")
    }

    @Test func rendersItsOwnWidgetWithoutAKind() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runGlance(["render", "--family", "systemSmall", "--at", "2026-12-31T09:41:00Z", "--timezone", "UTC",
                                    "--out", "e.png"], in: directory, executable: "EmojiWidget")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("e.png").path))
    }

    @Test func runsItsOwnWidgetOnce() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runGlance(["run", "--once"], in: directory, executable: "EmojiWidget")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("EmojiWidget (EmojiWidget, systemMedium)"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/frame.png").path))
    }

    @Test func offersOnlyRenderAndRun() throws {
        let result = try runGlance(["simulate", "--config", "x", "--from", "a", "--until", "b"], executable: "EmojiWidget")
        #expect(result.status == 2)
    }
}

@Suite struct RunCommandTests {
    @Test func onceWritesAFrameAndARefreshLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try seoulConfig.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["run", "--config", "wall.yaml", "--once"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("frames go to \(directory.appendingPathComponent("frames/frame.png").path)"))
        // The PNG is the panel's view of the frame: 800×480, black and white only.
        let png = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent("frames/frame.png").path))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png[16..<24].elementsEqual([0, 0, 0x03, 0x20, 0, 0, 0x01, 0xE0]))
        // The panel bytes: 1 bit a pixel.
        let raw = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent("frames/frame.raw").path))
        #expect(raw.count == 800 * 480 / 8)
        let log = try String(contentsOf: directory.appendingPathComponent("frames/refresh.jsonl"), encoding: .utf8)
        #expect(log.split(separator: "\n").count == 1)
        #expect(log.contains(#""refresh": "full", "damage": {"x": "#))
        // A full refresh says why it came.
        #expect(log.contains(#", "why": "the first frame"}"#), "\(log)")
    }

    @Test func aBadConfigIsOneLineExitTwoAndWritesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = seoulConfig.replacingOccurrences(of: "kind: weekday", with: "kind: clock")
        try bad.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["run", "--config", "wall.yaml"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr == "glance: wall.yaml:5:25: slots[1].kind: unknown widget kind 'clock'; expected one of agenda, countdown, heatmap, photo, stat, weather, weekday\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("frames").path))
    }

    // How soon it stops is `glance bench refresh`'s stop_ms; here only that it stops,
    // cleanly, with a deadline long enough to mean "it hangs" on the busiest machine.
    @Test(arguments: [SIGTERM, SIGINT])
    func theDaemonStopsCleanlyOnASignal(signal: Int32) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (process, err, collected) = try await startDaemon(["run"], in: directory)
        // With no config it runs the demo and says where the frames are.
        #expect(collected.text.contains("built-in demo"))
        #expect(collected.text.contains("frames go to \(directory.appendingPathComponent("out/frame.png").path)"))
        kill(process.processIdentifier, signal)
        // The kernel's word on the exit (a zombie, or gone), not Foundation's: its reaper
        // may run late on a machine busy with the other tests.
        func exited() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return true }
            return stat[close...].dropFirst(2).first == "Z"
        }
        let hangDeadline = ContinuousClock.now + .seconds(120)
        while !exited() && ContinuousClock.now < hangDeadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let stopped = exited()
        if process.isRunning && !stopped { process.terminate() }
        process.waitUntilExit()
        err.fileHandleForReading.readabilityHandler = nil
        // What the handler had not yet been given when it was removed (the last line comes
        // just before the exit, and a busy machine may deliver it late).
        collected.append(err.fileHandleForReading.readDataToEndOfFile())
        #expect(stopped, "hung: still running 120 s after the signal\n\(collected.text)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(collected.text.contains("stopped"))
    }
}

/// `glance ARGUMENTS` running in `directory`, its standard error collected as it comes;
/// returns once it announced its first wait ("next wake:"), or after 10 s.
func startDaemon(_ arguments: [String], in directory: URL) async throws -> (process: Process, pipe: Pipe, stderr: Collected) {
    let process = Process()
    process.executableURL = try glanceBinary()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = FileHandle.nullDevice
    let collected = Collected()
    pipe.fileHandleForReading.readabilityHandler = { collected.append($0.availableData) }
    try process.run()
    for _ in 0..<400 where !collected.text.contains("next wake:") {
        try await Task.sleep(for: .milliseconds(25))
    }
    return (process, pipe, collected)
}

final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
