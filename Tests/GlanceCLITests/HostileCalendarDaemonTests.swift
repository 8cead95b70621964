import Foundation
import Glibc
import Testing

/// Hostile calendars against a real daemon (issue 42): a 516-byte zone that libical would
/// expand second by second from the year 1, and a 16 MB file of 620,000 nested alarms
/// (libical's recursive free crashed the daemon on it). Both are given up with their
/// reasons, the slot's good calendar is shown, and the daemon is idle afterwards.
@Suite(.serialized) struct HostileCalendarDaemonTests {
    typealias Daemon = DaemonSignalTests.Daemon

    /// CPU time (user and system, in clock ticks) and resident kilobytes of `pid`.
    static func usage(of pid: Int32) -> (ticks: Int, residentKB: Int)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]),
              let rss = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })?.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return (user + system, rss)
    }

    @Test func aSecondlyZoneAndDeepNestingAreGivenUpAndTheOtherCalendarIsShown() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tomorrow = Date().addingTimeInterval(86_400)
        let day = ISO8601DateFormatter.string(from: tomorrow, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withYear, .withMonth, .withDay])
        func write(_ name: String, _ lines: [String]) throws {
            try (lines + [""]).joined(separator: "\r\n").write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//x//EN"]
        try write("home.ics", head + ["BEGIN:VEVENT", "UID:h", "DTSTART:\(day)T090000Z", "DTEND:\(day)T100000Z", "SUMMARY:Dentist",
                                      "END:VEVENT", "END:VCALENDAR"])
        let rule = ["DTSTART:00010101T000000", "RRULE:FREQ=SECONDLY"]
        let zone = (head + ["BEGIN:VTIMEZONE", "TZID:Hostile", "BEGIN:STANDARD"] + rule + ["TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "END:STANDARD",
                    "BEGIN:DAYLIGHT"] + rule + ["TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "END:DAYLIGHT", "END:VTIMEZONE",
                    "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Hostile:\(day)T090000", "SUMMARY:Stand-up", "END:VEVENT", "END:VCALENDAR", ""])
            .joined(separator: "\r\n")
        #expect(zone.utf8.count < 600)
        try zone.write(to: directory.appendingPathComponent("zone.ics"), atomically: true, encoding: .utf8)
        let depth = 620_000
        var deep = Array((head + ["BEGIN:VEVENT", "UID:d", "DTSTART:\(day)T120000Z", "SUMMARY:Deep", ""]).joined(separator: "\r\n").utf8)
        deep.reserveCapacity(depth * 26 + 200)
        for _ in 0..<depth { deep += Array("BEGIN:VALARM\r\n".utf8) }
        for _ in 0..<depth { deep += Array("END:VALARM\r\n".utf8) }
        deep += Array("END:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        #expect(deep.count < 16 << 20)
        try Data(deep).write(to: directory.appendingPathComponent("deep.ics"))
        try """
            timezone: Europe/Berlin
            state_dir: state
            display: {backend: file, path: frames, size: 800x480}
            slots:
              - {name: cal, kind: agenda, family: systemLarge, params: {calendars: ["Home=home.ics", "Zone=zone.ics", "Deep=deep.ics"]}}
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)

        let daemon = try Daemon(["run", "--config", "wall.yaml"], in: directory)
        defer { #expect(daemon.stop() == 0) }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        // Each given up in its own words, at its line.
        #expect(daemon.waitFor("calendar 'Zone', line 8: VTIMEZONE Hostile: the rule RRULE:FREQ=SECONDLY changes the offset more often than daily"),
                "\(daemon.text)")
        #expect(daemon.waitFor("calendar 'Deep', line 38: components nested more than 32 deep"), "\(daemon.text)")
        // The good calendar is on the display.
        let status = try runGlance(["status", "--config", directory.appendingPathComponent("wall.yaml").path])
        #expect(status.stdout.contains("Dentist"), "\(status.stdout)")
        #expect(!status.stdout.contains("Stand-up") && !status.stdout.contains("Deep ·"), "\(status.stdout)")
        // Idle afterwards: no thread still expanding a zone, memory not growing (main spent
        // 100 % of a core and a megabyte a second here, for ever).
        let pid = daemon.process.processIdentifier
        let before = try #require(Self.usage(of: pid))
        usleep(400_000)
        let after = try #require(Self.usage(of: pid))
        #expect(after.ticks - before.ticks <= 8, "\(after.ticks - before.ticks) ticks of CPU in 0.4 s")
        #expect(after.residentKB - before.residentKB < 2_048, "\(before.residentKB) KB → \(after.residentKB) KB")
        // And it answers: a set on the slot is served.
        let set = try runGlance(["set", "cal.days", "3", "--config", directory.appendingPathComponent("wall.yaml").path])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(daemon.waitFor("cal: intent →"), "\(daemon.text.suffix(1500))")
        let again = try runGlance(["status", "--config", directory.appendingPathComponent("wall.yaml").path])
        #expect(again.stdout.contains("Dentist"), "\(again.stdout)")
    }
}
