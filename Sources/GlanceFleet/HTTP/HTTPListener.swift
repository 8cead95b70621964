import GlanceSystem
import CGlanceLinux
import Glibc
import NIOCore

/// The HTTP front end's listening socket, made here (`socket`, `bind`, `listen`) rather
/// than by NIO, so that `AcceptShedding` can accept on it when NIO cannot.
enum ListeningSocket {
    /// A non-blocking socket listening on `host`:`port` (0: a free port).
    static func make(host: String, port: Int, backlog: Int32) throws -> Int32 {
        let address = try SocketAddress.makeAddressResolvingHost(host, port: port)
        let family = address.protocol.rawValue
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerStartError(description: "socket: \(SystemErrno(errno).description)") }
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSockAddr { bind(fd, $0, socklen_t($1)) }
        guard bound == 0, listen(fd, backlog) == 0 else {
            let reason = SystemErrno(errno).description
            close(fd)
            throw ServerStartError(description: "bind \(host):\(port): \(reason)")
        }
        return fd
    }

    /// Whether `error` is an accept that failed for want of descriptors (the process's, the
    /// system's) or memory: a pause helps; retrying at once only spins.
    static func outOfDescriptors(_ error: IOError) -> Bool {
        [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errnoCode)
    }
}

/// On the listening channel: when NIO's accept fails for want of descriptors, the pending
/// connections are accepted with a spare descriptor (kept open on /dev/null for this) and
/// closed, so they learn at once rather than waiting, and the listener is empty while
/// accepting pauses (`AcceptBackoffHandler`, before this handler). Said once, then counted.
final class AcceptShedding: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    /// A pending connection past the backlog is not waiting; this many at most are closed at once.
    static let mostAtOnce = 256

    private let listener: Int32
    private let bounds: HTTPBounds
    private let notices: HTTPNotices
    private var spare: Int32 = open("/dev/null", O_RDONLY | O_CLOEXEC)

    init(listener: Int32, bounds: HTTPBounds, notices: HTTPNotices) {
        self.listener = listener
        self.bounds = bounds
        self.notices = notices
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if spare >= 0 { close(spare) }
        spare = -1
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let failure = error as? IOError, ListeningSocket.outOfDescriptors(failure) else {
            context.fireErrorCaught(error)
            return
        }
        let shed = shedPending()
        let reason = SystemErrno(failure.errnoCode).description
        notices.note(.outOfDescriptors, "trmnl: out of file descriptors (\(reason)): \(shed) pending connection\(shed == 1 ? "" : "s") "
                     + "closed unanswered; accepting pauses for \(HTTPBounds.text(bounds.acceptPause)) at a time until descriptors are free "
                     + "(raise the daemon's limit, e.g. LimitNOFILE= in its systemd unit)", address: "the backlog", count: shed)
    }

    /// Accepts and closes what is pending, with the spare descriptor's place; then takes
    /// the spare again. Returns how many were closed.
    private func shedPending() -> Int {
        if spare >= 0 {
            close(spare)
            spare = -1
        }
        var shed = 0
        while shed < Self.mostAtOnce {
            // accept4 with SOCK_CLOEXEC (the helper is not only for Unix sockets).
            let fd = glance_unix_accept(listener)
            // Empty (EAGAIN), or the freed descriptor taken by another thread (EMFILE).
            guard fd >= 0 else { break }
            close(fd)
            shed += 1
        }
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        return shed
    }
}

/// A server of the daemon's (the TRMNL devices' API, the web page) could not start: the
/// one line says what failed and how to fix it.
public struct ServerStartError: Error, CustomStringConvertible {
    public let description: String
}
