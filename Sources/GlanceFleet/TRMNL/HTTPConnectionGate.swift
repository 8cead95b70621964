import NIOCore

/// The connections open on the HTTP front end, in all and by the client's address, against
/// `HTTPBounds.connections` and `connectionsPerAddress`.
///
/// Used only on the event loop's thread (every connection is on that one loop).
final class ConnectionLimits: @unchecked Sendable {
    let bounds: HTTPBounds
    let notices: HTTPNotices
    private var open = 0
    private var byAddress: [String: Int] = [:]

    init(bounds: HTTPBounds, notices: HTTPNotices) {
        self.bounds = bounds
        self.notices = notices
    }

    /// Counts a new connection from `address` in, or says why it is refused.
    func admit(_ address: String) -> String? {
        if open >= bounds.connections {
            return "\(open) connections are open, the most allowed"
        }
        let fromAddress = byAddress[address, default: 0]
        if fromAddress >= bounds.connectionsPerAddress {
            return "\(fromAddress) connections are open from that address, the most allowed"
        }
        open += 1
        byAddress[address] = fromAddress + 1
        return nil
    }

    /// Counts a connection admitted from `address` out.
    func release(_ address: String) {
        open -= 1
        let left = byAddress[address, default: 1] - 1
        byAddress[address] = left > 0 ? left : nil
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
    /// The address the connection was admitted under; nil until then, and when refused.
    private var admitted: String?

    init(limits: ConnectionLimits) { self.limits = limits }

    func channelActive(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "an unknown address"
        if let reason = limits.admit(address) {
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
            return
        }
        admitted = address
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard admitted != nil else { return }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        guard let address = admitted else { return }
        admitted = nil
        limits.release(address)
        context.fireChannelInactive()
    }
}
