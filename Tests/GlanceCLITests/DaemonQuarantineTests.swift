import Foundation
import Glibc
import Testing

/// A widget that crashes or hangs the real daemon (`trap-widget`, Tests/TrapWidget): the
/// test restarts the process as systemd would; the next run shows the slot's error card,
/// says so once, and runs the other slot on.
@Suite(.serialized) struct DaemonQuarantineTests {
    typealias Daemon = DaemonSignalTests.Daemon

    /// The trapping slot on the left half, a ticker (a new entry every 200 ms) on the right.
    func config(trap: String, extra: String = "") -> String {
        """
        timezone: UTC
        state_dir: state
        display: {backend: file, path: frames, size: 400x200, colors: bw}
        slots:
          - {name: trap, kind: TrapWidget, family: systemSmall, origin: [0, 0], size: 200x200, params: {trap: \(trap)}}
          - {name: tick, kind: Ticker, family: systemSmall, origin: [200, 0], size: 200x200}
        \(extra)
        """
    }

    /// The line of TrapWidget.swift holding `needle`: where the crash site must point.
    func line(of needle: String) throws -> Int {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../TrapWidget/TrapWidget.swift")
        let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(needle) }) + 1
    }

    /// Runs the daemon until it dies (bounded: the backtracer takes well under a second);
    /// returns its log.
    func runUntilItCrashes(in directory: URL) throws -> (signal: Int32, log: String) {
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, executable: "trap-widget")
        for _ in 0..<1500 where daemon.process.isRunning { usleep(20_000) }
        #expect(!daemon.process.isRunning, "the widget did not crash the daemon: \(daemon.text)")
        // A daemon stuck in widget code does not read its SIGTERM.
        if daemon.process.isRunning { daemon.send(SIGKILL) }
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationReason == .uncaughtSignal, "\(daemon.text)")
        return (daemon.process.terminationStatus, daemon.text)
    }

    /// The frame's panel bytes (1 bit a pixel, 1 = white, rows of 50 bytes): the left
    /// half (the trapping slot) and the right half (the ticker).
    /// The slot named `name` in `glance status --json`'s answer.
    static func slot(_ name: String, in json: String) -> [String: Any]? {
        let report = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (report?["slots"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    func halves(in directory: URL) throws -> (left: [UInt8], right: [UInt8]) {
        let raw = [UInt8](try Data(contentsOf: directory.appendingPathComponent("frames/frame.raw")))
        #expect(raw.count == 50 * 200)
        var left: [UInt8] = [], right: [UInt8] = []
        for row in 0..<200 {
            left += raw[(row * 50)..<(row * 50 + 25)]
            right += raw[(row * 50 + 25)..<(row * 50 + 50)]
        }
        return (left, right)
    }

    func glance(_ arguments: [String], in directory: URL) throws -> Result {
        try runGlance(arguments + ["--config", directory.appendingPathComponent("wall.yaml").path])
    }

    @Test func aCrashingWidgetIsQuarantinedAndTheOtherSlotsRunOn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try config(trap: "drawing").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let site = "TrapWidget.swift:\(try line(of: "entry.lines[0]"))"

        // The view indexes an empty array: the daemon dies of the trap, as it did before.
        let crashed = try runUntilItCrashes(in: directory)
        #expect(crashed.signal == SIGILL || crashed.signal == SIGTRAP, "\(crashed.log)")
        #expect(crashed.log.contains("Fatal error: Index out of range"), "\(crashed.log)")
        #expect(crashed.log.contains("glance: crashed; the backtrace is in ./state/crash/backtrace-"), "\(crashed.log)")

        // systemd starts it again: the slot is quarantined, said once, with the site.
        var daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, executable: "trap-widget")
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        let said = "slot trap (TrapWidget): quarantined: it crashed the daemon while drawing: Index out of range at \(site) (glance reload trap tries it again)"
        #expect(daemon.text.components(separatedBy: "quarantined").count - 1 == 1, "\(daemon.text)")
        #expect(daemon.text.contains(said), "\(daemon.text)")
        var status = try glance(["status", "--json"], in: directory)
        let trap = try #require(Self.slot("trap", in: status.stdout), "\(status.stdout)")
        #expect((trap["shows"] as? [String])?.prefix(3) == ["TrapWidget stopped", "Index out of range", site], "\(status.stdout)")
        let quarantined = trap["quarantined"] as? [String: Any]
        #expect(quarantined?["phase"] as? String == "drawing" && quarantined?["what"] as? String == "Index out of range", "\(status.stdout)")
        #expect(status.stdout.contains("TrapWidget/TrapWidget.swift:\(try line(of: "entry.lines[0]"))\""), "\(status.stdout)")

        // The card is on the wall: ink in the slot, and its border's top edge a long black run.
        var first = try halves(in: directory)
        let blackPixels = first.left.reduce(0) { $0 + 8 - $1.nonzeroBitCount }
        #expect(blackPixels > 1000, "the trapping slot is blank")
        #expect(first.left[25..<50].filter { $0 == 0 }.count >= 20, "no border along the card's top")
        // The ticker's half changes while the card's stays.
        var changed = false
        for _ in 0..<250 where !changed {
            usleep(20_000)
            let now = try halves(in: directory)
            changed = now.right != first.right
            #expect(now.left == first.left)
        }
        #expect(changed, "the ticker stopped: \(daemon.text)")

        // A person lets it out: it crashes again, and the next run quarantines it again.
        let reload = try glance(["reload", "trap"], in: directory)
        #expect(reload.stdout.contains("reloading slot trap; trap out of quarantine, trying again"), "\(reload.stdout) \(reload.stderr)")
        for _ in 0..<1500 where daemon.process.isRunning { usleep(20_000) }
        if daemon.process.isRunning { daemon.send(SIGKILL) }
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationReason == .uncaughtSignal, "\(daemon.text)")
        #expect(daemon.text.contains("out of quarantine (glance reload)"), "\(daemon.text)")
        daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, executable: "trap-widget")
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        #expect(daemon.text.components(separatedBy: "quarantined").count - 1 == 1 && daemon.text.contains(said), "\(daemon.text)")

        // A parameter that makes it healthy: out of quarantine, and drawn.
        let set = try glance(["set", "trap.trap", "none"], in: directory)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(daemon.waitFor("trap: intent →"), "\(daemon.text)")
        status = try glance(["status", "--json"], in: directory)
        #expect(Self.slot("trap", in: status.stdout)?["shows"] as? [String] == ["healthy none"] && !status.stdout.contains("quarantined"), "\(status.stdout)")
        first = try halves(in: directory)
        #expect(first.left[25..<50].filter { $0 == 0 }.count < 20, "the card is still there")
        #expect(!(try String(contentsOf: directory.appendingPathComponent("state/quarantine.json"), encoding: .utf8)).contains("\"slot\""))
        #expect(daemon.stop() == 0)
        // A clean stop leaves no record of its own.
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("state/crash").path)
        #expect(left.allSatisfy { $0.hasPrefix("backtrace-") }, "\(left)")
    }

    /// A value that crashed the slot is refused when set again (by the page, MQTT or the
    /// socket), so it cannot crash the daemon at will; another value lets the slot out, and
    /// only `glance reload SLOT`, a person's act, lets the crashing one be tried again.
    @Test func aValueThatCrashedTheSlotIsRefusedWhenSetAgain() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try config(trap: "drawing").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        _ = try runUntilItCrashes(in: directory)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, executable: "trap-widget")
        defer { _ = daemon.stop() }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        let refusal = "trap.trap: refused: with this value the slot crashed the daemon while drawing: Index out of range"
        var again = try glance(["set", "trap.trap", "drawing"], in: directory)
        #expect(again.status != 0 && again.stderr.contains(refusal), "\(again.status) \(again.stderr)")
        #expect(try glance(["status", "--json"], in: directory).stdout.contains("\"quarantined\""))
        // Another value: out, and healthy.
        #expect(try glance(["set", "trap.trap", "none"], in: directory).status == 0)
        #expect(daemon.waitFor("trap: intent →"), "\(daemon.text)")
        again = try glance(["set", "trap.trap", "drawing"], in: directory)
        #expect(again.status != 0 && again.stderr.contains(refusal), "\(again.status) \(again.stderr)")
        #expect(daemon.process.isRunning)
        let status = try glance(["status", "--json"], in: directory)
        #expect(Self.slot("trap", in: status.stdout)?["shows"] as? [String] == ["healthy none"], "\(status.stdout)")
        // A person names the slot: the value may be set again (and crashes it again).
        #expect(try glance(["reload", "trap"], in: directory).status == 0)
        let tried = try glance(["set", "trap.trap", "drawing"], in: directory)
        #expect(tried.status == 0, "\(tried.stderr)")
        for _ in 0..<1500 where daemon.process.isRunning { usleep(20_000) }
        #expect(!daemon.process.isRunning, "the value set after the reload was not tried: \(daemon.text)")
    }

    /// A view that never returns: the hang guard (`draw_timeout`) stops the daemon, and
    /// the next run quarantines the slot, naming where it was stuck.
    @Test func aWidgetThatHangsIsStoppedAndQuarantined() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try config(trap: "hang", extra: "draw_timeout: 0.2").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let crashed = try runUntilItCrashes(in: directory)
        #expect(crashed.signal == SIGABRT, "\(crashed.log)")

        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, executable: "trap-widget")
        defer { _ = daemon.stop() }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        // Where it was stuck: the loop's line, or (when the instruction it stopped at has
        // no line of its own) the line that called it.
        let sites = try ["while turns >= 0", "Text(spin())"].map { "no return within 0.2 s at TrapWidget.swift:\(try line(of: $0)) " }
        #expect(daemon.text.contains("slot trap (TrapWidget): quarantined: it hung the daemon while drawing: "), "\(daemon.text)")
        #expect(sites.contains { daemon.text.contains($0) }, "\(daemon.text)")
        let status = try glance(["status"], in: directory)
        #expect(status.stdout.contains("TrapWidget stopped · no return within 0.2 s"), "\(status.stdout)")
        #expect(status.stdout.contains("tick (Ticker, systemSmall): tick "), "\(status.stdout)")
    }

    /// A published widget that traps (the corpus's uwdev-quotes: its snapshot has no quotes
    /// and its view shows quotes[0]) in a `preview: true` slot beside a countdown.
    @Test func aPublishedWidgetThatTrapsIsQuarantined() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            timezone: UTC
            state_dir: state
            display: {backend: file, path: frames, size: 400x200, colors: bw}
            slots:
              - {name: quotes, kind: Widget2, family: systemSmall, origin: [0, 0], size: 200x200, preview: true}
              - {name: launch, kind: countdown, family: systemSmall, origin: [200, 0], size: 200x200, params: {title: Launch, target: "2027-01-03"}}
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Corpus/uwdev-quotes/Widget2.swift")
        let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("Text(entry.quotes[levelValue])") }) + 1
        // Its @AppStorage reads the app group's level from here (none: level 0).
        let environment = ["XDG_CONFIG_HOME": directory.path]
        var daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, executable: "corpus-uwdev-quotes", environment: environment)
        for _ in 0..<1500 where daemon.process.isRunning { usleep(20_000) }
        if daemon.process.isRunning { daemon.send(SIGKILL) }
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationReason == .uncaughtSignal, "\(daemon.text)")

        daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, executable: "corpus-uwdev-quotes", environment: environment)
        defer { _ = daemon.stop() }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        #expect(daemon.text.contains("slot quotes (Widget2): quarantined: it crashed the daemon while drawing: Index out of range at Widget2.swift:\(line) "),
                "\(daemon.text)")
        let status = try glance(["status"], in: directory)
        #expect(status.stdout.contains("quotes (Widget2, systemSmall): Widget2 stopped · Index out of range · Widget2.swift:\(line)"), "\(status.stdout)")
        #expect(status.stdout.contains("launch (countdown, systemSmall): LAUNCH"), "\(status.stdout)")
    }
}
