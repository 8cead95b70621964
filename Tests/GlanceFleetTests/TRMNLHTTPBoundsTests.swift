import Foundation
import Glibc
import NIOCore
import Synchronization
import Testing
import GlanceFleet
import GlanceTestSupport

/// The TRMNL HTTP front end's bounds against real sockets (issue 28): deadlines for a
/// request's head and body however steadily a client drips, caps on connections in all
/// and from one address, each ending in one log line. Deadlines are a few hundred
/// milliseconds here (production: seconds); every wait has a hang guard of seconds.
@Suite(.serialized) struct TRMNLHTTPBoundsTests {
    /// A front end on a free port of 127.0.0.1 that answers every request 200 at once,
    /// except `/hold` (answered only by `answerHeld`) and `/poll` (a parked long poll, also
    /// answered by `answerHeld`), and the lines it said.
    final class Server {
        /// The lines said, from the event loop's thread.
        final class Said: Sendable {
            let lines = Mutex<[String]>([])
            let held = Mutex<[EventLoopPromise<HTTPAnswer>]>([])
        }

        let front: HTTPFrontEnd
        private let said = Said()

        init(_ bounds: HTTPBounds) throws {
            let said = self.said
            front = try HTTPFrontEnd(host: "127.0.0.1", port: 0, bounds: bounds, say: { line in said.lines.withLock { $0.append(line) } },
                                     dispatch: { request, promise in
                                         switch request.path {
                                         case "/hold": said.held.withLock { $0.append(promise) }
                                         case "/work":
                                             said.held.withLock { $0.append(promise) }
                                             request.takesUpTo(.seconds(30))
                                         case "/poll":
                                             said.held.withLock { $0.append(promise) }
                                             request.park()
                                         default: promise.succeed(.json(200, "{\"path\": \"\(request.path)\"}"))
                                         }
                                     })
        }

        /// Answers every held request and poll.
        func answerHeld() {
            for promise in said.held.withLock({ held in defer { held = [] }; return held }) { promise.succeed(.json(200, "{}")) }
        }

        /// Waits (a hang guard of 5 s) until `count` requests are held.
        func waitHeld(_ count: Int) -> Bool {
            for _ in 0..<500 {
                if said.held.withLock({ $0.count }) >= count { return true }
                usleep(10_000)
            }
            return false
        }

        deinit { front.close() }

        var port: UInt16 { UInt16(front.port) }
        var lines: [String] { said.lines.withLock { $0 } }

        func lines(containing text: String) -> [String] { lines.filter { $0.contains(text) } }

        /// Waits (at most 5 s, a hang guard) until `count` lines hold `text`.
        func waitFor(_ text: String, count: Int = 1) -> Bool {
            for _ in 0..<500 {
                if lines(containing: text).count >= count { return true }
                usleep(10_000)
            }
            return false
        }
    }

    /// A client socket from `source` (any 127.x.y.z address: the loopback takes them all).
    struct Client {
        let fd: Int32

        init?(port: UInt16, from source: String = "127.0.0.1") {
            guard let fd = loopbackConnection(port: Int(port), from: source) else { return nil }
            self.fd = fd
        }

        func close() { Glibc.close(fd) }

        /// Sends `text`; false once the server has closed. Nothing is sent once the server
        /// has said something: bytes sent after its close could make the kernel reset the
        /// connection and drop its answer unread.
        @discardableResult
        func send(_ text: String) -> Bool {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) == 0 else { return false }
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        }

