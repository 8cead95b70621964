import CGlanceLinux
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A client's end of a daemon's control socket: one request line, one answer line
/// (`ControlRequest`, `ControlAnswer`).
package final class ControlClient {
    package enum Failure: Error, CustomStringConvertible {
        /// Nothing listens at the path (no socket, or a socket nobody serves).
        case noDaemon(path: String)
        /// The daemon did not answer in time, or the connection broke.
        case broken(path: String, problem: String)
        /// The process serving the socket is not the daemon's user's (nor root's):
        /// another user put a socket there. Nothing was sent.
        case impostor(path: String, peer: uid_t, expected: uid_t)
        /// This user may not reach the socket (the state folder is closed to them): what
        /// to do about it.
        case denied(path: String, advice: String)

        package var description: String {
            switch self {
            case .noDaemon(let path): "no glance daemon is listening on \(path)"
            case .broken(let path, let problem): "\(path): \(problem)"
            case .denied(let path, let advice): "cannot reach \(path) (permission denied): \(advice)"
            case .impostor(let path, let peer, let expected):
                "\(path) is served by uid \(peer), not the daemon's user \(expected); not sending (check who owns the state folder and what listens there)"
            }
        }
    }

    private let descriptor: Int32
    private let path: String

    /// Connects to the socket at `path`; answers wait at most `timeoutMilliseconds`.
    ///
    /// Before anything is sent, the process at the other end (`SO_PEERCRED`) must be the
    /// daemon's user's (`ControlAccess.clientAccepts`): root, the caller's own user, or the
    /// owner of the folder the socket is in (the state folder the daemon checked) when the
    /// caller is root or a member of the group that folder is shared with. Given
    /// explicitly (by tests, which may run as root), only `expectedPeer` is accepted.
    package init(path: String, timeoutMilliseconds: Int32 = 30_000, expectedPeer: uid_t? = nil) throws(Failure) {
        let fd = glance_unix_connect(path)
        let directory = ControlAccess.folder(ofSocket: path)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ECONNREFUSED || code == ENOTDIR { throw .noDaemon(path: path) }
            if code == EACCES { throw .denied(path: path, advice: Self.advice(directory: directory)) }
            throw .broken(path: path, problem: SystemErrno(code).description)
        }
        var peer: UInt32 = 0
        guard glance_peer_uid(fd, &peer) == 0 else {
            let code = errno
            close(fd)
            throw .broken(path: path, problem: "cannot tell who serves the socket: \(SystemErrno(code).description); not sending")
        }
        let folder = ControlAccess.Folder(path: directory)
        if let expectedPeer {
            guard peer == expectedPeer else {
                close(fd)
                throw .impostor(path: path, peer: peer, expected: expectedPeer)
            }
        } else if !ControlAccess.clientAccepts(server: peer, client: geteuid(), clientGroups: ControlAccess.ownGroups(), folder: folder) {
            close(fd)
            // The folder's owner serves it, but this user is not let in: what to do.
            if let folder, folder.uid == peer { throw .denied(path: path, advice: Self.advice(directory: directory)) }
            throw .impostor(path: path, peer: peer, expected: geteuid() == 0 ? folder?.uid ?? 0 : geteuid())
        }
        _ = glance_socket_timeouts(fd, timeoutMilliseconds)
        descriptor = fd
        self.path = path
    }

    deinit { close(descriptor) }

    /// What a user who may not reach a socket in `directory` can do: join the group the
    /// folder is shared with (then log in again), or ask its owner.
    static func advice(directory: String) -> String {
        guard let folder = ControlAccess.Folder(path: directory) else {
            return "a folder on the way to \(directory) is closed to you; run the command as the daemon's user or with sudo"
        }
        let me = ControlAccess.userName(geteuid())
        // Never "join root"; and to a member whose login predates the membership, log in again.
        if let shared = ControlAccess.sharedGroup(folder), shared != 0 {
            let group = ControlAccess.groupName(shared)
            if ControlAccess.groups(ofUser: geteuid(), primary: getegid()).contains(shared) {
                return "the state folder \(folder.described(directory)) lets in group \(group), which you joined after this login: log in again (or run newgrp \(group)), or use sudo"
            }
            return "the state folder \(folder.described(directory)) lets in group \(group); join it (sudo adduser \(me) \(group)), then log in again, or use sudo"
        }
        return "the state folder \(folder.described(directory)) is its owner's only; run the command as \(ControlAccess.userName(folder.uid)) or with sudo"
    }

    /// Sends `request` and reads the daemon's answer; a line that is not an answer is
    /// a broken connection's failure.
    package func send(_ request: ControlRequest) throws(Failure) -> ControlAnswer {
        let line = try self.request(request.line)
        guard let answer = ControlAnswer(line: line) else {
            throw .broken(path: path, problem: "the daemon answered something that is not an answer: \(line.prefix(200))")
        }
        return answer
    }

    /// Sends `line` (a JSON object, without its newline) and returns the answer line.
    package func request(_ line: String) throws(Failure) -> String {
        var bytes = Array((line + "\n").utf8)
        var sent = 0
        var sendFailure: String?
        while sent < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                // The daemon may have answered and closed before reading it all (a
                // refusal, a line too long): its answer is still there to read.
                sendFailure = "sending failed: \(SystemErrno(errno).description)"
                break
            }
            sent += count
        }
        bytes.removeAll()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = retryingInterrupted { buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) } }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw .broken(path: path, problem: "the daemon did not answer in time") }
            if count <= 0 { throw .broken(path: path, problem: sendFailure ?? "the daemon closed the connection without an answer") }
            bytes += buffer[0..<count]
            if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) { return String(decoding: bytes[..<end], as: UTF8.self) }
        }
    }
}

/// Foundation's `UserDefaults` on Linux (swift-corelibs-foundation) keeps changes in
/// memory until `synchronize()`, and keeps what it read. In a process that links
/// Foundation, `flush()` writes every suite's changes to its file and forgets what was
/// read, so the next read sees what other processes wrote. Without Foundation it does
/// nothing.
package enum FoundationPreferences {
    private typealias Flush = @convention(c) () -> Void

    private static let flushFunction: Flush? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "CFPreferencesFlushCaches") else { return nil }
        return unsafeBitCast(symbol, to: Flush.self)
    }()

    package static var isLinked: Bool { flushFunction != nil }

    package static func flush() { flushFunction?() }
}

/// A JSON string literal for `text`.
package func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
