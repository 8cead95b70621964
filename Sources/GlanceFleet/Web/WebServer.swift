import CGlanceLinux
import FoundationEssentials
import GlanceConfiguration
import GlanceDisplays
import GlanceGraphics
import GlanceHost
import GlanceIntents
import GlanceSystem
import GlanceText
import GlanceTime
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Glibc
import NIOCore
import Synchronization

/// The display's web page (`docs/web.md`): the page itself, embedded; the live frame;
/// every slot with its parameters; the controls; the log.
///
/// The HTTP side is the TRMNL server's (`HTTPFrontEnd`: swift-nio, its bounds); every
/// request is answered on the daemon's thread from its one wait, as TRMNL's are, so the
/// page sees and changes the host exactly as the control socket does (`ControlCommands`).
/// A page learns of a new frame by a long poll (`/ui/events`), answered when a display
/// refreshes or after 25 s: with no page open nothing is sent and nothing wakes.
///
/// Safe by default: without `password_file:` only loopback addresses are listened on and
/// only loopback `Host` names are answered (a page elsewhere cannot reach it through DNS
/// rebinding); with it, a login sets an HttpOnly, SameSite=Strict cookie. Every change is
/// a POST holding the session's CSRF token; requests, changes and logins are bounded per
/// address; nothing from disk is served.
final class WebServer {
    private let config: WebConfig
    private let clock: LinuxEventClock
    private let events: Int32
    /// The state folder: whom it is shared with decides who may use the open page.
    private let stateDirectory: String
    private let inbox = RequestInbox()
    private var front: HTTPFrontEnd?
    private let commands: ControlCommands
    private let mainHost: () -> WidgetHost
    /// TRMNL devices' hosts, by name: displays the page can show too.
    var deviceHosts: () -> [(name: String, host: WidgetHost)] = { [] }
    private let log: (String) -> Void
    private let logTail: LogTail
    private var sessions: [String: Session] = [:]
    /// The CSRF token when there are no users (loopback only): one for every page.
    private let openToken = Tokens.make()
    private var requestLimit = RateLimiter(rate: 30, burst: 120)
    private var changeLimit = RateLimiter(rate: 2, burst: 20)
    private var loginLimit = RateLimiter(rate: 1.0 / 12, burst: 5)
    /// Logins for the whole daemon from browsers it does not know: 20, then one every 6 s,
    /// whatever the addresses (40 addresses once got 200 guesses answered in 13 s).
    private var anyLogins = RateLimiter(rate: 1.0 / 6, burst: 20)
    /// Browsers that logged in here before (the `glance_device` cookie, held in memory):
    /// their logins count against their own bucket only, so that others' failures, from
    /// anywhere or from their own address, cannot lock them out.
    private var devices: [String] = []
    private var deviceLogins = RateLimiter(rate: 1.0 / 12, burst: 5)
    static let maximumDevices = 256
    static let deviceCookie = "glance_device"
    private let polls = Polls()
    private let registry: WidgetRegistry
    private let fonts: FontLibrary
    private var travelLimit = RateLimiter(rate: 0.5, burst: 5)
    /// Time travel's one thread (`TravelDesk`): one journey at a time for the daemon.
    private let travelDesk = TravelDesk()
    /// Gallery pictures already drawn, by palette, kind and family, with when (kept an hour:
    /// the snapshots show the date).
    private var gallery: [String: (png: [UInt8], at: Date)] = [:]
    /// What entity parameters' queries offer (`kind.param` → ids), asked once each in the
    /// background; the forms show them once they are known.
    private let suggestions = Suggestions()
    /// Each display's host and refresh count when last looked at: a change is a new frame.
    private var seen: [String: (host: ObjectIdentifier, count: Int)] = [:]

    struct Session {
        let user: String
        let csrf: String
        let created: Date
        var lastUsed: Date
    }

    /// How long a session lasts: a week from the login, a day without use.
    static let sessionLifetime: TimeInterval = 7 * 86_400
    static let sessionIdle: TimeInterval = 86_400
    static let maximumSessions = 64
    /// A long poll waits this long for a new frame.
    static let pollWait: TimeAmount = .seconds(25)
    /// Pages waiting at once: a quarter of the front end's 128 connections. One more is
    /// parked by answering the oldest of the address with the most waiting (that page
    /// polls again), so polls neither fill the connection cap nor keep a person out.
    static let maximumPolls = 32
    /// A failed login is answered after this long, whatever failed.
    static let loginDelay: TimeAmount = .seconds(1)
    /// How long a journey's answer may take: its wakes stop after `TimeTravel.maximumSeconds`,
    /// but it runs at the lowest priority, and on a busy machine drawing its frames waits
    /// for idle time (the connection's usual 30 s would close it first).
    static let travelAnswerTime: TimeAmount = .seconds(240)

