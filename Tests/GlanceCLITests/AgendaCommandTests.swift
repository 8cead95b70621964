import Foundation
import GlanceTestSupport
import Testing

/// The agenda through the built `glance simulate`: a week of a published calendar on a
/// server on 127.0.0.1 wakes at each event's start and end, at each midnight and at each
/// reading of the calendar, and at no other instant.
@Suite struct AgendaCommandTests {
    /// Seoul times: a standup on five weekdays, a cancelled review, a two-day all-day
    /// offsite, a launch that crosses midnight, a floating reminder with no end, and a
    /// weekly call in New York's zone.
    static let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Glance//simulate//EN
        BEGIN:VEVENT
        UID:standup
        DTSTAMP:20261101T000000Z
        SUMMARY:Standup
        DTSTART;TZID=Asia/Seoul:20261130T093700
        DTEND;TZID=Asia/Seoul:20261130T095200
        RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR
        EXDATE;TZID=Asia/Seoul:20261202T093700
        END:VEVENT
        BEGIN:VEVENT
        UID:review
        DTSTAMP:20261101T000000Z
        SUMMARY:Review
        STATUS:CANCELLED
        DTSTART;TZID=Asia/Seoul:20261201T143300
        DTEND;TZID=Asia/Seoul:20261201T152300
        END:VEVENT
        BEGIN:VEVENT
        UID:offsite
        DTSTAMP:20261101T000000Z
        SUMMARY:Offsite
        DTSTART;VALUE=DATE:20261202
        DTEND;VALUE=DATE:20261204
        END:VEVENT
        BEGIN:VEVENT
        UID:launch
        DTSTAMP:20261101T000000Z
        SUMMARY:Launch
        DTSTART:20261203T142000Z
        DTEND:20261203T154000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:reminder
        DTSTAMP:20261101T000000Z
        SUMMARY:Plants
        DTSTART:20261205T142500
        END:VEVENT
        BEGIN:VEVENT
        UID:call
        DTSTAMP:20261101T000000Z
        SUMMARY:Call
        DTSTART;TZID=America/New_York:20261102T184300
        DURATION:PT29M
        RRULE:FREQ=WEEKLY
        END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n")

    @Test func aWeekWakesAtTheEventsTheMidnightsAndTheReadingsOnly() throws {
        let server = try TestHTTPServer()
        server.route("/published/secret/cal.ics", .headed(status: 200, headers: [("Content-Type", "text/calendar"), ("ETag", "\"week\"")],
                                                          body: Array(Self.calendar.utf8)))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = """
            timezone: Asia/Seoul
            locale: ko_KR
            display: {backend: file, path: frames, size: 400x400}
            slots:
              - name: agenda
                kind: agenda
                family: systemLarge
                params: {calendars: ["Work=\(server.baseURL)/published/secret/cal.ics"], days: 7, refresh: 60}
            """
        try config.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["simulate", "--config", "wall.yaml", "--from", "2026-11-30T08:10:00+09:00",
                                    "--until", "2026-12-07T08:09:00+09:00"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        var wakes: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let fields = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: String] ?? [:]
            wakes[fields["at"] ?? "?"] = fields["reason"] ?? "?"
        }

        var expected: [String: String] = [:]
        // Every reading of the calendar, an hour apart from the start.
        let start = try #require(parseInstant("2026-11-30T08:10:00+09:00"))
        for hour in 1..<168 { expected[seoul(start.addingTimeInterval(Double(hour) * 3_600))] = "reload" }
        // Every midnight.
        for day in ["12-01", "12-02", "12-03", "12-04", "12-05", "12-06", "12-07"] { expected["2026-\(day)T00:00:00+09:00"] = "entry" }
        // The standup's starts and ends, but not Wednesday's (EXDATE).
        for day in ["11-30", "12-01", "12-03", "12-04"] {
            expected["2026-\(day)T09:37:00+09:00"] = "entry"
            expected["2026-\(day)T09:52:00+09:00"] = "entry"
        }
        // The launch (23:20–00:40 in Seoul) and the reminder (floating: 14:25 on the wall).
        expected["2026-12-03T23:20:00+09:00"] = "entry"
        expected["2026-12-04T00:40:00+09:00"] = "entry"
        expected["2026-12-05T14:25:00+09:00"] = "entry"
        // The call: 18:43 in New York (EST, UTC−5) is 08:43 the next morning in Seoul.
        expected["2026-12-01T08:43:00+09:00"] = "entry"
        expected["2026-12-01T09:12:00+09:00"] = "entry"
        // The start.
        expected["2026-11-30T08:10:00+09:00"] = "start"

        let extra = Set(wakes.keys).subtracting(expected.keys).sorted()
        let missing = Set(expected.keys).subtracting(wakes.keys).sorted()
        #expect(extra.isEmpty && missing.isEmpty, "extra: \(extra), missing: \(missing)")
        for (at, reason) in expected where wakes[at] != nil {
            #expect(wakes[at] == reason, "\(at)")
        }
        // One request a reading, each after the first conditional on the ETag.
        let requests = server.requests(to: "/published/secret/cal.ics")
        #expect(requests.count == 168)
        #expect(requests.dropFirst().allSatisfy { $0.headers["if-none-match"] == "\"week\"" })
    }

    private func parseInstant(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }

    private func seoul(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Asia/Seoul")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date).replacingOccurrences(of: "Z", with: "+00:00")
    }
}
