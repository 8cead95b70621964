import Foundation
import GlanceTestSupport
import Testing

/// The data widgets through the built `glance`: against a server on 127.0.0.1 that the
/// test starts.
@Suite struct DataWidgetCommandTests {
    func statConfig(_ server: TestHTTPServer, extra: String = "") -> String {
        """
        timezone: Asia/Seoul
        display: {backend: file, path: frames, size: 170x170}
        \(extra)
        slots:
          - name: visitors
            kind: stat
            family: systemSmall
            params: {url: "\(server.baseURL)/stats.json", path: data.total, title: Visitors}
        """
    }

    func simulate(_ config: String, until: String) throws -> [String] {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try config.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["simulate", "--config", "wall.yaml", "--from", "2026-11-23T09:00:00+09:00", "--until", until],
                                   in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map { line in
            let fields = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: String] ?? [:]
            return "\(fields["at"]?.dropFirst(11).prefix(5) ?? "?") \(fields["reason"] ?? "?")"
        }
    }

    @Test func aFailingServerIsRetriedOnTheLadderInSimulate() throws {
        let server = try TestHTTPServer()
        server.route("/stats.json", .json(#"{"error": "maintenance"}"#, status: 500))
        #expect(try simulate(statConfig(server), until: "2026-11-23T10:40:00+09:00")
            == ["09:00 start", "09:02 retry", "09:06 retry", "09:14 retry", "09:30 retry", "10:00 retry", "10:30 retry"])
    }

    @Test func aGoodServerIsAskedEveryTenMinutes() throws {
        let server = try TestHTTPServer()
        server.route("/stats.json", .json(#"{"data": {"total": 12480}}"#))
        #expect(try simulate(statConfig(server), until: "2026-11-23T09:35:00+09:00")
            == ["09:00 start", "09:10 reload", "09:20 reload", "09:30 reload"])
        #expect(server.requests(to: "/stats.json").count == 4)
    }

    /// A restart with the server down shows the kept entry in its first frame.
    @Test func aRestartWithoutTheServerShowsTheLastGoodEntry() throws {
        let server = try TestHTTPServer()
        server.route("/stats.json", .json(#"{"data": {"total": 4242}}"#))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try statConfig(server, extra: "state_dir: state").write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let first = try runGlance(["run", "--once", "--config", "wall.yaml"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let frame = directory.appendingPathComponent("frames/frame.png")
        let good = try Data(contentsOf: frame)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("state/entries/visitors.json").path))

        server.stop()
        try FileManager.default.removeItem(at: frame)
        let second = try runGlance(["run", "--once", "--config", "wall.yaml"], in: directory)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("slot visitors (stat):") && second.stderr.contains("keeping the last good entry"), "\(second.stderr)")
        #expect(try Data(contentsOf: frame) == good)
    }

    /// `glance render` of a widget whose provider fails says why, in the daemon's words,
    /// and writes nothing unless --allow-placeholder; a good answer renders quietly.
    @Test func aRenderWhoseProviderFailsSaysWhyAndExitsNonZero() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try TestHTTPServer()
        let arguments = ["render", "stat", "--family", "systemSmall", "--param", "url=\(server.baseURL)/stats.json", "--param", "path=data.total",
                         "--param", "title=Visitors", "--at", "2026-11-23T09:00:00+09:00", "--out", "x.png"]

        // Nothing listening: the connection is refused.
        let closed = try TestHTTPServer()
        closed.stop()
        var down = arguments
        down[5] = "url=\(closed.baseURL)/stats.json"
        let refused = try runGlance(down, in: directory)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("glance: stat: "), "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix("; nothing written (--allow-placeholder writes what its provider gives meanwhile)\n"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.png").path))

        // An answer without the field: the same words as the daemon's log.
        server.route("/stats.json", .json(#"{"data": {"count": 3}}"#))
        let missing = try runGlance(arguments, in: directory)
        #expect(missing.status == 1)
        let daemon = try simulateLog(statConfig(server))
        let reason = try #require(missing.stderr.split(separator: ": ", maxSplits: 2).last?.split(separator: ";").first, "\(missing.stderr)")
        #expect(daemon.contains("slot visitors (stat): \(reason);"), "render said \(missing.stderr), the daemon \(daemon)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.png").path))

        // Asked for: the placeholder is written, the failure still said, exit 0.
        let allowed = try runGlance(arguments + ["--allow-placeholder"], in: directory)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("glance: stat: \(reason); writing what its provider gives meanwhile\n"), "\(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.png").path))

        // A good answer: no word of failure.
        server.route("/stats.json", .json(#"{"data": {"total": 12480}}"#))
        let good = try runGlance(arguments, in: directory)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(!good.stderr.contains("meanwhile"), "\(good.stderr)")
    }

    /// What `glance run --once` logs for `config`.
    func simulateLog(_ config: String) throws -> String {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try config.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        return try runGlance(["run", "--once", "--config", "wall.yaml"], in: directory).stderr
    }
}

