import CGlanceCurl
import GlanceSystem
import Glibc
import FoundationEssentials
import Synchronization

/// A GET request as data widgets make it.
public struct HTTPRequest: Sendable, Equatable {
    public var url: String
    /// `(name, value)` pairs, sent as given (values are never logged).
    public var headers: [(name: String, value: String)]
    /// Seconds for the whole exchange, connecting included.
    public var timeout: Double
    /// A body longer than this stops the transfer (`HTTPFailure.tooLarge`).
    public var maximumBytes: Int

    public init(url: String, headers: [(name: String, value: String)] = [], timeout: Double = 20, maximumBytes: Int = 4 << 20) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBytes = maximumBytes
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.url == rhs.url && lhs.timeout == rhs.timeout && lhs.maximumBytes == rhs.maximumBytes
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// What a server answered (any status).
public struct HTTPResponse: Sendable {
    public var status: Int
    /// The `Content-Type` header, if any (`application/json; charset=utf-8`).
    public var contentType: String?
    public var body: [UInt8]
    /// The answer's `ETag` and `Last-Modified`, for asking again with `If-None-Match` and
    /// `If-Modified-Since` (a 304 then says nothing changed).
    public var etag: String?
    public var lastModified: String?

    public init(status: Int, contentType: String?, body: [UInt8], etag: String? = nil, lastModified: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether the content type says JSON (`application/json`, `…+json`), or says nothing.
    public var mayBeJSON: Bool {
        guard let type = contentType?.split(separator: ";").first.map({ String($0).trimmedOfSpaces.lowercased() }) else {
            return true
        }
        return type == "application/json" || type.hasSuffix("+json") || type == "text/json" || type == "text/plain"
    }
}

/// Why a fetch gave nothing usable. Descriptions are one line, fit for the log, and
/// never contain header values.
public enum HTTPFailure: Error, Equatable, CustomStringConvertible {
    /// Not an http or https URL.
    case unsupportedURL(String)
    /// No answer in time (the server accepted and said nothing, or was slow).
    case timedOut(seconds: Double)
    /// No connection or a broken one: the message is libcurl's.
    case transport(String)
    /// The body passed the limit.
    case tooLarge(limit: Int)
    /// The server answered with a status outside 200–299.
    case status(Int)
    /// More redirects than a GET follows (`HTTPClient.maximumRedirects`): a loop, or a
    /// chain no calendar or API needs. Said as what went wrong, not as what was done.
    case tooManyRedirects(limit: Int)

    public var description: String {
        switch self {
        case .unsupportedURL(let url): "'\(url)' is not an http:// or https:// URL"
        case .timedOut(let seconds): "no answer within \(formatSeconds(seconds)) s"
        case .transport(let message): message
        case .tooLarge(let limit): "the answer is larger than \(RegularFile.size(limit)); not read"
        case .status(let status): "the server answered HTTP \(status)"
        case .tooManyRedirects(let limit): "the server redirected more than \(limit) times (a redirect loop?); nothing read"
        }
    }
}

/// Blocking HTTP GETs through libcurl, on the calling thread.
///
/// Why not `URLSession`: on Linux its first use starts a libdispatch worker thread that
/// then wakes the process once a second for as long as it lives (measured: 10 wakeups in
/// 10 idle seconds after one request, and about 3,000 context switches around it), where
/// the daemon should sleep until its next timeline boundary. A provider already runs on
/// its slot's own thread, so a blocking call costs nothing else. (Widget code that calls
/// `URLSession` still works through `import Glance`.)
public enum HTTPClient {
    /// Redirects a GET follows (to http or https only); one more is `tooManyRedirects`.
    /// They are followed by the C shim, not by libcurl, so that a request's headers go
    /// only to hops of the URL's own origin (scheme, host and port): libcurl would send
    /// custom headers such as an API key to any host a `Location` names.
    public static let maximumRedirects = Int(GLANCE_HTTP_MAX_REDIRECTS)

    /// nil when libcurl.so.4 can be opened (it is opened on the first fetch, not linked),
    /// else why not, with the Debian package to install: for `glance check`.
    package static var libraryProblem: String? { glance_http_load_error().map { String(cString: $0) } }

    /// Whether `url` is one this client fetches (http or https, with a host).
    public static func isSupported(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard let rest = lower.hasPrefix("http://") ? lower.dropFirst(7) : lower.hasPrefix("https://") ? lower.dropFirst(8) : nil
        else { return false }
        return !rest.isEmpty && !rest.hasPrefix("/")
    }

    /// GETs the request's URL. Any status comes back as a response; `HTTPFailure` is for
    /// what gave no response (and for a body over the limit).
    public static func get(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
        if let offline { throw offline.refuse() }
        guard isSupported(request.url) else { throw .unsupportedURL(request.url) }
        var result = glance_http_result()
        let lines = request.headers.map { "\($0.name): \($0.value)" }
        var cLines = lines.map { strdupPointer($0) }
        defer { cLines.forEach { free($0) } }
        let milliseconds = max(1, Int(request.timeout * 1000))
        cLines.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { headers in
                glance_http_get(request.url, headers.baseAddress, Int32(headers.count), milliseconds, request.maximumBytes, &result)
            }
        }
        defer { glance_http_result_free(&result) }
        if result.too_large != 0 { throw .tooLarge(limit: request.maximumBytes) }
        switch result.curl_code {
        case 0: break
        case 28: throw .timedOut(seconds: request.timeout) // CURLE_OPERATION_TIMEDOUT
        case 47: throw .tooManyRedirects(limit: maximumRedirects) // CURLE_TOO_MANY_REDIRECTS
        default:
            let message = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .transport(message.isEmpty ? "the transfer failed (libcurl error \(result.curl_code))" : message)
        }
        let body = result.body.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: result.body_length)) } ?? []
        return HTTPResponse(status: Int(result.status), contentType: result.content_type.map { String(cString: $0) }, body: body,
                            etag: result.etag.map { String(cString: $0) }, lastModified: result.last_modified.map { String(cString: $0) })
    }

    /// GETs and insists on a 2xx status.
    public static func getOK(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
        let response = try get(request)
        guard (200..<300).contains(response.status) else { throw .status(response.status) }
        return response
    }
}

extension HTTPClient {
    /// While set (for a task, the tasks it starts and the synchronous code they run), every
    /// GET fails at once with `HTTPFailure.transport` and reaches no network: the way time
    /// travel runs providers, which then fall back to their last entry as after any failed
    /// fetch. A task-local and not a global switch, so the daemon's own fetches, running at
    /// the same moment on other threads, stay online.
    @TaskLocal package static var offline: OfflineFetches?
}

/// Counts the GETs refused while `HTTPClient.offline` holds it (whether a provider's
/// fetch asked the network at all).
package final class OfflineFetches: Sendable {
    private let refusals = Atomic<Int>(0)

    package init() {}

    /// GETs refused so far.
    package var refused: Int { refusals.load(ordering: .relaxed) }

    /// Counts one refusal and says why, as the failure the GET throws.
    func refuse() -> HTTPFailure {
        refusals.add(1, ordering: .relaxed)
        return .transport("not fetched: this display is being computed ahead of time, offline")
    }
}

private func strdupPointer(_ string: String) -> UnsafeMutablePointer<CChar>? { strdup(string) }

private func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}
