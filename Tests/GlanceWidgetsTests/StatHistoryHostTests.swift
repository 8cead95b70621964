import Foundation
import GlanceConfiguration
import GlanceHost
import GlanceTestSupport
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Testing

/// `history:` on a running display: the readings are kept as the last good entry is, in
/// the state folder, through a failing endpoint and a restart.
@Suite struct StatHistoryHostTests {
    @Test func historySurvivesAFailureAndARestart() throws {
        let server = try TestHTTPServer()
        let directory = NSTemporaryDirectory() + "glance-stat-history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = """
            timezone: Asia/Seoul
            display: {size: 364x170}
            slots:
              - {name: visits, kind: stat, family: systemMedium, params: {url: "\(server.baseURL)/stats", path: n, history: 3}}
            """
        func host(at start: Date) throws -> WidgetHost {
            try WidgetHost(config: try ConfigLoader.parse(yaml, file: "wall.yaml"), registry: WidgetRegistry(BuiltinWidgets.all),
                           clock: SimulatedClock(start: start), center: WidgetCenter(), entryStore: EntryStore(stateDirectory: directory))
        }
        /// The readings of the entry the host keeps (a header line, then the entry's JSON).
        func kept() throws -> [Double] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/entries/visits.json"))
            let newline = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
            return try JSONDecoder().decode(StatEntry.self, from: bytes[(newline + 1)...]).history.map(\.number)
        }

        let start = instant("2026-12-31T09:00:00+09:00")
        let first = try host(at: start)
        // Fetched at start, then every 10 minutes.
        for (minute, number) in [(1, 10), (11, 20), (21, 30), (31, 40)] {
            server.route("/stats", .json(#"{"n": \#(number)}"#))
            first.run(until: start.addingTimeInterval(Double(minute) * 60))
        }
        #expect(server.requests(to: "/stats").count == 4)
        #expect(try kept() == [20, 30, 40])

        // The endpoint fails: the kept readings stay as they were.
        server.route("/stats", .json("{}", status: 503))
        first.run(until: start.addingTimeInterval(45 * 60))
        #expect(server.requests(to: "/stats").count > 4)
        #expect(try kept() == [20, 30, 40])

        // A restart an hour later: the next good answer goes on from the kept readings.
        server.route("/stats", .json(#"{"n": 50}"#))
        let later = start.addingTimeInterval(3600)
        try host(at: later).run(until: later.addingTimeInterval(60))
        #expect(try kept() == [30, 40, 50])
    }
}
