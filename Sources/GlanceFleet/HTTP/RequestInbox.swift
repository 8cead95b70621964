import NIOCore
import Synchronization

/// Requests (and log lines) from the HTTP thread, taken on the daemon's thread: what a
/// front end served over HTTP answers from the daemon's one wait.
final class RequestInbox: Sendable {
    private let requests = Mutex<[(HTTPRequest, EventLoopPromise<HTTPAnswer>)]>([])
    private let lines = Mutex<[String]>([])

    func add(_ request: HTTPRequest, _ promise: EventLoopPromise<HTTPAnswer>) { requests.withLock { $0.append((request, promise)) } }

    func add(_ line: String) { lines.withLock { $0.append(line) } }

    func takeLines() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }

    func take() -> [(HTTPRequest, EventLoopPromise<HTTPAnswer>)] {
        requests.withLock { requests in
            defer { requests.removeAll() }
            return requests
        }
    }
}
