import CGlanceLinux
import FoundationEssentials
import GlanceFetch
import GlanceGraphics
import GlanceHost
import GlanceSystem
import GlanceText
import GlanceTime
import Glibc
import NIOCore
import Synchronization
import GlanceConfiguration
import GlanceWake

/// What the daemon knows about a TRMNL device, for MQTT.
public struct TRMNLDeviceState {
    public var name: String
    public var id: String
    public var batteryVoltage: Double?
    public var signal: Int?
    public var lastSeen: Date?
    /// The frame it is to show (name and PNG).
    public var frame: (name: String, png: [UInt8])?
}

/// TRMNL devices (BYOS firmware) served as displays of this daemon (`docs/trmnl.md`):
/// `GET /api/setup`, `GET /api/display`, `POST /api/log` and the frames' images.
///
/// The HTTP side runs on swift-nio's one event-loop thread; every request is answered on
/// the daemon's thread, from its one wait (an event descriptor the clock watches), where
/// each device's host is stepped too: devices wake nothing on their own, their instants
/// are part of the daemon's one deadline (`nextDeadline()`).
public final class TRMNLServer {
    private let config: TRMNLConfig
    private let clock: LinuxEventClock
    private let events: Int32
    private let timer: Int32
    private let inbox = RequestInbox()
    private var devices: [TRMNLDevice] = []
    private var front: HTTPFrontEnd?
    private let tokensPath: String
    private var tokens: [String: String] = [:]
    /// Devices (by id) that may be paired anew until the instant given (`glance trmnl
    /// pair NAME`): their next `/api/setup` without the token gets a new one.
    private var pairing: [String: Date] = [:]
    private let log: (String) -> Void
    /// Answers held after a button press until the device's frame is redrawn (or 3 s).
    private var held: [(device: TRMNLDevice, promise: EventLoopPromise<HTTPAnswer>, request: HTTPRequest, until: Date)] = []
    /// The deadline the daemon's wait was last given (`nextDeadline()`).
    private var promisedDeadline: Date?
    /// Unknown devices and bad requests already said, so that a device polling every few
    /// minutes does not fill the log.
    private var said: Set<String> = []

    /// What is not the device API goes here when another server shares the port (the web
    /// page); nil: a 404.
    var fallback: ((HTTPRequest, EventLoopPromise<HTTPAnswer>) -> Void)?

    /// After a device's state changed (a request, a new frame): MQTT publishes it.
    public var onChange: (() -> Void)?

    /// How long an answer to a button press waits for the new frame.
    static let buttonWait: TimeInterval = 3

    public init(config: TRMNLConfig, main: GlanceConfig, registry: WidgetRegistry, fonts: FontLibrary, stateDirectory: String,
                clock: LinuxEventClock, log: @escaping (String) -> Void) throws {
        self.config = config
        self.clock = clock
        self.log = log
        tokensPath = stateDirectory + "/trmnl/tokens.json"
        events = glance_eventfd_create()
        timer = glance_monotonic_timerfd_create()
        guard events >= 0, timer >= 0 else {
            throw ServerStartError(description: "cannot make the TRMNL server's event descriptors: \(SystemErrno(errno).description)")
        }
        let events = events
        for device in config.devices {
            let deviceClock = DeviceClock(wake: { _ = glance_eventfd_signal(events) })
            devices.append(try TRMNLDevice(config: device, main: main, registry: registry, fonts: fonts, stateDirectory: stateDirectory,
                                           clock: deviceClock, log: log))
        }
        tokens = loadTokens()
        for device in devices { device.token = device.config.token ?? tokens[device.config.id] }
        try clock.watch(descriptor: events) { [unowned self] in eventsReady() }
        try clock.watch(descriptor: timer) { [unowned self] in
            var cancelled: Int32 = 0
            _ = glance_timerfd_read(timer, &cancelled)
            releaseHeld()
        }
        let inbox = inbox
        do {
            // The web page may share this port: its uploads are the large bodies it takes.
            front = try HTTPFrontEnd(host: config.listen, port: config.port, largeBodies: WebServer.largeBodies, say: { line in
                inbox.add(line)
                _ = glance_eventfd_signal(events)
            }, dispatch: { request, promise in
                inbox.add(request, promise)
                _ = glance_eventfd_signal(events)
            })
        } catch {
            throw ServerStartError(description: "cannot listen on \(config.listen):\(config.port) for TRMNL devices: \(error) (another program on that port? change trmnl: port:)")
        }
    }