    /// `listening`: false when another server on the same address hands this one what is
    /// not its own (`handle`): the page shares TRMNL's port.
    init(config: WebConfig, context: FrontEndContext, listening: Bool = true) throws {
        self.config = config
        clock = context.clock
        commands = context.commands
        mainHost = context.host
        registry = context.registry
        fonts = context.fonts
        log = context.log
        logTail = .shared
        stateDirectory = context.stateDirectory
        events = glance_eventfd_create()
        guard events >= 0 else {
            throw ServerStartError(description: "cannot make the web page's event descriptor: \(SystemErrno(errno).description)")
        }
        let events = events
        try clock.watch(descriptor: events) { [unowned self] in eventsReady() }
        guard listening else { return }
        let inbox = inbox
        do {
            front = try HTTPFrontEnd(host: config.host, port: config.port, largeBodies: Self.largeBodies, say: { line in
                inbox.add("web: " + line)
                _ = glance_eventfd_signal(events)
            }, dispatch: { request, promise in
                inbox.add(request, promise)
                _ = glance_eventfd_signal(events)
            })
        } catch {
            clock.unwatch(descriptor: events)
            Glibc.close(events)
            throw ServerStartError(description: "cannot listen on \(config.host):\(config.port) for the web page: \(error) (another program on that port? change web: listen:)")
        }
    }

    /// The port the page listens on (the configured one, or the system's choice for 0).
    var port: Int { front?.port ?? config.port }

    /// Stops listening; waiting polls are answered.
    func close() {
        polls.releaseAll(version: polls.version)
        front?.close()
        front = nil
        clock.unwatch(descriptor: events)
        Glibc.close(events)
    }

    /// After every wake: a display that refreshed is a new frame version, and the pages
    /// waiting for one are answered.
    func update() {
        var changed = false
        for (name, host) in displays {
            let now = (ObjectIdentifier(host), host.refreshCount)
            if let before = seen[name], before.host == now.0, before.count == now.1 { continue }
            seen[name] = now
            changed = true
        }
        if changed { polls.bump() }
    }

    // MARK: The daemon's thread

    private func eventsReady() {
        _ = glance_eventfd_drain(events)
        for line in inbox.takeLines() { log(line) }
        for (request, promise) in inbox.take() { handle(request, promise: promise) }
    }

    /// Answers `request` (now, or later through `promise`).
    func handle(_ request: HTTPRequest, promise: EventLoopPromise<HTTPAnswer>) {
        guard var answer = answer(request, promise: promise) else { return }
        Self.secure(&answer)
        promise.succeed(answer)
    }

    private var displays: [(name: String, host: WidgetHost)] { [("main", mainHost())] + deviceHosts() }

    /// Headers every answer carries: what the page may load, and that it is not cached or
    /// framed.
    static func secure(_ answer: inout HTTPAnswer) {
        answer.headers += [
            ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"),
        ]
    }

