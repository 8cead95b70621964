import GlanceSystem
import CGlanceLinux
import CGlanceMosquitto
import CMosquitto
import FoundationEssentials
import GlanceHost
import Glibc
import GlanceWake

/// libmosquitto.so.1, opened when `mqtt:` first needs it (not linked).
package enum MQTTLibrary {
    /// nil when the library can be opened, else why not, with the Debian package to
    /// install: for `glance check`.
    package static var problem: String? { glance_mosquitto_load_error().map { String(cString: $0) } }
}

/// One connection to an MQTT broker through libmosquitto, run from the daemon's one wait:
/// the connection's socket is a descriptor the clock watches (for writing too while
/// bytes are queued), and a monotonic timer wakes the loop only for the keepalive, a
/// reconnect or a task set with `after(_:run:)`. libmosquitto starts no thread here.
///
/// A broker that is down, refuses the login or presents a certificate that does not
/// verify is said once (again only when the reason changes) and tried again after 1 s,
/// doubling to 5 min, each wait shortened at random by up to a quarter.
final class MQTTClient {
    struct Message {
        var topic: String
        var payload: [UInt8]
        var retained: Bool
    }

    private enum State {
        /// Waiting to try (again) at this monotonic instant.
        case waiting(until: Double)
        /// A connection is being made (TCP, TLS, CONNACK) since this instant.
        case connecting(since: Double)
        case connected
        case closed
    }

    let config: MQTTConfig
    /// Said on connect and in the last will.
    let availabilityTopic: String
    private let clock: LinuxEventClock
    private let handle: OpaquePointer
    private let timer: Int32
    private var state: State = .waiting(until: 0)
    /// The connection's socket as watched (-1: none), and whether writability is watched.
    private var socket: Int32 = -1
    private var watchesWrite = false
    private var backoff = Backoff(first: 1, maximum: 300)
    /// The last problem said, so that a broker that stays down is said once.
    private var saidProblem: String?
    private var wasConnected = false
    /// What the broker answered to the last CONNECT, when it refused it.
    private var refusal: String?
    /// libmosquitto's last error line (OpenSSL's reason for a failed handshake).
    private var libraryError: String?
    /// When the last keepalive check or traffic happened (monotonic seconds).
    private var lastActivity: Double = 0
    private var tasks: [(at: Double, run: () -> Void)] = []
    private let log: (String) -> Void

    /// How long a connection may take to be answered before it counts as failed.
    static let connectTimeout: Double = 20

    var onConnect: (() -> Void)?
    var onMessage: ((Message) -> Void)?
    var isConnected: Bool { if case .connected = state { true } else { false } }
    private var isWaiting: Bool { if case .waiting = state { true } else { false } }
    /// MQTT 5 unless the broker refused it; then 3.1.1 (without retain-as-published).
    private var protocolVersion = MQTT_PROTOCOL_V5

