import Foundation
import Glibc
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// TRMNL devices against a real `glance run`: the BYOS device API as the firmware uses it.
@Suite(.serialized) struct TRMNLServerTests {
    typealias Daemon = DaemonSignalTests.Daemon

    struct Answer {
        var status: Int
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    /// One request, waited for (at most 20 s).
    static func request(_ url: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) -> Answer? {
        guard let address = URL(string: url) else { return nil }
        var request = URLRequest(url: address, timeoutInterval: 20)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: Answer?
        URLSession.shared.dataTask(with: request) { data, response, _ in
            if let response = response as? HTTPURLResponse { answer = Answer(status: response.statusCode, body: data ?? Data()) }
            done.signal()
        }.resume()
        done.wait()
        return answer
    }

    /// The PNG's width, height, bit depth and colour type (from its IHDR).
    static func pngHeader(_ data: Data) -> (width: Int, height: Int, depth: Int, colorType: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 29, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20), Int(bytes[24]), Int(bytes[25]))
    }

    /// Starts a daemon serving `devices` (YAML list items) on a free port; returns it and the base URL.
    func start(devices: String, in directory: URL, extra: String = "") throws -> (Daemon, String) {
        try """
            timezone: Asia/Seoul
            \(extra)
            state_dir: state
            display: {backend: file, path: frames, size: 170x170}
            slots:
              - {name: launch, kind: countdown, family: systemSmall, params: {title: Launch, target: "2027-01-03"}}
            trmnl:
              listen: 127.0.0.1
              port: 0
              devices:
            \(devices)
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        guard daemon.waitFor("running; Ctrl-C stops"),
              let line = daemon.text.split(separator: "\n").first(where: { $0.contains("trmnl: serving") }),
              let port = line.split(separator: "127.0.0.1:").last?.prefix(while: \.isNumber), !port.isEmpty else {
            _ = daemon.stop()
            throw DaemonFailure(log: daemon.text)
        }
        return (daemon, "http://127.0.0.1:\(port)")
    }

    struct DaemonFailure: Error, CustomStringConvertible {
        let log: String
        var description: String { "the daemon did not start its TRMNL server:\n\(log)" }
    }

    /// In quiet hours a device is told to come back when they end, not every 30 s.
    @Test func aDeviceSleepsUntilTheQuietHoursEnd() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Quiet hours from a minute ago until two hours from now, on Seoul's wall clock.
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        func clock(_ date: Date) -> String {
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", parts.hour!, parts.minute!)
        }
        let now = Date()
        let end = now.addingTimeInterval(7200)
        let (daemon, base) = try start(devices: """
                - id: "a1-b2-c3-d4-e5-f6"
                  name: hall
                  slots:
                    - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """, in: directory, extra: "sleep: \"\(clock(now.addingTimeInterval(-60)))-\(clock(end))\"")
        defer { #expect(daemon.stop() == 0) }
        let id = ["ID": "A1:B2:C3:D4:E5:F6"]
        let token = try #require(Self.request(base + "/api/setup", headers: id)?.json["api_key"] as? String)
        let display = try #require(Self.request(base + "/api/display", headers: id.merging(["Access-Token": token]) { $1 }))
        let rate = try #require(display.json["refresh_rate"] as? Int, "\(String(decoding: display.body, as: UTF8.self))")
        // The window ends on a whole minute: within a minute of two hours from now.
        #expect(abs(Double(rate) - end.timeIntervalSinceNow) < 62, "refresh_rate \(rate)")
    }

    /// `glance sleep` (and Home Assistant's switch) puts the devices to sleep with the
    /// main display, and wakes them with it.
    @Test func glanceSleepPutsTheDevicesToSleepToo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, base) = try start(devices: """
                - id: "a1-b2-c3-d4-e5-f6"
                  name: hall
                  slots:
                    - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """, in: directory)
        defer { #expect(daemon.stop() == 0) }
        let id = ["ID": "A1:B2:C3:D4:E5:F6"]
        let token = try #require(Self.request(base + "/api/setup", headers: id)?.json["api_key"] as? String)
        let headers = id.merging(["Access-Token": token]) { $1 }
        func rate() throws -> Int {
            let display = try #require(Self.request(base + "/api/display", headers: headers))
            return try #require(display.json["refresh_rate"] as? Int, "\(String(decoding: display.body, as: UTF8.self))")
        }
        // Awake, a countdown: the device comes back at Seoul's next midnight.
        let started = Date()
        let awake = try rate()
        // Asleep for two hours (four, if midnight is about two hours away).
        let hours: Double = abs(Double(awake) - 7200) > 600 ? 2 : 4
        let config = directory.appendingPathComponent("wall.yaml").path
        let until = ISO8601DateFormatter().string(from: Date().addingTimeInterval(hours * 3600))
        let asleep = try runGlance(["sleep", "until", until, "--config", config])
        #expect(asleep.status == 0, "\(asleep.stderr)")
        // The daemon's loop passes the override on as it wakes for the command.
        func settles(_ wanted: (Int) -> Bool) throws -> Int {
            var seen = try rate()
            for _ in 0..<60 where !wanted(seen) {
                Thread.sleep(forTimeInterval: 0.05)
                seen = try rate()
            }
            return seen
        }
        let slept = try settles { abs(Double($0) - hours * 3600) < 62 }
        #expect(abs(Double(slept) - hours * 3600) < 62, "refresh_rate \(slept) asleep (awake: \(awake))")
        #expect(try runGlance(["sleep", "auto", "--config", config]).status == 0)
        let woke = try settles { abs(Double($0) - (Double(awake) - Date().timeIntervalSince(started))) < 5 }
        #expect(abs(Double(woke) - (Double(awake) - Date().timeIntervalSince(started))) < 5, "refresh_rate \(woke) awake again (before: \(awake))")
    }

    @Test func aDeviceIsSetUpShownItsFrameLogsAndWakesWithItsButton() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, base) = try start(devices: """
                - id: "a1-b2-c3-d4-e5-f6"
                  name: hall
                  slots:
                    - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
                - id: "02:00:00:00:00:01"
                  name: porch
                  slots:
                    - {name: launch, kind: countdown, family: systemSmall, params: {title: Porch, target: "2027-01-03"}}
            """, in: directory)
        defer { #expect(daemon.stop() == 0) }
        let id = ["ID": "A1:B2:C3:D4:E5:F6"]

        // An unknown device is refused and said.
        let stranger = try #require(Self.request(base + "/api/setup", headers: ["ID": "00:11:22:33:44:55"]))
        #expect(stranger.status == 404)
        #expect(daemon.waitFor("unknown device 00:11:22:33:44:55"))

        let setup = try #require(Self.request(base + "/api/setup", headers: id))
        #expect(setup.status == 200)
        let token = try #require(setup.json["api_key"] as? String)
        #expect(token.count >= 16)
        #expect((setup.json["friendly_id"] as? String)?.count == 6)
        // Set up again holding the token: the same token. Without it, knowing the MAC is
        // not enough: refused until the server opens a pairing window.
        #expect(Self.request(base + "/api/setup", headers: id.merging(["Access-Token": token]) { $1 })?.json["api_key"] as? String == token)
        let impostor = try #require(Self.request(base + "/api/setup", headers: id))
        #expect(impostor.status == 403 && impostor.json["api_key"] is NSNull, "\(String(decoding: impostor.body, as: UTF8.self))")
        #expect(daemon.waitFor("to pair it again (a reset device), run glance trmnl pair hall"))

        // A wrong token shows nothing.
        #expect(Self.request(base + "/api/display", headers: id.merging(["Access-Token": "wrong-token-wrong-token"]) { $1 })?.status == 401)
        #expect(daemon.waitFor("its Access-Token is wrong"))

        let headers = id.merging(["Access-Token": token, "Battery-Voltage": "3.92", "RSSI": "-67", "FW-Version": "1.5.5"]) { $1 }
        let asked = Date()
        let display = try #require(Self.request(base + "/api/display", headers: headers))
        let answered = Date()
        #expect(display.status == 200)
        #expect(display.json["status"] as? Int == 0)
        let imageURL = try #require(display.json["image_url"] as? String)
        let filename = try #require(display.json["filename"] as? String)
        #expect(imageURL == base + "/images/" + filename)
        #expect(filename.count == 20 && filename.hasSuffix(".png"))
        // The refresh rate is the time to the display's next boundary: the countdown's next
        // midnight in Seoul (and one second more, to come after it).
        let refresh = try #require(display.json["refresh_rate"] as? Int)
        var seoul = Calendar(identifier: .gregorian)
        seoul.timeZone = TimeZone(identifier: "Asia/Seoul")!
        let midnight = seoul.nextDate(after: Date(), matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime)!
        // The server read its clock between the question and the answer, however long that took.
        let latest = Int(midnight.timeIntervalSince(asked).rounded(.up)) + 1
        let earliest = Int(midnight.timeIntervalSince(answered).rounded(.down)) + 1
        #expect((earliest...latest).contains(refresh), "refresh_rate \(refresh), expected \(earliest)...\(latest)")

        // The frame: a 1-bit grey PNG of the device's size, under its 90,000 bytes.
        let image = try #require(Self.request(imageURL))
        #expect(image.status == 200)
        let header = try #require(Self.pngHeader(image.body))
        #expect(header.width == 800 && header.height == 480 && header.depth == 1 && header.colorType == 0)
        #expect(image.body.count < 90_000)
        // Nothing changed: the same name, so the firmware does not redraw.
        #expect(Self.request(base + "/api/display", headers: headers)?.json["filename"] as? String == filename)

        // The device's log.
        let log = try #require(Self.request(base + "/api/log", method: "POST", headers: headers,
                                           body: Data(#"{"logs": [{"message": "wifi connected", "level": "info"}]}"#.utf8)))
        #expect(log.status == 200)
        #expect(daemon.waitFor("trmnl hall: device log:"))
        #expect(Self.request(base + "/api/log", method: "POST", headers: headers, body: Data("not json".utf8))?.status == 400)
        #expect(Self.request(base + "/api/log", method: "POST", headers: headers, body: Data(repeating: 0x20, count: 70_000))?.status == 413)

        // The button: a key press, its binding (reload-all) wakes the device's slots.
        let pressed = try #require(Self.request(base + "/api/display", headers: headers.merging(["Update-Source": "button"]) { $1 }))
        #expect(pressed.json["status"] as? Int == 0)
        #expect(daemon.waitFor(" launch: intent → "), "\(daemon.text)")
        #expect(daemon.text.split(separator: "\n").contains { $0.hasPrefix("glance: trmnl hall: ") && $0.contains(" launch: intent → ") })

        // Bad input changes nothing and stops nothing.
        #expect(Self.request(base + "/api/display", headers: ["ID": "not a mac"])?.status == 400)
        #expect(Self.request(base + "/images/0000000000000000.png")?.status == 404)
        #expect(Self.request(base + "/api/display", headers: headers.merging(["Battery-Voltage": "lots"]) { $1 })?.json["filename"] as? String != nil)
        #expect(daemon.waitFor("is not a voltage; ignored"))
        #expect(daemon.process.isRunning)

        // A device whose entry gives no size takes the size it says it is.
        let small = ["ID": "02:00:00:00:00:01"]
        let smallToken = try #require(Self.request(base + "/api/setup", headers: small)?.json["api_key"] as? String)
        let sized = try #require(Self.request(base + "/api/display",
                                             headers: small.merging(["Access-Token": smallToken, "Width": "400", "Height": "300"]) { $1 }))
        let smallURL = try #require(sized.json["image_url"] as? String)
        let smallImage = try #require(Self.request(smallURL))
        #expect(Self.pngHeader(smallImage.body).map { [$0.width, $0.height] } == [400, 300])
        #expect(daemon.waitFor("trmnl porch: the device is 400x300"))

        // The token is kept for the next start (0600, in the state folder).
        let tokens = directory.appendingPathComponent("state/trmnl/tokens.json")
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: tokens)) as? [String: String]
        #expect(kept?["A1:B2:C3:D4:E5:F6"] == token)
        let mode = try FileManager.default.attributesOfItem(atPath: tokens.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// A device that says a new size gets a new host; the one it had ends with its
    /// threads: 20 sizes in turn leave the daemon with the threads it had.
    @Test func aDeviceOfChangingSizeLeavesNoThreadsBehind() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, base) = try start(devices: """
                - id: "02:00:00:00:00:01"
                  name: porch
                  slots:
                    - {name: launch, kind: countdown, family: systemSmall, params: {title: Porch, target: "2027-01-03"}}
            """, in: directory)
        defer { #expect(daemon.stop() == 0) }
        let id = ["ID": "02:00:00:00:00:01"]
        let token = try #require(Self.request(base + "/api/setup", headers: id)?.json["api_key"] as? String)
        func show(_ width: Int) {
            let started = daemon.text.components(separatedBy: "launch: start → ").count - 1
            let display = Self.request(base + "/api/display",
                                       headers: id.merging(["Access-Token": token, "Width": "\(width)", "Height": "300"]) { $1 })
            #expect(display?.status == 200)
            #expect(daemon.waitFor("trmnl porch: the device is \(width)x300"), "\(daemon.text)")
            // The new host's slot fetched on its thread.
            #expect(daemon.waitFor("launch: start → ", times: started + 1), "\(daemon.text)")
        }
        show(400)
        let (before, names) = (daemon.threads, daemon.threadNames)
        for width in 401...420 { show(width) }
        let after = daemon.threads(settlingTo: before)
        print("glance run, a TRMNL device of 20 sizes in turn: threads \(before) -> \(after)")
        // Fewer is not a leak: a thread counted before (the first host's, ending) may end on
        // its own; a host left behind would leave one for each of the 20 sizes.
        #expect(after <= before, "before: \(names); after: \(daemon.threadNames)")
    }

    /// Each device is served in its own inks, by the `Model` header its firmware sends:
    /// TRMNL X in 16 greys (a 4-bit greyscale PNG), Seeed's reTerminal E1002 in Spectra 6 (a
    /// 4-bit colour-mapped PNG named in the primaries its firmware matches, in either of the
    /// firmware's spellings); an entry's own `colors:` stands.
    @Test func eachDeviceIsServedInItsOwnInks() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, base) = try start(devices: """
                - {id: "02:00:00:00:00:01", name: x, slots: [{name: launch, kind: countdown, family: systemSmall, params: {title: X, target: "2027-01-03"}}]}
                - {id: "02:00:00:00:00:02", name: colour, slots: [{name: launch, kind: countdown, family: systemSmall, params: {title: Six, target: "2027-01-03"}}]}
                - {id: "02:00:00:00:00:03", name: fixed, colors: gray4, slots: [{name: launch, kind: countdown, family: systemSmall, params: {title: Four, target: "2027-01-03"}}]}
                - {id: "02:00:00:00:00:04", name: odd, slots: [{name: launch, kind: countdown, family: systemSmall, params: {title: Odd, target: "2027-01-03"}}]}
            """, in: directory)
        defer { #expect(daemon.stop() == 0) }
        /// The served PNG's bit depth, colour type and palette (PLTE) entries.
        func served(_ id: String, model: String, width: Int, height: Int) throws -> (depth: UInt8, type: UInt8, palette: [[UInt8]]) {
            let headers = ["ID": id]
            let token = try #require(Self.request(base + "/api/setup", headers: headers)?.json["api_key"] as? String)
            let ask = headers.merging(["Access-Token": token, "Model": model, "Width": "\(width)", "Height": "\(height)"]) { $1 }
            let display = try #require(Self.request(base + "/api/display", headers: ask))
            let url = try #require(display.json["image_url"] as? String)
            let png = [UInt8](try #require(Self.request(url, headers: ask)?.body))
            #expect(Array(png[12..<16]) == Array("IHDR".utf8))
            var palette: [[UInt8]] = []
            if let at = (0..<(png.count - 4)).first(where: { Array(png[$0..<($0 + 4)]) == Array("PLTE".utf8) }) {
                let length = Int(png[at - 4]) << 24 | Int(png[at - 3]) << 16 | Int(png[at - 2]) << 8 | Int(png[at - 1])
                palette = stride(from: at + 4, to: at + 4 + length, by: 3).map { Array(png[$0..<($0 + 3)]) }
            }
            let size = (Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19]),
                        Int(png[20]) << 24 | Int(png[21]) << 16 | Int(png[22]) << 8 | Int(png[23]))
            #expect(size == (width, height))
            return (png[24], png[25], palette)
        }
        let x = try served("02:00:00:00:00:01", model: "x", width: 1872, height: 1404)
        #expect(x.depth == 4 && x.type == 0)
        #expect(daemon.waitFor("trmnl x: the device is 1872x1404 in gray16"), "\(daemon.text)")
        let colour = try served("02:00:00:00:00:02", model: "reTerminal E1002", width: 800, height: 480)
        #expect(colour.depth == 4 && colour.type == 3)
        #expect(colour.palette == [[0, 0, 0], [255, 255, 255], [255, 255, 0], [255, 0, 0], [0, 0, 255], [0, 255, 0]])
        let fixed = try served("02:00:00:00:00:03", model: "x", width: 800, height: 480)
        #expect(fixed.depth == 2 && fixed.type == 0)
        // Unknown models are said once a device, however many a device sends (not a line
        // and a kept key for each).
        let headers = ["ID": "02:00:00:00:00:04"]
        let token = try #require(Self.request(base + "/api/setup", headers: headers)?.json["api_key"] as? String)
        for name in ["nope-1", "nope-2", "nope-3"] {
            #expect(Self.request(base + "/api/display", headers: headers.merging(["Access-Token": token, "Model": name]) { $1 })?.status == 200)
        }
        #expect(daemon.waitFor("its Model header 'nope-1' is not one this server knows"), "\(daemon.text)")
        #expect(!daemon.text.contains("'nope-2'") && !daemon.text.contains("'nope-3'"))
    }

    /// A reset device is paired anew only inside a window the server's admin opens
    /// (`glance trmnl pair NAME`): it gets a new token once, the old one stops working, and
    /// the window closes.
    @Test func aDeviceIsPairedAnewOnlyWhenTheServerSaysSo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, base) = try start(devices: """
                - id: "a1-b2-c3-d4-e5-f6"
                  name: hall
                  slots:
                    - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """, in: directory)
        defer { #expect(daemon.stop() == 0) }
        let id = ["ID": "A1:B2:C3:D4:E5:F6"]
        let first = try #require(Self.request(base + "/api/setup", headers: id)?.json["api_key"] as? String)
        #expect(Self.request(base + "/api/setup", headers: id)?.status == 403)
        let config = directory.appendingPathComponent("wall.yaml").path
        let unknown = try runGlance(["trmnl", "pair", "porch", "--config", config])
        #expect(unknown.status == 1 && unknown.stderr.contains("no TRMNL device named \"porch\"; the devices are hall"), "\(unknown.stderr)")
        let pair = try runGlance(["trmnl", "pair", "hall", "--config", config])
        #expect(pair.status == 0 && pair.stdout.contains("pairing open for 5 minutes"), "\(pair.stderr)")
        let again = try #require(Self.request(base + "/api/setup", headers: id))
        let second = try #require(again.json["api_key"] as? String, "\(again.status)")
        #expect(second != first)
        #expect(daemon.waitFor("paired anew; the old token no longer works"))
        #expect(Self.request(base + "/api/display", headers: id.merging(["Access-Token": first]) { $1 })?.status == 401)
        #expect(Self.request(base + "/api/display", headers: id.merging(["Access-Token": second]) { $1 })?.status == 200)
        // Used once: closed again.
        #expect(Self.request(base + "/api/setup", headers: id)?.status == 403)
    }

    @Test func fiftyDevicesPollingAtOnceAreEachAnsweredWithTheirOwnFrame() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 50
        let devices = (0..<count).map { index in
            let mac = String(format: "02:00:00:00:00:%02X", index)
            return """
                    - id: "\(mac)"
                      name: room-\(index)
                      size: 400x300
                      slots:
                        - {name: days, kind: countdown, family: systemMedium, params: {title: "Room \(index)", target: "2027-01-03"}}
                """
        }.joined(separator: "\n")
        let (daemon, base) = try start(devices: devices, in: directory)
        defer { #expect(daemon.stop() == 0) }

        nonisolated(unsafe) var names = [String?](repeating: nil, count: count)
        nonisolated(unsafe) var sizes = [Int](repeating: 0, count: count)
        let lock = NSLock()
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let id = ["ID": String(format: "02:00:00:00:00:%02X", index)]
            guard let token = Self.request(base + "/api/setup", headers: id)?.json["api_key"] as? String,
                  let display = Self.request(base + "/api/display", headers: id.merging(["Access-Token": token]) { $1 })?.json,
                  let url = display["image_url"] as? String, let image = Self.request(url), image.status == 200,
                  let header = Self.pngHeader(image.body), header.width == 400, header.height == 300 else { return }
            lock.lock()
            names[index] = display["filename"] as? String
            sizes[index] = image.body.count
            lock.unlock()
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(names.allSatisfy { $0 != nil }, "\(names.filter { $0 == nil }.count) devices got no frame\n\(daemon.text)")
        // Each shows its own title: fifty different frames.
        #expect(Set(names.compactMap { $0 }).count == count)
        #expect(sizes.allSatisfy { $0 > 0 && $0 < 90_000 })
        // A hang guard, not a speed claim (the answers wait for frames on two busy cores).
        #expect(elapsed < 300, "hung: fifty devices took \(elapsed) s")
        #expect(daemon.process.isRunning)
    }

    /// At the descriptor limit (lowered under the running daemon, as a busy machine or a
    /// flood of connections reaches it): idle connections past it spin neither the HTTP
    /// server's thread nor the daemon's, the daemon says so once, and the control socket
    /// still answers.
    @Test func atTheDescriptorLimitNothingSpinsAndTheControlSocketAnswers() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, base) = try start(devices: """
                - id: "a1-b2-c3-d4-e5-f6"
                  name: hall
                  slots:
                    - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """, in: directory)
        defer { #expect(daemon.stop() == 0) }
        let pid = daemon.process.processIdentifier
        let port = try #require(UInt16(base.split(separator: ":").last ?? ""))
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        // A few descriptors to spare, fewer than the per-address cap: the limit is reached first.
        let lowered = Process()
        lowered.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        lowered.arguments = ["--pid", "\(pid)", "--nofile=\(open + 6):\(open + 6)"]
        try lowered.run()
        lowered.waitUntilExit()
        try #require(lowered.terminationStatus == 0)

        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        for _ in 0..<40 {
            let fd = RawConnection.open(port: port)
            if fd >= 0 { sockets.append(fd) }
        }
        #expect(sockets.count == 40)
        // The server has met the limit and handled it (shed what was pending, paused
        // accepting) once it says so: the second below is measured from there.
        #expect(daemon.waitFor("trmnl: out of file descriptors"), "\(daemon.text)")
        let (seconds, busiest) = ProcessCPU.busy(pid: pid, over: 1)
        print("glance run at its descriptor limit with 40 idle TRMNL connections: \(String(format: "%.2f", seconds)) s of CPU in 1 s (busiest threads: \(busiest))")
        // A bound on busy-looping, not a speed claim: a spinning thread takes the whole second.
        #expect(seconds < 0.5, "\(busiest) spins\n\(daemon.text)")

        // The control socket answers, twice (its spare descriptor is taken again after the first).
        for _ in 0..<2 {
            let status = try runGlance(["status", "--config", "wall.yaml"], in: directory, timeout: 20)
            #expect(status.status == 0 && status.stdout.contains("launch (countdown, systemSmall)"), "\(status.stdout)\(status.stderr)")
        }
        let (afterwards, busiestAfterwards) = ProcessCPU.busy(pid: pid, over: 1)
        print("… and after two glance status: \(String(format: "%.2f", afterwards)) s of CPU in 1 s (busiest threads: \(busiestAfterwards))")
        #expect(afterwards < 0.5, "\(busiestAfterwards) spins\n\(daemon.text)")
        #expect(daemon.waitFor("out of file descriptors"), "\(daemon.text)")
        // Said once, not once per attempt.
        #expect(daemon.text.components(separatedBy: "out of file descriptors").count - 1 <= 2, "\(daemon.text)")

        // The connections gone, a device is served again.
        for fd in sockets { close(fd) }
        sockets = []
        let setup = try #require(Self.request(base + "/api/setup", headers: ["ID": "A1:B2:C3:D4:E5:F6"]))
        #expect(setup.status == 200)
        #expect(daemon.process.isRunning)
    }
}

/// A TCP connection opened with the socket calls, held idle.
enum RawConnection {
    /// A connected socket to 127.0.0.1:`port` (with 5 s receive and send timeouts), or -1.
    static func open(port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return -1
        }
        return fd
    }
}

/// CPU time of another process, from `/proc/PID/task/*/stat`.
enum ProcessCPU {
    /// Seconds of CPU (user and system) each thread has used so far, by thread name and id.
    static func threads(pid: Int32) -> [String: Double] {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var times: [String: Double] = [:]
        for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let name = String(stat[stat.index(after: open)..<close])
            // After the name: state is field 3; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            times["\(name) (\(task))"] = (user + system) / ticks
        }
        return times
    }

    /// The CPU seconds the process used over `seconds` of wall time, and its busiest
    /// threads then (those that used a twentieth of the time or more).
    static func busy(pid: Int32, over seconds: Double) -> (Double, String) {
        let before = threads(pid: pid)
        usleep(UInt32(seconds * 1_000_000))
        let after = threads(pid: pid)
        let used = after.map { ($0.key, $0.value - (before[$0.key] ?? 0)) }.sorted { $0.1 > $1.1 }
        let busiest = used.filter { $0.1 >= seconds / 20 }.map { "\($0.0): \(String(format: "%.2f", $0.1)) s" }
        return (used.reduce(0) { $0 + $1.1 }, busiest.isEmpty ? "none" : busiest.joined(separator: ", "))
    }
}

