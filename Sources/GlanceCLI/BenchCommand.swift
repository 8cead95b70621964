import ArgumentParser
import Foundation
import GlanceHost
import GlanceTime

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure glance: idle wakeups and memory of a running display.",
        subcommands: [IdleBench.self]
    )
}

/// Runs `glance run` on the demo config for real (file backend, real clock) and counts
/// the child's context switches over a window with no timeline boundary in it.
struct IdleBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idle",
        abstract: "Count wakeups of the demo display while idle between two boundaries, and its peak memory.",
        discussion: """
        Starts `glance run` with the demo config in a temporary directory, waits for its \
        first frame, picks a window of --seconds that holds no timeline boundary, and \
        counts the voluntary and involuntary context switches of every thread of the \
        process over it. Last line: idle_seconds=N wakeups=W peak_rss_kib=K stop_ms=S
        """
    )

    @Option(help: "Length of the idle window in seconds.")
    var seconds: Double = 60

    func run() throws {
        guard seconds > 0, seconds <= 3000 else { throw UsageError(message: "--seconds must be between 0 and 3000") }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("glance-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configPath = directory.appendingPathComponent("demo.yaml").path
        try DemoConfig.yaml(outputDirectory: directory.appendingPathComponent("out").path)
            .write(toFile: configPath, atomically: true, encoding: .utf8)

        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["run", "--config", configPath]
        let stderrPipe = Pipe()
        child.standardError = stderrPipe
        child.standardOutput = FileHandle.nullDevice
        let lines = LineCollector()
        stderrPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { lines.append(data) }
        }
        try child.run()
        let pid = child.processIdentifier
        defer { if child.isRunning { child.terminate() } }

        // The first "next wake" line means the first frame is out and the loop waits.
        guard let firstNext = lines.waitForNextWake(after: 0, timeout: 30) else {
            throw RuntimeError(message: "the demo did not start within 30 s:\n\(lines.text)")
        }
        var nextWake = firstNext.date
        var seen = firstNext.count
        // Move past boundaries that would fall inside the window.
        while nextWake < Date().addingTimeInterval(seconds + 2) {
            print("waiting for the boundary at \(iso8601String(nextWake, in: .current)) to pass")
            guard let later = lines.waitForNextWake(after: seen, timeout: max(5, nextWake.timeIntervalSinceNow + 30)) else {
                throw RuntimeError(message: "the demo did not wake at its boundary:\n\(lines.text)")
            }
            nextWake = later.date
            seen = later.count
        }
        Thread.sleep(forTimeInterval: 0.5)
        let before = try contextSwitches(of: pid)
        print("idle window: \(Int(seconds)) s; next boundary at \(iso8601String(nextWake, in: .current))")
        Thread.sleep(forTimeInterval: seconds)
        let after = try contextSwitches(of: pid)
        let peak = try peakRSSKiB(of: pid)

        let stopStart = Date()
        child.terminate()
        child.waitUntilExit()
        let stopMilliseconds = Int(Date().timeIntervalSince(stopStart) * 1000)
        stderrPipe.fileHandleForReading.readabilityHandler = nil

        print("threads: \(after.threads); voluntary: \(after.voluntary - before.voluntary); involuntary: \(after.involuntary - before.involuntary)")
        print("exit status after SIGTERM: \(child.terminationStatus)")
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
    private func contextSwitches(of pid: Int32) throws -> Switches {
        let taskDirectory = "/proc/\(pid)/task"
        var result = Switches()
        for task in try FileManager.default.contentsOfDirectory(atPath: taskDirectory) {
            guard let status = try? String(contentsOfFile: "\(taskDirectory)/\(task)/status", encoding: .utf8) else { continue }
            result.threads += 1
            result.voluntary += statusField("voluntary_ctxt_switches", in: status)
            result.involuntary += statusField("nonvoluntary_ctxt_switches", in: status)
        }
        return result
    }

    private func peakRSSKiB(of pid: Int32) throws -> Int {
        statusField("VmHWM", in: try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))
    }

    private func statusField(_ name: String, in status: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits) ?? 0
        }
        return 0
    }
}

/// Collects a child's stderr lines and finds its "next wake: <instant>" announcements.
final class LineCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer = ""

    func append(_ data: Data) {
        condition.lock()
        buffer += String(decoding: data, as: UTF8.self)
        condition.broadcast()
        condition.unlock()
    }

    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return buffer
    }

    /// Waits for the first "next wake" line after the `count`-th one.
    func waitForNextWake(after count: Int, timeout: TimeInterval) -> (date: Date, count: Int)? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let announcements = buffer.split(separator: "\n").filter { $0.hasPrefix("glance: next wake: ") }
            if announcements.count > count {
                let text = String(announcements[count].dropFirst("glance: next wake: ".count))
                // "none scheduled" never ends the idle window: treat as far away.
                let date = parseISO8601(text) ?? Date.distantFuture
                return (date, count + 1)
            }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    private func parseISO8601(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }
}