    /// The MQTT client could not start (libmosquitto missing, its timer, TLS files).
    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    init(config: MQTTConfig, clock: LinuxEventClock, log: @escaping (String) -> Void) throws(StartError) {
        self.config = config
        self.clock = clock
        self.log = log
        availabilityTopic = config.nodeTopic + "/availability"
        mosquitto_lib_init()
        guard let handle = mosquitto_new("glance-\(config.nodeID)", true, nil) else {
            if let reason = glance_mosquitto_load_error() { throw StartError(description: String(cString: reason)) }
            throw StartError(description: "cannot make an MQTT client: \(SystemErrno(errno).description)")
        }
        self.handle = handle
        timer = glance_monotonic_timerfd_create()
        guard timer >= 0 else {
            mosquitto_destroy(handle)
            throw StartError(description: "timerfd_create(CLOCK_MONOTONIC) failed: \(SystemErrno(errno).description)")
        }
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, object, code in
            MQTTClient.from(object)?.connected(code: code)
        }
        mosquitto_disconnect_callback_set(handle) { _, object, code in
            let number = errno
            MQTTClient.from(object)?.disconnected(code: code, errno: number)
        }
        mosquitto_message_callback_set(handle) { _, object, message in
            guard let client = MQTTClient.from(object), let message = message?.pointee else { return }
            let topic = String(cString: message.topic)
            let payload = message.payloadlen > 0 && message.payload != nil
                ? Array(UnsafeRawBufferPointer(start: message.payload, count: Int(message.payloadlen))) : []
            client.onMessage?(Message(topic: topic, payload: payload, retained: message.retain))
        }
        mosquitto_log_callback_set(handle) { _, object, level, text in
            guard level & Int32(MOSQ_LOG_ERR) != 0, let text else { return }
            MQTTClient.from(object)?.libraryError = String(cString: text)
        }
        // MQTT 5, for "retain as published": a command someone published retained is seen
        // as retained even when it arrives live, and refused.
        mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
        let offline = Array("offline".utf8)
        mosquitto_will_set(handle, availabilityTopic, Int32(offline.count), offline, 1, true)
        if let username = config.username { mosquitto_username_pw_set(handle, username, config.password) }
        if let tls = config.tls {
            let code = mosquitto_tls_set(handle, tls.ca, nil, tls.certificate, tls.key, nil)
            guard code == MOSQ_ERR_SUCCESS.rawValue else {
                Glibc.close(timer)
                mosquitto_destroy(handle)
                throw StartError(description: "tls: \(String(cString: mosquitto_strerror(code))) (ca: \(tls.ca))")
            }
        }
        do {
            try clock.watch(descriptor: timer) { [unowned self] in timerFired() }
        } catch {
            Glibc.close(timer)
            mosquitto_destroy(handle)
            throw StartError(description: "\(error)")
        }
    }

    private static func from(_ object: UnsafeMutableRawPointer?) -> MQTTClient? {
        object.map { Unmanaged<MQTTClient>.fromOpaque($0).takeUnretainedValue() }
    }

    static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The first connection attempt (later ones follow on their own).
    func start() { connect() }

    /// Publishes at QoS 1; false (and nothing queued) while not connected.
    @discardableResult
    func publish(_ topic: String, _ payload: [UInt8], retain: Bool) -> Bool {
        guard isConnected else { return false }
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, nil, topic, Int32(bytes.count), bytes.baseAddress, 1, retain)
        }
        sync()
        return code == MOSQ_ERR_SUCCESS.rawValue
    }

    @discardableResult
    func publish(_ topic: String, _ text: String, retain: Bool) -> Bool { publish(topic, Array(text.utf8), retain: retain) }

    func subscribe(_ topic: String) {
        guard isConnected else { return }
        if protocolVersion == MQTT_PROTOCOL_V5 {
            // 0x08: MQTT 5's retain-as-published subscription option.
            mosquitto_subscribe_v5(handle, nil, topic, 1, 0x08, nil)
        } else {
            mosquitto_subscribe(handle, nil, topic, 1)
        }
        sync()
    }

    /// Runs `task` on the loop's thread after `seconds` (dropped on `close`).
    func after(_ seconds: Double, run task: @escaping () -> Void) {
        tasks.append((Self.monotonicNow() + seconds, task))
        armTimer()
    }

    /// Says `offline` (retained), disconnects and lets the socket go, waiting at most a
    /// second for the bytes to leave.
    func close() {
        if isConnected {
            let offline = Array("offline".utf8)
            mosquitto_publish(handle, nil, availabilityTopic, Int32(offline.count), offline, 1, true)
            state = .closed
            mosquitto_disconnect(handle)
            let deadline = Self.monotonicNow() + 1
            while mosquitto_socket(handle) >= 0 && mosquitto_want_write(handle) && Self.monotonicNow() < deadline {
                if mosquitto_loop(handle, 100, 1) != MOSQ_ERR_SUCCESS.rawValue { break }
            }
        }
        state = .closed
        tasks = []
        if socket >= 0 { clock.unwatch(descriptor: socket) }
        socket = -1
        clock.unwatch(descriptor: timer)
        Glibc.close(timer)
        mosquitto_destroy(handle)
    }

    // MARK: The loop's side

    private func connect() {
        let now = Self.monotonicNow()
        refusal = nil
        libraryError = nil
        // The old socket (if any) is closed by libmosquitto here: stop watching it first,
        // so that a new socket with the same number is watched afresh.
        if socket >= 0 { clock.unwatch(descriptor: socket) }
        socket = -1
        state = .connecting(since: now)
        let code = mosquitto_connect_async(handle, config.host, Int32(config.port), Int32(config.keepalive))
        if code != MOSQ_ERR_SUCCESS.rawValue {
            failed(describe(code: code, errno: errno))
            return
        }
        lastActivity = now
        sync()
    }

    private func connected(code: Int32) {
        guard code == 0 else {
            // MQTT 5 reason codes (128 and up); 1–5 are MQTT 3.1.1's CONNACK codes.
            refusal = String(cString: code >= 128 ? mosquitto_reason_string(code) : mosquitto_connack_string(code)).trimmingSuffix(".")
            // A broker that speaks only MQTT 3.1.1 (1: unacceptable protocol version; 132:
            // unsupported protocol version): the next attempt speaks 3.1.1.
            if (code == 1 || code == 132) && protocolVersion == MQTT_PROTOCOL_V5 {
                protocolVersion = MQTT_PROTOCOL_V311
                mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
                refusal = "it speaks MQTT 3.1.1 only; trying that (a command published with retain is then refused only when it was stored before the display subscribed)"
            }
            return
        }
        state = .connected
        backoff.succeeded()
        let again = wasConnected || saidProblem != nil
        wasConnected = true
        saidProblem = nil
        log("mqtt: \(again ? "connected again" : "connected") to \(config.host):\(config.port) as \(config.nodeID)")
        onConnect?()
    }

    private func disconnected(code: Int32, errno number: Int32) {
        if case .closed = state { return }
        let reason: String
        if let refusal {
            reason = "the broker refused the connection: \(refusal)"
                + (refusal.lowercased().contains("not authori") || refusal.lowercased().contains("bad user") ? " (check username: and the password)" : "")
        } else {
            reason = describe(code: code, errno: number)
        }
        failed(reason, lostConnection: isConnected)
    }

    /// What went wrong, in one line that says what to check.
    private func describe(code: Int32, errno number: Int32) -> String {
        switch code {
        case MOSQ_ERR_ERRNO.rawValue:
            let text = SystemErrno(number).description
            return number == ECONNREFUSED ? "connection refused (is the broker running, and on port \(config.port)?)" : text
        case MOSQ_ERR_TLS.rawValue:
            let detail = libraryError.map { line in
                line.split(separator: "::").last.map { String($0) } ?? line
            } ?? "no reason given"
            return "the TLS handshake failed: \(detail) (tls: ca: must be the authority that signed the broker's certificate, and host: a name on it)"
        case MOSQ_ERR_EAI.rawValue:
            return "cannot find the host \(config.host) (DNS)"
        case MOSQ_ERR_CONN_LOST.rawValue:
            return "the broker closed the connection"
        case MOSQ_ERR_KEEPALIVE.rawValue:
            return "the broker stopped answering (no reply to the keepalive)"
        default:
            return String(cString: mosquitto_strerror(code)).trimmingSuffix(".")
        }
    }

    private func failed(_ reason: String, lostConnection: Bool = false) {
        let delay = backoff.failed() * Double.random(in: 0.75...1.0)
        state = .waiting(until: Self.monotonicNow() + delay)
        if reason != saidProblem {
            let waiting = "trying again in \(Int(delay.rounded(.up))) s, then less often (up to every 5 min); the display goes on meanwhile"
            log(lostConnection ? "mqtt: lost \(config.host):\(config.port): \(reason); \(waiting)"
                : "mqtt: cannot connect to \(config.host):\(config.port): \(reason); \(waiting)")
            saidProblem = reason
        }
        if socket >= 0 { clock.unwatch(descriptor: socket) }
        socket = -1
        watchesWrite = false
        armTimer()
    }

    private func socketReady() {
        lastActivity = Self.monotonicNow()
        // Reads, writes and continues a TLS handshake as far as the socket allows now.
        let code = mosquitto_loop(handle, 0, 1)
        let number = errno
        // A failure libmosquitto did not report through its disconnect callback (a TLS
        // handshake refused, a connection refused while the handshake was pending): the
        // socket stays open and readable, so it must be let go here or the loop spins.
        if code != MOSQ_ERR_SUCCESS.rawValue {
            switch state {
            case .connecting, .connected: return failed(describe(code: code, errno: number), lostConnection: isConnected)
            default: break
            }
        }
        // While a TLS handshake is pending libmosquitto does not notice a peer that went
        // away (a broker stopping as we connect): the socket then polls readable for ever.
        if case .connecting = state, socket >= 0, let problem = Self.peerProblem(socket) { return failed(problem) }
        sync()
    }

    /// Whether the peer closed `socket` or it failed (looked at without taking data).
    private static func peerProblem(_ socket: Int32) -> String? {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count == 0 { return "the broker closed the connection" }
        if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
            return errno == ECONNREFUSED ? "connection refused (is the broker running, and on this port?)" : SystemErrno(errno).description
        }
        return nil
    }

    private func timerFired() {
        var cancelled: Int32 = 0
        _ = glance_timerfd_read(timer, &cancelled)
        let now = Self.monotonicNow()
        let due = tasks.filter { $0.at <= now }
        tasks.removeAll { $0.at <= now }
        switch state {
        case .waiting(let until) where until <= now:
            connect()
        case .connecting(let since) where now - since >= Self.connectTimeout:
            failed("no answer within \(Int(Self.connectTimeout)) s")
        case .connected, .connecting:
            // Sends a PINGREQ when nothing went out for a keepalive, or gives up on a
            // broker that did not answer the last one.
            lastActivity = now
            let code = mosquitto_loop(handle, 0, 1)
            if code != MOSQ_ERR_SUCCESS.rawValue, !isWaiting {
                failed(describe(code: code, errno: errno), lostConnection: isConnected)
            } else {
                sync()
            }
        default:
            armTimer()
        }
        for task in due { task.run() }
    }

    /// Follows libmosquitto's socket (it changes on every connect) and what it wants to
    /// do with it, then sets the timer.
    private func sync() {
        if case .closed = state { return }
        let current = mosquitto_socket(handle)
        if current != socket {
            if socket >= 0 { clock.unwatch(descriptor: socket) }
            socket = -1
            watchesWrite = false
            if current >= 0 {
                do {
                    try clock.watch(descriptor: current) { [unowned self] in socketReady() }
                    socket = current
                } catch {
                    log("mqtt: cannot watch the connection: \(error)")
                }
            }
        }
        if socket >= 0 {
            let wantsWrite = mosquitto_want_write(handle)
            if wantsWrite != watchesWrite {
                clock.setWantsWrite(wantsWrite, descriptor: socket)
                watchesWrite = wantsWrite
            }
        }
        armTimer()
    }

    /// The timer at the earliest of: the next attempt, the connection's deadline, the
    /// next keepalive check, the next task.
    private func armTimer() {
        var next = tasks.map(\.at).min() ?? .infinity
        switch state {
        case .waiting(let until): next = min(next, until)
        case .connecting(let since): next = min(next, since + Self.connectTimeout)
        case .connected: next = min(next, lastActivity + Double(config.keepalive) + 1)
        case .closed: return
        }
        guard next.isFinite else {
            _ = glance_timerfd_disarm(timer)
            return
        }
        _ = glance_timerfd_arm_after(timer, Int64(((next - Self.monotonicNow()) * 1000).rounded(.up)))
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