    /// The port the device API listens on (the configured one, or the one the system
    /// chose for port 0).
    public var port: Int { front?.port ?? config.port }

    /// Draws every device's first frame.
    public func start() {
        for device in devices { device.host.start() }
        onChange?()
    }

    /// The earliest instant a device's host needs a wake, for the daemon's wait to end by
    /// then; remembered, so that a device due earlier later on ends that wait at once.
    public func nextDeadline() -> Date? {
        promisedDeadline = devices.compactMap { $0.host.nextInstant() }.min()
        return promisedDeadline
    }

    /// Each device's name and host: displays the web page shows too.
    var displayHosts: [(name: String, host: WidgetHost)] { devices.map { ($0.config.name, $0.host) } }

    /// The main display's host (SIGHUP replaces it): devices follow its `glance sleep`.
    var mainHost: (() -> WidgetHost)?

    /// Steps every device host that is due or was interrupted.
    public func service() {
        let now = Date()
        var changed = false
        if let main = mainHost?() {
            // `glance sleep` and Home Assistant's switch put the devices to sleep too.
            for device in devices where device.host.followSleep(of: main) { device.clock.interrupt() }
        }
        for device in devices {
            var rounds = 0
            while rounds < 4, device.clock.isInterrupted || device.host.nextInstant().map({ $0 <= now }) ?? false {
                let before = device.output.current?.name
                _ = device.host.step()
                rounds += 1
                if device.output.current?.name != before { changed = true }
            }
        }
        releaseHeld()
        if changed { onChange?() }
    }

    public var deviceStates: [TRMNLDeviceState] {
        devices.map { device in
            TRMNLDeviceState(name: device.config.name, id: device.config.id, batteryVoltage: device.batteryVoltage, signal: device.signal,
                             lastSeen: device.lastSeen, frame: device.output.current)
        }
    }

    /// Stops listening; answers still held are given what there is.
    public func close() {
        for entry in held { entry.promise.succeed(displayAnswer(for: entry.device, request: entry.request)) }
        held = []
        front?.close()
        front = nil
        clock.unwatch(descriptor: events)
        clock.unwatch(descriptor: timer)
        Glibc.close(events)
        Glibc.close(timer)
    }

    // MARK: The daemon's thread

    private func eventsReady() {
        _ = glance_eventfd_drain(events)
        for line in inbox.takeLines() { log(line) }
        let requests = inbox.take()
        for (request, promise) in requests {
            if let answer = answer(request, promise: promise) { promise.succeed(answer) }
        }
        service()
        if !requests.isEmpty { onChange?() }
        // A device now due before the deadline the daemon waits for: end the wait early.
        if let next = devices.compactMap({ $0.host.nextInstant() }).min(), promisedDeadline.map({ next < $0 }) ?? true {
            clock.interrupt()
        }
    }

    /// The answer to `request`, or nil when it is held (a button press waiting for its frame).
    private func answer(_ request: HTTPRequest, promise: EventLoopPromise<HTTPAnswer>) -> HTTPAnswer? {
        switch (request.method, request.path) {
        case ("GET", "/api/setup"):
            return setup(request)
        case ("GET", "/api/display"):
            return display(request, promise: promise)
        case ("POST", "/api/log"):
            return deviceLog(request)
        case ("GET", let path) where path.hasPrefix("/images/"):
            let name = String(path.dropFirst("/images/".count))
            for device in devices {
                if let png = device.output.image(named: name) { return HTTPAnswer(status: 200, contentType: "image/png", body: png) }
            }
            return .json(404, "{\"status\": 404, \"error\": \"no such image (frames are kept until the next but one)\"}")
        default:
            if let fallback {
                fallback(request, promise)
                return nil
            }
            sayOnce("\(request.method) \(request.path)", "trmnl: \(request.method) \(request.path): not part of the device API; answered 404")
            return .json(404, "{\"status\": 404, \"error\": \"not found\"}")
        }
    }