    static func error(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPAnswer {
        HTTPAnswer(status: status, contentType: "application/json", body: Array("{\"error\": \(jsonString(message))}".utf8), headers: headers)
    }

    static func ok(_ message: String) -> HTTPAnswer { .json(200, "{\"ok\": true, \"message\": \(jsonString(message))}") }

    /// The answer, or nil when it comes later (a long poll, a failed login's delay).
    private func answer(_ request: HTTPRequest, promise: EventLoopPromise<HTTPAnswer>) -> HTTPAnswer? {
        let now = Date()
        guard requestLimit.take(request.remote, at: now) else {
            return Self.error(429, "too many requests; wait a moment", headers: [("Retry-After", "2")])
        }
        // Without users only this machine is served, and only under its own names: a page
        // from elsewhere that renames itself to this address (DNS rebinding) is refused.
        if config.users.isEmpty, !Self.isLoopbackHost(request.header("Host")) {
            return Self.error(403, "this page answers only as localhost or 127.0.0.1 (web: has no password_file:)")
        }
        // And only for whom the control socket answers: another user of this machine can
        // connect to loopback as well as anyone.
        if config.users.isEmpty, let refusal = peerRefusal(request) { return Self.error(403, refusal) }
        // A POST from a page of another origin (a login or a change a foreign page makes the
        // browser send) is refused when the browser says where it comes from.
        if request.method == "POST", let origin = request.header("Origin"),
           origin.lowercased() != "http://" + (request.header("Host") ?? "").lowercased() {
            return Self.error(403, "a change must come from this page (Origin \(jsonString(String(origin.prefix(80)))))")
        }
        guard let methods = WebRoute.methods(of: request.path) else {
            return Self.error(404, request.path.hasPrefix("/ui/") ? "no such route: \(request.path.prefix(80))" : "no such page")
        }
        guard let route = WebRoute.routes(at: request.path).first(where: { $0.method == request.method }) else {
            return Self.error(405, "\(request.path) takes \(methods.joined(separator: " or "))", headers: [("Allow", methods.joined(separator: ", "))])
        }
        switch route {
        // The page's files and the login: before any session.
        case .page: return HTTPAnswer(status: 200, contentType: "text/html; charset=utf-8", body: WebPage.html)
        case .script: return HTTPAnswer(status: 200, contentType: "text/javascript; charset=utf-8", body: WebPage.javascript)
        case .style: return HTTPAnswer(status: 200, contentType: "text/css; charset=utf-8", body: WebPage.css)
        case .login: return login(request, promise: promise, at: now)
        default: break
        }
        guard var session = session(for: request, at: now) else { return Self.error(401, "log in first") }
        // An upload's body is the picture: its fields are in the query.
        guard let fields = route == .upload ? HTTPRequest.formFields(request.query) : request.fields else { return Self.error(400, "the request's fields could not be read (form fields or a JSON object of strings)") }
        if request.method == "POST" {
            guard let token = request.header("X-CSRF-Token"), Tokens.same(token, session.csrf) else {
                return Self.error(403, "missing or stale CSRF token; reload the page")
            }
            guard changeLimit.take(request.remote, at: now) else {
                return Self.error(429, "too many changes; wait a moment", headers: [("Retry-After", "5")])
            }
        }
        session.lastUsed = now
        if let cookie = request.cookie(Self.cookieName), sessions[cookie] != nil { sessions[cookie] = session }
        let display = fields["display"] ?? "main"
        guard let host = displays.first(where: { $0.name == display })?.host else {
            return Self.error(404, "no display \(jsonString(display)); the displays are \(displays.map(\.name).joined(separator: ", "))")
        }
        switch route {
        case .page, .script, .style, .login: return Self.error(500, "\(request.path) is answered before a session is asked for")
        case .state: return state(of: host, named: display, session: session)
        case .frame: return frame(of: host, look: fields["look"] ?? "panel", saturation: fields["saturation"])
        case .events: return poll(after: fields["after"], request: request, promise: promise)
        case .log: return .json(200, "{\"lines\": [" + logTail.recent.map(jsonString).joined(separator: ", ") + "]}")
        case .travel:
            guard travelLimit.take(request.remote, at: now) else {
                return Self.error(429, "time travel takes a moment; wait a few seconds", headers: [("Retry-After", "2")])
            }
            return travel(host, to: fields["at"], request: request, promise: promise, at: now)
        case .gallery:
            return .json(200, "[" + WidgetSnapshotRenderer.galleryEntries(registry: registry).map { entry in
                "{\"kind\": \(jsonString(entry.kind)), \"family\": \(jsonString(entry.family.rawValue)), "
                    + "\"image\": \(jsonString("/ui/gallery/\(entry.kind)/\(entry.family.rawValue).png?display=\(display)"))}"
            }.joined(separator: ", ") + "]")
        case .galleryPicture:
            return galleryPicture(request.path.dropFirst("/ui/gallery/".count), for: host, at: now)
        case .logout:
            if let cookie = request.cookie(Self.cookieName) { sessions[cookie] = nil }
            var answer = Self.ok("logged out")
            answer.headers.append(("Set-Cookie", "\(Self.cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"))
            return answer
        case .set, .reload, .refresh, .press, .tap:
            return change(route, fields: fields, host: host, main: display == "main")
        case .photos:
            return photos(of: host)
        case .inks:
            return inks(of: host)
        case .tuneInks:
            return tuneInks(fields["saturation"], host: host, main: display == "main", user: session.user)
        case .upload, .deletePhoto:
            return photoChange(route, fields: fields, body: request.body, host: host, user: session.user)
        }
    }

    /// The paths whose bodies may be large: a picture uploaded to an album.
    static let largeBodies = HTTPFrontEnd.LargeBodies(["/ui/photos/upload": PhotoUploads.largestUpload])

    // MARK: Inks

    /// The saturation pictures are dithered with now: the one tuned here, else the board's.
    private func saturation(of board: Board) -> Double { InkTuning.saved(in: stateDirectory) ?? board.saturation }

    private func inks(of host: WidgetHost) -> HTTPAnswer {
        let palette = host.config.display.palette
        guard let board = host.measuredBoard, let measured = board.measuredInks else {
            return .json(200, "{\"measured\": false, \"palette\": \(jsonString(host.config.display.colors.rawValue))}")
        }
        let ideal = board.idealInks ?? palette.colors
        let names = palette.inkNames
        let inks = measured.indices.map { index in
            "{\"name\": \(jsonString(index < names.count ? names[index] : "ink \(index + 1)")), \"ideal\": \(jsonString(ideal[index].configText)), "
                + "\"measured\": \(jsonString(measured[index].configText))}"
        }
        return .json(200, "{\"measured\": true, \"palette\": \(jsonString(host.config.display.colors.rawValue)), \"board\": \(jsonString(board.name)), "
                     + "\"source\": \(jsonString(board.inkSource)), \"saturation\": \(saturation(of: board)), \"default\": \(board.saturation), "
                     + "\"inks\": [" + inks.joined(separator: ", ") + "]}")
    }

    /// Keeps a saturation (the main display's board only: a TRMNL device has its own firmware's inks).
    private func tuneInks(_ text: String?, host: WidgetHost, main: Bool, user: String) -> HTTPAnswer {
        guard main, let board = host.measuredBoard else { return Self.error(404, "this display's board gives no measured inks (inks: in its board file)") }
        guard let text, let value = Double(text), InkTuning.isValid(value) else {
            return Self.error(400, "saturation is a number from 0 to 1, not \(jsonString(String((text ?? "nothing").prefix(40))))")
        }
        do throws(AtomicFile.WriteError) {
            try InkTuning.save(value, in: stateDirectory)
        } catch {
            return Self.error(500, "\(error)")
        }
        host.tune(saturation: value)
        log("web: \(user.isEmpty ? "the page" : user) tuned \(board.name)'s saturation to \(value) (was \(board.saturation) in its board file)")
        return Self.ok("pictures are dithered with saturation \(value) from the next frame (a full refresh, now)")
    }

    // MARK: Photos

    /// The albums the display's photo slots show (`uploads: NAME`), with the slots.
    static func albums(of config: GlanceConfig) -> [(name: String, slots: [String])] {
        var albums: [(name: String, slots: [String])] = []
        for slot in config.slots where slot.kind == PhotoWidget.kind {
            guard let album = slot.params.first(where: { $0.name == "uploads" })?.text, PhotoUploads.isAlbumName(album) else { continue }
            if let index = albums.firstIndex(where: { $0.name == album }) {
                albums[index].slots.append(slot.name)
            } else {
                albums.append((album, [slot.name]))
            }
        }
        return albums
    }

    private func photos(of host: WidgetHost) -> HTTPAnswer {
        let albums = Self.albums(of: host.config).map { album in
            let pictures = PhotoUploads.list(album.name).map { picture in
                "{\"name\": \(jsonString(picture.name)), \"bytes\": \(picture.bytes), "
                    + "\"at\": \(jsonString(iso8601String(picture.modified, in: host.config.timeZone)))}"
            }
            return "{\"name\": \(jsonString(album.name)), \"slots\": [" + album.slots.map(jsonString).joined(separator: ", ") + "], "
                + "\"pictures\": [" + pictures.joined(separator: ", ") + "]}"
        }
        return .json(200, "{\"albums\": [" + albums.joined(separator: ", ") + "], \"limits\": {\"upload\": \(PhotoUploads.largestUpload), "
                     + "\"pictures\": \(PhotoUploads.mostPictures), \"bytes\": \(PhotoUploads.mostBytes), \"megapixels\": \(PhotoUploads.largestPicture / 1_000_000)}}")
    }

    /// An upload (`album`, `name` in the query, the picture as the body) or a deletion
    /// (`album`, `name`), to an album a photo slot of this display shows. The slots see it
    /// through their folder's watch.
    private func photoChange(_ route: WebRoute, fields: [String: String], body: [UInt8], host: WidgetHost, user: String) -> HTTPAnswer {
        let album = fields["album"] ?? ""
        guard let shown = Self.albums(of: host.config).first(where: { $0.name == album }) else {
            return Self.error(404, "no photo slot shows an album \(jsonString(String(album.prefix(40)))); give a photo slot uploads: NAME")
        }
        let name = fields["name"] ?? ""
        let who = user.isEmpty ? "the page" : user
        switch route {
        case .upload:
            switch PhotoUploads.save(body, named: name, in: album) {
            case .success(let kept):
                log("web: \(who) uploaded \(kept) to the album \(album)")
                host.reloadNow(slots: shown.slots)
                return .json(200, "{\"ok\": true, \"name\": \(jsonString(kept)), \"message\": \(jsonString("kept as \(kept) in \(album)"))}")
            case .failure(let problem):
                log("web: an upload to the album \(album) was refused: \(problem)")
                return Self.error(400, problem.description)
            }
        default:
            switch PhotoUploads.delete(name, from: album) {
            case .success:
                log("web: \(who) deleted \(name) from the album \(album)")
                host.reloadNow(slots: shown.slots)
                return Self.ok("deleted \(name) from \(album)")
            case .failure(let problem):
                return Self.error(400, problem.description)
            }
        }
    }

    static let cookieName = "glance_session"

    /// Why the user who opened `request`'s connection may not use the open page, or nil:
    /// the control socket's rule (`ControlAccess.serverAllows`: the daemon's user, root,
    /// or the group the state folder is shared with), the user found from the connection
    /// itself (`TCPPeerOwner`).
    private func peerRefusal(_ request: HTTPRequest) -> String? {
        let client = TCPPeerOwner.End(address: request.remote, port: request.remotePort)
        let server = TCPPeerOwner.End(address: request.localAddress, port: request.localPort)
        guard let uid = TCPPeerOwner.uid(client: client, server: server) else {
            return "cannot tell which user of this machine opened this connection; give web: a password_file: to use the page from here"
        }
        let daemon = geteuid()
        let folder = ControlAccess.Folder(path: stateDirectory)
        let primary = getpwuid(uid).map { $0.pointee.pw_gid } ?? gid_t.max
        if ControlAccess.serverAllows(uid: uid, gid: primary, groups: ControlAccess.groups(ofUser: uid, primary: primary), daemon: daemon, folder: folder) {
            return nil
        }
        let you = ControlAccess.userName(uid)
        if let shared = ControlAccess.sharedGroup(folder), shared != 0 {
            return "without password_file: this page is for the daemon's user (\(ControlAccess.userName(daemon))), root and group "
                + "\(ControlAccess.groupName(shared)); you are \(you): join the group (sudo adduser \(you) \(ControlAccess.groupName(shared))), "
                + "or give web: a password_file:"
        }
        return "without password_file: this page is for the daemon's user (\(ControlAccess.userName(daemon))) and root; "
            + "you are \(you): give web: a password_file: (docs/web.md), or open the page as that user"
    }

    static func isLoopbackHost(_ header: String?) -> Bool {
        guard let header = header?.lowercased() else { return false }
        let name: Substring
        if header.hasPrefix("[") {
            name = header.dropFirst().prefix { $0 != "]" }
        } else {
            name = header.prefix { $0 != ":" }
        }
        return WebConfig.isLoopback(String(name))
    }

    // MARK: Sessions

    private func session(for request: HTTPRequest, at now: Date) -> Session? {
        if config.users.isEmpty { return Session(user: "", csrf: openToken, created: now, lastUsed: now) }
        guard let cookie = request.cookie(Self.cookieName), let session = sessions[cookie] else { return nil }
        guard now.timeIntervalSince(session.created) < Self.sessionLifetime, now.timeIntervalSince(session.lastUsed) < Self.sessionIdle else {
            sessions[cookie] = nil
            return nil
        }
        return session
    }

    /// A right name and password make a session; anything else is the same answer after
    /// the same second, whether the name is unknown or the password wrong.
    private func login(_ request: HTTPRequest, promise: EventLoopPromise<HTTPAnswer>, at now: Date) -> HTTPAnswer? {
        guard !config.users.isEmpty else { return Self.ok("no login needed (web: has no password_file:)") }
        let device = request.cookie(Self.deviceCookie).flatMap { devices.contains($0) ? $0 : nil }
        if let device {
            guard deviceLogins.take(device, at: now) else {
                return Self.error(429, "too many logins from this browser; wait a minute", headers: [("Retry-After", "60")])
            }
        } else {
            guard loginLimit.take(request.remote, at: now) else {
                return Self.error(429, "too many logins from this address; wait a minute", headers: [("Retry-After", "60")])
            }
            guard anyLogins.take("*", at: now) else {
                return Self.error(429, "too many logins on this display lately, from anywhere; wait a minute (a browser that logged in here before is not held back)",
                                  headers: [("Retry-After", "60")])
            }
        }
        let fields = request.fields ?? [:]
        let user = fields["user"] ?? ""
        let given = fields["password"] ?? ""
        // An unknown name is compared with a password nobody has, as long as a real one.
        let known = config.users[user]
        let matches = Tokens.same(given, known ?? String(repeating: "\u{1}", count: max(1, given.utf8.count)))
        guard matches, known != nil else {
            log("web: a login from \(request.remote) was refused")
            var refusal = Self.error(401, "wrong name or password")
            Self.secure(&refusal)
            let answer = refusal
            promise.futureResult.eventLoop.scheduleTask(in: Self.loginDelay) { promise.succeed(answer) }
            return nil
        }
        if sessions.count >= Self.maximumSessions, let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
            sessions[oldest] = nil
        }
        let token = Tokens.make(length: 32)
        sessions[token] = Session(user: user, csrf: Tokens.make(length: 32), created: now, lastUsed: now)
        log("web: \(user) logged in from \(request.remote)")
        var answer = Self.ok("logged in as \(user)")
        answer.headers.append(("Set-Cookie", "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(Int(Self.sessionLifetime))"))
        if device == nil {
            let known = Tokens.make(length: 32)
            devices.append(known)
            if devices.count > Self.maximumDevices { devices.removeFirst(devices.count - Self.maximumDevices) }
            answer.headers.append(("Set-Cookie", "\(Self.deviceCookie)=\(known); Path=/ui/login; HttpOnly; SameSite=Strict; Max-Age=31536000"))
        }
        return answer
    }

