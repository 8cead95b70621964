import NIOCore

/// The log lines of the HTTP front end's bounds, on its event loop: each kind of notice (a
/// refused connection, a missed deadline, running out of descriptors) is said at once the
/// first time, then counted and said at most once per interval with its count, so a flood
/// of clients makes a line every ten seconds rather than one per connection.
///
/// Used only on the event loop's thread (the handlers that note are all on it).
final class HTTPNotices: @unchecked Sendable {
    /// What a notice is about; each kind is counted on its own.
    enum Kind: Hashable {
        case refused, madeRoom, headDeadline, bodyDeadline, answerDeadline, outOfDescriptors

        /// The counted line: "N more … in the last 10 s".
        func summary(_ count: Int, last: String, within interval: String) -> String {
            let connections = count == 1 ? "connection" : "connections"
            let when = "in the last \(interval) (the last from \(last))"
            switch self {
            case .refused: return "trmnl: \(count) more \(connections) refused over the connection caps \(when)"
            case .madeRoom: return "trmnl: \(count) more resting \(connections) closed to make room for new ones at the connection cap \(when)"
            case .headDeadline: return "trmnl: \(count) more \(connections) closed at the request-head deadline \(when)"
            case .bodyDeadline: return "trmnl: \(count) more \(connections) closed at the body deadline \(when)"
            case .answerDeadline: return "trmnl: \(count) more \(connections) closed without taking their answer \(when)"
            case .outOfDescriptors: return "trmnl: still out of file descriptors: \(count) more pending \(connections) closed unanswered in the last \(interval)"
            }
        }
    }

    private let loop: any EventLoop
    private let interval: TimeAmount
    private let say: @Sendable (String) -> Void
    /// Kinds said within the current interval, with how many more came since and the last
    /// one's address.
    private var quiet: [Kind: (count: Int, last: String)] = [:]

    init(loop: any EventLoop, interval: TimeAmount, say: @escaping @Sendable (String) -> Void) {
        self.loop = loop
        self.interval = interval
        self.say = say
    }

    /// Says `line` now, or counts it when a notice of its kind was said within the
    /// interval. `count` is how many events the line stands for (pending connections closed
    /// at once); `address` names the last client in the summary.
    func note(_ kind: Kind, _ line: @autoclosure () -> String, address: String, count: Int = 1) {
        loop.assertInEventLoop()
        if let counted = quiet[kind] {
            quiet[kind] = (counted.count + count, address)
            return
        }
        say(line())
        quiet[kind] = (0, address)
        scheduleSummary(of: kind)
    }

    /// At the end of the interval: the count, if any, and another interval; else quiet ends.
    private func scheduleSummary(of kind: Kind) {
        loop.assumeIsolated().scheduleTask(in: interval) { [self] in
            guard let counted = quiet[kind], counted.count > 0 else {
                quiet[kind] = nil
                return
            }
            say(kind.summary(counted.count, last: counted.last, within: HTTPBounds.text(interval)))
            quiet[kind] = (0, counted.last)
            scheduleSummary(of: kind)
        }
    }
}