    /// The device named by the request's `ID` header, or the answer refusing it.
    private func device(for request: HTTPRequest, needsToken: Bool) -> Swift.Result<TRMNLDevice, HTTPAnswer> {
        guard let text = request.header("ID"), let id = TRMNLDeviceConfig.normalisedID(text) else {
            sayOnce("no id \(request.path)", "trmnl: \(request.path) without a valid ID header (the device's MAC address); refused")
            return .failure(.json(400, "{\"status\": 400, \"error\": \"the ID header must be the device's MAC address\"}"))
        }
        guard let device = devices.first(where: { $0.config.id == id }) else {
            sayOnce("unknown \(id)", "trmnl: unknown device \(id) asked for \(request.path); add it under trmnl: devices: (id: \(id)) to serve it")
            return .failure(.json(404, "{\"status\": 404, \"api_key\": null, \"friendly_id\": null, \"image_url\": null, \"error\": \"unknown device\"}"))
        }
        if needsToken {
            guard let token = device.token, let given = request.header("Access-Token"), Tokens.same(given, token) else {
                let reason = device.token == nil ? "it has not been set up (no /api/setup yet)" : "its Access-Token is wrong"
                sayOnce("token \(id) \(request.path)", "trmnl \(device.config.name): \(request.path) refused: \(reason)")
                return .failure(.json(401, "{\"status\": 401, \"error\": \"wrong or missing Access-Token; set the device up again\"}"))
            }
        }
        return .success(device)
    }

    private func setup(_ request: HTTPRequest) -> HTTPAnswer {
        let device: TRMNLDevice
        switch self.device(for: request, needsToken: false) {
        case .success(let found): device = found
        case .failure(let answer): return answer
        }
        // Pairing: the first setup is given a token; after that, only a request that holds
        // it (the device asking again), or one inside a window opened on the server by
        // `glance trmnl pair NAME`, which gets a new token (the old one stops working).
        // Knowing a MAC address is not enough to take a device's place.
        let id = device.config.id
        let given = request.header("Access-Token")
        if let token = device.token, !(given.map { Tokens.same($0, token) } ?? false) {
            guard let until = pairing[id], Date() < until else {
                pairing[id] = nil
                sayOnce("paired \(id)", "trmnl \(device.config.name): /api/setup without its token refused: it is paired already; "
                    + "to pair it again (a reset device), run glance trmnl pair \(device.config.name) on this machine, then set it up within 5 minutes")
                return .json(403, "{\"status\": 403, \"api_key\": null, \"error\": \"this device is paired already; "
                    + "run glance trmnl pair \(device.config.name) on the server to pair it again\"}")
            }
            device.token = nil
        }
        if device.token == nil {
            let token = Tokens.make()
            device.token = token
            tokens[id] = token
            saveTokens()
            if pairing.removeValue(forKey: id) != nil { log("trmnl \(device.config.name): paired anew; the old token no longer works") }
        }
        log("trmnl \(device.config.name): set up (\(id))")
        var fields = ["\"status\": 200", "\"api_key\": \(jsonString(device.token!))",
                      "\"friendly_id\": \(jsonString(Self.friendlyID(of: device.config.id)))",
                      "\"message\": \(jsonString("Glance serves this device as \(device.config.name)"))"]
        if let frame = device.output.current { fields.append("\"image_url\": \(jsonString(imageURL(frame.name, request: request)))") }
        return .json(200, "{" + fields.joined(separator: ", ") + "}")
    }

