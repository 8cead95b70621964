import CGlanceLinux
import Foundation
import GlanceSystem
import Glibc
import Testing

/// `glance reload/press/set/defaults/status` against a real `glance run` over its Unix
/// socket, and clients that misbehave.
@Suite(.serialized) struct DaemonControlTests {
    typealias Daemon = DaemonSignalTests.Daemon

    let config = """
        timezone: Asia/Seoul
        state_dir: state
        display: {backend: file, path: frames, size: 400x200}
        slots:
          - {name: dday, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
        keys:
          A: reload-all
        """

    func start(in directory: URL) throws -> Daemon {
        try config.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        return daemon
    }

    func glance(_ arguments: [String], in directory: URL) throws -> Result {
        try runGlance(arguments + ["--config", directory.appendingPathComponent("wall.yaml").path])
    }

    @Test func setChangesTheFrameAndSurvivesARestart() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var daemon = try start(in: directory)
        let socket = directory.appendingPathComponent("state/control.sock").path
        var info = stat()
        #expect(lstat(socket, &info) == 0 && info.st_mode & 0o777 == 0o660 && info.st_mode & S_IFMT == S_IFSOCK)

        let set = try glance(["set", "dday.title", "Trip to Jeju"], in: directory)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(daemon.waitFor("dday: intent → partial refresh"), "\(daemon.text)")
        var status = try glance(["status"], in: directory)
        #expect(status.stdout.contains("TRIP TO JEJU"), "\(status.stdout)")
        #expect(status.stdout.contains("next wake 2026") || status.stdout.contains("next wake 2027"), "\(status.stdout)")
        #expect(status.stdout.contains("last refresh: partial"), "\(status.stdout)")

