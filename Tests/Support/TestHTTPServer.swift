import Glibc
import GlanceSystem
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 for tests: real sockets, an ephemeral port, and
/// answers a test scripts per path, including the bad ones a real network gives (a
/// server that accepts and never answers, a body cut short, a huge body).
///
/// Each connection is served on a thread of its own and closed after one answer.
public final class TestHTTPServer: @unchecked Sendable {
    /// How to answer one request.
    public indirect enum Reply: Sendable {
        /// A complete answer.
        case answer(status: Int, contentType: String? = "application/json", body: [UInt8])
        /// Accepts the request and never says anything (until the server stops).
        case silence
        /// Waits, then answers.
        case delayed(seconds: Double, Reply)
        /// Sends headers promising `promised` bytes, then `body`, then closes.
        case truncated(body: [UInt8], promised: Int)
        /// `count` bytes of a repeated JSON-ish filler, streamed.
        case huge(count: Int)
        /// `count` bytes of the same filler streamed without a Content-Length (the
        /// connection's close ends the body): the client learns the size only by reading.
        case streamed(count: Int)
        /// Closes the connection without a word.
        case reset
        /// A complete answer with more headers (`ETag`, `Location`, …).
        case headed(status: Int, headers: [(name: String, value: String)], body: [UInt8])

        public static func json(_ text: String, status: Int = 200) -> Reply {
            .answer(status: status, contentType: "application/json", body: Array(text.utf8))
        }
    }

    /// A request as the server saw it.
    public struct Request: Sendable {
        public let method: String
        /// The path with its query (`/v1/forecast?latitude=…`).
        public let target: String
        /// Header names lowercased.
        public let headers: [String: String]
        public var path: String { String(target.prefix { $0 != "?" }) }
        /// The query's `name=value` pairs (not percent-decoded).
        public var query: [String: String] {
            guard let mark = target.firstIndex(of: "?") else { return [:] }
            var fields: [String: String] = [:]
            for pair in target[target.index(after: mark)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                fields[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
            return fields
        }
    }

    public let port: Int
    /// `http://127.0.0.1:PORT`
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let state = Mutex<(routes: [String: Reply], fallback: Reply, requests: [Request], stopped: Bool, open: [Int32])>(
        ([:], .answer(status: 404, contentType: "text/plain", body: Array("no such path".utf8)), [], false, []))

    public init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 128) == 0 else { throw ServerError("bind/listen: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = listener
        startThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// Answers `path` (without its query) with `reply` from now on.
    public func route(_ path: String, _ reply: Reply) { state.withLock { $0.routes[path] = reply } }

    /// Answers every path that has no route with `reply`.
    public func fallback(_ reply: Reply) { state.withLock { $0.fallback = reply } }

    /// The requests so far, oldest first.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// The requests for `path`, oldest first.
    public func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }

    /// Closes the listener and every open connection (silent ones included).
    public func stop() {
        // Under the lock: a connection's thread takes its descriptor out of `open` (under
        // the same lock) before it closes it, so no number shut down here can have been
        // reused by another socket meanwhile.
        let first = state.withLock { state in
            guard !state.stopped else { return false }
            state.stopped = true
            for descriptor in state.open { shutdown(descriptor, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return }
        // Ends the accept loop, which closes the listener itself (closed here, its number
        // could be another socket's by the time the loop calls accept again).
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let stopped = state.withLock { state in
                if !state.stopped { state.open.append(connection) }
                return state.stopped
            }
            if stopped {
                close(connection)
                return
            }
            startThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            state.withLock { $0.open.removeAll { $0 == connection } }
            close(connection)
        }
        guard let request = readRequest(connection) else { return }
        let reply: Reply = state.withLock { state in
            state.requests.append(request)
            return state.routes[request.path] ?? state.fallback
        }
        send(reply, on: connection)
    }

    private func send(_ reply: Reply, on connection: Int32) {
        switch reply {
        case .answer(let status, let contentType, let body):
            var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            if let contentType { head += "Content-Type: \(contentType)\r\n" }
            write(Array((head + "\r\n").utf8) + body, to: connection)
        case .silence:
            // Until the peer gives up or the server stops.
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
        case .delayed(let seconds, let reply):
            var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
            var left = timespec()
            while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
            send(reply, on: connection)
        case .truncated(let body, let promised):
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(promised)\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            write(Array(head.utf8) + body, to: connection)
        case .huge(let count):
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(count)\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            guard write(Array(head.utf8), to: connection) else { return }
            stream(count, to: connection)
        case .streamed(let count):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            guard write(Array(head.utf8), to: connection) else { return }
            stream(count, to: connection)
        case .headed(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            write(Array((head + "\r\n").utf8) + body, to: connection)
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
    }

    /// `count` filler bytes, 64 KiB at a time (never held whole), until the peer hangs up.
    private func stream(_ count: Int, to connection: Int32) {
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 65536)
        var left = count
        while left > 0 {
            let part = min(left, chunk.count)
            guard write(Array(chunk[0..<part]), to: connection) else { return }
            left -= part
        }
    }

    @discardableResult
    private func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !bytes.ends(with: [13, 10, 13, 10]) && bytes.count < 65536 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
            if let end = bytes.firstRange(of: [13, 10, 13, 10]) { bytes = Array(bytes[..<end.upperBound]) }
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n")
        guard let first = lines.first else { return nil }
        let parts = first.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...]).trimmedOfSpaces
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }

    struct ServerError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
