import NIOCore

/// A connection's deadlines (`HTTPBounds`), independent of how often bytes arrive: a client
/// that drips one header line every few seconds is still closed when its head's time is up.
///
/// It sits before the HTTP parser, so it sees a request's first byte; the request handler
/// after the parser tells it when the head and the whole request are in and when the
/// answer is written. A head or body not in by its deadline is answered 408 (written
/// straight to the socket) and closed: first the sending side, then, after what the client
/// still sends is read and dropped for at most `lingering`, the whole connection (closed
/// at once with unread bytes, the kernel would reset it and the client lose the 408).
final class RequestClock: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Where the connection is, each with its own deadline.
    enum Phase {
        /// Waiting for the rest of a request's head (from the connection's start, or the
        /// first byte after an answer).
        case head
        /// Waiting for the rest of a request's body.
        case body
        /// A request is in: the daemon answers, the client reads the answer.
        case answer
        /// A keep-alive connection between requests.
        case idle
        /// Answered 408 with the sending side closed: waiting for the client to close.
        case closing
    }

    /// How long a connection answered 408 waits for its client to close.
    static let lingering = TimeAmount.seconds(1)

    private let bounds: HTTPBounds
    private let notices: HTTPNotices
    private(set) var phase = Phase.head
    /// When the phase began.
    private var phaseStarted = NIODeadline.now()
    /// The request being answered is a long poll, parked until something changes.
    private var parked = false
    /// Requests read whose answers are not written yet (more than one when pipelined).
    private var unanswered = 0
    private var deadline: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(bounds: HTTPBounds, notices: HTTPNotices) {
        self.bounds = bounds
        self.notices = notices
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        enter(.head)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .closing: return
        case .idle: enter(.head)
        case .head, .body, .answer: break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    /// Since when the connection rests (waits for its client, or holds a parked long
    /// poll), so that it may be closed to make room at the connection cap; nil while a
    /// request is being answered.
    var restingSince: NIODeadline? {
        switch phase {
        case .head, .body, .idle, .closing: return phaseStarted
        case .answer: return parked && unanswered == 1 ? phaseStarted : nil
        }
    }

    /// The request being answered waits for something to change (a long poll): the
    /// connection rests until it is answered.
    func park() {
        if phase == .answer { parked = true }
    }

    /// The request being answered is work with a bound of its own: its answer's deadline
    /// is `time` from the request (when that is later than `bounds.answer`).
    func allow(_ time: TimeAmount) {
        guard phase == .answer, time > bounds.answer, let context else { return }
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(deadline: phaseStarted + time) { [self] in expire() }
    }

    /// The parser has a request's head: its body's time starts.
    func headReceived() { enter(.body) }

    /// The parser has a whole request: the answer's time starts.
    func requestReceived() {
        unanswered += 1
        enter(.answer)
    }

    /// An answer is written on a connection kept alive: with none left to write, it idles.
    func answered() {
        unanswered = max(0, unanswered - 1)
        if unanswered == 0, phase == .answer { enter(.idle) }
    }

    private func enter(_ next: Phase) {
        phase = next
        phaseStarted = .now()
        parked = false
        deadline?.cancel()
        guard let context else { return }
        let time: TimeAmount
        switch next {
        case .head: time = bounds.head
        case .body: time = bounds.body
        case .answer: time = bounds.answer
        case .idle: time = bounds.idle
        case .closing: time = Self.lingering
        }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: time) { [self] in expire() }
    }

    private func expire() {
        deadline = nil
        guard let context, context.channel.isActive else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "an unknown address"
        switch phase {
        case .head:
            notices.note(.headDeadline, "trmnl: closed a connection from \(address): its request head was not complete within "
                         + "\(HTTPBounds.text(bounds.head)); answered 408", address: address)
            timeOut(context)
        case .body:
            notices.note(.bodyDeadline, "trmnl: closed a connection from \(address): its request body was not complete within "
                         + "\(HTTPBounds.text(bounds.body)) of its head; answered 408", address: address)
            timeOut(context)
        case .answer:
            notices.note(.answerDeadline, "trmnl: closed a connection from \(address): its answer was not written within "
                         + "\(HTTPBounds.text(bounds.answer)) (a client that does not read)", address: address)
            context.close(promise: nil)
        case .idle, .closing:
            context.close(promise: nil)
        }
    }

    /// Answers 408, closes the sending side, and lingers.
    private func timeOut(_ context: ChannelHandlerContext) {
        let body = "{\"status\": 408, \"error\": \"the request took too long\"}"
        let text = "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n" + body
        enter(.closing)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text))).flatMap {
            bound.value.close(mode: .output)
        }.whenFailure { _ in
            bound.value.close(promise: nil)
        }
    }
}