        // A value of the wrong type, an unknown slot or parameter: one line, nothing changes.
        for (arguments, message) in [(["set", "dday.target", "soon"], "dday.target: 'soon' is not a date"),
                                     (["set", "lunch.title", "x"], "no slot named \"lunch\""),
                                     (["set", "dday.colour", "red"], "unknown parameter 'colour' for countdown")] {
            let refused = try glance(arguments, in: directory)
            #expect(refused.status == 1 && refused.stderr.contains(message), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
        }
        #expect(try glance(["status"], in: directory).stdout.contains("TRIP TO JEJU"))

        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
        #expect(try glance(["status"], in: directory).status == 3)
        daemon = try start(in: directory)
        status = try glance(["status", "--json"], in: directory)
        #expect(status.stdout.contains("\"TRIP TO JEJU\""), "\(status.stdout)")
        #expect(daemon.stop() == 0)
    }

    /// A slot's text that holds terminal escapes (here set with `glance set`; an MQTT
    /// publisher can do the same) is written out by `glance status`, never sent to the
    /// admin's terminal as it is.
    @Test func statusNeverWritesEscapesToTheTerminal() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let daemon = try start(in: directory)
        defer { _ = daemon.stop() }
        let hostile = "Launch\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m\u{202E}evil\\"
        let set = try glance(["set", "dday.title", hostile], in: directory)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(daemon.waitFor("dday: intent →"), "\(daemon.text)")
        for arguments in [["status"], ["status", "--json"]] {
            let status = try glance(arguments, in: directory)
            #expect(status.status == 0, "\(status.stderr)")
            let controls = status.stdout.unicodeScalars.filter {
                $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (arguments.count == 1 && $0.value == 0x202E))
            }
            #expect(controls.isEmpty, "\(arguments): \(controls.map { String($0.value, radix: 16) })")
            #expect(status.stdout.contains("LAUNCH") || status.stdout.contains("Launch"), "\(status.stdout)")
        }
        let status = try glance(["status"], in: directory)
        #expect(status.stdout.contains("\\u{1B}]0;OWNED\\u{7}"), "\(status.stdout)")
    }

    /// A value too long to be a parameter is refused before anything changes (it was kept,
    /// reported as failed, and every status after it, across restarts, was too long to
    /// answer); status fits whatever a slot holds.
    @Test func aValueTooLongIsRefusedAndStatusAlwaysAnswers() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let daemon = try start(in: directory)
        defer { _ = daemon.stop() }
        let socket = directory.appendingPathComponent("state/control.sock").path
        let refused = try ControlClient(path: socket).send(.set(slot: "dday", param: "title", value: String(repeating: "x", count: 200_000)))
        #expect(!refused.ok && (refused.error ?? "").contains("more than 8192; nothing changed"), "\(refused.line.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("state/params.json").path))
        // The longest value taken: its status is cut, and answers.
        #expect(try ControlClient(path: socket).send(.set(slot: "dday", param: "title", value: String(repeating: "y", count: 8192))).ok)
        #expect(daemon.waitFor("dday: intent →"), "\(daemon.text)")
        let status = try glance(["status"], in: directory)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("more characters)"), "\(status.stdout.prefix(400))")
        #expect(status.stdout.utf8.count < 8192, "\(status.stdout.utf8.count)")
        let json = try glance(["status", "--json"], in: directory)
        #expect(json.status == 0 && json.stdout.utf8.count < 8192)
    }

    /// A key or value a property list cannot hold (a NUL, an escape) is refused, and the
    /// suite's file stays one that Foundation and other tools read.
    @Test func theSharedStoreRefusesWhatAPropertyListCannotHold() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let daemon = try start(in: directory)
        defer { _ = daemon.stop() }
        let socket = directory.appendingPathComponent("state/control.sock").path
        let suite = "group.test.\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: NSHomeDirectory() + "/.config/\(suite).plist") }
        func write(_ key: String, _ value: String) throws -> ControlAnswer {
            try ControlClient(path: socket).send(.defaultsWrite(suite: suite, key: key, value: value))
        }
        #expect(try write("title", "Jeju").ok)
        let nul = try write("a\u{0}b", "x")
        #expect(!nul.ok && (nul.error ?? "").contains("a key cannot hold control characters"), "\(nul.line)")
        let escape = try write("title", "x\u{1B}[31m")
        #expect(!escape.ok && (escape.error ?? "").contains("control character"), "\(escape.line)")
        #expect(try write("note", "two\nlines\tand a tab").ok)
        let read = try glance(["defaults", "read", suite], in: directory)
        #expect(read.status == 0 && read.stdout.contains("Jeju"), "\(read.stderr)")
    }

    @Test func reloadPressAndStatus() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let daemon = try start(in: directory)
        defer { _ = daemon.stop() }
        var result = try glance(["reload"], in: directory)
        #expect(result.status == 0 && result.stdout.contains("reloading every slot"), "\(result.stderr)")
        #expect(daemon.waitFor("dday: reload →"), "\(daemon.text)")
        result = try glance(["reload", "countdown"], in: directory)
        #expect(result.status == 0)
        result = try glance(["reload", "weather"], in: directory)
        #expect(result.status == 1 && result.stderr.contains("no slot shows a widget of kind \"weather\""))
        result = try glance(["press", "A"], in: directory)
        #expect(result.status == 0 && result.stdout.contains("pressed A: reload-all"), "\(result.stderr)")
        #expect(daemon.waitFor("dday: intent →"), "\(daemon.text)")
        result = try glance(["press", "Q"], in: directory)
        #expect(result.status == 1 && result.stderr.contains("no key \"Q\" in keys:; the bound keys are A"))
        result = try glance(["status", "--json"], in: directory)
        #expect(result.stdout.hasPrefix("{\"ok\": true, \""), "\(result.stdout)")
    }

    /// A stack turned by hand from the command line and by a key, as status says.
    @Test func aStackTurnsByHandAndStatusSaysWhy() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            timezone: Asia/Seoul
            state_dir: state
            display: {backend: file, path: frames, size: 400x200}
            slots:
              - name: corner
                family: systemMedium
                hold: 5m
                stack:
                  - {kind: countdown, params: {title: Launch, target: "2027-01-03"}}
                  - {kind: countdown, params: {title: Trip, target: "2027-02-03"}}
                  - {name: days, kind: weekday}
            keys:
              B: previous corner
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        defer { _ = daemon.stop() }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        var result = try glance(["status"], in: directory)
        #expect(result.stdout.contains("stack corner [corner-countdown-1, corner-countdown-2, days] shows corner-countdown-1 (order)"), "\(result.stdout)")
        result = try glance(["next", "corner"], in: directory)
        #expect(result.status == 0 && result.stdout.contains("corner shows corner-countdown-2 (countdown) for 5 min, then its rule again"), "\(result.stdout)\(result.stderr)")
        #expect(daemon.waitFor("corner-countdown-2: intent → "), "\(daemon.text)")
        result = try glance(["status"], in: directory)
        #expect(result.stdout.contains("shows corner-countdown-2 (hand until "), "\(result.stdout)")
        result = try glance(["press", "B"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(daemon.waitFor("turn: corner shows corner-countdown-1 (countdown)"), "\(daemon.text)")
        result = try glance(["previous", "corner"], in: directory)
        #expect(result.stdout.contains("corner shows days (weekday)"), "\(result.stdout)")
        result = try glance(["next", "nosuch"], in: directory)
        #expect(result.status == 1 && result.stderr.contains("\"nosuch\" is not a stack; the stacks are corner"), "\(result.stderr)")
    }

    @Test func theSharedStore() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let daemon = try start(in: directory)
        defer { _ = daemon.stop() }
        let suite = "group.test.\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: NSHomeDirectory() + "/.config/\(suite).plist") }
        for (flag, key, value) in [("-string", "title", "Jeju"), ("-int", "count", "3"), ("-bool", "on", "yes"),
                                   ("-date", "when", "2027-01-03T00:00:00+09:00"), ("-data", "blob", "eyJhIjoxfQ==")] {
            let written = try glance(["defaults", "write", suite, key, flag, value], in: directory)
            #expect(written.status == 0, "\(written.stderr)")
        }
        #expect(try glance(["defaults", "read", suite, "title"], in: directory).stdout == "Jeju\n")
        #expect(try glance(["defaults", "read", suite, "count"], in: directory).stdout == "3\n")
        let all = try glance(["defaults", "read", suite], in: directory).stdout
        #expect(all == "{\"blob\": \"eyJhIjoxfQ==\", \"count\": 3, \"on\": true, \"title\": \"Jeju\", \"when\": \"2027-01-02T15:00:00+00:00\"}\n", "\(all)")
        // Foundation's own file, as UserDefaults(suiteName:) reads it.
        let plistPath = NSHomeDirectory() + "/.config/\(suite).plist"
        var plistInfo = stat()
        #expect(stat(plistPath, &plistInfo) == 0 && plistInfo.st_mode & 0o777 == 0o600)
        let plist = try String(contentsOfFile: plistPath, encoding: .utf8)
        #expect(plist.contains("<key>count</key>") && plist.contains("<integer>3</integer>") && plist.contains("<true/>"))
        let defaults = try #require(UserDefaults(suiteName: suite))
        #expect(defaults.string(forKey: "title") == "Jeju" && defaults.integer(forKey: "count") == 3 && defaults.bool(forKey: "on"))

        for (arguments, message) in [(["defaults", "write", "../etc", "k", "v"], "suite name \"../etc\" is not allowed"),
                                     (["defaults", "write", "a/b", "k", "v"], "suite name \"a/b\" is not allowed"),
                                     (["defaults", "write", suite, "n", "-int", "three"], "\"three\" is not a whole number"),
                                     (["defaults", "read", suite, "missing"], "has no key \"missing\"")] {
            let refused = try glance(arguments, in: directory)
            #expect(refused.status == 1 && refused.stderr.contains(message), "\(refused.stderr)")
        }
        // An answer too large to send without blocking the loop is refused, not cut.
        let blob = Data(repeating: 7, count: 90_000).base64EncodedString()
        #expect(try glance(["defaults", "write", suite, "big", "-data", blob], in: directory).status == 0)
        #expect(try glance(["defaults", "write", suite, "big2", "-data", blob], in: directory).status == 0)
        let big = try glance(["defaults", "read", suite], in: directory)
        #expect(big.status == 1 && big.stderr.contains("more than 131072; ask for one key at a time"), "\(big.stderr)")
        #expect(try glance(["defaults", "read", suite, "big"], in: directory).stdout.count == blob.count + 1)
        #expect(try glance(["defaults", "delete", suite, "big"], in: directory).status == 0)
        #expect(try glance(["defaults", "delete", suite, "big2"], in: directory).status == 0)
        #expect(try glance(["defaults", "delete", suite, "count"], in: directory).status == 0)
        #expect(try glance(["defaults", "read", suite, "count"], in: directory).status == 1)
    }

    @Test func noDaemonIsExitThreeNamingTheSocket() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try config.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        for command in [["status"], ["reload"], ["press", "A"], ["set", "dday.title", "x"], ["defaults", "read", "group.x"]] {
            let result = try glance(command, in: directory)
            #expect(result.status == 3)
            #expect(result.stderr == "glance: no daemon is listening on \(directory.path)/state/control.sock (start one with glance run --config \(directory.path)/wall.yaml)\n")
        }
    }

    /// A client reads only the daemon's state_dir: from the config, so the daemon's secrets
    /// (an MQTT password from an environment variable this user lacks) stop nothing.
    @Test func aClientNeedsNotTheDaemonsSecrets() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let withSecret = "mqtt: {host: broker.lan, username: wall, password_env: GLANCE_TEST_NO_SUCH_SECRET}\n" + config
        try withSecret.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try glance(["status"], in: directory)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("glance: no daemon is listening on \(directory.path)/state/control.sock"), "\(result.stderr)")
    }

    /// Garbage, a 10 MB line, a client that leaves mid-line and 100 clients at once: each
    /// gets its answer or is turned away, and the daemon keeps serving.
    @Test func misbehavingClientsLeaveTheDaemonServing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let daemon = try start(in: directory)
        defer { _ = daemon.stop() }
        let socket = directory.appendingPathComponent("state/control.sock").path

        let garbage = try ControlClient(path: socket).request("this is not json")
        #expect(garbage.contains("\"ok\": false") && garbage.contains("not a request"))
        let unknown = try ControlClient(path: socket).request("{\"command\": \"format-disk\"}")
        #expect(unknown.contains("unknown command \\\"format-disk\\\""))

        // 10 MB without a newline: refused once past the limit (or the connection is cut).
        let huge = try ControlClient(path: socket)
        do {
            let answer = try huge.request(String(repeating: "x", count: 10 << 20))
            #expect(answer.contains("longer than"))
        } catch {
            #expect("\(error)".contains(socket))
        }

        // Half a line, then gone.
        let fd = glance_unix_connect(socket)
        #expect(fd >= 0)
        _ = "{\"command\": \"sta".withCString { write(fd, $0, strlen($0)) }
        close(fd)

        // 100 at once, each with a status request sent before any answer is read.
        let clients = try (0..<100).map { _ in try ControlClient(path: socket) }
        let answers = try clients.map { try $0.request("{\"command\": \"status\"}") }
        #expect(answers.allSatisfy { $0.hasPrefix("{\"ok\": true") })

        #expect(try glance(["status"], in: directory).status == 0)
        #expect(daemon.process.isRunning)
    }

    /// Without --config a client looks in $STATE_DIRECTORY, then the user's own state
    /// folder, then the system daemon's (`/etc/glance/glance.yaml`'s state_dir:, here a
    /// file of the test's in its place); with none of them it says where it looked.
    @Test func withoutConfigTheClientFindsTheSystemDaemon() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let daemon = try start(in: directory)
        defer { _ = daemon.stop() }
        let home = directory.appendingPathComponent("home").path
        let system = directory.appendingPathComponent("wall.yaml").path
        let missing = directory.appendingPathComponent("no-such.yaml").path
        let found = try runGlance(["status"], environment: ["HOME": home, "XDG_STATE_HOME": "", "STATE_DIRECTORY": "", "GLANCE_TEST_SYSTEM_CONFIG": system])
        #expect(found.status == 0 && found.stdout.contains("LAUNCH"), "\(found.stderr)")
        // $STATE_DIRECTORY's socket comes first; one without a socket is passed over.
        let state = directory.appendingPathComponent("state").path
        let first = try runGlance(["status"], environment: ["HOME": home, "XDG_STATE_HOME": "", "STATE_DIRECTORY": state, "GLANCE_TEST_SYSTEM_CONFIG": missing])
        #expect(first.status == 0 && first.stdout.contains("LAUNCH"), "\(first.stderr)")
        let none = try runGlance(["status"], environment: ["HOME": home, "XDG_STATE_HOME": "", "STATE_DIRECTORY": home, "GLANCE_TEST_SYSTEM_CONFIG": missing])
        #expect(none.status == 3)
        #expect(none.stderr == "glance: no daemon found; looked in \(home)/control.sock ($STATE_DIRECTORY), \(home)/.local/state/glance/control.sock, "
            + "\(missing) (no such file) (start one with glance run, or pass --config FILE)\n")
    }

    /// Another user is turned away by SO_PEERCRED even where the socket's mode lets them in
    /// (the folder is not shared with a group: only others may search it).
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func anotherUserIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let daemon = try start(in: directory)
        defer { _ = daemon.stop() }
        chmod(directory.path, 0o755)
        chmod(directory.appendingPathComponent("state").path, 0o701)
        chmod(directory.appendingPathComponent("state/control.sock").path, 0o666)
        let result = try runGlance(["status", "--config", directory.appendingPathComponent("wall.yaml").path],
                                   via: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(result.status == 1)
        #expect(result.stderr == "glance: only the daemon's user (uid 0 (root)) or root may use this socket; you are uid 65534 (nobody): run the command as that user or with sudo\n")
        // A folder open to its group, root's here: advice never says to join root.
        chmod(directory.appendingPathComponent("state").path, 0o755)
        let grouped = try runGlance(["status", "--config", directory.appendingPathComponent("wall.yaml").path],
                                    via: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(grouped.status == 1)
        #expect(grouped.stderr == "glance: only the daemon's user (uid 0 (root)) or root may use this socket; you are uid 65534 (nobody): run the command as that user or with sudo\n")
        #expect(try glance(["status"], in: directory).status == 0)
    }

    /// The packaged daemon's case: it runs as a user of its own (here uid 1) and its state
    /// folder is 0750, its group (here nogroup, 65534) the admins'. A member of the group,
    /// by its primary or a supplementary group, talks to it (the client accepts the
    /// folder's owner, the server the folder's group); anyone else is told which group
    /// to join, by the client when the folder keeps them out, by the daemon when they
    /// reach the socket.
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func membersOfTheStateFoldersGroupMayUseTheSocket() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        chmod(directory.path, 0o755)
        let state = directory.appendingPathComponent("state").path
        let frames = directory.appendingPathComponent("frames").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o750])
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        #expect(chown(state, 1, 65534) == 0 && chown(frames, 1, 65534) == 0)
        let config = directory.appendingPathComponent("wall.yaml").path
        try self.config.write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o644)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory, environment: ["HOME": state],
                                via: ["/usr/bin/setpriv", "--reuid=1", "--regid=65534", "--clear-groups"])
        defer { _ = daemon.stop() }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        var info = stat()
        #expect(lstat(state + "/control.sock", &info) == 0 && info.st_uid == 1 && info.st_gid == 65534 && info.st_mode & 0o777 == 0o660)

        func status(_ credentials: String...) throws -> Result {
            try runGlance(["status", "--config", config], via: ["/usr/bin/setpriv"] + credentials, environment: ["HOME": "/nonexistent"])
        }
        let member = try status("--reuid=65534", "--regid=65534", "--clear-groups")
        #expect(member.status == 0 && member.stdout.contains("LAUNCH"), "\(member.stderr)")
        let supplementary = try status("--reuid=2", "--regid=2", "--groups=65534")
        #expect(supplementary.status == 0 && supplementary.stdout.contains("LAUNCH"), "\(supplementary.stderr)")

        let outsider = try status("--reuid=2", "--regid=2", "--clear-groups")
        #expect(outsider.status == 1)
        #expect(outsider.stderr == "glance: cannot reach \(state)/control.sock (permission denied): the state folder \(state) (daemon:nogroup 0750) "
            + "lets in group nogroup; join it (sudo adduser bin nogroup), then log in again, or use sudo\n")
        // Let in by the modes: the client sees the folder's owner serve it, and sends
        // nothing it would be refused.
        chmod(state, 0o755)
        chmod(state + "/control.sock", 0o666)
        let reached = try status("--reuid=2", "--regid=2", "--clear-groups")
        #expect(reached.status == 1)
        #expect(reached.stderr == "glance: cannot reach \(state)/control.sock (permission denied): the state folder \(state) (daemon:nogroup 0755) "
            + "lets in group nogroup; join it (sudo adduser bin nogroup), then log in again, or use sudo\n")
    }
}

