import Foundation
import Glibc
import Testing

/// Signals against a real `glance run` process, as systemd and a shell send them.
@Suite(.serialized) struct DaemonSignalTests {
    /// A running daemon whose stderr goes to a file that the test reads as it grows.
    final class Daemon {
        let process = Process()
        let log: URL

        /// `via` starts it through another program (`setpriv --reuid=…`, which execs it:
        /// the process is still the daemon).
        init(_ arguments: [String], in directory: URL, ignoringHangUp: Bool = false, executable: String = "glance",
             environment: [String: String] = [:], via wrapper: [String] = []) throws {
            log = directory.appendingPathComponent("daemon.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let glance = try glanceBinary().deletingLastPathComponent().appendingPathComponent(executable).path
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            if ignoringHangUp {
                // As nohup starts it: SIGHUP ignored before glance runs.
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "trap '' HUP; exec \"$0\" \"$@\"", glance] + arguments
            } else if let launcher = wrapper.first {
                process.executableURL = URL(fileURLWithPath: launcher)
                process.arguments = Array(wrapper.dropFirst()) + [glance] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: glance)
                process.arguments = arguments
            }
            process.currentDirectoryURL = directory
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        }

        var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// Waits (polling every 20 ms, at most 10 s) until the log holds `needle` `times` times.
        @discardableResult
        /// `seconds`: the hang guard (longer for what a thread at the lowest priority says).
        func waitFor(_ needle: String, times: Int = 1, seconds: Int = 10) -> Bool {
            for _ in 0..<(seconds * 50) {
                if text.components(separatedBy: needle).count - 1 >= times { return true }
                usleep(20_000)
            }
            return false
        }

        func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

