import CGlanceLinux
import Foundation
import GlanceSystem
import Glibc
import Synchronization
import Testing

/// The control client asks who serves the socket (`SO_PEERCRED`) before it sends a
/// byte: another user's socket in the daemon's place gets nothing. Tests may run as
/// root, so a mismatch is made by asking for another uid (`expectedPeer:`).
@Suite struct ControlPeerTests {
    /// A server on a socket in a temporary folder: it answers one line and keeps what
    /// each connection sent.
    final class FakeServer: @unchecked Sendable {
        let folder: String
        let path: String
        private let listener: Int32
        private let received = Mutex<[[UInt8]]>([])
        private let done = DispatchSemaphore(value: 0)

        init() throws {
            folder = NSTemporaryDirectory() + "glance-peer-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            path = folder + "/control.sock"
            listener = glance_unix_listen(path, 8)
            try #require(listener >= 0)
            let thread = Thread { [self] in serveOne() }
            thread.start()
        }

        private func serveOne() {
            // Blocking accept on the listener: the listener itself is non-blocking, so wait for it.
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5_000) == 1 else { done.signal(); return }
            let fd = glance_unix_accept(listener)
            guard fd >= 0 else { done.signal(); return }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                var reader = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&reader, 1, 5_000) == 1 else { break }
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { break }
                bytes += buffer[0..<count]
                if bytes.contains(10) {
                    let answer = Array(#"{"ok": true, "message": "impostor got it"}"#.utf8) + [10]
                    _ = answer.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    break
                }
            }
            close(fd)
            received.withLock { $0.append(bytes) }
            done.signal()
        }

        /// What the one connection sent, once it is over.
        func sent() -> [UInt8]? {
            _ = done.wait(timeout: .now() + 5)
            return received.withLock { $0.first }
        }

        deinit {
            close(listener)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test func aServerOfTheExpectedUserIsSentTheRequest() throws {
        let server = try FakeServer()
        let answer = try ControlClient(path: server.path).send(.reload(kind: nil))
        #expect(answer.ok)
        #expect(String(decoding: try #require(server.sent()), as: UTF8.self).contains("reload"))
    }

    @Test func aServerOfTheNamedUserIsSentTheRequest() throws {
        let server = try FakeServer()
        let answer = try ControlClient(path: server.path, expectedPeer: geteuid()).send(.reload(kind: nil))
        #expect(answer.ok)
    }

    @Test func aServerOfAnotherUserIsSentNothing() throws {
        let server = try FakeServer()
        let other = geteuid() + 1
        var refusal: String?
        do throws(ControlClient.Failure) {
            _ = try ControlClient(path: server.path, expectedPeer: other).send(ControlRequest.reload(kind: nil))
        } catch {
            if case .impostor = error { refusal = error.description }
        }
        #expect(refusal == "\(server.path) is served by uid \(geteuid()), not the daemon's user \(other); not sending (check who owns the state folder and what listens there)")
        #expect(server.sent() == [])
    }
}