/// The D-Day pair in Examples/: the companion command writes the app group's
/// UserDefaults and calls WidgetCenter; the running widget shows the new event at once,
/// whatever `minimum_reload_interval` says (an app in the foreground does not spend the
/// widget's budget on iOS); a second call within the interval is folded into one at its
/// end. Issue 43.
@Suite(.serialized) struct DDayExampleTests {
    @Test func theCompanionChangesTheRunningWidget() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let home = directory.appendingPathComponent("home").path
        try """
            timezone: Asia/Seoul
            state_dir: state
            minimum_reload_interval: 3600
            display: {backend: file, path: frames, size: 400x200}
            slots:
              - {name: dday, kind: DDayWidget, family: systemMedium}
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let environment = ["HOME": home, "XDG_CONFIG_HOME": "", "STATE_DIRECTORY": directory.appendingPathComponent("state").path]
        let daemon = try DaemonSignalTests.Daemon(["run", "--config", "wall.yaml"], in: directory, executable: "DDayWidget",
                                                  environment: environment)
        defer { _ = daemon.stop() }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        let config = directory.appendingPathComponent("wall.yaml").path
        #expect(try runGlance(["status", "--config", config]).stdout.contains("No event yet · D-?"))

        let companion = try runGlance(["Trip to Jeju", "2027-01-03"], executable: "dday-set", environment: environment)
        #expect(companion.status == 0, "\(companion.stderr)")
        #expect(companion.stdout == "saved Trip to Jeju on 2027-01-03\n")
        // Foundation's own suite file, written by the companion's UserDefaults.
        #expect(FileManager.default.fileExists(atPath: home + "/.config/group.com.example.dday.plist"))
        #expect(daemon.waitFor("dday: reload → partial refresh"), "\(daemon.text)")
        let status = try runGlance(["status", "--config", config]).stdout
        #expect(status.contains("Trip to Jeju · D-"), "\(status)")
        #expect(status.contains("January 3, 2027"), "\(status)")
        // A second change within the hour: saved, and its reload folded to the hour's end.
        let again = try runGlance(["Trip to Busan", "2027-01-04"], executable: "dday-set", environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(daemon.waitFor("slot dday: a reload asked by another program within 3600 s of the last is folded into one at"),
                "\(daemon.text)")
        #expect(try runGlance(["status", "--config", config]).stdout.contains("Trip to Jeju · D-"))

        // glance defaults write, then glance reload: the widget reads the new value.
        #expect(try runGlance(["defaults", "write", "group.com.example.dday", "title", "Landing on the Moon", "--config", config]).status == 0)
        #expect(try runGlance(["reload", "--config", config]).status == 0)
        #expect(daemon.waitFor("dday: reload → partial refresh", times: 2), "\(daemon.text)")
        #expect(try runGlance(["status", "--config", config]).stdout.contains("Landing on the Moon · D-"))

        // No daemon: the companion says so and still saves.
        let alone = try runGlance(["Landing", "2027-02-01"], executable: "dday-set",
                                  environment: environment.merging(["STATE_DIRECTORY": directory.appendingPathComponent("elsewhere").path]) { $1 })
        #expect(alone.status == 0 && alone.stderr.contains("no glance daemon is listening on"), "\(alone.stderr)")
    }
}

/// `glance bench` prints the key-to-refresh-start latency before its contract line.
@Suite struct InputLatencyBenchTests {
    @Test func benchPrintsTheKeyToRefreshLatency() throws {
        let result = try runGlance(["bench", "--frames", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let latency = try #require(lines.first { $0.hasPrefix("key_to_refresh_ms=") })
        let value = try #require(Double(latency.dropFirst("key_to_refresh_ms=".count).prefix { $0 != " " }))
        #expect(value > 0 && value < 1000)
        #expect(lines.last?.hasPrefix("frames=2 ms_per_frame=") == true)
    }
}
