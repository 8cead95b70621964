import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP request as the daemon's thread sees it.
struct HTTPRequest: Sendable {
    var method: String
    /// The path without the query.
    var path: String
    var query: String
    /// Header names in lower case.
    var headers: [String: String]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// An answer: a status, a content type, bytes.
struct HTTPAnswer: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]

    static func json(_ status: Int, _ text: String) -> HTTPAnswer {
        HTTPAnswer(status: status, contentType: "application/json", body: Array(text.utf8))
    }
}

/// The HTTP side of the TRMNL server: swift-nio on one event-loop thread parses requests
/// (bodies up to `maximumBody`, idle connections closed after 30 s) and hands each to
/// `dispatch`, which answers it later from the daemon's thread through the promise.
final class HTTPFrontEnd: Sendable {
    static let maximumBody = 64 << 10
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    var port: Int { channel.localAddress?.port ?? 0 }

    init(host: String, port: Int, dispatch: @escaping @Sendable (HTTPRequest, EventLoopPromise<HTTPAnswer>) -> Void) throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: .seconds(30)))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(HTTPRequestHandler(dispatch: dispatch))
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
    }

    func close() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

private final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let dispatch: @Sendable (HTTPRequest, EventLoopPromise<HTTPAnswer>) -> Void
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var tooLarge = false

    init(dispatch: @escaping @Sendable (HTTPRequest, EventLoopPromise<HTTPAnswer>) -> Void) { self.dispatch = dispatch }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
            tooLarge = false
        case .body(var buffer):
            if body.count + buffer.readableBytes > HTTPFrontEnd.maximumBody {
                tooLarge = true
                body = []
            } else if !tooLarge, let bytes = buffer.readBytes(length: buffer.readableBytes) {
                body += bytes
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let keepAlive = head.isKeepAlive
            let promise = context.eventLoop.makePromise(of: HTTPAnswer.self)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            promise.futureResult.whenComplete { result in
                let answer = (try? result.get()) ?? .json(500, "{\"status\": 500, \"error\": \"internal error\"}")
                Self.write(answer, keepAlive: keepAlive, context: bound.value)
            }
            if tooLarge {
                promise.succeed(.json(413, "{\"status\": 413, \"error\": \"the body is larger than \(HTTPFrontEnd.maximumBody) bytes\"}"))
                return
            }
            let uri = head.uri
            let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
            let query = uri.contains("?") ? String(uri.split(separator: "?", maxSplits: 1).last ?? "") : ""
            var headers: [String: String] = [:]
            for (name, value) in head.headers { headers[name.lowercased()] = value }
            dispatch(HTTPRequest(method: head.method.rawValue, path: path, query: query, headers: headers, body: body), promise)
            body = []
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A malformed request: answer 400 when possible, then close.
        if error is HTTPParserError {
            let answer = HTTPAnswer.json(400, "{\"status\": 400, \"error\": \"malformed request\"}")
            Self.write(answer, keepAlive: false, context: context)
        } else {
            context.close(promise: nil)
        }
    }

    private static func write(_ answer: HTTPAnswer, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: answer.contentType)
        headers.add(name: "Content-Length", value: String(answer.body.count))
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let status = HTTPResponseStatus(statusCode: answer.status)
        context.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: answer.body.count)
        buffer.writeBytes(answer.body)
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
        let done = context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
        if !keepAlive {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }
}

/// An answer that refuses a request, as the error of a lookup.
extension HTTPAnswer: Error {}
