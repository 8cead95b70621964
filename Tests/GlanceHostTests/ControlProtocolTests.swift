import Foundation
import GlanceSystem
import Testing

/// The control protocol's wire format: every request in docs/control-protocol.md reads
/// as its typed case and is written back as the same object; a request the daemon does
/// not take is refused in the words it answers with.
@Suite struct ControlProtocolTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// Each `{"command": …}` object in the docs' table of requests.
    static func documentedRequests() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/control-protocol.md"), encoding: .utf8)
        var found: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `{\"command\"") {
            var rest = line[...]
            while let start = rest.range(of: "`{\"command\"") {
                guard let end = rest[start.upperBound...].range(of: "}`") else { break }
                found.append(String(rest[rest.index(after: start.lowerBound)..<rest.index(before: end.upperBound)]))
                rest = rest[end.upperBound...]
            }
        }
        return found
    }

    /// The JSON object of `line`, to compare without regard to spacing or order.
    func object(_ line: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
    }

    @Test func everyDocumentedRequestReadsAndIsWrittenBackTheSame() throws {
        let documented = try Self.documentedRequests()
        // Every command is in the docs' table at least once.
        let names = Set(try documented.map { try #require(object($0)["command"] as? String) })
        #expect(names == Set(ControlRequest.Name.allCases.map(\.rawValue)))
        for line in documented {
            let request = try ControlRequest.parse(line).get()
            #expect(try object(request.line) == object(line), "\(line) → \(request.line)")
            #expect(ControlRequest(line: request.line) == request)
        }
    }

    @Test func requestsReadAsTheirCases() throws {
        #expect(ControlRequest(line: #"{"command": "status"}"#) == .status)
        #expect(ControlRequest(line: #"{"command": "reload"}"#) == .reload())
        #expect(ControlRequest(line: #"{"command": "reload", "kind": "weather", "throttled": true}"#) == .reload(kind: "weather", throttled: true))
        #expect(ControlRequest(line: #"{"command": "press", "key": "A"}"#) == .press(key: "A", long: false))
        #expect(ControlRequest(line: #"{"command": "previous", "slot": "corner"}"#) == .turn(stack: "corner", forward: false))
        #expect(ControlRequest(line: #"{"command": "defaults-write", "suite": "s", "key": "k", "value": "v"}"#)
                == .defaultsWrite(suite: "s", key: "k", type: "string", value: "v"))
        #expect(ControlRequest(line: #"{"command": "trmnl-pair", "device": "hall"}"#) == .trmnlPair(device: "hall", minutes: nil))
    }

    @Test(arguments: [
        (#"{"command": "press"}"#, #"press needs "key""#),
        (#"{"command": "press", "key": ""}"#, #"press needs "key""#),
        (#"{"command": "set", "slot": "dday", "value": "x"}"#, #"set needs "param""#),
        (#"{"command": "show", "slot": "corner"}"#, #"show needs "value""#),
        (#"{"command": "trmnl-pair"}"#, #"trmnl-pair needs "device""#),
        (#"{"kind": "weather"}"#, #"not a request: expected one JSON object like {"command": "status"} per line"#),
        (#"reload"#, #"not a request: expected one JSON object like {"command": "status"} per line"#),
        (#"{"command": "press", "key": "A", "long": "yes"}"#, #"not a request: expected one JSON object like {"command": "status"} per line"#),
    ])
    func aRequestTheDaemonDoesNotTakeIsRefusedWithWhy(line: String, refusal: String) {
        #expect(ControlRequest.parse(line) == .failure(ControlRequest.Refusal(refusal)))
    }

    /// A command no case has is refused with the commands there are, in `Name`'s order.
    @Test func anUnknownCommandIsRefusedWithTheCommandsThereAre() {
        let names = ControlRequest.Name.allCases.map(\.rawValue)
        #expect(names.first == "status" && names.contains("trmnl-pair"))
        let expected = "unknown command \"format-disk\"; expected " + names.dropLast().joined(separator: ", ") + " or " + names.last!
        #expect(ControlRequest.parse(#"{"command": "format-disk"}"#) == .failure(ControlRequest.Refusal(expected)))
    }

    /// Requests made in the process (MQTT's topics, the web page's forms) are checked as
    /// a line is: an empty field the command needs is refused.
    @Test func requestsMadeInTheProcessAreCheckedAsLinesAre() {
        #expect(throws: ControlRequest.Refusal(#"next needs "slot""#)) { try ControlRequest.turn(stack: "", forward: true).checked() }
        #expect(throws: ControlRequest.Refusal(#"sleep needs "value""#)) { try ControlRequest.sleep(mode: "").checked() }
        #expect((try? ControlRequest.press(key: "A").checked()) == .press(key: "A"))
    }

    /// A report with every field there.
    static func fullReport() -> StatusReport {
        var slot = StatusReport.Slot(name: "dday", kind: "countdown", family: "systemSmall", shows: ["Trip", "3 days"],
                                     params: ["title": .text("Trip"), "calendars": .list(["a.ics", "b.ics"])])
        slot.stack = "corner"
        slot.window = "closed"
        slot.entry = "2027-01-01T00:00:00+09:00"
        slot.fetched = "2027-01-01T00:00:01+09:00"
        slot.nextWake = "2027-01-02T00:00:00+09:00"
        slot.nextReason = "the timeline's next entry"
        slot.quarantined = .init(phase: "drawing", what: "Index out of range", since: "2027-01-01T00:00:00+09:00", signal: 4,
                                 site: "TrapWidget/TrapWidget.swift:12", hungAfter: 10, backtrace: "0 trap")
        slot.problem = "slot dday: quarantined"
        var report = StatusReport(now: "2027-01-01T00:00:02+09:00", config: "/etc/glance/wall.yaml", slots: [slot])
        var stack = StatusReport.Stack(name: "corner", members: ["dday", "weather"])
        stack.shows = "dday"
        stack.why = "relevance"
        stack.score = 0.5
        stack.until = "2027-01-01T01:00:00+09:00"
        stack.nextTurn = "2027-01-01T00:15:00+09:00"
        report.stacks = [stack]
        report.sleep = "awake; asleep from 2027-01-01T23:00:00+09:00"
        report.nextWake = "2027-01-01T00:15:00+09:00"
        report.lastRefresh = .init(at: "2027-01-01T00:00:00+09:00", refresh: "partial", window: "0,0 170x170", why: "a key")
        report.lastIntent = .init(slot: "dday", title: "Reload", error: "it failed")
        report.displayFailing = true
        return report
    }

    /// What the daemon writes, `glance status` reads back whole; the line starts as every
    /// answer does, and the same report is the same line.
    @Test func aStatusReportIsReadBackWhole() throws {
        let report = Self.fullReport()
        let line = report.line
        #expect(line.hasPrefix("{\"ok\": true, \""), "\(line)")
        #expect(StatusReport(line: line) == report)
        #expect(Self.fullReport().line == line)
        #expect(try object(line)["ok"] as? Bool == true)
        #expect(line.contains("\"config\":\"/etc/glance/wall.yaml\""), "slashes are written as they are: \(line)")
    }

    /// Every field of the status answer is named in docs/control-protocol.md's row for it.
    @Test func everyStatusFieldIsDocumented() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/control-protocol.md"), encoding: .utf8)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `{\"command\": \"status\"}`") })
        func keys(_ value: Any) -> Set<String> {
            if let object = value as? [String: Any] {
                return object.reduce(into: Set(object.keys)) { found, field in if field.key != "params" { found.formUnion(keys(field.value)) } }
            }
            if let list = value as? [Any] { return list.reduce(into: Set<String>()) { $0.formUnion(keys($1)) } }
            return []
        }
        let fields = keys(try JSONSerialization.jsonObject(with: Data(Self.fullReport().line.utf8)))
        for field in fields.sorted() where field != "ok" {
            #expect(row.contains("`\(field)`"), "docs/control-protocol.md does not name the status field \(field)")
        }
    }
}