@Suite struct GalleryCommandTests {
    @Test func everyFamilyInColourAndBWWithAContactSheet() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runGlance(["gallery", "--out", "g", "--at", "2026-11-23T09:00:00+09:00", "--timezone", "Asia/Seoul",
                                    "--locale", "en_US", "--strip", "strip.png"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("g").path)
        let sheet = try String(contentsOf: directory.appendingPathComponent("g/index.html"), encoding: .utf8)
        // Every built-in widget, every family it supports, both palettes, all on the sheet.
        let widgets = try runGlance(["widgets"]).stdout
        for kind in ["countdown", "weekday", "stat"] {
            #expect(widgets.contains(kind))
            #expect(files.contains("\(kind)-systemSmall.png") && files.contains("\(kind)-systemSmall-bw.png"), "\(kind): \(files)")
            #expect(sheet.contains("src=\"\(kind)-systemSmall-bw.png\""))
        }
        #expect(files.filter { $0.hasSuffix("-bw.png") }.count * 2 == files.filter { $0.hasSuffix(".png") }.count)
        #expect(!sheet.contains("placeholder ("), "a built-in widget had no configuration to show: \(sheet)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("strip.png").path))
    }

    @Test func anUnknownKindIsAUsageError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runGlance(["gallery", "--out", "g", "--kind", "nope"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown widget kind 'nope'"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("g").path))
    }
}

/// The heatmap's file, watched by the running daemon: a change reloads the slot, and
/// nothing wakes the process while the file stays as it is.
@Suite(.serialized) struct HeatmapFileWatchTests {
    typealias Daemon = DaemonSignalTests.Daemon

    /// Voluntary context switches of every thread of `pid` (each is a wakeup).
    func wakeups(of pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return total + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
        }
    }

    @Test func aChangedFileReloadsTheSlotAndAnUnchangedOneWakesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("runs.csv")
        try "date,value\n2026-11-20,3\n".write(to: data, atomically: true, encoding: .utf8)
        // The heatmap's next wake is the next midnight: a zone whose midnight is an hour or
        // more away, so that the loop's idleness below is measured away from it.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Asia/Seoul"))
        let midnight = try #require(calendar.nextDate(after: Date(), matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime))
        let zone = midnight.timeIntervalSinceNow > 3600 ? "Asia/Seoul" : "UTC"
        try """
            timezone: \(zone)
            state_dir: state
            minimum_reload_interval: 1
            display: {backend: file, path: frames, size: 364x170}
            slots:
              - {name: activity, kind: heatmap, family: systemMedium, params: {file: "\(data.path)"}}
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        defer { _ = daemon.stop() }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")

        // An editor's save: a new file renamed over the old one. Within the minimum
        // reload interval of the first frame, the reload waits for it, and then happens.
        try "date,value\n2026-11-20,3\n2026-11-21,9\n".write(to: data, atomically: true, encoding: .utf8)
        let reload = "activity: reload → partial refresh"
        #expect(daemon.waitFor(reload), "\(daemon.text)")

        // After it the loop plans its next wake and waits: that line, and the instant it
        // names, show that nothing is due; then no thread of the daemon wakes, and the
        // save gave that one reload.
        var planned: Date?
        for _ in 0..<500 where planned == nil {
            planned = daemon.text.components(separatedBy: reload).last?
                .components(separatedBy: "glance: next wake: ").dropFirst().first?
                .split(separator: "\n").first.flatMap { ISO8601DateFormatter().date(from: String($0)) }
            if planned == nil { usleep(20_000) }
        }
        let next = try #require(planned, "\(daemon.text)")
        #expect(next.timeIntervalSinceNow > 60, "next wake \(next)")
        let before = wakeups(of: daemon.process.processIdentifier)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(wakeups(of: daemon.process.processIdentifier) == before)
        #expect(daemon.text.components(separatedBy: "activity: reload").count == 2, "\(daemon.text)")
    }
}