    /// Opens a pairing window for the device named `name` (`glance trmnl pair NAME`):
    /// for `minutes`, its `/api/setup` without the token is given a new one, once.
    func openPairing(name: String, minutes: Double) -> Swift.Result<String, ControlFailure> {
        guard let device = devices.first(where: { $0.config.name == name }) else {
            return .failure(ControlFailure("no TRMNL device named \(jsonString(name)); the devices are \(devices.map(\.config.name).joined(separator: ", "))"))
        }
        guard minutes > 0, minutes <= 60 else { return .failure(ControlFailure("the pairing window is 0 to 60 minutes; \(minutes) asked")) }
        let until = Date().addingTimeInterval(minutes * 60)
        pairing[device.config.id] = until
        let message = "trmnl \(name): pairing open for \(Int(minutes.rounded())) minute\(minutes == 1 ? "" : "s"): set the device up now (its next /api/setup without a token gets a new one)"
        log(message)
        return .success(message)
    }

    private func display(_ request: HTTPRequest, promise: EventLoopPromise<HTTPAnswer>) -> HTTPAnswer? {
        let device: TRMNLDevice
        switch self.device(for: request, needsToken: true) {
        case .success(let found): device = found
        case .failure(let answer): return answer
        }
        record(request, of: device)
        let model = request.header("Model").flatMap(TRMNLModel.named)
        if let text = request.header("Model"), model == nil {
            // Said once a device, whatever it sends next: a device sending a new name
            // each time neither floods the log nor grows what is kept.
            let shown = String(text.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 }.prefix(40))
            sayOnce("model of \(device.config.name)", "trmnl \(device.config.name): its Model header '\(shown)' is not one this server knows; its entry's colors: (or bw) stand, or give colors: there")
        }
        device.adopt(width: request.header("Width").flatMap { Int($0) }, height: request.header("Height").flatMap { Int($0) }, model: model)
        if request.header("Update-Source")?.lowercased() == "button" {
            // The device's button woke it: a key press, answered with the frame it leads to.
            device.host.press(key: "button")
            service()
            if device.host.isFetching {
                held.append((device, promise, request, Date().addingTimeInterval(Self.buttonWait)))
                armTimer()
                return nil
            }
        } else {
            service()
        }
        return displayAnswer(for: device, request: request)
    }

    /// `/api/display`'s answer: the current frame, and the time to the device's next
    /// timeline boundary as its refresh rate.
    private func displayAnswer(for device: TRMNLDevice, request: HTTPRequest) -> HTTPAnswer {
        // In quiet hours the device's host wakes only at their end: so does the device.
        let refresh = Self.refreshRate(next: device.host.nextInstant(), now: Date())
        guard let frame = device.output.current else {
            // No frame yet: asked again soon, or at the end of quiet hours.
            let soon = device.host.isAsleep ? refresh : 30
            return .json(200, "{\"status\": 202, \"image_url\": null, \"filename\": null, \"refresh_rate\": \(soon), \"reset_firmware\": false, \"update_firmware\": false, \"firmware_url\": null}")
        }
        return .json(200, "{\"status\": 0, \"image_url\": \(jsonString(imageURL(frame.name, request: request))), \"filename\": \(jsonString(frame.name)), "
                     + "\"refresh_rate\": \(refresh), \"reset_firmware\": false, \"update_firmware\": false, \"firmware_url\": null}")
    }

    /// Seconds until `next` (one more, so the device comes after the boundary), at least
    /// 5 and at most a day; an hour when nothing is scheduled.
    static func refreshRate(next: Date?, now: Date) -> Int {
        guard let next else { return 3600 }
        return max(5, min(86_400, Int(next.timeIntervalSince(now).rounded(.up)) + 1))
    }

    private func deviceLog(_ request: HTTPRequest) -> HTTPAnswer {
        let device: TRMNLDevice
        switch self.device(for: request, needsToken: true) {
        case .success(let found): device = found
        case .failure(let answer): return answer
        }
        guard JSONValue.parse(request.body) != nil else {
            sayOnce("bad log \(device.config.id)", "trmnl \(device.config.name): /api/log with a body that is not JSON; ignored")
            return .json(400, "{\"status\": 400, \"error\": \"the body must be JSON\"}")
        }
        record(request, of: device)
        let text = String(decoding: request.body.prefix(300), as: UTF8.self).filter { $0 != "\n" && $0 != "\r" }
        log("trmnl \(device.config.name): device log: \(text)\(request.body.count > 300 ? "…" : "")")
        return .json(200, "{\"status\": 200}")
    }

    /// What the device says about itself with each request.
    private func record(_ request: HTTPRequest, of device: TRMNLDevice) {
        device.lastSeen = Date()
        if let text = request.header("Battery-Voltage") {
            if let volts = Double(text), volts.isFinite, (0...10).contains(volts) {
                device.batteryVoltage = volts
            } else {
                sayOnce("battery \(device.config.id)", "trmnl \(device.config.name): Battery-Voltage \(jsonString(String(text.prefix(40)))) is not a voltage; ignored")
            }
        }
        if let text = request.header("RSSI") {
            if let rssi = Int(text), (-150...0).contains(rssi) {
                device.signal = rssi
            } else {
                sayOnce("rssi \(device.config.id)", "trmnl \(device.config.name): RSSI \(jsonString(String(text.prefix(40)))) is not a signal strength in dBm; ignored")
            }
        }
    }

    private func imageURL(_ name: String, request: HTTPRequest) -> String {
        let base = config.publicURL ?? "http://" + (request.header("Host").flatMap { $0.isEmpty ? nil : $0 } ?? "\(config.listen):\(port)")
        return base + "/images/" + name
    }

    /// Gives held answers whose device is done, or whose time is up.
    private func releaseHeld() {
        let now = Date()
        var waiting: [(device: TRMNLDevice, promise: EventLoopPromise<HTTPAnswer>, request: HTTPRequest, until: Date)] = []
        for entry in held {
            if entry.device.host.isFetching && entry.until > now {
                waiting.append(entry)
            } else {
                entry.promise.succeed(displayAnswer(for: entry.device, request: entry.request))
            }
        }
        held = waiting
        armTimer()
    }

    private func armTimer() {
        guard let first = held.map(\.until).min() else {
            _ = glance_timerfd_disarm(timer)
            return
        }
        _ = glance_timerfd_arm_after(timer, Int64((first.timeIntervalSinceNow * 1000).rounded(.up)))
    }

    private func sayOnce(_ key: String, _ message: String) {
        if said.insert(key).inserted { log(message) }
    }

    // MARK: Tokens

    /// Six hex digits from the MAC address, as TRMNL's own server shows devices.
    static func friendlyID(of id: String) -> String {
        String(TRMNLOutput.hashName(of: Array(id.utf8)).prefix(6)).uppercased()
    }

    private func loadTokens() -> [String: String] {
        let found: [UInt8]?
        do throws(StateDirectory.Untrusted) {
            found = try StateDirectory.readOwnFile(tokensPath, limit: 1 << 20)
        } catch {
            log("trmnl: \(error.description); devices will be set up again")
            return [:]
        }
        guard let bytes = found else { return [:] }
        guard let kept = try? JSONDecoder().decode([String: String].self, from: Data(bytes)) else {
            log("trmnl: \(tokensPath) is not a JSON object of devices and tokens; devices will be set up again")
            return [:]
        }
        return kept
    }

    private func saveTokens() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try AtomicFile.makeFolders(String(tokensPath[..<tokensPath.lastIndex(of: "/")!]), mode: 0o700)
            try AtomicFile.write(Array(try encoder.encode(tokens)), to: tokensPath, mode: 0o600)
        } catch {
            log("trmnl: the devices' tokens cannot be kept in \(tokensPath): \(error); after a restart they must be set up again")
        }
    }
}