        /// The daemon's threads now (`/proc/PID/task`).
        var threads: Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task").count) ?? -1
        }

        /// The daemon's threads by name (`/proc/PID/task/*/comm`), sorted: said when a count
        /// differs, so a failure names the thread that stayed.
        var threadNames: [String] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task")) ?? []
            return tasks.map {
                ((try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\($0)/comm", encoding: .utf8)) ?? "?")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }.sorted()
        }

        /// The daemon's threads once they are `limit` or fewer (threads given up end on their
        /// own, soon after), or as many as are left after 2 s.
        func threads(settlingTo limit: Int) -> Int {
            var count = threads
            for _ in 0..<100 where count > limit {
                usleep(20_000)
                count = threads
            }
            return count
        }

        func stop() -> Int32 {
            if process.isRunning { send(SIGTERM) }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    func config(title: String) -> String {
        "timezone: UTC\ndisplay: {backend: file, path: out}\nslots:\n  - {kind: countdown, family: systemMedium, params: {title: \(title), target: \"2027-01-03\"}}\n"
    }

    /// SIGHUP reads the file again: a valid one is shown, a broken one is reported and the
    /// display keeps running on the old one; SIGTERM then stops it cleanly (exit 0).
    @Test func hangUpReloadsTheConfiguration() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("wall.yaml")
        try config(title: "Launch").write(to: file, atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")

        try config(title: "Landing").write(to: file, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(daemon.waitFor("SIGHUP: read wall.yaml again"), "\(daemon.text)")
        #expect(daemon.waitFor("start → partial refresh"), "\(daemon.text)")   // the new title, drawn where it changed

        try "slots: [".write(to: file, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(daemon.waitFor("the display keeps the configuration it had"), "\(daemon.text)")
        #expect(daemon.process.isRunning)
        #expect(daemon.stop() == 0)
        #expect(daemon.text.contains("stopped"))
    }

    /// A reload uses the file's slots at once and says which settings wait for a restart
    /// (here `stop_timeout:`, read when the daemon starts), again at each reload until the
    /// file says what runs again.
    @Test func aReloadSaysWhatWaitsForARestart() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("wall.yaml")
        try ("stop_timeout: 10\n" + config(title: "Launch")).write(to: file, atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        let waits = "SIGHUP: wall.yaml: stop_timeout: changed; restart glance to use it (the rest of the file is in use now)"

        try ("stop_timeout: 20\n" + config(title: "Landing")).write(to: file, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(daemon.waitFor(waits), "\(daemon.text)")
        #expect(daemon.waitFor("start → partial refresh"), "\(daemon.text)")   // the new title is used
        try ("stop_timeout: 20\n" + config(title: "Orbit")).write(to: file, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(daemon.waitFor(waits, times: 2), "\(daemon.text)")
        try ("# as at the start\nstop_timeout: 10.0\n" + config(title: "Orbit")).write(to: file, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(daemon.waitFor("SIGHUP: read wall.yaml again", times: 3), "\(daemon.text)")
        #expect(daemon.stop() == 0)
        #expect(daemon.text.components(separatedBy: waits).count - 1 == 2, "\(daemon.text)")
    }

    /// A host replaced by SIGHUP takes its slots' threads with it: 14 reloads of three
    /// slots leave the daemon with the threads it had (each left three behind before).
    @Test func reloadsLeaveNoThreadsBehind() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let slot = { (name: String) in "  - {name: \(name), kind: countdown, family: systemSmall, params: {title: \(name), target: \"2027-01-03\"}}\n" }
        try ("timezone: UTC\ndisplay: {backend: file, path: out}\nslots:\n" + slot("a") + slot("b") + slot("c"))
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        defer { #expect(daemon.stop() == 0) }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        var reloads = 0
        func reload(_ count: Int) {
            for _ in 0..<count {
                reloads += 1
                daemon.send(SIGHUP)
                #expect(daemon.waitFor("SIGHUP: read wall.yaml again", times: reloads), "\(daemon.text)")
                // Each new host's three slots fetched on their threads.
                #expect(daemon.waitFor(": start → ", times: 3 * (reloads + 1)), "\(daemon.text)")
            }
        }
        // Once first: what the first reload starts for good (if anything) is not a leak.
        reload(1)
        let (before, names) = (daemon.threads, daemon.threadNames)
        reload(14)
        let after = daemon.threads(settlingTo: before)
        print("glance run, 3 slots, 14 SIGHUPs: threads \(before) -> \(after)")
        // Fewer is not a leak: a thread counted before (a pool's worker) may end on its own.
        #expect(after <= before, "before: \(names); after: \(daemon.threadNames)")
    }

    /// Waits (at most a minute, a hang guard) for the daemon to exit; kills it if it does not.
    func exited(_ daemon: Daemon) -> Bool {
        for _ in 0..<3000 where daemon.process.isRunning { usleep(20_000) }
        if daemon.process.isRunning {
            daemon.send(SIGKILL)
            daemon.process.waitUntilExit()
            return false
        }
        return true
    }

    /// Stopping is bounded whatever holds it (at the thread limit the daemon once logged
    /// "stopped" and hung for ever in its HTTP server's shutdown): a step that never
    /// returns is left after stop_timeout:, with one line naming it and exit status 1.
    @Test func stoppingEndsWithinTheStopTimeoutWhateverHoldsIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (config(title: "Launch") + "stop_timeout: 0.3\n").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, environment: ["GLANCE_TEST_HOLD_STOP": "1"])
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        daemon.send(SIGTERM)
        #expect(exited(daemon), "\(daemon.text)")
        #expect(daemon.process.terminationReason == .exit && daemon.process.terminationStatus == 1)
        #expect(daemon.text.contains("glance: still stopping after 300 ms (stop_timeout), stuck in a step held on purpose"), "\(daemon.text)")
    }

    /// Asked twice, the daemon does not wait for its stop timeout: the second SIGTERM ends it.
    @Test func aSecondTerminationEndsStoppingAtOnce() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (config(title: "Launch") + "stop_timeout: 600\n").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, environment: ["GLANCE_TEST_HOLD_STOP": "1"])
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        daemon.send(SIGTERM)
        #expect(daemon.waitFor("glance: stopped"), "\(daemon.text)")
        // Held in its last step: only the second SIGTERM ends it (by the signal, not an
        // exit of its own, which a daemon that stopped by itself would have made).
        #expect(daemon.process.isRunning)
        daemon.send(SIGTERM)
        #expect(exited(daemon), "\(daemon.text)")
        #expect(daemon.process.terminationReason == .uncaughtSignal && daemon.process.terminationStatus == SIGTERM)
        #expect(!daemon.text.contains("still stopping after"), "\(daemon.text)")
    }

    /// Started under nohup, SIGHUP stays ignored: the daemon neither stops nor reloads.
    @Test func anIgnoredHangUpStaysIgnored() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try config(title: "Launch").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, ignoringHangUp: true)
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        daemon.send(SIGHUP)
        // An ignored signal is dropped when it is sent; one that is not would be pending
        // and taken before the SIGTERM that stop() sends (the lower number first). So the
        // daemon ends by that SIGTERM, at its own exit, having said nothing of a SIGHUP.
        #expect(daemon.stop() == 0)
        #expect(daemon.process.terminationReason == .exit)
        #expect(!daemon.text.contains("SIGHUP"), "\(daemon.text)")
        #expect(daemon.text.contains("stopped"), "\(daemon.text)")
    }

    /// A closed pipe on stderr (`glance run 2>&1 | head -1`) does not kill the daemon.
    @Test func aClosedPipeDoesNotKillTheDaemon() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try config(title: "Launch").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try glanceBinary()
        process.arguments = ["run", "--config", "wall.yaml"]
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        // Read the first line, then close the reading end, as `head -1` does.
        var first = Data()
        while !first.contains(0x0A), let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty { first.append(byte) }
        try pipe.fileHandleForReading.close()
        // The daemon writes a line at every wake; make one happen: a key-less reload.
        // Then stop it, which writes "stopped" to the closed pipe as well: a daemon killed
        // by SIGPIPE at either write ends by that signal, not by its own exit.
        kill(process.processIdentifier, SIGHUP)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "the daemon died by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }
}

/// A disk that fills up mid-frame (the seam: a file-size limit in the child, writes past it
/// fail as they would on a full disk): the old frame pair stays whole and matching, no
/// temporary file is left, and the failure is said once.
@Suite struct FullDiskTests {
    @Test func theFramePairStaysConsistentWhenTheDiskFills() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func config(_ title: String) -> String {
            "timezone: UTC\ndisplay: {backend: file, path: out}\nslots:\n  - {kind: countdown, family: systemMedium, params: {title: \(title), target: \"2027-01-03\"}}\n"
        }
        try config("Launch").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        #expect(try runGlance(["run", "--config", "wall.yaml", "--once"], in: directory).status == 0)
        let out = directory.appendingPathComponent("out")
        let png = try Data(contentsOf: out.appendingPathComponent("frame.png"))
        let raw = try Data(contentsOf: out.appendingPathComponent("frame.raw"))

        try config("Landing").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // 16 blocks of 512 bytes: the 48,000-byte frame.raw cannot be written.
        process.arguments = ["-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" run --config wall.yaml --once", try glanceBinary().path]
        process.currentDirectoryURL = directory
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(stderr.components(separatedBy: "frame.raw: cannot be written").count - 1 == 1, "\(stderr)")
        #expect(stderr.contains("the previous frame stays"))
        #expect(try Data(contentsOf: out.appendingPathComponent("frame.png")) == png)
        #expect(try Data(contentsOf: out.appendingPathComponent("frame.raw")) == raw)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: out.path)).contains { $0.contains(".tmp-") })
    }
}