        /// What arrived until the server closed, reading for at most `seconds` (a hang
        /// guard); nil when nothing came and the connection is still open then. Once
        /// something has come, it waits up to 2 s more for the close, so that an answer
        /// read just before the window ends is not lost with it.
        func readToClose(within seconds: Double) -> String? {
            var text = [UInt8]()
            var end = Date().addingTimeInterval(seconds)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while Date() < end {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 20) > 0 else { continue }
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return String(decoding: text, as: UTF8.self) }
                text += chunk[0..<count]
                end = max(end, Date().addingTimeInterval(2))
            }
            return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
        }

        /// One answer (its head and a Content-Length body) on a connection kept open; nil
        /// when none came within `seconds`.
        func readAnswer(within seconds: Double) -> String? {
            var text = [UInt8]()
            let end = Date().addingTimeInterval(seconds)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while Date() < end {
                let answer = String(decoding: text, as: UTF8.self)
                if let split = answer.range(of: "\r\n\r\n"),
                   let length = answer.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") })
                       .flatMap({ Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }),
                   answer[split.upperBound...].utf8.count >= length {
                    return answer
                }
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 20) > 0 else { continue }
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return nil }
                text += chunk[0..<count]
            }
            return nil
        }
    }

    /// Bounds far from the one a test is about, so only that one acts.
    static func bounds(head: Int64 = 10_000, body: Int64 = 10_000, answer: Int64 = 10_000, idle: Int64 = 10_000, connections: Int = 128,
                       perAddress: Int = 16, notices: Int64 = 10_000) -> HTTPBounds {
        HTTPBounds(head: .milliseconds(head), body: .milliseconds(body), answer: .milliseconds(answer), idle: .milliseconds(idle),
                   connections: connections, connectionsPerAddress: perAddress, noticeInterval: .milliseconds(notices))
    }

    /// A client that sends one header line every 100 ms never finishes its head: it is
    /// answered 408 and closed at the head's deadline, not kept alive by its drip.
    @Test func aDripFedHeadIsAnswered408AtItsDeadline() throws {
        let server = try Server(Self.bounds(head: 400))
        // Before the connection: the server's deadline starts when it accepts it, which a
        // clock read after connecting could follow (closed "after 0.399 s").
        let started = Date()
        let client = try #require(Client(port: server.port))
        defer { client.close() }
        client.send("GET /api/display HTTP/1.1\r\nHost: wall\r\n")
        var closedAfter: Double?
        // Three seconds of drip at most (a hang guard); the deadline is 400 ms.
        for line in 0..<30 {
            if let text = client.readToClose(within: 0.1) {
                closedAfter = Date().timeIntervalSince(started)
                #expect(text.hasPrefix("HTTP/1.1 408 "), "\(text)")
                break
            }
            // The drip goes on until just before the deadline, then the client only
            // reads: a byte that reaches a server that has closed draws a reset, which
            // throws the unread 408 away (a loaded machine can make that happen).
            if Date().timeIntervalSince(started) < 0.3 { client.send("X-Drip-\(line): 1\r\n") }
        }
        let after = try #require(closedAfter, "a client dripping its head was kept open for 3 s")
        #expect(after >= 0.4)
        print("a drip-fed head (a line every 100 ms, deadline 400 ms): closed after \(String(format: "%.2f", after)) s")
        #expect(server.waitFor("its request head was not complete within 400 ms; answered 408"), "\(server.lines)")
        #expect(server.lines.count == 1, "\(server.lines)")
    }

    /// An answer not written by its deadline closes the connection; work that says it
    /// takes longer (time travel: `takesUpTo`) is answered after it.
    @Test func anAnswerPastItsDeadlineClosesUnlessItsWorkSaysItTakesLonger() throws {
        let server = try Server(Self.bounds(answer: 300))
        let held = try #require(Client(port: server.port)), working = try #require(Client(port: server.port))
        defer { held.close(); working.close() }
        #expect(held.send("GET /hold HTTP/1.1\r\nHost: wall\r\n\r\n") && working.send("GET /work HTTP/1.1\r\nHost: wall\r\n\r\n"))
        #expect(server.waitHeld(2))
        // The held request's connection is closed at 300 ms, with nothing written.
        #expect(held.readToClose(within: 5) == "", "the held request was not closed at its deadline")
        #expect(server.waitFor("its answer was not written within 300 ms"), "\(server.lines)")
        // The work is still waited for, past its deadline, and answered.
        #expect(working.readToClose(within: 0.2) == nil, "the work's connection was closed at the usual deadline")
        server.answerHeld()
        let answer = try #require(working.readAnswer(within: 5), "no answer to the work")
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer)")
    }

    /// A body sent a byte every 100 ms is answered 408 at the body's deadline.
    @Test func aSlowBodyIsAnswered408AtItsDeadline() throws {
        let server = try Server(Self.bounds(body: 400))
        let client = try #require(Client(port: server.port))
        defer { client.close() }
        // Before the head is sent: the body's deadline starts when the server has read it.
        let started = Date()
        client.send("POST /api/log HTTP/1.1\r\nHost: wall\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n")
        var closedAfter: Double?
        for _ in 0..<30 {
            if let text = client.readToClose(within: 0.1) {
                closedAfter = Date().timeIntervalSince(started)
                #expect(text.hasPrefix("HTTP/1.1 408 "), "\(text)")
                break
            }
            if Date().timeIntervalSince(started) < 0.3 { client.send("x") }
        }
        let after = try #require(closedAfter, "a client dripping its body was kept open for 3 s")
        #expect(after >= 0.4)
        #expect(server.waitFor("its request body was not complete within 400 ms of its head; answered 408"), "\(server.lines)")
    }

    /// A client that connects and says nothing is closed at the head's deadline too; a
    /// kept-alive connection is answered, then closed when idle, without a log line.
    @Test func silentAndIdleConnectionsAreClosed() throws {
        let server = try Server(Self.bounds(head: 300, idle: 300))
        let silent = try #require(Client(port: server.port))
        defer { silent.close() }
        let kept = try #require(Client(port: server.port))
        defer { kept.close() }
        kept.send("GET /api/display HTTP/1.1\r\nHost: wall\r\n\r\n")
        let answer = try #require(kept.readAnswer(within: 5))
        #expect(answer.hasPrefix("HTTP/1.1 200 ") && answer.contains("/api/display"), "\(answer)")
        // A second request on the same connection: the idle time starts again after it.
        kept.send("GET /images/x.png HTTP/1.1\r\nHost: wall\r\n\r\n")
        #expect(kept.readAnswer(within: 5)?.contains("/images/x.png") == true)
        #expect(kept.readToClose(within: 5) == "")
        #expect(silent.readToClose(within: 5)?.hasPrefix("HTTP/1.1 408 ") == true)
        #expect(server.waitFor("its request head was not complete within 300 ms"))
        #expect(server.lines.count == 1, "\(server.lines)")
    }

    /// A malformed request is answered 400 and closed; one cut off mid-head is closed; the
    /// server goes on answering.
    @Test func malformedAndCutOffRequestsEndQuietly() throws {
        let server = try Server(Self.bounds())
        let malformed = try #require(Client(port: server.port))
        defer { malformed.close() }
        malformed.send("NOT HTTP AT ALL\r\n\r\n")
        #expect(malformed.readToClose(within: 5)?.hasPrefix("HTTP/1.1 400 ") == true)
        let cut = try #require(Client(port: server.port))
        cut.send("GET /api/display HTTP/1.1\r\nHost: wa")
        usleep(50_000)
        cut.close()
        let device = try #require(Client(port: server.port))
        defer { device.close() }
        device.send("GET /api/display HTTP/1.1\r\nHost: wall\r\n\r\n")
        #expect(device.readAnswer(within: 5)?.hasPrefix("HTTP/1.1 200 ") == true)
    }

    /// Over the cap from one address a connection is answered 503 with Retry-After and
    /// closed, while a device from another address is answered; the refusals are said once,
    /// then counted.
    @Test func connectionsOverTheAddressCapAreRefusedWhileADeviceIsAnswered() throws {
        let server = try Server(Self.bounds(perAddress: 3, notices: 2000))
        var held: [Client] = []
        defer { for client in held { client.close() } }
        for _ in 0..<3 { held.append(try #require(Client(port: server.port, from: "127.0.0.2"))) }
        // Five more from that address: each refused at once.
        for _ in 0..<5 {
            let refused = try #require(Client(port: server.port, from: "127.0.0.2"))
            defer { refused.close() }
            let text = try #require(refused.readToClose(within: 5), "a connection over the per-address cap was kept open")
            #expect(text.hasPrefix("HTTP/1.1 503 ") && text.contains("Retry-After: 10"), "\(text)")
        }
        // A device from its own address is answered all the while.
        let device = try #require(Client(port: server.port, from: "127.0.0.1"))
        defer { device.close() }
        device.send("GET /api/display HTTP/1.1\r\nHost: wall\r\n\r\n")
        #expect(device.readAnswer(within: 5)?.hasPrefix("HTTP/1.1 200 ") == true)
        #expect(server.lines(containing: "trmnl: refused a connection from 127.0.0.2: 3 connections are open from that address").count == 1,
                "\(server.lines)")
        #expect(server.waitFor("4 more connections refused over the connection caps in the last 2 s (the last from 127.0.0.2)"),
                "\(server.lines)")
        #expect(server.lines.count == 2, "\(server.lines)")
    }

    /// Over the cap in all, a new connection is let in by closing a resting one (here
    /// connections that never sent a request): one of the address holding the most, the
    /// one resting longest. The room made is said in the log. Issue 42.
    @Test func aConnectionOverTheTotalCapMakesRoomByClosingARestingOne() throws {
        let server = try Server(Self.bounds(connections: 4))
        let first = try #require(Client(port: server.port, from: "127.0.0.2"))
        usleep(20_000)
        let second = try #require(Client(port: server.port, from: "127.0.0.2"))
        let others = [try #require(Client(port: server.port, from: "127.0.0.3")), try #require(Client(port: server.port, from: "127.0.0.4"))]
        defer { for client in [first, second] + others { client.close() } }
        let person = try #require(Client(port: server.port, from: "127.0.0.6"))
        defer { person.close() }
        person.send("GET / HTTP/1.1\r\nHost: wall\r\n\r\n")
        #expect(person.readAnswer(within: 5)?.hasPrefix("HTTP/1.1 200 ") == true)
        // The oldest of 127.0.0.2's two was closed; the others are open.
        #expect(first.readToClose(within: 5) == "")
        #expect(second.readToClose(within: 0.2) == nil && others.allSatisfy { $0.readToClose(within: 0.1) == nil })
        #expect(server.waitFor("trmnl: closed a resting connection from 127.0.0.2 to make room for one from 127.0.0.6"), "\(server.lines)")
    }

    /// Parked long polls rest too: eight pages of two addresses polling at the cap do not
    /// keep a ninth person's `GET /` out, and the page whose poll was closed is one of the
    /// address holding the most.
    @Test func longPollsAtTheCapDoNotKeepAPersonOut() throws {
        let server = try Server(Self.bounds(connections: 8))
        defer { server.answerHeld() }
        var polls: [Client] = []
        defer { for client in polls { client.close() } }
        for index in 0..<8 {
            let client = try #require(Client(port: server.port, from: index < 5 ? "127.0.0.2" : "127.0.0.3"))
            client.send("GET /poll HTTP/1.1\r\nHost: wall\r\n\r\n")
            polls.append(client)
            #expect(server.waitHeld(index + 1))
        }
        let person = try #require(Client(port: server.port, from: "127.0.0.6"))
        defer { person.close() }
        person.send("GET / HTTP/1.1\r\nHost: wall\r\n\r\n")
        #expect(person.readAnswer(within: 5)?.hasPrefix("HTTP/1.1 200 ") == true)
        #expect(polls[0].readToClose(within: 5) == "", "the oldest poll of 127.0.0.2 was not closed")
        #expect(polls[5].readToClose(within: 0.2) == nil)
    }

    /// When every connection of the cap is being answered, one more is refused 503
    /// whatever its address; an answered keep-alive connection rests and makes room again.
    @Test func aConnectionOverTheTotalCapIsRefusedWhileAllAreAnswered() throws {
        let server = try Server(Self.bounds(connections: 4))
        defer { server.answerHeld() }
        var held: [Client] = []
        defer { for client in held { client.close() } }
        for index in 2...5 {
            let client = try #require(Client(port: server.port, from: "127.0.0.\(index)"))
            client.send("GET /hold HTTP/1.1\r\nHost: wall\r\n\r\n")
            held.append(client)
        }
        #expect(server.waitHeld(4))
        let over = try #require(Client(port: server.port, from: "127.0.0.6"))
        defer { over.close() }
        #expect(over.readToClose(within: 5)?.hasPrefix("HTTP/1.1 503 ") == true)
        #expect(server.waitFor("trmnl: refused a connection from 127.0.0.6: 4 connections are open and being answered, the most allowed"),
                "\(server.lines)")

        server.answerHeld()
        #expect(held[0].readAnswer(within: 5)?.hasPrefix("HTTP/1.1 200 ") == true)
        let again = try #require(Client(port: server.port, from: "127.0.0.6"))
        defer { again.close() }
        again.send("GET /api/display HTTP/1.1\r\nHost: wall\r\n\r\n")
        #expect(again.readAnswer(within: 5)?.hasPrefix("HTTP/1.1 200 ") == true)
    }
}
