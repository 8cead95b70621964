import GlanceFetch
import GlanceTestSupport
import Testing

/// The HTTP client against a real server on 127.0.0.1 that misbehaves on purpose.
@Suite struct HTTPClientTests {
    let server: TestHTTPServer

    init() throws { server = try TestHTTPServer() }

    @Test func goodAnswerWithHeaders() throws {
        server.route("/n", .json(#"{"data": {"total": 42}}"#))
        let response = try HTTPClient.getOK(HTTPRequest(url: server.baseURL + "/n?x=1", headers: [("Authorization", "Bearer s3cret")]))
        #expect(response.status == 200)
        #expect(response.mayBeJSON)
        #expect(JSONValue.parse(response.body)?[try JSONPath("data.total")]?.number == 42)
        #expect(server.requests(to: "/n").first?.headers["authorization"] == "Bearer s3cret")
        #expect(server.requests(to: "/n").first?.query["x"] == "1")
    }

    /// An answer's validators come back (from the final answer after a redirect), and a
    /// 304 to a conditional GET is an answer with no body (issue 31's calendars).
    @Test func validatorsForConditionalGets() throws {
        server.route("/feed.ics", .headed(status: 200, headers: [("ETag", "\"v1\""), ("Last-Modified", "Fri, 27 Nov 2026 09:00:00 GMT")],
                                          body: Array("BEGIN:VCALENDAR".utf8)))
        server.route("/old", .headed(status: 301, headers: [("Location", "/feed.ics"), ("ETag", "\"stale\"")], body: []))
        let first = try HTTPClient.getOK(HTTPRequest(url: server.baseURL + "/old"))
        #expect(first.etag == "\"v1\"" && first.lastModified == "Fri, 27 Nov 2026 09:00:00 GMT")
        server.route("/feed.ics", .headed(status: 304, headers: [("ETag", "\"v1\"")], body: []))
        let again = try HTTPClient.get(HTTPRequest(url: server.baseURL + "/feed.ics",
                                                   headers: [("If-None-Match", "\"v1\""), ("If-Modified-Since", "Fri, 27 Nov 2026 09:00:00 GMT")]))
        #expect(again.status == 304 && again.body.isEmpty && again.etag == "\"v1\"" && again.lastModified == nil)
        #expect(server.requests(to: "/feed.ics").last?.headers["if-none-match"] == "\"v1\"")
    }

    /// Headers configured for a URL (a token, an API key) go to its origin and nowhere
    /// else: a redirect to another port, host or scheme reaches it without them, while one
    /// on the same origin keeps them (libcurl itself would forward every custom header
    /// and strip only Authorization and Cookie). Issue 42.
    @Test func headersNeverFollowARedirectToAnotherOrigin() throws {
        let other = try TestHTTPServer()
        defer { other.stop() }
        other.route("/land", .json(#"{"ok": true}"#))
        server.route("/same", .json(#"{"ok": true}"#))
        server.route("/hop", .headed(status: 302, headers: [("Location", "/same")], body: []))
        server.route("/away", .headed(status: 307, headers: [("Location", other.baseURL + "/land")], body: []))
        server.route("/by-name", .headed(status: 301, headers: [("Location", "http://localhost:\(server.port)/same")], body: []))
        let secrets: [(name: String, value: String)] = [("Authorization", "Bearer s3cret"), ("X-Api-Key", "k3y")]

        _ = try HTTPClient.getOK(HTTPRequest(url: server.baseURL + "/hop", headers: secrets))
        #expect(server.requests(to: "/same").last?.headers["x-api-key"] == "k3y")
        #expect(server.requests(to: "/same").last?.headers["authorization"] == "Bearer s3cret")

        #expect(try HTTPClient.getOK(HTTPRequest(url: server.baseURL + "/away", headers: secrets)).status == 200)
        #expect(server.requests(to: "/away").first?.headers["x-api-key"] == "k3y")
        let landed = try #require(other.requests(to: "/land").first)
        #expect(landed.headers["x-api-key"] == nil && landed.headers["authorization"] == nil)

        // Another name for the same address is another origin, as it is to a browser.
        let before = server.requests(to: "/same").count
        _ = try HTTPClient.getOK(HTTPRequest(url: server.baseURL + "/by-name", headers: secrets))
        let renamed = try #require(server.requests(to: "/same").dropFirst(before).first)
        #expect(renamed.headers["x-api-key"] == nil && renamed.headers["authorization"] == nil)
    }

    /// A loop ends at the limit, and a redirect to anything but http or https is refused.
    @Test func redirectLoopsAndSchemes() {
        server.route("/loop", .headed(status: 302, headers: [("Location", "/loop")], body: []))
        #expect(throws: HTTPFailure.tooManyRedirects(limit: HTTPClient.maximumRedirects)) {
            try HTTPClient.get(HTTPRequest(url: server.baseURL + "/loop"))
        }
        #expect(server.requests(to: "/loop").count == HTTPClient.maximumRedirects + 1)
        server.route("/file", .headed(status: 302, headers: [("Location", "file:///etc/passwd")], body: []))
        #expect(throws: HTTPFailure.self) { try HTTPClient.get(HTTPRequest(url: server.baseURL + "/file")) }
    }

    @Test func statusIsAnAnswerButNotOK() throws {
        server.route("/e", .json(#"{"error": "boom"}"#, status: 500))
        #expect(try HTTPClient.get(HTTPRequest(url: server.baseURL + "/e")).status == 500)
        #expect(throws: HTTPFailure.status(500)) { try HTTPClient.getOK(HTTPRequest(url: server.baseURL + "/e")) }
    }

    @Test func aServerThatNeverAnswersTimesOut() {
        server.route("/hang", .silence)
        // The silent server never answers: only the time-out ends the call (the error
        // says which limit ended it).
        #expect(throws: HTTPFailure.timedOut(seconds: 0.3)) { try HTTPClient.get(HTTPRequest(url: server.baseURL + "/hang", timeout: 0.3)) }
    }

    @Test func aBodyCutShortIsATransportFailure() {
        server.route("/cut", .truncated(body: Array(#"{"data": {"to"#.utf8), promised: 500))
        #expect(throws: HTTPFailure.self) { try HTTPClient.get(HTTPRequest(url: server.baseURL + "/cut")) }
    }

    @Test func aHugeBodyStopsAtTheLimit() {
        server.route("/big", .huge(count: 50 << 20))
        #expect(throws: HTTPFailure.tooLarge(limit: 1 << 20)) {
            try HTTPClient.get(HTTPRequest(url: server.baseURL + "/big", maximumBytes: 1 << 20))
        }
    }

    @Test func aClosedConnectionAndAnAbsentServer() {
        server.route("/reset", .reset)
        #expect(throws: HTTPFailure.self) { try HTTPClient.get(HTTPRequest(url: server.baseURL + "/reset")) }
        let port = server.port
        server.stop()
        do {
            _ = try HTTPClient.get(HTTPRequest(url: "http://127.0.0.1:\(port)/", timeout: 2))
            Issue.record("a stopped server answered")
        } catch {
            guard case .transport(let message) = error else { Issue.record("\(error)"); return }
            #expect(!message.isEmpty)
        }
    }

    @Test func onlyHTTPAndHTTPS() {
        for url in ["file:///etc/passwd", "ftp://example.com/", "gopher://x", "http://", "example.com/data.json", ""] {
            #expect(throws: HTTPFailure.unsupportedURL(url)) { try HTTPClient.get(HTTPRequest(url: url)) }
        }
        #expect(HTTPClient.isSupported("https://api.open-meteo.com/v1/forecast"))
    }

    @Test func contentTypes() {
        #expect(HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: []).mayBeJSON)
        #expect(HTTPResponse(status: 200, contentType: "application/vnd.api+json", body: []).mayBeJSON)
        #expect(!HTTPResponse(status: 200, contentType: "text/html", body: []).mayBeJSON)
        #expect(!HTTPResponse(status: 200, contentType: "image/png", body: []).mayBeJSON)
    }
}

@Suite struct JSONPathTests {
    let document = JSONValue.parse(#"{"data": {"total": 1234.5, "items": [{"count": 3}, {"count": "7"}]}, "odd key": {"n": 1}, "s": "x"}"#)!

    @Test func paths() throws {
        #expect(document[try JSONPath("data.total")]?.number == 1234.5)
        #expect(document[try JSONPath("data.items[0].count")]?.number == 3)
        #expect(document[try JSONPath("data.items[-1].count")]?.number == 7)
        #expect(document[try JSONPath(#"["odd key"].n"#)]?.number == 1)
        #expect(document[try JSONPath("data.items[2].count")] == nil)
        #expect(document[try JSONPath("data.missing")] == nil)
        #expect(document[try JSONPath("s.x")] == nil)
        #expect(document[try JSONPath("s")]?.number == nil)
    }

    @Test func badPathsNameTheColumn() {
        for (text, column) in [("", 1), ("a..b", 3), ("a[x]", 3), ("a[0", 4), (".a", 1), ("a[0]b", 5), ("a.", 2)] {
            do {
                _ = try JSONPath(text)
                Issue.record("'\(text)' was accepted")
            } catch {
                #expect(error.column == column, "'\(text)': \(error)")
            }
        }
    }
}
