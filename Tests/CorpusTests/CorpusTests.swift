import FoundationEssentials
import Foundation
import GlanceGraphics
import GlanceTestSupport
import Testing

/// The widget corpus: each entry in Tests/Corpus is real widget code as its authors
/// published it, built as its own executable, and rendered in every family it supports
/// at a fixed instant. A golden frame per family shows what Glance makes of it.
@Suite(.serialized) struct CorpusTests {
    struct Entry: CustomTestStringConvertible, Sendable {
        let name: String
        let families: [String]
        /// The instant in Seoul, when not 23 November 2026, 09:41.
        var day = "2026-11-23"

        var testDescription: String { name }
    }

    static let system = ["systemSmall", "systemMedium", "systemLarge"]

    static let entries: [Entry] = [
        Entry(name: "xcode16-static-template", families: system),
        Entry(name: "xcode16-appintent-template", families: system),
        Entry(name: "bacon-watch-widget", families: ["accessoryCircular", "accessoryRectangular", "accessoryInline"]),
        Entry(name: "homewidget-example", families: system),
        Entry(name: "homewidget-lockscreen", families: ["accessoryCircular"]),
        Entry(name: "pawello-countdown", families: ["systemSmall"]),
        Entry(name: "pawello-environment", families: ["systemSmall", "systemMedium"]),
        Entry(name: "pawello-interactive", families: ["systemSmall"]),
        Entry(name: "pawello-lockscreen", families: ["accessoryCircular", "accessoryRectangular", "accessoryInline", "systemSmall"]),
        Entry(name: "sachin-count-interactive", families: ["systemSmall"]),
        // Its provider pads the month with `firstWeekday - calendar.firstWeekday` days:
        // negative (a crash, on iOS too) wherever weeks start on Monday and the month on a
        // Sunday, as November 2026 does; Foundation's Locale.current on Linux is en_001
        // (Monday first). December's first is a Tuesday.
        Entry(name: "sachin-month-calendar", families: ["systemSmall"], day: "2026-12-02"),
    ]

    /// The built executable of an entry, beside the test bundle.
    func executable(_ entry: Entry) throws -> String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidate = directory.appendingPathComponent("corpus-\(entry.name)").path
        if !FileManager.default.isExecutableFile(atPath: candidate) {
            candidate = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../.build/debug/corpus-\(entry.name)").standardized.path
        }
        return try #require(FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil, "corpus-\(entry.name) is not built")
    }

    @Test(arguments: entries)
    func rendersEveryFamilyItSupports(_ entry: Entry) throws {
        let binary = try executable(entry)
        let faketime = "/usr/bin/faketime"
        try #require(FileManager.default.isExecutableFile(atPath: faketime), "faketime is missing: run scripts/bootstrap")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for family in entry.families {
            let out = directory.appendingPathComponent("\(family).png").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: faketime)
            // The providers call Date(): the whole process sees 23 November 2026, 09:41 in Seoul,
            // frozen (a clock that runs on made a timer text one second off on a slow start).
            process.arguments = ["-f", "\(entry.day) 00:41:00", binary, "render", "--family", family, "--at", "\(entry.day)T09:41:00+09:00",
                                 "--timezone", "Asia/Seoul", "--colors", "rgb888", "--scale", "2", "--out", out]
            var environment = ProcessInfo.processInfo.environment
            environment["TZ"] = "UTC"
            environment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
            // An app group's defaults and containers in a folder of this test's own.
            environment["XDG_CONFIG_HOME"] = directory.path
            environment["STATE_DIRECTORY"] = directory.path
            process.environment = environment
            process.currentDirectoryURL = directory
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(entry.name) \(family): \(stderr)")
            guard process.terminationStatus == 0 else { continue }
            let frame = try PNG.read(out)
            if let mismatch = GoldenImage.compare(frame, named: "\(entry.name)-\(family)") { Issue.record("\(mismatch)") }
        }
    }
}
