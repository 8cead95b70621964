import NIOCore
import Synchronization
import NIOHTTP1
import NIOPosix

/// One HTTP request as the daemon's thread sees it.
package struct HTTPRequest: Sendable {
    package var method: String
    /// The path without the query.
    package var path: String
    package var query: String
    /// Header names in lower case.
    package var headers: [String: String]
    package var body: [UInt8]
    /// The client's address (no port), for bounds kept per address.
    package var remote: String = ""
    /// The client's port, and the address and port it reached: the connection, for
    /// telling which user of this machine opened it (`TCPPeerOwner`).
    package var remotePort = 0
    package var localAddress = ""
    package var localPort = 0
    /// Whether the client has closed the connection (a long piece of work for it may stop).
    package var isGone: @Sendable () -> Bool = { false }
    /// Says the answer will wait for something to change (a long poll): the connection
    /// then rests, and may be closed to make room for a new one at the connection cap.
    package var park: @Sendable () -> Void = {}
    /// Says the answer is work with a bound of its own, longer than `HTTPBounds.answer`
    /// (time travel, at the lowest priority): its deadline is that long from the request.
    package var takesUpTo: @Sendable (TimeAmount) -> Void = { _ in }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// An answer: a status, a content type, bytes.
package struct HTTPAnswer: Sendable {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    /// More headers (`Set-Cookie`, `Retry-After`, security policies).
    package var headers: [(name: String, value: String)] = []

    package init(status: Int, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    package static func json(_ status: Int, _ text: String) -> HTTPAnswer {
        HTTPAnswer(status: status, contentType: "application/json", body: Array(text.utf8))
    }
}

/// The limits the HTTP front end keeps, so that slow clients and many clients cannot hold
/// the server, its thread, or the daemon's descriptors (issue 28; `docs/trmnl.md`, Bounds).
package struct HTTPBounds: Sendable {
    /// From a connection's start, or from the first byte of a request that follows an
    /// answer, to the end of the request's head; then answered 408 and closed.
    package var head: TimeAmount
    /// From the end of the head to the end of the body; then answered 408 and closed.
    package var body: TimeAmount
    /// From the end of a request until its answer is written: the daemon's work and the
    /// client's reading; then closed.
    package var answer: TimeAmount
    /// A keep-alive connection waiting for its next request; then closed (not said: this
    /// is how every kept connection ends).
    package var idle: TimeAmount
    /// Connections open at once, and from one address; one more is answered 503 and closed.
    package var connections: Int
    package var connectionsPerAddress: Int
    /// Out of descriptors (EMFILE, ENFILE): how long accepting pauses.
    package var acceptPause: TimeAmount
    /// A notice that repeats (refusals, missed deadlines) is said at once, then at most once
    /// in this time, with how many there were.
    package var noticeInterval: TimeAmount

    /// The production bounds: 10 s for a head, 30 s for a body, an answer, and an idle
    /// keep-alive connection; 128 connections, 16 from one address; 1 s of pause out of
    /// descriptors; a repeated notice every 10 s at most.
    package init(head: TimeAmount = .seconds(10), body: TimeAmount = .seconds(30), answer: TimeAmount = .seconds(30),
                 idle: TimeAmount = .seconds(30), connections: Int = 128, connectionsPerAddress: Int = 16,
                 acceptPause: TimeAmount = .seconds(1), noticeInterval: TimeAmount = .seconds(10)) {
        self.head = head
        self.body = body
        self.answer = answer
        self.idle = idle
        self.connections = connections
        self.connectionsPerAddress = connectionsPerAddress
        self.acceptPause = acceptPause
        self.noticeInterval = noticeInterval
    }

    /// Whole seconds (or milliseconds, below one) for a person.
    static func text(_ time: TimeAmount) -> String {
        time.nanoseconds % 1_000_000_000 == 0 ? "\(time.nanoseconds / 1_000_000_000) s" : "\(time.nanoseconds / 1_000_000) ms"
    }
}

/// The HTTP side of the TRMNL server: swift-nio on one event-loop thread parses requests
/// (bodies up to `maximumBody`) and hands each to `dispatch`, which answers it later from
/// the daemon's thread through the promise.
///
/// Bounds (`HTTPBounds`, production numbers): a request's head must be complete within
/// 10 s of the connection's start (or of the first byte after the previous answer) and its
/// body within 30 s more, else it is answered 408 and closed (after a lingering second, so
/// the 408 is not lost to a reset), however steadily it drips;
/// an answer not taken within 30 s, and a keep-alive connection idle for 30 s, are closed.
/// At most 128 connections are open, 16 from one address; at the cap, a resting connection
/// (waiting for a request, idle, or a parked long poll) of the address holding the most is
/// closed to make room (`ConnectionLimits`); with none resting, or over an address's own
/// 16, one more is answered 503 with `Retry-After` and closed. Out of descriptors, accepting pauses for 1 s and the pending
/// connections are accepted with a spare descriptor and closed, so the thread does not spin
/// on a listener it cannot empty. Each of these is said in one log line through `say` (on
/// the event loop's thread), then at most once in 10 s with a count.
package final class HTTPFrontEnd: Sendable {
    static let maximumBody = 64 << 10

    /// Paths whose bodies may be larger than `maximumBody` (an upload), each with its own
    /// bound; together they hold at most `budget` bytes at once, so many uploads at a time
    /// cannot fill the memory (one more is answered 503 until one ends).
    package final class LargeBodies: Sendable {
        let limits: [String: Int]
        let budget: Int
        private let held = Atomic<Int>(0)

        package init(_ limits: [String: Int] = [:], budget: Int? = nil) {
            self.limits = limits
            self.budget = budget ?? 2 * (limits.values.max() ?? 0)
        }

        func limit(of path: String) -> Int { limits[path] ?? HTTPFrontEnd.maximumBody }

        /// Takes `count` more bytes of the budget, if it has them.
        func reserve(_ count: Int) -> Bool {
            var current = held.load(ordering: .relaxed)
            while true {
                guard current + count <= budget else { return false }
                let (exchanged, original) = held.compareExchange(expected: current, desired: current + count, ordering: .relaxed)
                if exchanged { return true }
                current = original
            }
        }

        func release(_ count: Int) { if count > 0 { held.subtract(count, ordering: .relaxed) } }

        /// Bytes held now (tests).
        package var holding: Int { held.load(ordering: .relaxed) }
    }
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    package var port: Int { channel.localAddress?.port ?? 0 }

    /// Listens on `host`:`port` (0: a free one). `say` takes a log line (called on the event
    /// loop's thread); `dispatch` takes each request and its promise.
    package init(host: String, port: Int, bounds: HTTPBounds = HTTPBounds(), largeBodies: LargeBodies = LargeBodies(),
                 say: @escaping @Sendable (String) -> Void,
                 dispatch: @escaping @Sendable (HTTPRequest, EventLoopPromise<HTTPAnswer>) -> Void) throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let notices = HTTPNotices(loop: loop, interval: bounds.noticeInterval, say: say)
        let limits = ConnectionLimits(bounds: bounds, notices: notices)
        do {
            let listener = try ListeningSocket.make(host: host, port: port, backlog: 256)
            let bootstrap = ServerBootstrap(group: group)
                .serverChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        // Out of descriptors, NIO's accept fails and the listener stays
                        // readable: pause reads, and empty it with the spare descriptor.
                        // (ServerBootstrap's bind installs no AcceptBackoffHandler, only its
                        // async variant does: without one the loop retried at once, spinning.)
                        try channel.pipeline.syncOperations.addHandler(AcceptBackoffHandler { error in
                            ListeningSocket.outOfDescriptors(error) ? bounds.acceptPause : nil
                        })
                        try channel.pipeline.syncOperations.addHandler(AcceptShedding(listener: listener, bounds: bounds, notices: notices))
                    }
                }
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let clock = RequestClock(bounds: bounds, notices: notices)
                        try channel.pipeline.syncOperations.addHandler(ConnectionGate(limits: limits, clock: clock))
                        try channel.pipeline.syncOperations.addHandler(clock)
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(HTTPRequestHandler(clock: clock, large: largeBodies, dispatch: dispatch))
                    }
                }
            channel = try bootstrap.withBoundSocket(listener).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
    }

    package func close() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

