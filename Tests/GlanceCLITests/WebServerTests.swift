import Foundation
import GlanceTestSupport
import Testing

/// The web page's routes (issue 30) against a real daemon: what each answers, and that
/// bad input is refused with a clear status and changes nothing.
@Suite(.serialized) struct WebServerTests {
    typealias Daemon = DaemonSignalTests.Daemon

    /// One answer, read whole: status, headers (names in lower case), body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    }

    /// A request on a connection of its own, as written (so a test can send any `Host`,
    /// any body, any path), answered with `Connection: close`.
    /// `from`: the loopback address the request comes from (any of 127.0.0.0/8).
    /// `seconds`: how long an answer may take (a hang guard: a journey at the lowest
    /// priority on a busy machine takes a while).
    static func send(_ port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = [],
                     from source: String? = nil, seconds: Int = 30) throws -> Answer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var head = "\(method) \(target) HTTP/1.1\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        if headers["Host"] == nil { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }  // the server may answer 413 and close before it all went
            sent += count
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
        let lines = String(decoding: bytes[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased(), default: ""] += line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: fields, body: Array(bytes[split.upperBound...]))
    }

    /// Starts a daemon whose page listens on a free port; returns it and the port.
    func start(in directory: URL, web: String = "{listen: \"127.0.0.1:0\"}", slots: String? = nil,
               display: String = "{backend: file, path: frames, size: 364x170}") throws -> (Daemon, Int) {
        try """
            timezone: Asia/Seoul
            state_dir: state
            display: \(display)
            web: \(web)
            keys: {A: reload-all}
            slots:
            \(slots ?? "  - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: \"2027-01-03\"}}")
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        guard daemon.waitFor("running; Ctrl-C stops"),
              let line = daemon.text.split(separator: "\n").first(where: { $0.contains("web: the page is at") }),
              let port = line.split(separator: "127.0.0.1:").last.flatMap({ Int($0.prefix(while: \.isNumber)) }) else {
            _ = daemon.stop()
            throw DaemonFailure(log: daemon.text)
        }
        return (daemon, port)
    }

    struct DaemonFailure: Error, CustomStringConvertible {
        let log: String
        var description: String { "the daemon did not serve its page:\n\(log)" }
    }

    func form(_ fields: [String: String]) -> [UInt8] {
        Array(fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&").utf8)
    }

    /// Waits (up to 10 s) until the frame's version is past `version`; returns the new one.
    func nextVersion(_ port: Int, after version: Int) throws -> Int {
        for _ in 0..<40 {
            let answer = try Self.send(port, "GET", "/ui/events?after=\(version)")
            if let next = answer.json["version"] as? Int, next != version { return next }
        }
        return version
    }

    @Test func thePageItsFrameAndAChangedParameter() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, port) = try start(in: directory)
        defer { #expect(daemon.stop() == 0) }

        let page = try Self.send(port, "GET", "/")
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.headers["content-security-policy"]?.contains("default-src 'self'") == true)
        #expect(page.headers["x-content-type-options"] == "nosniff")
        for asset in ["/ui/app.js", "/ui/app.css"] { #expect(try Self.send(port, "GET", asset).status == 200, "\(asset)") }

        let state = try Self.send(port, "GET", "/ui/state").json
        let csrf = try #require(state["csrf"] as? String)
        let slots = try #require(state["slots"] as? [[String: Any]])
        let params = try #require(slots.first?["params"] as? [[String: Any]])
        #expect(params.map { $0["name"] as? String } == ["title", "target", "relevant_days"])
        #expect(params.map { $0["type"] as? String } == ["text", "date", "integer"])
        #expect((slots.first?["rect"] as? [Int]) == [0, 0, 364, 170])
        let version = try #require((state["frame"] as? [String: Any])?["version"] as? Int)

        let panel = try Self.send(port, "GET", "/ui/frame.png?look=panel")
        let colour = try Self.send(port, "GET", "/ui/frame.png?look=colour")
        #expect(panel.status == 200 && panel.headers["content-type"] == "image/png" && panel.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(colour.status == 200 && colour.body != panel.body)

        // A change without the token changes nothing; with it, the frame changes.
        let change = form(["slot": "launch", "param": "title", "value": "Moon"])
        let refused = try Self.send(port, "POST", "/ui/set", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: change)
        #expect(refused.status == 403 && refused.text.contains("CSRF"))
        let stale = try Self.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": "not-the-token"], body: change)
        #expect(stale.status == 403)
        #expect(try Self.send(port, "GET", "/ui/frame.png?look=panel").body == panel.body)
        let set = try Self.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": csrf], body: change)
        #expect(set.status == 200 && set.text.contains("launch.title"), "\(set.text)")
        let next = try nextVersion(port, after: version)
        #expect(next > version)
        #expect(try Self.send(port, "GET", "/ui/frame.png?look=panel").body != panel.body)
        // Kept as glance set keeps it.
        #expect(try String(contentsOf: directory.appendingPathComponent("state/params.json"), encoding: .utf8).contains("Moon"))

        // A JSON body works the same; a value of the wrong type is refused, nothing changed.
        let wrong = try Self.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": csrf, "Content-Type": "application/json"],
                                  body: Array(#"{"slot": "launch", "param": "relevant_days", "value": "soon"}"#.utf8))
        #expect(wrong.status == 400 && wrong.json["error"] as? String == "launch.relevant_days: 'soon' is not a whole number", "\(wrong.text)")
        let after = try Self.send(port, "GET", "/ui/state").json
        let afterParams = ((after["slots"] as? [[String: Any]])?.first?["params"] as? [[String: Any]]) ?? []
        #expect(afterParams.first { $0["name"] as? String == "relevant_days" }?["value"] as? String == "0")
        #expect(afterParams.first { $0["name"] as? String == "title" }?["value"] as? String == "Moon")
    }

    @Test func badInputIsRefusedAndChangesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, port) = try start(in: directory)
        defer { #expect(daemon.stop() == 0) }
        let csrf = try #require(try Self.send(port, "GET", "/ui/state").json["csrf"] as? String)
        let frame = try Self.send(port, "GET", "/ui/frame.png").body

        // Paths: nothing from disk is served, however the path is written.
        for path in ["/ui/../wall.yaml", "/../../etc/passwd", "/ui/%2e%2e/state/params.json", "/wall.yaml", "/frames/frame.png", "/ui/gallery/../../x"] {
            let answer = try Self.send(port, "GET", path)
            #expect(answer.status == 404, "\(path): \(answer.status)")
            #expect(!answer.text.contains("timezone"))
        }
        #expect(try Self.send(port, "GET", "/ui/set").status == 405)
        // A change sent by a page of another origin, token or not.
        #expect(try Self.send(port, "POST", "/ui/reload", headers: ["X-CSRF-Token": csrf, "Origin": "http://attacker.example"]).status == 403)
        #expect(try Self.send(port, "POST", "/ui/reload", headers: ["X-CSRF-Token": csrf, "Origin": "http://127.0.0.1:\(port)"]).status == 200)
        #expect(try Self.send(port, "POST", "/ui/state", headers: ["X-CSRF-Token": csrf]).status == 405)
        // Another name for this machine (DNS rebinding) is not answered without users.
        #expect(try Self.send(port, "GET", "/ui/state", headers: ["Host": "attacker.example:80"]).status == 403)
        // A 10 MB body.
        let huge = try Self.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": csrf], body: [UInt8](repeating: 0x61, count: 10 << 20))
        #expect(huge.status == 413)
        // Fields: unknown slot, unknown parameter, missing fields, unreadable bodies.
        for (body, status, message) in [
            (form(["slot": "nosuch", "param": "title", "value": "x"]), 400, "nosuch"),
            (form(["slot": "launch", "param": "colour", "value": "x"]), 400, "colour"),
            (form(["slot": "launch"]), 400, "set needs slot, param and value"),
            (Array("slot=%zz".utf8), 400, "could not be read"),
        ] {
            let answer = try Self.send(port, "POST", "/ui/set", headers: ["X-CSRF-Token": csrf], body: body)
            #expect(answer.status == status && (answer.json["error"] as? String ?? "").contains(message), "\(answer.status) \(answer.text)")
        }
        #expect(try Self.send(port, "POST", "/ui/tap", headers: ["X-CSRF-Token": csrf], body: form(["x": "9999", "y": "1"])).status == 400)
        #expect(try Self.send(port, "POST", "/ui/press", headers: ["X-CSRF-Token": csrf], body: form(["key": "Q"])).status == 400)
        #expect(try Self.send(port, "GET", "/ui/frame.png?look=sepia").status == 400)
        #expect(try Self.send(port, "GET", "/ui/state?display=hall").status == 404)
        // Nothing changed, and the display runs on.
        #expect(try Self.send(port, "GET", "/ui/frame.png").body == frame)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("state/params.json").path))
        #expect(try Self.send(port, "POST", "/ui/reload", headers: ["X-CSRF-Token": csrf]).status == 200)
        #expect(try Self.send(port, "POST", "/ui/press", headers: ["X-CSRF-Token": csrf], body: form(["key": "A"])).status == 200)
        #expect(try Self.send(port, "POST", "/ui/refresh", headers: ["X-CSRF-Token": csrf]).status == 200)
        // The log holds the daemon's lines.
        let log = try Self.send(port, "GET", "/ui/log").json["lines"] as? [String] ?? []
        #expect(log.contains { $0.contains("running; Ctrl-C stops") })
    }

    static let pictures = String(#filePath[..<(#filePath.lastIndex(of: "/") ?? #filePath.endIndex)]) + "/../GlanceGraphicsTests/Pictures"

    /// A picture uploaded through the page is kept in the state folder under a safe name,
    /// shown by the photo slot (the frame changes), listed, and deleted; a name with a path,
    /// a file that is not a picture, a bomb, an album no slot names and a body over the
    /// bound are refused and keep nothing.
    @Test func aPictureUploadedThroughThePageIsShownAndTheAttacksKeepNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, port) = try start(in: directory, slots: "  - {name: frame, kind: photo, family: systemMedium, params: {uploads: hall, caption: name}}")
        defer { #expect(daemon.stop() == 0) }
        let csrf = try #require(try Self.send(port, "GET", "/ui/state").json["csrf"] as? String)
        let listed = try Self.send(port, "GET", "/ui/photos").json
        let albums = listed["albums"] as? [[String: Any]] ?? []
        #expect(albums.count == 1 && albums.first?["name"] as? String == "hall" && (albums.first?["pictures"] as? [Any])?.isEmpty == true)
        let version = try #require(try Self.send(port, "GET", "/ui/state").json["frame"] as? [String: Any])["version"] as? Int ?? 0
        let before = try Self.send(port, "GET", "/ui/frame.png").body

        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.pictures + "/card-orientation-6.jpg")))
        // A name that climbs out of the album is kept inside it, under its last part.
        let upload = try Self.send(port, "POST", "/ui/photos/upload?album=hall&name=..%2F..%2F..%2Fwall.yaml.jpg",
                                   headers: ["X-CSRF-Token": csrf, "Content-Type": "image/jpeg"], body: jpeg)
        #expect(upload.status == 200, "\(upload.text)")
        #expect(upload.json["name"] as? String == "wall.yaml.jpg")
        let album = directory.appendingPathComponent("state/photos/hall")
        #expect(try FileManager.default.contentsOfDirectory(atPath: album.path) == ["wall.yaml.jpg"])
        #expect(try Data(contentsOf: directory.appendingPathComponent("wall.yaml")).count < 1_000)
        _ = try nextVersion(port, after: version)
        #expect(try Self.send(port, "GET", "/ui/frame.png").body != before)

        // Refused, each keeping nothing.
        let bomb = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.pictures + "/declares-60000x60000.jpg")))
        for (target, body, status, message) in [
            ("/ui/photos/upload?album=hall&name=page.jpg", Array("<html>not a picture</html>".utf8), 400, "not a picture Glance reads"),
            ("/ui/photos/upload?album=hall&name=bomb.jpg", bomb, 400, "60000x60000"),
            ("/ui/photos/upload?album=elsewhere&name=a.jpg", jpeg, 404, "no photo slot shows an album"),
            ("/ui/photos/upload?album=..&name=a.jpg", jpeg, 404, "no photo slot shows an album"),
        ] {
            let answer = try Self.send(port, "POST", target, headers: ["X-CSRF-Token": csrf], body: body)
            #expect(answer.status == status && (answer.json["error"] as? String ?? "").contains(message), "\(target): \(answer.status) \(answer.text)")
        }
        #expect(try Self.send(port, "POST", "/ui/photos/upload?album=hall&name=a.jpg", body: jpeg).status == 403)
        let huge = try Self.send(port, "POST", "/ui/photos/upload?album=hall&name=big.jpg", headers: ["X-CSRF-Token": csrf],
                                 body: [UInt8](repeating: 0xFF, count: 25 << 20))
        #expect(huge.status == 413)
        #expect(try FileManager.default.contentsOfDirectory(atPath: album.path) == ["wall.yaml.jpg"])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("state/photos/elsewhere").path))

        // Listed, then deleted; a name with a path deletes nothing.
        let pictures = (try Self.send(port, "GET", "/ui/photos").json["albums"] as? [[String: Any]])?.first?["pictures"] as? [[String: Any]]
        #expect(pictures?.map { $0["name"] as? String } == ["wall.yaml.jpg"])
        #expect(try Self.send(port, "POST", "/ui/photos/delete", headers: ["X-CSRF-Token": csrf],
                              body: form(["album": "hall", "name": "../../wall.yaml"])).status == 400)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("wall.yaml").path))
        #expect(try Self.send(port, "POST", "/ui/photos/delete", headers: ["X-CSRF-Token": csrf],
                              body: form(["album": "hall", "name": "wall.yaml.jpg"])).status == 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: album.path).isEmpty)
    }

    /// A board whose inks were measured: the page lists them, previews the frame dithered
    /// with another saturation (in the inks' real colours) without touching the panel, and
    /// keeps one (in the state folder, over the board file's; a restart keeps it too).
    @Test func theInksSaturationIsPreviewedAndKept() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pictures = directory.appendingPathComponent("pics")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.pictures + "/card-1200x800.jpg", toPath: pictures.path + "/card.jpg")
        let slot = "  - {name: frame, kind: photo, family: systemLarge, params: {folder: pics}}"
        let board = "{backend: file, path: frames, board: pimoroni-inky-impression-7in3-spectra6}"
        func start() throws -> (Daemon, Int) { try self.start(in: directory, slots: slot, display: board) }
        var (daemon, port) = try start()
        let csrf = try #require(try Self.send(port, "GET", "/ui/state").json["csrf"] as? String)
        let inks = try Self.send(port, "GET", "/ui/inks").json
        #expect(inks["measured"] as? Bool == true && inks["saturation"] as? Double == 0.5)
        #expect((inks["inks"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["black", "white", "yellow", "red", "blue", "green"])
        let shown = try Self.send(port, "GET", "/ui/frame.png").body
        let pale = try Self.send(port, "GET", "/ui/frame.png?saturation=0")
        let rich = try Self.send(port, "GET", "/ui/frame.png?saturation=1")
        #expect(pale.status == 200 && rich.status == 200 && pale.body != rich.body)
        #expect(try Self.send(port, "GET", "/ui/frame.png").body == shown)
        for bad in ["1.5", "-0.1", "nan", "x"] {
            #expect(try Self.send(port, "GET", "/ui/frame.png?saturation=\(bad)").status == 400, "\(bad)")
            #expect(try Self.send(port, "POST", "/ui/inks/saturation", headers: ["X-CSRF-Token": csrf], body: form(["saturation": bad])).status == 400, "\(bad)")
        }
        #expect(try Self.send(port, "POST", "/ui/inks/saturation", body: form(["saturation": "0.8"])).status == 403)
        let kept = try Self.send(port, "POST", "/ui/inks/saturation", headers: ["X-CSRF-Token": csrf], body: form(["saturation": "0.8"]))
        #expect(kept.status == 200, "\(kept.text)")
        #expect(try Self.send(port, "GET", "/ui/inks").json["saturation"] as? Double == 0.8)
        // The panel's next refresh waits for its minimum interval (a Spectra 6 panel rests
        // between refreshes): what it will show is the preview at 0.8.
        #expect(try Self.send(port, "GET", "/ui/frame.png?saturation=0.8").body != pale.body)
        #expect(daemon.stop() == 0)
        (daemon, port) = try start()
        defer { #expect(daemon.stop() == 0) }
        #expect(try Self.send(port, "GET", "/ui/inks").json["saturation"] as? Double == 0.8)
    }

    /// With users: nothing without a session; a wrong password and an unknown name get the
    /// same answer after the same delay; a right one sets an HttpOnly, SameSite=Strict cookie.
    @Test func aLoginGuardsEverythingAndFailsAlike() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let users = directory.appendingPathComponent("users")
        try "# the wall's users\nana:correct horse\n".write(to: users, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: users.path)
        let (daemon, port) = try start(in: directory, web: "{listen: \"127.0.0.1:0\", password_file: users}")
        defer { #expect(daemon.stop() == 0) }

        #expect(try Self.send(port, "GET", "/").status == 200)
        #expect(try Self.send(port, "GET", "/ui/state").status == 401)
        #expect(try Self.send(port, "GET", "/ui/frame.png").status == 401)
        var answers: [(Int, String, TimeInterval)] = []
        for (user, password) in [("ana", "wrong"), ("bob", "correct horse")] {
            let started = Date()
            let answer = try Self.send(port, "POST", "/ui/login", body: form(["user": user, "password": password]))
            answers.append((answer.status, answer.text, Date().timeIntervalSince(started)))
            #expect(answer.headers["set-cookie"] == nil)
        }
        #expect(answers[0].0 == 401 && answers[0].0 == answers[1].0 && answers[0].1 == answers[1].1, "\(answers)")
        #expect(answers.allSatisfy { $0.2 >= 0.9 }, "\(answers)")
        let login = try Self.send(port, "POST", "/ui/login", body: form(["user": "ana", "password": "correct horse"]))
        #expect(login.status == 200)
        let cookie = try #require(login.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let session = String(cookie.prefix { $0 != ";" })
        let state = try Self.send(port, "GET", "/ui/state", headers: ["Cookie": session])
        #expect(state.status == 200 && state.json["user"] as? String == "ana")
        let csrf = try #require(state.json["csrf"] as? String)
        // The token belongs to the session: none, or another's, is refused.
        #expect(try Self.send(port, "POST", "/ui/reload", headers: ["Cookie": session]).status == 403)
        #expect(try Self.send(port, "POST", "/ui/reload", headers: ["X-CSRF-Token": csrf]).status == 401)
        #expect(try Self.send(port, "POST", "/ui/reload", headers: ["Cookie": session, "X-CSRF-Token": csrf]).status == 200)
        // Any Host name is answered once there are users (the cookie is what counts).
        #expect(try Self.send(port, "GET", "/ui/state", headers: ["Cookie": session, "Host": "wall.lan:8080"]).status == 200)
        #expect(try Self.send(port, "POST", "/ui/logout", headers: ["Cookie": session, "X-CSRF-Token": csrf]).status == 200)
        #expect(try Self.send(port, "GET", "/ui/state", headers: ["Cookie": session]).status == 401)
        // Logins are bounded per address: the sixth in a row waits.
        var statuses: [Int] = []
        for _ in 0..<5 { statuses.append(try Self.send(port, "POST", "/ui/login", body: form(["user": "x", "password": "y"])).status) }
        #expect(statuses.last == 429, "\(statuses)")
        #expect(!daemon.text.contains("correct horse"))
    }

    /// On TRMNL's address and port, one listener serves both the device API and the page.
    @Test func thePageSharesTheTRMNLServersPort() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A port free a moment ago.
        let probe = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) } }
        let free = Int(UInt16(bigEndian: address.sin_port))
        close(probe)
        let (daemon, port) = try start(in: directory, web: """
            {listen: "127.0.0.1:\(free)"}
            trmnl:
              listen: 127.0.0.1
              port: \(free)
              devices:
                - {id: "a1-b2-c3-d4-e5-f6", name: hall, slots: [{name: launch, kind: countdown, family: systemMedium, params: {target: "2027-01-03"}}]}
            """)
        defer { #expect(daemon.stop() == 0) }
        #expect(port == free)
        #expect(daemon.text.contains("(on the TRMNL server's port)"))
        #expect(try Self.send(port, "GET", "/").status == 200)
        let state = try Self.send(port, "GET", "/ui/state").json
        #expect(state["displays"] as? [String] == ["main", "hall"])
        #expect(try Self.send(port, "GET", "/ui/frame.png?display=hall").status == 200)
        let device = try Self.send(port, "GET", "/api/display")
        #expect(device.status == 400 && device.text.contains("MAC address"))
    }

    /// The wall at the next midnight: the countdown's next day, computed on a simulated
    /// clock, the live display untouched; the gallery in the display's palette.
    @Test func timeTravelAndTheGallery() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, port) = try start(in: directory)
        defer { #expect(daemon.stop() == 0) }
        let live = try Self.send(port, "GET", "/ui/frame.png").body
        let refreshes = try Self.send(port, "GET", "/ui/state").json["frame"] as? [String: Any]
        var seoul = Calendar(identifier: .gregorian)
        seoul.timeZone = TimeZone(identifier: "Asia/Seoul")!
        let midnight = seoul.nextDate(after: Date(), matching: DateComponents(hour: 0, minute: 0), matchingPolicy: .nextTime)!
        let at = ISO8601DateFormatter().string(from: midnight.addingTimeInterval(60))
        let travel = try Self.send(port, "GET", "/ui/travel?at=\(at.replacingOccurrences(of: "+", with: "%2B"))")
        #expect(travel.status == 200, "\(travel.text)")
        let wakes = try #require(travel.json["wakes"] as? [[String: Any]])
        #expect(wakes.contains { $0["slot"] as? String == "launch" && $0["reason"] as? String == "reload" && ($0["at"] as? String)?.hasSuffix("T00:00:00+09:00") == true }, "\(wakes)")
        let image = try #require(travel.json["image"] as? String)
        let png = try #require(Data(base64Encoded: String(image.dropFirst("data:image/png;base64,".count))))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && [UInt8](png) != live)
        // The display itself did not move.
        #expect(try Self.send(port, "GET", "/ui/frame.png").body == live)
        #expect((try Self.send(port, "GET", "/ui/state").json["frame"] as? [String: Any])?["version"] as? Int == refreshes?["version"] as? Int)
        for (text, message) in [("2020-01-01T00:00:00Z", "is not after now"), ("2099-01-01T00:00:00Z", "more than 7 days ahead"), ("tomorrow", "must be an instant")] {
            let refused = try Self.send(port, "GET", "/ui/travel?at=\(text)")
            #expect(refused.status == 400 && (refused.json["error"] as? String ?? "").contains(message), "\(refused.text)")
        }

        let gallery = try #require(try JSONSerialization.jsonObject(with: Data(try Self.send(port, "GET", "/ui/gallery").body)) as? [[String: Any]])
        #expect(gallery.contains { $0["kind"] as? String == "countdown" && $0["family"] as? String == "systemSmall" })
        for entry in gallery.prefix(3) {
            let picture = try Self.send(port, "GET", try #require(entry["image"] as? String))
            #expect(picture.status == 200 && picture.headers["content-type"] == "image/png", "\(entry)")
        }
        #expect(try Self.send(port, "GET", "/ui/gallery/clock/systemSmall.png").status == 404)
        #expect(try Self.send(port, "GET", "/ui/gallery/countdown/systemHuge.png").status == 404)
        #expect(try Self.send(port, "GET", "/ui/gallery/countdown/systemSmall.png/x").status == 404)
    }

    /// A tap on a button drawn in the frame runs its intent (the touchscreen's hit test).
    @Test func aTapOnTheFramePressesTheControlDrawnThere() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/v1/forecast", .json(OpenMeteoAnswer(day: "2026-11-27", hourCount: 96).json))
        let (daemon, port) = try start(in: directory, slots: "  - {name: sky, kind: weather, family: systemMedium, params: {base_url: \"\(server.baseURL)\"}}")
        defer { #expect(daemon.stop() == 0) }
        let state = try Self.send(port, "GET", "/ui/state").json
        let csrf = try #require(state["csrf"] as? String)
        let controls = try #require(state["controls"] as? [[String: Any]])
        let button = try #require(controls.first { $0["title"] as? String == "Refresh Weather" }, "\(controls)")
        let rect = try #require(button["rect"] as? [Int])
        let fetched = server.requests(to: "/v1/forecast").count
        let tap = try Self.send(port, "POST", "/ui/tap", headers: ["X-CSRF-Token": csrf],
                                body: form(["x": "\(rect[0] + rect[2] / 2)", "y": "\(rect[1] + rect[3] / 2)"]))
        #expect(tap.status == 200)
        var intent: [String: Any]?
        for _ in 0..<50 where intent == nil {
            intent = (try Self.send(port, "GET", "/ui/state").json["status"] as? [String: Any])?["last_intent"] as? [String: Any]
            if intent == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(intent?["title"] as? String == "Refresh Weather" && intent?["slot"] as? String == "sky", "\(String(describing: intent))")
        for _ in 0..<50 where server.requests(to: "/v1/forecast").count == fetched { Thread.sleep(forTimeInterval: 0.1) }
        #expect(server.requests(to: "/v1/forecast").count > fetched)
    }
}
