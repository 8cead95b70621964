import NIOCore

/// The connections open on the HTTP front end, in all and by the client's address, against
/// `HTTPBounds.connections` and `connectionsPerAddress`.
///
/// At the cap, a new connection is not refused while some connection is *resting*: waiting
/// for a request (a head or body still to come, or kept alive between requests) or parked
/// in a long poll. The resting connection of the address that holds the most connections,
/// the one resting longest among equals, is closed to make room (a parked poll's page
/// simply polls again). So a flood of idle connections or long polls from a few addresses
/// cannot keep a person's `GET /` out, and a connection is refused only when every one of
/// the cap is being answered, which the answer deadline bounds. Over the cap for its own
/// address, a connection is refused whatever rests: those are the client's own.
///
/// Used only on the event loop's thread (every connection is on that one loop).
final class ConnectionLimits: @unchecked Sendable {
    let bounds: HTTPBounds
    let notices: HTTPNotices
    /// One open connection: its address, and what tells whether it rests and closes it.
    private struct Open {
        var address: String
        var clock: RequestClock
        var channel: any Channel
    }
    private var open: [Int: Open] = [:]
    private var byAddress: [String: Int] = [:]
    private var nextID = 0

    init(bounds: HTTPBounds, notices: HTTPNotices) {
        self.bounds = bounds
        self.notices = notices
    }

    /// Counts a new connection from `address` in (its id for `release`), making room at the
    /// cap when a connection rests, or says why it is refused.
    func admit(_ address: String, clock: RequestClock, channel: any Channel) -> Result<Int, Refusal> {
        let fromAddress = byAddress[address, default: 0]
        if fromAddress >= bounds.connectionsPerAddress {
            return .failure(Refusal(reason: "\(fromAddress) connections are open from that address, the most allowed"))
        }
        if open.count >= bounds.connections {
            guard let (id, evicted) = restingLongestOfFullest() else {
                return .failure(Refusal(reason: "\(open.count) connections are open and being answered, the most allowed"))
            }
            forget(id)
            notices.note(.madeRoom, "trmnl: closed a resting connection from \(evicted.address) to make room for one from \(address) "
                         + "(\(bounds.connections) connections in all are allowed; \(evicted.address) held the most)", address: evicted.address)
            evicted.channel.close(promise: nil)
        }
        nextID += 1
        open[nextID] = Open(address: address, clock: clock, channel: channel)
        byAddress[address] = fromAddress + 1
        return .success(nextID)
    }

    struct Refusal: Error {
        var reason: String
    }

    /// Counts the connection `id` out (nothing when it was closed to make room).
    func release(_ id: Int) { forget(id) }

    private func forget(_ id: Int) {
        guard let gone = open.removeValue(forKey: id) else { return }
        let left = byAddress[gone.address, default: 1] - 1
        byAddress[gone.address] = left > 0 ? left : nil
    }

    /// The resting connection to close: of the address with the most open, the one resting
    /// since the earliest moment.
    private func restingLongestOfFullest() -> (Int, Open)? {
        var best: (id: Int, open: Open, count: Int, since: NIODeadline)?
        for (id, connection) in open {
            guard let since = connection.clock.restingSince else { continue }
            let count = byAddress[connection.address, default: 0]
            if let chosen = best, count < chosen.count || (count == chosen.count && since >= chosen.since) { continue }
            best = (id, connection, count, since)
        }
        return best.map { ($0.id, $0.open) }
    }
}

/// The first handler of a connection: over the caps it is answered 503 with `Retry-After`
/// (written straight to the socket, before any HTTP parsing) and closed, and nothing it
/// sends goes further; else it is counted until it closes.
final class ConnectionGate: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Seconds a refused client is told to wait.
    static let retryAfter = 10

    private let limits: ConnectionLimits
    private let clock: RequestClock
    /// The id the connection was admitted under; nil until then, and when refused.
    private var admitted: Int?

    init(limits: ConnectionLimits, clock: RequestClock) {
        self.limits = limits
        self.clock = clock
    }

    func channelActive(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "an unknown address"
        switch limits.admit(address, clock: clock, channel: context.channel) {
        case .success(let id):
            admitted = id
            context.fireChannelActive()
        case .failure(let refusal):
            let reason = refusal.reason
            limits.notices.note(.refused, "trmnl: refused a connection from \(address): \(reason) "
                                + "(\(limits.bounds.connections) in all, \(limits.bounds.connectionsPerAddress) from one address); answered 503",
                                address: address)
            let body = "{\"status\": 503, \"error\": \"too many connections; try again in \(Self.retryAfter) s\"}"
            let text = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: \(Self.retryAfter)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text))).whenComplete { _ in
                bound.value.close(promise: nil)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard admitted != nil else { return }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        guard let id = admitted else { return }
        admitted = nil
        limits.release(id)
        context.fireChannelInactive()
    }
}
