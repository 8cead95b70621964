import GlanceSystem
import FoundationEssentials
import Glibc
import GlanceRunner

/// The small clients `glance bench soak` drives a daemon with from outside, as a broker's
/// other clients and a TRMNL device would: plain TCP on 127.0.0.1, no library.
enum SoakClients {
    /// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick for port 0).
    static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RuntimeError(message: "socket: \(SystemErrno(errno).description)") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw RuntimeError(message: "bind 127.0.0.1:0: \(SystemErrno(errno).description)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    static func isListening(_ port: UInt16) -> Bool {
        guard let descriptor = try? connect(port: port, timeout: 1) else { return false }
        close(descriptor)
        return true
    }

    /// Publishes each of `messages` (topic, payload) with QoS 0 and no retain, as one MQTT
    /// 3.1.1 client session (CONNECT, PUBLISH…, DISCONNECT) to the broker on `port`.
    static func publish(_ messages: [(topic: String, payload: String)], port: UInt16, clientID: String) throws {
        let descriptor = try connect(port: port, timeout: 5)
        defer { close(descriptor) }
        // CONNECT: protocol "MQTT" level 4, clean session, keepalive 60 s, the client id.
        var connectBody: [UInt8] = [0, 4] + Array("MQTT".utf8) + [4, 0x02, 0, 60]
        connectBody += mqttString(clientID)
        try send(descriptor, [0x10] + remainingLength(connectBody.count) + connectBody)
        let acknowledgement = try receive(descriptor, count: 4)
        guard acknowledgement.count == 4, acknowledgement[0] == 0x20, acknowledgement[3] == 0 else {
            throw RuntimeError(message: "the broker on port \(port) refused the connection (CONNACK \(acknowledgement))")
        }
        for message in messages {
            let body = mqttString(message.topic) + Array(message.payload.utf8)
            try send(descriptor, [0x30] + remainingLength(body.count) + body)
        }
        try send(descriptor, [0xE0, 0])
    }

    /// An HTTP/1.1 GET of `path` from 127.0.0.1:`port` with `headers`: the status code and
    /// the body (the connection is closed by asking for it).
    static func get(_ path: String, port: UInt16, headers: [(String, String)]) throws -> (status: Int, body: String) {
        let descriptor = try connect(port: port, timeout: 15)
        defer { close(descriptor) }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "Connection: close\r\n\r\n"
        try send(descriptor, Array(request.utf8))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = retryingInterrupted { read(descriptor, &chunk, chunk.count) }
            guard count > 0 else {
                if count < 0 { throw RuntimeError(message: "GET \(path): \(SystemErrno(errno).description)") }
                break
            }
            answer += chunk[..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        let statusLine = text.prefix { $0 != "\r" && $0 != "\n" }.split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw RuntimeError(message: "GET \(path): no HTTP answer (\(answer.count) bytes)")
        }
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, body)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }

    /// A connected TCP socket to 127.0.0.1:`port` whose reads and writes give up after
    /// `timeout` seconds.
    private static func connect(port: UInt16, timeout: Double) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RuntimeError(message: "socket: \(SystemErrno(errno).description)") }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = SystemErrno(errno).description
            close(descriptor)
            throw RuntimeError(message: "connect 127.0.0.1:\(port): \(reason)")
        }
        return descriptor
    }

    private static func send(_ descriptor: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = retryingInterrupted { bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } }
            guard count > 0 else { throw RuntimeError(message: "write: \(SystemErrno(errno).description)") }
            sent += count
        }
    }

    private static func receive(_ descriptor: Int32, count wanted: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: wanted)
        while bytes.count < wanted {
            let count = retryingInterrupted { read(descriptor, &chunk, wanted - bytes.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// MQTT's string: a big-endian 16-bit length, then the UTF-8 bytes.
    private static func mqttString(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xff)] + bytes
    }

    /// MQTT's remaining length: seven bits a byte, low first, the top bit saying more follow.
    private static func remainingLength(_ length: Int) -> [UInt8] {
        var left = length
        var bytes: [UInt8] = []
        repeat {
            var byte = UInt8(left % 128)
            left /= 128
            if left > 0 { byte |= 0x80 }
            bytes.append(byte)
        } while left > 0
        return bytes
    }
}

/// Debian's mosquitto on 127.0.0.1:`port`, anonymous, no persistence, its log in a file;
/// stopped and started again on the same port for the soak's broker restarts.
final class SoakBroker {
    let port: UInt16
    private let executable: String
    private let configPath: String
    private let logPath: String
    private var pid: pid_t?
    /// Restarts done (the first start not counted).
    private(set) var restarts = 0

    /// The mosquitto to run: on PATH, or Debian's /usr/sbin/mosquitto (not on a user's PATH).
    static func findExecutable() -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/sbin"]
        return folders.map { $0 + "/mosquitto" }.first { access($0, X_OK) == 0 }
    }

    init(executable: String, port: UInt16, folder: String) throws {
        self.executable = executable
        self.port = port
        configPath = folder + "/mosquitto.conf"
        logPath = folder + "/mosquitto.log"
        var lines = ["listener \(port) 127.0.0.1", "allow_anonymous true", "persistence false", "log_dest stderr",
                     "log_type error", "log_type warning", "log_type notice"]
        // As root mosquitto would become the mosquitto user, who cannot read the scratch folder.
        if geteuid() == 0 { lines.append("user root") }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: configPath))
    }

    deinit { stop() }

    /// Starts mosquitto and waits (up to 10 s) until it accepts connections.
    func start() throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let words: [String] = [executable, "-c", configPath]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, environ)
        guard result == 0 else { throw RuntimeError(message: "cannot start \(executable): \(SystemErrno(result).description)") }
        pid = child
        let deadline = Date.now.addingTimeInterval(10)
        while !SoakClients.isListening(port) {
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child {
                pid = nil
                throw RuntimeError(message: "mosquitto exited at once; its log (\(logPath)):\n\(tail)")
            }
            guard Date.now < deadline else { throw RuntimeError(message: "mosquitto did not listen on port \(port) within 10 s:\n\(tail)") }
            pause(seconds: 0.05)
        }
    }

    /// SIGTERM and waits for the exit.
    func stop() {
        guard let pid else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = retryingInterrupted { waitpid(pid, &status, 0) }
        self.pid = nil
    }

    /// Stops the broker, as a broker's host going down does, and starts it again.
    func restart() throws {
        stop()
        try start()
        restarts += 1
    }

    /// The last lines of the broker's log.
    var tail: String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(10).joined(separator: "\n")
    }
}
