import GlanceSystem
import ArgumentParser
import FoundationEssentials
import GlanceTime
import Glibc
import GlanceRunner

/// Runs a real daemon (`glance run`) with MQTT, a TRMNL device and a heatmap watching a
/// file, pushes it through everything that makes and drops threads, descriptors, file
/// watchers and memory, over and over, and checks it holds as much at the end as after
/// its warm-up (issue 28).
struct SoakBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run a real daemon through SIGHUPs, set, MQTT commands, TRMNL resizes, broker restarts and file moves; fail if it leaks.",
        discussion: """
        In a scratch folder: a configuration of three slots (a countdown, the weekday, a \
        heatmap reading a CSV in a folder), a state_dir, an mqtt: section for a mosquitto \
        started on a free port (without mosquitto, said, and the rest soaked) and a trmnl: \
        device on a free port; then `glance run` on it. After a warm-up (every kind of \
        cycle once, so that caches, fonts and lazily made threads exist) it reads the \
        daemon's threads (/proc/PID/task), descriptors (/proc/PID/fd), inotify instances, \
        VmRSS and Private_Dirty (smaps_rollup), then loops until the time is up: SIGHUP \
        (the file edited every other time: a slot swapped for a second heatmap), glance set \
        of the heatmap's file to another folder and back and of a title, MQTT commands \
        (reload, full_refresh, a title, notify and its dismissal), TRMNL /api/setup and \
        /api/display of a changing Width and Height, now and then from its button (and the \
        frame fetched), a broker \
        restart every 20 s (the daemon must connect again within 20 s), the CSV written elsewhere and \
        moved over, the folder moved away and made anew; glance status answering after \
        every cycle. At the end everything is put back as at the baseline, the daemon left \
        to go quiet, and measured again (up to 15 s, for a closing connection or a thread \
        on its way out). Margins: threads +1, descriptors +2, inotify +0, memory \
        +max(2 MiB, 10 %). Exits 1 if anything grew past its margin, the daemon died, \
        logged a crash or stopped answering. Last line: soak_seconds=N cycles=C \
        threads=B->A fds=B->A inotify=B->A rss_kib=B->A private_dirty_kib=B->A result=pass|fail
        """
    )

    @Option(help: "How long to soak, in minutes (default 3), after a warm-up of about 10 s.")
    var minutes: Double?

    @Option(help: "How long to soak, in seconds: for short runs such as CI's.")
    var seconds: Double?

    @Flag(help: "Keep the scratch folder (configuration, logs, frames) and say where it is.")
    var keep = false

    func validate() throws {
        if minutes != nil && seconds != nil { throw ValidationError("give --minutes or --seconds, not both") }
        if let minutes, !(minutes > 0 && minutes <= 1440) { throw ValidationError("--minutes must be more than 0 and at most 1440") }
        if let seconds, !(seconds >= 5 && seconds <= 86_400) { throw ValidationError("--seconds must be between 5 and 86400") }
    }

    func run() throws {
        let duration = seconds ?? (minutes ?? 3) * 60
        let rig = try SoakRig()
        defer { rig.finish(keep: keep) }
        let failures = try rig.soak(for: duration)
        // Exit 1, each finding on standard error after the table.
        guard failures.isEmpty else { throw RuntimeError(message: "the soak failed:\n  " + failures.joined(separator: "\n  ")) }
    }
}

/// The scratch folder, the broker and the daemon of one soak, and the cycles done to it.
final class SoakRig {
    /// The cycles, in the order the table prints them.
    enum Cycle: String, CaseIterable {
        case sighup, configEdit = "config-edit", set, mqtt, trmnl, trmnlResize = "trmnl-resize", brokerRestart = "broker-restart"
        case fileMove = "file-move", folderReplace = "folder-replace", status
    }

