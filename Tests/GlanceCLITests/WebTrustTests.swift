import Foundation
import GlanceTestSupport
import Glibc
import Synchronization
import Testing

/// The web page as a trust boundary (issue 42), against a real daemon: what a page on
/// another origin, another local user or a crafted request can and cannot do.
@Suite(.serialized) struct WebTrustTests {
    typealias Daemon = DaemonSignalTests.Daemon
    let web = WebServerTests()

    /// DNS rebinding: a name of the attacker's that resolves to 127.0.0.1 is still the
    /// attacker's origin. Loopback is decided from the address in `Host`, never from how
    /// the name begins.
    @Test func aNameThatOnlyStartsLikeLoopbackIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, port) = try web.start(in: directory)
        defer { #expect(daemon.stop() == 0) }
        for name in ["127.0.0.1.attacker.example", "127.attacker.example", "localhost.attacker.example", "127.1", "0x7f.0.0.1", "::1.example"] {
            let host = "\(name):\(port)"
            let state = try WebServerTests.send(port, "GET", "/ui/state", headers: ["Host": host, "Origin": "http://\(host)"])
            #expect(state.status == 403, "\(host): \(state.status)")
            #expect(state.json["csrf"] == nil)
            #expect(try WebServerTests.send(port, "GET", "/ui/log", headers: ["Host": host]).status == 403, "\(host)")
            #expect(try WebServerTests.send(port, "POST", "/ui/set", headers: ["Host": host, "Origin": "http://\(host)"],
                                            body: web.form(["slot": "launch", "param": "title", "value": "Owned"])).status == 403, "\(host)")
        }
        // This machine's own names and addresses are answered.
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "127.3.2.1:\(port)", "[::1]:\(port)", "127.0.0.1"] {
            #expect(try WebServerTests.send(port, "GET", "/ui/state", headers: ["Host": host]).status == 200, "\(host)")
        }
        // The origin is the page's own: scheme, host and port.
        let csrf = try #require(try WebServerTests.send(port, "GET", "/ui/state").json["csrf"] as? String)
        for origin in ["https://127.0.0.1:\(port)", "http://127.0.0.1:\(port + 1)", "http://localhost:\(port)", "null"] {
            #expect(try WebServerTests.send(port, "POST", "/ui/reload", headers: ["X-CSRF-Token": csrf, "Origin": origin]).status == 403, "\(origin)")
        }
        #expect(try WebServerTests.send(port, "POST", "/ui/reload", headers: ["X-CSRF-Token": csrf, "Origin": "http://127.0.0.1:\(port)"]).status == 200)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("state/params.json").path))
    }

    /// `listen:` on a name is loopback only when it is `localhost`: any other name may
    /// resolve anywhere, so it needs `password_file:`.
    @Test func aListenNameThatStartsWith127NeedsAPasswordFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func check(_ listen: String) throws -> Result {
            try """
                display: {backend: file, path: frames, size: 364x170}
                web: {listen: "\(listen)"}
                slots:
                  - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
                """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
            return try runGlance(["check", "--config", "wall.yaml"], in: directory)
        }
        for listen in ["127.lan.example:8080", "127.0.0.1.example:8080", "localhost.lan:8080"] {
            let result = try check(listen)
            #expect(result.status == 2, "\(listen): \(result.stdout)")
            #expect(result.stderr.contains("can be reached from other machines; give password_file:"), "\(result.stderr)")
        }
        for listen in ["127.0.0.2:8080", "localhost:8080", "[::1]:8080"] {
            let result = try check(listen)
            #expect(result.status == 0, "\(listen): \(result.stderr)")
        }
    }

    /// A stat slot with headers, reading server A; an agenda reading a file.
    func placesConfig(_ a: TestHTTPServer, calendar: String, settable: String = "") -> String {
        """
          - {name: stat, kind: stat, family: systemSmall, \(settable)params: {url: "\(a.baseURL)/stats", path: total, headers: ["Authorization: Bearer s3cret-token", "X-Key: k3y"]}}
          - {name: cal, kind: agenda, family: systemSmall, params: {calendars: ["Home=\(calendar)", "Club=https://ana:hunter2@127.0.0.1:9/club.ics"]}}
          - {name: photo, kind: photo, family: accessoryCircular, size: 24x24, params: {immich: "http://127.0.0.1:9", api_key_file: /nonexistent/immich.key, album: wall}}
        """
    }

    /// Parameters naming places are the config's: the page (as the socket and MQTT, which
    /// share the one `set`) cannot point the daemon at /etc/shadow or another host, and
    /// secrets are shown masked wherever parameters are.
    @Test func parametersThatNamePlacesAreTheConfigsAndSecretsAreMasked() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = try TestHTTPServer()
        defer { a.stop() }
        a.route("/stats", .json("{\"total\": 42}"))
        let calendar = directory.appendingPathComponent("home.ics").path
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".write(toFile: calendar, atomically: true, encoding: .utf8)
        let (daemon, port) = try web.start(in: directory, slots: placesConfig(a, calendar: calendar))
        defer { #expect(daemon.stop() == 0) }
        let state = try WebServerTests.send(port, "GET", "/ui/state")
        let csrf = try #require(state.json["csrf"] as? String)
        func set(_ slot: String, _ param: String, _ value: String) throws -> WebServerTests.Answer {
            try WebServerTests.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": csrf], body: web.form(["slot": slot, "param": param, "value": value]))
        }
        // A photo slot's key file too: its first line would go to the Immich server as the key.
        for (slot, param, value) in [("cal", "calendars", "Leak=/etc/shadow"), ("stat", "url", "http://169.254.169.254/latest"),
                                     ("stat", "headers", "X-Other: 1"), ("photo", "api_key_file", "/etc/shadow"),
                                     ("photo", "immich", "http://169.254.169.254")] {
            let answer = try set(slot, param, value)
            #expect(answer.status == 400, "\(slot).\(param): \(answer.text)")
            #expect((answer.json["error"] as? String ?? "").contains("only the config file changes it; to allow it from here, add settable: [\(param)]"), "\(answer.text)")
        }
        // Nothing of the file reached any surface, and nothing was asked of another host.
        let after = try WebServerTests.send(port, "GET", "/ui/state").text
        let log = try WebServerTests.send(port, "GET", "/ui/log").text
        let status = try runGlance(["status", "--json", "--config", directory.appendingPathComponent("wall.yaml").path])
        for surface in [after, log, status.stdout] {
            #expect(!surface.contains("root:") && !surface.contains("/etc/shadow"))
            // Secrets masked: header values and a URL's user:password.
            #expect(!surface.contains("s3cret-token") && !surface.contains("k3y") && !surface.contains("hunter2"), "\(surface)")
        }
        #expect(after.contains("Authorization: •••") && after.contains("https://•••@127.0.0.1:9/club.ics"), "\(after)")
        #expect(status.stdout.contains("Authorization: •••"), "\(status.stdout)")
        // The page shows those fields read-only; the others stay settable.
        let params = (try WebServerTests.send(port, "GET", "/ui/state").json["slots"] as? [[String: Any]] ?? [])
            .flatMap { $0["params"] as? [[String: Any]] ?? [] }
        #expect(params.first { $0["name"] as? String == "url" }?["settable"] as? Bool == false)
        #expect(params.first { $0["name"] as? String == "path" }?["settable"] as? Bool == true)
        #expect(try set("stat", "path", "count").status == 200)
    }

    /// Where the config allows it (`settable: [url]`), a new address is taken, and the
    /// headers configured for the old server are not sent to the new one.
    @Test func aSettableAddressGoesWithoutTheOldServersHeaders() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = try TestHTTPServer(), b = try TestHTTPServer()
        defer { a.stop(); b.stop() }
        a.route("/stats", .json("{\"total\": 42}"))
        b.route("/stats", .json("{\"total\": 7}"))
        let calendar = directory.appendingPathComponent("home.ics").path
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".write(toFile: calendar, atomically: true, encoding: .utf8)
        let (daemon, port) = try web.start(in: directory, slots: placesConfig(a, calendar: calendar, settable: "settable: [url], "))
        defer { #expect(daemon.stop() == 0) }
        let csrf = try #require(try WebServerTests.send(port, "GET", "/ui/state").json["csrf"] as? String)
        for _ in 0..<500 where a.requests(to: "/stats").isEmpty { usleep(10_000) }
        #expect(a.requests(to: "/stats").first?.headers["authorization"] == "Bearer s3cret-token")
        // A masked value sent back as shown is no value.
        let masked = try WebServerTests.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": csrf],
                                             body: web.form(["slot": "stat", "param": "url", "value": "https://•••@cal.example/x"]))
        #expect(masked.status == 400 && (masked.json["error"] as? String ?? "").contains("a secret as it is shown"), "\(masked.text)")
        let answer = try WebServerTests.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": csrf],
                                             body: web.form(["slot": "stat", "param": "url", "value": "\(b.baseURL)/stats"]))
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.text.contains("the headers given for the old address are not sent to this one"), "\(answer.text)")
        for _ in 0..<500 where b.requests(to: "/stats").isEmpty { usleep(10_000) }
        let asked = try #require(b.requests(to: "/stats").first)
        #expect(asked.headers["authorization"] == nil && asked.headers["x-key"] == nil, "\(asked.headers)")
    }

    /// HEAD is GET's head without the body; a name with a newline or an escape sequence
    /// reaches the log written out, so it cannot forge a line or drive a terminal.
    @Test func headAnswersAsGetAndTheLogEscapesWhatComesFromOutside() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, port) = try web.start(in: directory, slots: """
              - {name: cal, kind: agenda, family: systemSmall, settable: [calendars], params: {calendars: ["Home=/nonexistent/home.ics"]}}
            """)
        defer { #expect(daemon.stop() == 0) }
        let get = try WebServerTests.send(port, "GET", "/")
        let head = try WebServerTests.send(port, "HEAD", "/")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["content-length"] == String(get.body.count) && head.headers["content-type"] == get.headers["content-type"])
        #expect(try WebServerTests.send(port, "HEAD", "/ui/state").headers["content-length"].flatMap(Int.init) ?? 0 > 0)

        let csrf = try #require(try WebServerTests.send(port, "GET", "/ui/state").json["csrf"] as? String)
        let name = "Evil\nglance: forged line\u{1B}[2J"
        let answer = try WebServerTests.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": csrf],
                                             body: web.form(["slot": "cal", "param": "calendars", "value": name + "=/nonexistent/evil.ics"]))
        #expect(answer.status == 200, "\(answer.text)")
        #expect(daemon.waitFor("Evil\\u{A}glance: forged line\\u{1B}[2J"), "\(daemon.text)")
        #expect(!daemon.text.split(separator: "\n").contains { $0.hasPrefix("glance: forged") }, "\(daemon.text)")
        #expect(!daemon.text.contains("\u{1B}[2J"))
        let log = try WebServerTests.send(port, "GET", "/ui/log").json["lines"] as? [String] ?? []
        #expect(!log.contains { $0.contains("\n") || $0.contains("\u{1B}") })
    }

    /// Without `password_file:` the page is for whom the control socket answers: another
    /// user of this machine, who can reach loopback as anyone can, is refused with one line
    /// saying what to do. (Run as root, which can become another user.)
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))) func anotherUserOfThisMachineIsRefusedByTheOpenPage() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, port) = try web.start(in: directory)
        defer { #expect(daemon.stop() == 0) }
        func ask(_ target: String, as user: [String]) throws -> String {
            let request = "GET \(target) HTTP/1.1\\r\\nHost: 127.0.0.1:\(port)\\r\\nConnection: close\\r\\n\\r\\n"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = user + ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/\(port) && printf '\(request)' >&3 && cat <&3"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]
        for target in ["/ui/state", "/ui/log", "/"] {
            let answer = try ask(target, as: nobody)
            #expect(answer.hasPrefix("HTTP/1.1 403"), "\(target): \(answer.prefix(300))")
            #expect(answer.contains("you are nobody: give web: a password_file:"), "\(answer)")
            #expect(!answer.contains("csrf") && !answer.contains("running; Ctrl-C stops"))
        }
        // The daemon's own user (root, here) is answered the same way.
        #expect(try ask("/ui/state", as: ["--reuid=0"]).contains("\"csrf\""))
    }

    /// Whether the daemon has a thread named `name` now (`/proc/PID/task/*/comm`).
    static func hasThread(_ pid: Int32, named name: String) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }

    /// Time travel runs on a thread of its own, one journey at a time for the whole daemon:
    /// `glance status` is answered while a week over calendars with an event every minute
    /// is travelled, a second journey meanwhile is refused whatever its address, and a
    /// journey whose page went away stops.
    @Test func timeTravelRunsOffTheDaemonsThreadOneJourneyAtATime() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let calendar = directory.appendingPathComponent("minutes.ics").path
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:tick\r\nDTSTART:20260101T000000Z\r\nDURATION:PT30S\r\n"
             + "SUMMARY:Tick\r\nRRULE:FREQ=MINUTELY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").write(toFile: calendar, atomically: true, encoding: .utf8)
        let slots = (1...4).map { "  - {name: cal\($0), kind: agenda, family: systemSmall, size: 90x85, params: {calendars: [\"Ticks=\(calendar)\"], days: 2}}" }
        let (daemon, port) = try web.start(in: directory, slots: slots.joined(separator: "\n"))
        defer { #expect(daemon.stop() == 0) }
        let pid = daemon.process.processIdentifier
        func at(_ days: Double) -> String { String(ISO8601DateFormatter().string(from: Date().addingTimeInterval(days * 86_400))) }
        let week = "/ui/travel?at=" + (at(6.9).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")

        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var journey: WebServerTests.Answer?
        DispatchQueue.global().async {
            journey = try? WebServerTests.send(port, "GET", week, seconds: 240)
            answered.signal()
        }
        var travelling = false
        for _ in 0..<3000 where !travelling { travelling = Self.hasThread(pid, named: "glance-travel"); usleep(2_000) }
        #expect(travelling, "no travel thread appeared: \(daemon.text)")
        // The daemon's thread answers while the journey goes on.
        let status = try runGlance(["status", "--config", directory.appendingPathComponent("wall.yaml").path])
        #expect(status.status == 0 && status.stdout.contains("cal1"), "\(status.stderr)")
        // (The journey takes its full 10 s: four slots of an event every minute wake more
        // than 50,000 times in a week.)
        let second = try WebServerTests.send(port, "GET", "/ui/travel?at=" + (at(3).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        #expect(second.status == 429 && second.text.contains("another journey"), "\(second.status) \(second.text)")
        #expect(answered.wait(timeout: .now()) == .timedOut, "the journey was answered before status and the second journey were")
        #expect(answered.wait(timeout: .now() + 240) == .success)
        let first = try #require(journey)
        #expect(first.status == 200 && first.text.contains("data:image/png;base64,"), "\(first.status) \(first.text.prefix(300))")
        #expect((first.json["wakes"] as? [Any])?.isEmpty == false)

        // A page that goes away mid-journey stops it.
        for _ in 0..<3000 where Self.hasThread(pid, named: "glance-travel") { usleep(2_000) }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        let later = "/ui/travel?at=" + (at(6.5).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let request = Array("GET \(later) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        travelling = false
        for _ in 0..<3000 where !travelling { travelling = Self.hasThread(pid, named: "glance-travel"); usleep(2_000) }
        close(socket)
        #expect(travelling)
        // (Said by the journey's thread, at the lowest priority: on a busy machine, later.)
        #expect(daemon.waitFor("the page that asked went away", seconds: 240), "\(daemon.text)")
    }

    /// Logins have a budget for the whole daemon beside the one per address: guesses from
    /// forty addresses get about twenty answers, not two hundred; a browser that logged in
    /// here before is not held back by anyone else's failures.
    @Test func failedLoginsHaveABudgetForTheWholeDaemon() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let users = directory.appendingPathComponent("users")
        try "ana:correct horse\n".write(to: users, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: users.path)
        let (daemon, port) = try web.start(in: directory, web: "{listen: \"127.0.0.1:0\", password_file: users}")
        defer { #expect(daemon.stop() == 0) }
        let right = web.form(["user": "ana", "password": "correct horse"])
        let first = try WebServerTests.send(port, "POST", "/ui/login", body: right)
        #expect(first.status == 200)
        let device = try #require(first.headers["set-cookie"]?.components(separatedBy: "glance_device=").dropFirst().first?.prefix { $0 != ";" })

        // 200 guesses from 40 addresses, at once.
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let answer = try? WebServerTests.send(port, "POST", "/ui/login", body: web.form(["user": "ana", "password": "guess \(index)"]),
                                                  from: "127.0.0.\(2 + index % 40)")
            statuses.withLock { $0.append(answer?.status ?? 0) }
        }
        let answered = statuses.withLock { $0 }.filter { $0 == 401 }.count
        #expect(answered <= 24, "\(answered) guesses were answered")
        #expect(statuses.withLock { $0 }.filter { $0 == 429 }.count >= 170)
        // A browser new to the display waits; the one that logged in before does not.
        let stranger = try WebServerTests.send(port, "POST", "/ui/login", body: right, from: "127.0.0.60")
        #expect(stranger.status == 429 && stranger.text.contains("from anywhere"), "\(stranger.text)")
        let known = try WebServerTests.send(port, "POST", "/ui/login", headers: ["Cookie": "glance_device=\(device)"], body: right, from: "127.0.0.2")
        #expect(known.status == 200, "\(known.text)")
    }

    /// Long polls hold no more than their share: 128 connections from eight addresses,
    /// each waiting for a new frame, are the whole connection cap, and a person's `GET /`
    /// is still served (a resting connection of an address holding the most is closed to
    /// make room; that page just polls again).
    @Test func longPollsHoldingTheCapDoNotKeepAPersonOut() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, port) = try web.start(in: directory)
        defer { #expect(daemon.stop() == 0) }
        let version = try #require(try WebServerTests.send(port, "GET", "/ui/events?after=-1").json["version"] as? Int)
        var held: [Int32] = []
        defer { held.forEach { _ = Glibc.close($0) } }
        for index in 0..<128 {
            let socket = try #require(loopbackConnection(port: port, from: "127.0.0.\(2 + index / 16)"))
            held.append(socket)
            let request = Array("GET /ui/events?after=\(version) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            #expect(request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == request.count)
        }
        usleep(300_000)
        let page = try WebServerTests.send(port, "GET", "/")
        #expect(page.status == 200, "\(page.status) \(page.text.prefix(200))")
        #expect(daemon.waitFor("closed a resting connection from 127.0.0."), "\(daemon.text)")
    }
}