    // MARK: Reading

    private func state(of host: WidgetHost, named name: String, session: Session) -> HTTPAnswer {
        let display = host.config.display
        var fields = [
            "\"csrf\": \(jsonString(session.csrf))",
            "\"user\": \(jsonString(session.user))",
            "\"display\": {\"name\": \(jsonString(name)), \"width\": \(display.width), \"height\": \(display.height), "
                + "\"palette\": \(jsonString(display.colors.rawValue))}",
            "\"displays\": [" + displays.map { jsonString($0.name) }.joined(separator: ", ") + "]",
            "\"frame\": {\"version\": \(polls.version)"
                + (host.lastRefresh.map { ", \"at\": \(jsonString(iso8601String($0.at, in: host.config.timeZone)))" } ?? "") + "}",
            "\"keys\": [" + host.config.keys.map { jsonString($0.key) }.joined(separator: ", ") + "]",
            "\"status\": " + host.statusJSON(),
        ]
        let rects = Dictionary(host.currentFrame().slots.map { ($0.name, $0.rect) }, uniquingKeysWith: { first, _ in first })
        fields.append("\"slots\": [" + host.slotParameters.map { slot in
            let family = host.config.slots.first { $0.name == slot.slot }?.family ?? ""
            var parts = ["\"name\": \(jsonString(slot.slot))", "\"kind\": \(jsonString(slot.kind))", "\"family\": \(jsonString(family))",
                         "\"params\": [" + slot.parameters.map { parameter in
                             Self.parameterJSON(parameter, values: slot.values, suggested: parameter.kind == .entity ? suggested(slot.kind, parameter.name) : [])
                         }.joined(separator: ", ") + "]"]
            if let rect = rects[slot.slot] { parts.append("\"rect\": [\(rect.x), \(rect.y), \(rect.width), \(rect.height)]") }
            return "{" + parts.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]")
        fields.append("\"controls\": [" + host.drawnControls.map { control in
            "{\"slot\": \(jsonString(control.slot)), \"title\": \(jsonString(control.title)), "
                + "\"rect\": [\(control.rect.x), \(control.rect.y), \(control.rect.width), \(control.rect.height)]}"
        }.joined(separator: ", ") + "]")
        return .json(200, "{" + fields.joined(separator: ", ") + "}")
    }

    /// One parameter as the page's form takes it: its control's type, value and choices.
    static func parameterJSON(_ parameter: IntentConfigurator.ParameterInfo, values: [String: [String]], suggested: [String] = []) -> String {
        let type: String
        var choices = suggested
        switch parameter.kind {
        case _ where parameter.isList: type = "list"
        case .text: type = "text"
        case .wholeNumber: type = "integer"
        case .number: type = "number"
        case .toggle: type = "toggle"
        case .date: type = "date"
        case .choice(let cases):
            type = "choice"
            choices = cases
        case .entity: type = "entity"
        case .list: type = "list"
        }
        // `values` are shown already (WidgetHost.slotParameters); a default is masked here.
        let value = values[parameter.name] ?? parameter.defaultTexts.map(parameter.shown) ?? []
        var parts = ["\"name\": \(jsonString(parameter.name))", "\"title\": \(jsonString(parameter.title))", "\"type\": \(jsonString(type))",
                     "\"value\": \(jsonString(value.joined(separator: ",")))", "\"optional\": \(!parameter.isRequired)",
                     "\"expected\": \(jsonString(parameter.typeName))", "\"settable\": \(parameter.isSettable)"]
        if let defaults = parameter.defaultTexts { parts.append("\"default\": \(jsonString(parameter.shown(defaults).joined(separator: ",")))") }
        if !choices.isEmpty {
            parts.append("\"choices\": [" + choices.map { "{\"value\": \(jsonString($0)), \"title\": \(jsonString($0))}" }.joined(separator: ", ") + "]")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// The ids an entity parameter's query offers, if known; asked for (once, off the
    /// daemon's thread, at most 10 s) otherwise.
    private func suggested(_ kind: String, _ name: String) -> [String] {
        let key = kind + "." + name
        if let known = suggestions.values.withLock({ $0[key] }) { return known }
        suggestions.values.withLock { $0[key] = [] }
        guard let descriptor = registry[kind] else { return [] }
        let ask = UncheckedSendable(descriptor.offeredValues)
        let suggestions = suggestions
        Task(executorPreference: ProviderExecutor.shared) {
            let offered = try? await ask.value(name)
            suggestions.values.withLock { $0[key] = Array((offered ?? nil ?? []).prefix(200)) }
        }
        return []
    }

    private func frame(of host: WidgetHost, look: String, saturation: String?) -> HTTPAnswer {
        let png: [UInt8]?
        // A preview of the frame dithered with another saturation, in the inks' real colours.
        if let saturation {
            guard host.measuredBoard != nil else { return Self.error(404, "this display's board gives no measured inks (inks: in its board file)") }
            guard let value = Double(saturation), InkTuning.isValid(value) else {
                return Self.error(400, "saturation is a number from 0 to 1, not \(jsonString(String(saturation.prefix(40))))")
            }
            guard let preview = host.previewPNG(saturation: value) else { return Self.error(404, "no frame yet") }
            return HTTPAnswer(status: 200, contentType: "image/png", body: preview)
        }
        switch look {
        case "panel": png = host.shownFramePNG()
        case "colour", "color": png = host.currentFrame().canvas.flatMap { try? PNG.encode($0) }
        default: return Self.error(400, "look is panel or colour, not \(jsonString(String(look.prefix(40))))")
        }
        guard let png else { return Self.error(404, "no frame yet") }
        return HTTPAnswer(status: 200, contentType: "image/png", body: png)
    }

    /// The frame at a coming instant and the wakes on the way: made ready here, on the
    /// daemon's thread (it reads the host), and travelled on the `TravelDesk`'s thread; the
    /// answer comes later through `promise` (nil), or at once when it is kept or refused.
    private func travel(_ host: WidgetHost, to text: String?, request: HTTPRequest, promise: EventLoopPromise<HTTPAnswer>, at now: Date) -> HTTPAnswer? {
        guard let text, let instant = parseISO8601Instant(text) else {
            return Self.error(400, "at must be an instant like 2027-01-03T07:30:00+09:00, not \(jsonString(String((text ?? "").prefix(40))))")
        }
        // The same instant from the same display, unchanged since: the kept answer.
        let key = "\(ObjectIdentifier(host).hashValue) \(host.refreshCount) \(instant.timeIntervalSince1970)"
        if let kept = travelDesk.kept(key, at: now) { return kept }
        guard !travelDesk.isBusy else {
            return Self.error(429, "time travel is working on another journey; wait a few seconds", headers: [("Retry-After", "3")])
        }
        let journey: TravelJourney
        do {
            journey = try host.prepareTravel(to: instant, registry: registry)
        } catch {
            return Self.error(400, error.description)
        }
        let zone = host.config.timeZone
        // The daemon's log takes lines from any thread (`RunCommand.say`).
        let log = UncheckedSendable(log)
        let started = travelDesk.start(journey, key: key, isGone: request.isGone, answer: { outcome in
            switch outcome {
            case .success(let result):
                if let cut = result.cutShort { log.value("web: time travel to \(iso8601String(instant, in: zone)) \(cut)") }
                return Self.travelAnswer(result, zone: zone)
            case .failure(let error):
                return Self.error(400, error.description)
            }
        }, promise: promise)
        guard started else {
            return Self.error(429, "time travel is working on another journey; wait a few seconds", headers: [("Retry-After", "3")])
        }
        request.takesUpTo(Self.travelAnswerTime)
        return nil
    }

    /// A journey's answer: the instant, both pictures, the wakes on the way, and where and
    /// why it stopped short, if it did.
    static func travelAnswer(_ result: TravelResult, zone: ZoneRules) -> HTTPAnswer {
        let wakes = result.wakes.map { wake in
            let record = wake.record
            var parts = ["\"at\": \(jsonString(iso8601String(record.at, in: zone)))", "\"slot\": \(jsonString(record.slot))",
                         "\"kind\": \(jsonString(record.kind))", "\"reason\": \(jsonString(record.reason.rawValue))",
                         "\"refresh\": \(jsonString(record.refresh.rawValue))"]
            if let stack = record.stack { parts += ["\"shows\": \(jsonString(stack.shows))", "\"why\": \(jsonString(stack.why))"] }
            if let why = record.fullWhy { parts.append("\"full_why\": \(jsonString(why))") }
            if wake.offline { parts.append("\"offline\": true") }
            return "{" + parts.joined(separator: ", ") + "}"
        }
        return .json(200, "{\"at\": \(jsonString(iso8601String(result.at, in: zone))), "
                     + (result.cutShort.map { "\"cut_short\": \(jsonString($0)), " } ?? "")
                     + "\"image\": \"data:image/png;base64,\(Data(result.panelPNG).base64EncodedString())\", "
                     + "\"colour\": \"data:image/png;base64,\(Data(result.colourPNG).base64EncodedString())\", "
                     + "\"wakes\": [" + wakes.joined(separator: ", ") + "]}")
    }

    /// `KIND/FAMILY.png`: the widget's gallery snapshot in the display's palette.
    private func galleryPicture(_ name: Substring, for host: WidgetHost, at now: Date) -> HTTPAnswer {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasSuffix(".png"), let family = WidgetFamily(rawValue: String(parts[1].dropLast(4))),
              let descriptor = registry[String(parts[0])], descriptor.supportedFamilies.contains(family) else {
            return Self.error(404, "no such gallery picture; /ui/gallery lists them")
        }
        let display = host.config.display
        let key = "\(display.colors.rawValue) \(parts[0]) \(family.rawValue)"
        if let kept = gallery[key], now.timeIntervalSince(kept.at) < 3600, kept.at <= now { return HTTPAnswer(status: 200, contentType: "image/png", body: kept.png) }
        do {
            let png = try WidgetSnapshotRenderer(registry: registry, fonts: fonts).galleryPNG(
                kind: String(parts[0]), family: family, palette: display.palette, dither: display.dither, instant: now,
                timeZone: host.config.timeZone, locale: host.config.locale, scale: display.scale, renderingMode: display.renderingMode)
            gallery[key] = (png, now)
            return HTTPAnswer(status: 200, contentType: "image/png", body: png)
        } catch {
            return Self.error(500, "\(error)")
        }
    }

    private func poll(after text: String?, request: HTTPRequest, promise: EventLoopPromise<HTTPAnswer>) -> HTTPAnswer? {
        let version = polls.version
        guard let text, let after = Int(text), after == version else { return Self.versionAnswer(version) }
        polls.wait(from: request.remote, promise: promise, for: Self.pollWait, maximum: Self.maximumPolls)
        request.park()
        return nil
    }

    static func versionAnswer(_ version: Int) -> HTTPAnswer { .json(200, "{\"version\": \(version)}") }

    // MARK: Changing

    private func change(_ route: WebRoute, fields: [String: String], host: WidgetHost, main: Bool) -> HTTPAnswer {
        func perform(_ request: ControlRequest) -> HTTPAnswer {
            switch commands.perform(request, host: host) {
            // The control commands' own answer: {"ok": true, "message": …}.
            case .success(let answer): return .json(200, answer)
            case .failure(let failure): return Self.error(400, failure.description)
            }
        }
        switch route {
        case .set:
            guard main else { return Self.error(400, "a TRMNL device's parameters are set in the config file") }
            guard let slot = fields["slot"], let param = fields["param"], let value = fields["value"] else {
                return Self.error(400, "set needs slot, param and value")
            }
            return perform(.set(slot: slot, param: param, value: value))
        case .reload:
            return perform(.reload(kind: fields["kind"].flatMap { $0.isEmpty ? nil : $0 }))
        case .refresh:
            guard host.requestFullRefresh() else {
                return Self.ok("a full refresh was made less than \(Int(WidgetHost.outsideFullRefreshInterval)) s ago; this one is folded into it")
            }
            return Self.ok("the next frame is a full refresh")
        case .press:
            guard let key = fields["key"], !key.isEmpty else { return Self.error(400, "press needs key") }
            return perform(.press(key: key, long: fields["long"] == "true"))
        case .tap:
            let display = host.config.display
            guard let x = fields["x"].flatMap({ Int($0) }), let y = fields["y"].flatMap({ Int($0) }),
                  (0..<display.width).contains(x), (0..<display.height).contains(y) else {
                return Self.error(400, "tap needs x from 0 to \(display.width - 1) and y from 0 to \(display.height - 1) (frame pixels)")
            }
            host.inbox.send(.tap(x: x, y: y))
            return Self.ok("tapped \(x),\(y)")
        case .page, .script, .style, .login, .state, .frame, .events, .log, .travel, .gallery, .galleryPicture, .logout, .photos, .upload, .deletePhoto, .inks, .tuneInks:
            return Self.error(404, "\(route) is not a change")
        }
    }
}

/// Entity parameters' offered ids, by `kind.param`, written from the provider executor.
private final class Suggestions: Sendable {
    let values = Mutex<[String: [String]]>([:])
}

/// Pages waiting for a new frame (long polls), and the frame version they wait on: taken
/// on the daemon's thread, given up on the HTTP thread when their wait is over.
private final class Polls: Sendable {
    private let state = Mutex<(version: Int, next: Int, waiting: [Int: (address: String, promise: EventLoopPromise<HTTPAnswer>)])>((0, 0, [:]))

    var version: Int { state.withLock { $0.version } }

    /// A new frame: every waiting page is answered.
    func bump() {
        let (version, waiting) = state.withLock { state -> (Int, [EventLoopPromise<HTTPAnswer>]) in
            state.version += 1
            defer { state.waiting = [:] }
            return (state.version, state.waiting.values.map(\.promise))
        }
        for promise in waiting { promise.succeed(Self.answer(version)) }
    }

    func releaseAll(version: Int) {
        let waiting = state.withLock { state in
            defer { state.waiting = [:] }
            return state.waiting.values.map(\.promise)
        }
        for promise in waiting { promise.succeed(Self.answer(version)) }
    }

    /// Holds `promise` until a new frame or `wait`. When `maximum` already wait, the
    /// oldest of the address with the most waiting is answered now to make room.
    func wait(from address: String, promise: EventLoopPromise<HTTPAnswer>, for wait: TimeAmount, maximum: Int) {
        let (id, version, bumped) = state.withLock { state -> (Int, Int, EventLoopPromise<HTTPAnswer>?) in
            var bumped: EventLoopPromise<HTTPAnswer>?
            if state.waiting.count >= maximum {
                var counts: [String: Int] = [:]
                for waiter in state.waiting.values { counts[waiter.address, default: 0] += 1 }
                // Ids grow with time: the smallest of the fullest address waited longest.
                let chosen = state.waiting.min { a, b in
                    let (ca, cb) = (counts[a.value.address, default: 0], counts[b.value.address, default: 0])
                    return ca != cb ? ca > cb : a.key < b.key
                }
                if let chosen { bumped = state.waiting.removeValue(forKey: chosen.key)?.promise }
            }
            state.next += 1
            state.waiting[state.next] = (address, promise)
            return (state.next, state.version, bumped)
        }
        bumped?.succeed(Self.answer(version))
        promise.futureResult.eventLoop.scheduleTask(in: wait) { [self] in
            // Whoever takes it from the table answers it, once.
            let (version, taken) = state.withLock { state in (state.version, state.waiting.removeValue(forKey: id)) }
            taken?.promise.succeed(Self.answer(version))
        }
    }

    private static func answer(_ version: Int) -> HTTPAnswer {
        var answer = WebServer.versionAnswer(version)
        WebServer.secure(&answer)
        return answer
    }
}
