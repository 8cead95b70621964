import Foundation
import GlanceCalendar
import GlanceTime

/// The fixture calendars in Tests/Calendars and the Python oracle beside them.
enum CalendarFixtures {
    static let directory: String = {
        let file = #filePath
        let testFolder = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
        return String(testFolder[..<(testFolder.lastIndex(of: "/") ?? testFolder.endIndex)]) + "/Calendars"
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
    }

    static func feed(_ name: String, calendar: String = "Test") throws -> ICalendarFeed {
        try ICalendarFeed.parse(try bytes(name), name: calendar)
    }

    static func zone(_ identifier: String) throws -> ZoneRules { try ZoneRules(identifier: identifier) }

    static func instant(_ text: String) -> Date {
        guard let date = parseISO8601Instant(text) else { preconditionFailure("bad instant in a test: \(text)") }
        return date
    }

    /// An occurrence as the oracle prints it: `uid start end allDay`, instants in UTC.
    static func line(_ occurrence: Occurrence) -> String {
        "\(occurrence.uid) \(utc(occurrence.start)) \(utc(occurrence.end)) \(occurrence.isAllDay)"
    }

    static func utc(_ date: Date) -> String {
        String(iso8601String(date, in: .utc).dropLast(6)) + "Z"
    }

    /// What Python's icalendar + recurring-ical-events make of the fixture, as `line`s.
    static func oracle(_ name: String, zone: String, from: Date, to: Date) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", directory + "/oracle.py", directory + "/" + name, zone, utc(from), utc(to)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OracleFailure(message: String(decoding: complaint, as: UTF8.self)
                + " (are icalendar and recurring-ical-events installed? scripts/bootstrap installs them)")
        }
        struct Found: Decodable { let uid, start, end: String; let allDay: Bool }
        return try JSONDecoder().decode([Found].self, from: data).map { "\($0.uid) \($0.start) \($0.end) \($0.allDay)" }
    }

    struct OracleFailure: Error, CustomStringConvertible { let message: String; var description: String { message } }
}