    let folder: String
    let configPath: String
    /// This executable's path, for the control commands (`glance set`, `glance status`).
    let executable: String
    let trmnlPort: UInt16
    let broker: SoakBroker?
    private(set) var daemon: ChildProcess?
    private var counts: [Cycle: Int] = [:]
    private var failures: [String] = []
    /// The TRMNL device's token, from its first /api/setup.
    private var token: String?
    /// The TRMNL sizes a device reports in turn; the first is the baseline's.
    private let trmnlSizes = [(800, 480), (400, 300), (640, 384), (480, 800)]
    private var trmnlSize = 0
    /// Whether the config file now holds the edited variant.
    private var edited = false
    private var moves = 0
    /// After a broker restart: the daemon's "mqtt: connected" lines before it, and when
    /// the daemon must have connected again by.
    private var awaitingReconnect: (seen: Int, by: Date)?
    private var lastBrokerRestart = Date.now
    /// How far the daemon's output has been read, its connections to the broker so far,
    /// and the MQTT commands it logged taking.
    private var scanned = 0
    private var connections = 0
    private var commandsTaken = 0

    static let device = "02:00:00:00:00:01"
    static let node = "soak"

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-soak-\(getpid())").path
        // Owner only: the state folder is in it, and the daemon refuses one others may write.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        configPath = folder + "/soak.yaml"
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &target, target.count - 1)
        guard length > 0 else { throw RuntimeError(message: "cannot read /proc/self/exe: \(SystemErrno(errno).description)") }
        executable = String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A binary just linked sits in dirty page cache, which smaps counts as the daemon's
        // private dirty memory until it is written back (and so seems to shrink): write it back.
        let binary = open(executable, O_RDONLY | O_CLOEXEC)
        if binary >= 0 {
            _ = fsync(binary)
            close(binary)
        }
        trmnlPort = try SoakClients.freePort()
        if let mosquitto = SoakBroker.findExecutable() {
            broker = try SoakBroker(executable: mosquitto, port: try SoakClients.freePort(), folder: folder)
        } else {
            broker = nil
            say("mosquitto not found (on PATH or /usr/sbin; apt install mosquitto): soaking without MQTT and broker restarts")
        }
    }

    /// Stops the daemon and the broker; removes the folder unless `keep`.
    func finish(keep: Bool) {
        daemon?.stop()
        broker?.stop()
        if keep {
            if let daemon { try? Data(daemon.output.utf8).write(to: URL(fileURLWithPath: folder + "/glance.log")) }
            say("the soak's folder: \(folder) (glance.log is the daemon's output)")
        } else {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Sets up, warms up, soaks for `duration` seconds and measures; the failures found.
    func soak(for duration: Double) throws -> [String] {
        try writeData(in: folder + "/data", day: 0)
        try writeData(in: folder + "/data-b", day: 1)
        try writeConfig(edited: false)
        try broker?.start()
        let daemon = try ChildProcess(arguments: ["run", "--config", configPath])
        self.daemon = daemon
        guard daemon.nextWakeAnnouncement(timeout: 60) != nil else {
            throw RuntimeError(message: "the daemon did not show its first frame within 60 s:\n\(daemon.output)")
        }
        let started = Date.now
        say("soak: glance run (pid \(daemon.pid)) on \(configPath); TRMNL on port \(trmnlPort)"
              + (broker.map { ", mosquitto on port \($0.port)" } ?? ""))

        // The warm-up: each kind of cycle at least once, then back to the baseline's state.
        for step in 0..<24 where failures.isEmpty { try cycle(step, warmUp: true) }
        if broker != nil { try restartBroker() }
        try restore()
        guard failures.isEmpty, let before = quietMeasures() else {
            return failures.isEmpty ? ["the daemon died during the warm-up:\n\(daemon.output)"] : failures
        }
        say("warm-up: \(Int(Date.now.timeIntervalSince(started))) s; baseline: \(describe(before))")
        counts = [:]
        connections = 0
        commandsTaken = 0
        lastBrokerRestart = .now

        let soakStart = Date.now
        let end = soakStart.addingTimeInterval(duration)
        var step = 0
        var lastReport = Date.now
        while Date.now < end && failures.isEmpty {
            let began = Date.now
            // A client that cannot even connect (the TRMNL server gone, say) is a finding too.
            do { try cycle(step, warmUp: false) } catch { fail("\(error)") }
            step += 1
            if Date.now.timeIntervalSince(lastReport) >= 60, let now = SoakMeasures.read(daemon.pid) {
                say("after \(Int(Date.now.timeIntervalSince(soakStart))) s: \(describe(now)); \(step) cycles")
                lastReport = .now
            }
            // At most two cycles a second: MQTT commands stay under the daemon's rate limit.
            let left = 0.5 - Date.now.timeIntervalSince(began)
            if left > 0 { pause(seconds: left) }
        }
        let soaked = Date.now.timeIntervalSince(soakStart)
        if failures.isEmpty {
            do { try restore() } catch { fail("\(error)") }
        }

        // Settling: a connection on its way to closing, a host's thread ending, the
        // allocator giving back; a leak does not go away in 15 s. After a failure the
        // table still tells what the daemon held then.
        var after = (failures.isEmpty ? quietMeasures() : SoakMeasures.read(daemon.pid)) ?? SoakMeasures()
        var limits = SoakLimit.limits(before: before, after: after)
        let settleBy = Date.now.addingTimeInterval(15)
        while failures.isEmpty && !limits.allSatisfy(\.passes) && Date.now < settleBy && daemon.exitStatusIfExited() == nil {
            pause(seconds: 1)
            daemon.drain()
            after = SoakMeasures.read(daemon.pid) ?? after
            limits = SoakLimit.limits(before: before, after: after)
        }
        for limit in limits where !limit.passes {
            failures.append("\(limit.name) grew by \(limit.delta)\(limit.unit.isEmpty ? "" : " " + limit.unit) (allowed \(limit.allowed))")
        }
        checkDaemon()
        report(limits, before: before, after: after, seconds: soaked, cycles: step)
        return failures
    }

    // MARK: The cycles

    /// One step of the loop: always a status; the rest in turn, so that every kind comes
    /// round every few steps.
    private func cycle(_ step: Int, warmUp: Bool) throws {
        if step % 3 == 0 { try hangUp(editing: (step / 3) % 2 == 1) }
        switch step % 4 {
        case 1: try set("activity.file", folder + "/data-b/activity.csv")
        case 3: try set("activity.file", folder + "/data/activity.csv")
        default: try set("launch.title", "Soak \(step)")
        }
        if step % 2 == 0 { try trmnl(resize: step % 4 == 0) }
        if step % 2 == 1 { try mqtt(step) }
        if step % 5 == 2 { try moveFileOver() }
        if step % 10 == 7 { try replaceFolder() }
        if !warmUp, broker != nil, Date.now.timeIntervalSince(lastBrokerRestart) >= 20 { try restartBroker() }
        checkReconnect()
        try status()
        checkDaemon()
    }

    private func count(_ cycle: Cycle) { counts[cycle, default: 0] += 1 }

    private func fail(_ message: String) {
        failures.append(message)
    }

    /// SIGHUP; with `editing`, the config file toggled between its two variants first.
    private func hangUp(editing: Bool) throws {
        guard let daemon else { return }
        if editing {
            try writeConfig(edited: !edited)
            count(.configEdit)
        }
        kill(daemon.pid, SIGHUP)
        count(.sighup)
    }

    /// `glance set SLOT.PARAM VALUE` through the control socket.
    private func set(_ target: String, _ value: String) throws {
        let result = try ChildCommand.run([executable, "set", target, value, "--config", configPath])
        if result.status != 0 { fail("glance set \(target) \(value) exited \(result.status): \(result.output.trimmedOfSpaces)") }
        count(.set)
    }

    /// `glance status` must answer after every cycle.
    private func status() throws {
        let result = try ChildCommand.run([executable, "status", "--config", configPath])
        if result.status != 0 { fail("glance status exited \(result.status): \(result.output.trimmedOfSpaces)") }
        count(.status)
    }

    /// One MQTT command to the daemon's node, in turn.
    private func mqtt(_ step: Int) throws {
        guard let broker else { return }
        let base = "glance/\(Self.node)/"
        let commands = [(base + "reload", ""), (base + "full_refresh", "PRESS"), (base + "slot/launch/title/set", "MQTT \(step)"),
                        (base + "notify", "soak \(step)"), (base + "notify", ""), (base + "reload", "activity")]
        let command = commands[(step / 2) % commands.count]
        do {
            try SoakClients.publish([command], port: broker.port, clientID: "glance-soak-\(getpid())")
            count(.mqtt)
        } catch {
            fail("MQTT publish of \(command.0): \(error)")
        }
    }

    /// A TRMNL device's poll: /api/setup now and then, /api/display (at the next size when
    /// `resize`), and the frame it names.
    private func trmnl(resize: Bool) throws {
        var headers = [("ID", Self.device)]
        if token == nil || counts[.trmnl, default: 0] % 5 == 0 {
            if let token { headers.append(("Access-Token", token)) }
            let answer = try SoakClients.get("/api/setup", port: trmnlPort, headers: headers)
            guard answer.status == 200, let key = TRMNLAnswer.parse(answer.body)?.api_key else {
                return fail("TRMNL /api/setup answered \(answer.status): \(answer.body.prefix(300))")
            }
            token = key
        }
        if resize { trmnlSize = (trmnlSize + 1) % trmnlSizes.count }
        try trmnlDisplay(counted: resize)
    }

    private func trmnlDisplay(counted resize: Bool) throws {
        guard let token else { return }
        let (width, height) = trmnlSizes[trmnlSize]
        var headers = [("ID", Self.device), ("Access-Token", token), ("Width", "\(width)"), ("Height", "\(height)"),
                       ("Battery-Voltage", "3.9"), ("RSSI", "-60")]
        // Now and then the device's button woke it: a key press the answer may wait for.
        if counts[.trmnl, default: 0] % 3 == 1 { headers.append(("Update-Source", "button")) }
        let answer = try SoakClients.get("/api/display", port: trmnlPort, headers: headers)
        guard answer.status == 200, let parsed = TRMNLAnswer.parse(answer.body) else {
            return fail("TRMNL /api/display answered \(answer.status): \(answer.body.prefix(300))")
        }
        // The frame itself, as the device fetches it next (none yet right after a resize).
        if let url = parsed.image_url, let path = url.range(of: "\(trmnlPort)").map({ String(url[$0.upperBound...]) }) {
            let image = try SoakClients.get(path, port: trmnlPort, headers: [])
            if image.status != 200 { fail("TRMNL frame \(path) answered \(image.status)") }
        }
        count(.trmnl)
        if resize { count(.trmnlResize) }
    }

    /// The broker stopped and started again; the daemon must connect again within 20 s.
    private func restartBroker() throws {
        guard let broker, daemon != nil else { return }
        scanOutput()
        if awaitingReconnect == nil { awaitingReconnect = (connections, .now.addingTimeInterval(20)) }
        try broker.restart()
        lastBrokerRestart = .now
        count(.brokerRestart)
    }

    /// Reads the daemon's new output: counts its connections to the broker and the MQTT
    /// commands it took, and fails on a line that tells of a crash.
    private func scanOutput() {
        guard let daemon else { return }
        daemon.drain()
        let (lines, next) = daemon.lines(from: scanned)
        scanned = next
        let crashes = ["Fatal error", "crashed", "quarantined", "hung the daemon", "Program crashed"]
        for line in lines {
            if line.contains("mqtt: connected") { connections += 1 }
            if line.contains("mqtt: glance/\(Self.node)/") { commandsTaken += 1 }
            if crashes.contains(where: { line.contains($0) }) { fail("the daemon logged a crash: \(line)") }
        }
    }

    private func checkReconnect() {
        guard let waiting = awaitingReconnect else { return }
        scanOutput()
        if connections > waiting.seen {
            awaitingReconnect = nil
        } else if Date.now > waiting.by {
            fail("the daemon did not connect to the broker again within 20 s of its restart")
            awaitingReconnect = nil
        }
    }

    /// The CSV written beside the heatmap's and moved over it (an editor's save).
    private func moveFileOver() throws {
        moves += 1
        let scratch = folder + "/data/.activity.csv.new"
        try Data(Self.csv(day: moves).utf8).write(to: URL(fileURLWithPath: scratch))
        guard rename(scratch, folder + "/data/activity.csv") == 0 else {
            return fail("mv over \(folder)/data/activity.csv: \(SystemErrno(errno).description)")
        }
        count(.fileMove)
    }

    /// The heatmap's folder moved away (then removed) and a new one made with the file.
    /// A watch may not follow the new folder (that is another issue's): only what the
    /// daemon holds is judged, not whether it read the new file.
    private func replaceFolder() throws {
        moves += 1
        let gone = folder + "/data-gone"
        try? FileManager.default.removeItem(atPath: gone)
        guard rename(folder + "/data", gone) == 0 else {
            return fail("mv \(folder)/data away: \(SystemErrno(errno).description)")
        }
        try writeData(in: folder + "/data", day: moves)
        try FileManager.default.removeItem(atPath: gone)
        count(.folderReplace)
    }

    /// Back to the baseline's state: the first config variant, the heatmap watching
    /// data/ (set away and back, which makes its watch anew), the titles, no notification,
    /// the TRMNL device at its first size, the daemon connected to the broker.
    private func restore() throws {
        if edited {
            try writeConfig(edited: false)
            if let daemon { kill(daemon.pid, SIGHUP) }
        }
        try set("activity.file", folder + "/data-b/activity.csv")
        try set("activity.file", folder + "/data/activity.csv")
        try set("launch.title", "Launch")
        if let broker {
            // Waits out a reconnect still to come (its back-off after the restart).
            let by = Date.now.addingTimeInterval(25)
            while awaitingReconnect != nil && Date.now < by {
                pause(seconds: 0.2)
                checkReconnect()
            }
            checkReconnect()
            try? SoakClients.publish([("glance/\(Self.node)/notify", "")], port: broker.port, clientID: "glance-soak-\(getpid())")
        }
        trmnlSize = 0
        try trmnlDisplay(counted: false)
        try status()
    }

    /// Waits for the daemon to go quiet (no output for 3 s, then up to 30 s for that),
    /// and reads what it holds; nil if it died.
    private func quietMeasures() -> SoakMeasures? {
        guard let daemon else { return nil }
        let by = Date.now.addingTimeInterval(30)
        var quietSince = Date.now
        while Date.now < by {
            if daemon.drain(timeout: 0.2) > 0 { quietSince = .now }
            if Date.now.timeIntervalSince(quietSince) >= 3 { break }
        }
        guard daemon.exitStatusIfExited() == nil else { return nil }
        return SoakMeasures.read(daemon.pid)
    }

    /// The daemon alive and its output free of crashes.
    private func checkDaemon() {
        guard let daemon else { return }
        scanOutput()
        if let exited = daemon.exitStatusIfExited() {
            return fail("the daemon exited with \(exited); its last lines:\n" + daemon.output.split(separator: "\n").suffix(15).joined(separator: "\n"))
        }
    }

    // MARK: Files

    /// `date,value` lines for the 60 days up to `day` days after 2026-09-01.
    static func csv(day: Int) -> String {
        let start = Date(timeIntervalSince1970: 1_788_220_800) // 2026-09-01T00:00:00Z
        var lines = ["date,value"]
        for offset in 0..<60 {
            let date = start.addingTimeInterval(Double(day + offset) * 86_400)
            lines.append("\(iso8601String(date, in: .utc).prefix(10)),\((offset * 7 + day) % 5)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func writeData(in directory: String, day: Int) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(Self.csv(day: day).utf8).write(to: URL(fileURLWithPath: directory + "/activity.csv"))
    }

    /// The configuration; the edited variant swaps the weekday slot for a second heatmap
    /// (one more file watcher while it runs) and changes a title. Written whole and moved
    /// into place, so that a SIGHUP never reads half a file.
    private func writeConfig(edited: Bool) throws {
        let middle = edited
            ? "  - {name: other, kind: heatmap, family: systemSmall, origin: [400, 0], size: 400x240, params: {title: Other, file: \"\(folder)/data-b/activity.csv\", show_streak: false}}\n"
            : "  - {name: day, kind: weekday, family: systemSmall, origin: [400, 0], size: 400x240}\n"
        var yaml = "timezone: UTC\n"
            + "display: {backend: file, path: \"\(folder)/out\", size: 800x480, colors: bw}\n"
            + "state_dir: \"\(folder)/state\"\n"
            + "slots:\n"
            + "  - {name: launch, kind: countdown, family: systemSmall, origin: [0, 0], size: 400x240, params: {title: \(edited ? "Edited" : "Launch"), target: \"2027-01-03\"}}\n"
            + middle
            // The soak moves the heatmap between two files with `glance set`: its settable: allows it.
            + "  - {name: activity, kind: heatmap, family: systemMedium, origin: [0, 240], size: 800x240, settable: [file], "
            + "params: {title: Activity, file: \"\(folder)/data/activity.csv\", show_streak: true}}\n"
        if let broker {
            yaml += "mqtt: {host: 127.0.0.1, port: \(broker.port), node_id: \(Self.node), keepalive: 60, name: Soak}\n"
        }
        yaml += "trmnl:\n  listen: 127.0.0.1\n  port: \(trmnlPort)\n  devices:\n"
            + "    - {id: \"\(Self.device)\", name: porch, slots: [{name: porch, kind: countdown, family: systemMedium, params: {title: Porch, target: \"2027-01-03\"}}]}\n"
        let scratch = configPath + ".new"
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: scratch))
        guard rename(scratch, configPath) == 0 else { throw RuntimeError(message: "mv \(scratch): \(SystemErrno(errno).description)") }
        self.edited = edited
    }

    // MARK: The report

    private func describe(_ measures: SoakMeasures) -> String {
        "threads \(measures.threads), descriptors \(measures.descriptors), inotify \(measures.inotify), "
            + "RSS \(measures.rssKiB) KiB, private dirty \(measures.privateDirtyKiB) KiB"
    }

    private func report(_ limits: [SoakLimit], before: SoakMeasures, after: SoakMeasures, seconds: Double, cycles: Int) {
        say("measure        before    after    delta  allowed")
        for limit in limits {
            let name = limit.name + (limit.unit.isEmpty ? "" : " (\(limit.unit))")
            say(pad(name, 14) + pad("\(limit.before)", 7, left: true) + pad("\(limit.after)", 9, left: true)
                  + pad("\(limit.delta >= 0 ? "+" : "")\(limit.delta)", 9, left: true) + pad("+\(limit.allowed)", 9, left: true)
                  + (limit.passes ? "" : "  GREW"))
        }
        let done = Cycle.allCases.map { "\($0.rawValue)=\(counts[$0, default: 0])" }.joined(separator: " ")
        say("cycles: \(done)")
        if broker != nil { say("the daemon connected to the broker \(connections) times and logged taking \(commandsTaken) MQTT commands") }
        if after.threadNames != before.threadNames {
            say("threads by name, after − before: \(SoakMeasures.differences(before.threadNames, after.threadNames))")
        }
        if after.descriptorKinds != before.descriptorKinds {
            say("descriptors by kind, after − before: \(SoakMeasures.differences(before.descriptorKinds, after.descriptorKinds))")
        }
        say("soak_seconds=\(Int(seconds.rounded())) cycles=\(cycles) threads=\(before.threads)->\(after.threads) "
              + "fds=\(before.descriptors)->\(after.descriptors) inotify=\(before.inotify)->\(after.inotify) "
              + "rss_kib=\(before.rssKiB)->\(after.rssKiB) private_dirty_kib=\(before.privateDirtyKiB)->\(after.privateDirtyKiB) "
              + "result=\(failures.isEmpty ? "pass" : "fail")")
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let spaces = String(repeating: " ", count: max(0, width - text.count))
        return left ? spaces + text : text + spaces
    }
}

/// Prints a line at once: a soak runs for minutes, often into a pipe (CI's log), where
/// lines would otherwise wait for the end.
private func say(_ line: String) {
    print(line)
    // nil: every stream; naming the global stdout is refused by Swift 6 (shared mutable state).
    fflush(nil)
}

/// The fields of a TRMNL server's JSON answer the soak reads.
struct TRMNLAnswer: Decodable {
    var api_key: String?
    var image_url: String?

    static func parse(_ body: String) -> TRMNLAnswer? {
        try? JSONDecoder().decode(TRMNLAnswer.self, from: Data(body.utf8))
    }
}