private final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let dispatch: @Sendable (HTTPRequest, EventLoopPromise<HTTPAnswer>) -> Void
    /// The connection's deadlines, told where each request is.
    private let clock: RequestClock
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var tooLarge = false
    /// The bounds of large bodies, and what this request holds of their budget.
    private let large: HTTPFrontEnd.LargeBodies
    private var limit = HTTPFrontEnd.maximumBody
    private var reserved = 0
    /// The budget of large bodies was spent by others: answered 503.
    private var busy = false
    /// Set when the connection closes, read by whoever works on its requests.
    private let gone = GoneFlag()

    private final class GoneFlag: Sendable {
        let value = Atomic<Bool>(false)
    }

    func channelInactive(context: ChannelHandlerContext) {
        gone.value.store(true, ordering: .relaxed)
        large.release(reserved)
        reserved = 0
        context.fireChannelInactive()
    }

    init(clock: RequestClock, large: HTTPFrontEnd.LargeBodies, dispatch: @escaping @Sendable (HTTPRequest, EventLoopPromise<HTTPAnswer>) -> Void) {
        self.clock = clock
        self.large = large
        self.dispatch = dispatch
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
            tooLarge = false
            busy = false
            large.release(reserved)
            reserved = 0
            limit = large.limit(of: requestHead.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? requestHead.uri)
            clock.headReceived()
        case .body(var buffer):
            let count = buffer.readableBytes
            if tooLarge || busy { return }
            if body.count + count > limit {
                tooLarge = true
                body = []
            } else if body.count + count > HTTPFrontEnd.maximumBody, !large.reserve(count) {
                // Past the small bound, each byte is taken from the large bodies' budget.
                busy = true
                body = []
            } else if let bytes = buffer.readBytes(length: count) {
                if body.count + count > HTTPFrontEnd.maximumBody { reserved += count }
                body += bytes
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let keepAlive = head.isKeepAlive
            let headOnly = head.method == .HEAD
            clock.requestReceived()
            let promise = context.eventLoop.makePromise(of: HTTPAnswer.self)
            let bound = NIOLoopBound((context, clock), eventLoop: context.eventLoop)
            promise.futureResult.whenComplete { result in
                let answer = (try? result.get()) ?? .json(500, "{\"status\": 500, \"error\": \"internal error\"}")
                Self.write(answer, keepAlive: keepAlive, headOnly: headOnly, context: bound.value.0, clock: bound.value.1)
            }
            if tooLarge {
                promise.succeed(.json(413, "{\"status\": 413, \"error\": \"the body is larger than \(limit) bytes\"}"))
                return
            }
            if busy {
                var answer = HTTPAnswer.json(503, "{\"status\": 503, \"error\": \"other uploads are being received; try again in a moment\"}")
                answer.headers.append(("Retry-After", "5"))
                promise.succeed(answer)
                return
            }
            let uri = head.uri
            let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
            let query = uri.contains("?") ? String(uri.split(separator: "?", maxSplits: 1).last ?? "") : ""
            var headers: [String: String] = [:]
            for (name, value) in head.headers { headers[name.lowercased()] = value }
            // HEAD is answered as GET, without the body (`write`'s headOnly).
            var request = HTTPRequest(method: head.method == .HEAD ? "GET" : head.method.rawValue, path: path, query: query, headers: headers, body: body)
            request.remote = context.remoteAddress?.ipAddress ?? ""
            request.remotePort = context.remoteAddress?.port ?? 0
            request.localAddress = context.localAddress?.ipAddress ?? ""
            request.localPort = context.localAddress?.port ?? 0
            let gone = gone
            request.isGone = { gone.value.load(ordering: .relaxed) }
            let loop = context.eventLoop
            let parking = NIOLoopBound(clock, eventLoop: loop)
            request.park = { loop.execute { parking.value.park() } }
            request.takesUpTo = { time in loop.execute { parking.value.allow(time) } }
            dispatch(request, promise)
            body = []
            // The body is the request's now; the budget counts what is still being received.
            large.release(reserved)
            reserved = 0
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A malformed request was answered 400 by NIO's protocol error handler, before this
        // one; a second answer here would be one without a request (NIO traps on that),
        // as would any answer to a request cut off by its client.
        context.close(promise: nil)
    }

    /// `headOnly`: the answer to a HEAD: GET's head, its Content-Length included, and no body.
    private static func write(_ answer: HTTPAnswer, keepAlive: Bool, headOnly: Bool = false, context: ChannelHandlerContext, clock: RequestClock? = nil) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: answer.contentType)
        headers.add(name: "Content-Length", value: String(answer.body.count))
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        for (name, value) in answer.headers { headers.add(name: name, value: value) }
        let status = HTTPResponseStatus(statusCode: answer.status)
        context.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        if !headOnly {
            var buffer = context.channel.allocator.buffer(capacity: answer.body.count)
            buffer.writeBytes(answer.body)
            context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
        }
        let done = context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
        let bound = NIOLoopBound((context, clock), eventLoop: context.eventLoop)
        done.whenComplete { _ in
            if keepAlive {
                bound.value.1?.answered()
            } else {
                bound.value.0.close(promise: nil)
            }
        }
    }
}

/// An answer that refuses a request, as the error of a lookup.
extension HTTPAnswer: Error {}
