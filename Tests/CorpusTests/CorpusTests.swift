import FoundationEssentials
import Foundation
import GlanceGraphics
import GlanceTestSupport
import Testing

/// The widget corpus: each entry in Tests/Corpus is real widget code as its authors
/// published it, built as its own executable, and rendered in every family it supports
/// at a fixed instant, in full colour and as black-and-white, black-white-red and
/// 7-colour panels show it. A golden frame per family and palette shows what Glance
/// makes of it. The entries run side by side, each waiting on its renders without holding
/// one of the test run's threads (`Process.finished`).
@Suite struct CorpusTests {
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
        // Issue 27: the shapes whose words a 1-bit panel lost (Tests/Corpus/INVENTORY.md).
        Entry(name: "sachin-timer", families: ["systemSmall"]),
        Entry(name: "sachin-input", families: ["systemMedium"]),
        Entry(name: "sachin-clock", families: ["systemSmall"]),
        Entry(name: "pawello-appgroup", families: ["systemSmall"]),
        Entry(name: "pawello-dynamicintent", families: ["systemSmall"]),
        Entry(name: "dailyinfo-grid", families: system + ["accessoryCircular", "accessoryRectangular", "accessoryInline"]),
        // Issue 33: a chart (Swift Charts) in a widget.
        Entry(name: "docs-charts-steps", families: system),
        // Issue 43: widgets from the census's repositories, as published (Tests/Corpus/INVENTORY.md).
        Entry(name: "0niel-schedule", families: ["systemLarge"]),
        Entry(name: "bilalcavus-pomodoro", families: ["systemSmall", "systemMedium"]),
        Entry(name: "eladkarni-dualtemp", families: ["systemSmall"]),
        Entry(name: "ferryto-hellomaui", families: system),
        Entry(name: "kisimedia-textwidget", families: ["systemSmall", "systemMedium"]),
        Entry(name: "leekahseng-countdown", families: ["systemSmall"]),
        Entry(name: "leekahseng-viewsize", families: system + ["accessoryCircular", "accessoryRectangular", "accessoryInline"]),
        Entry(name: "lorenzo-travelstats", families: system),
        // Its answers are `Set`s: hashed the same way every run (SWIFT_DETERMINISTIC_HASHING).
        Entry(name: "neurothrone-eightball", families: ["systemSmall"]),
        Entry(name: "rakhlin-streak", families: ["systemSmall"]),
        Entry(name: "xiaopin-player", families: ["systemSmall"]),
        Entry(name: "xsidelight-appgroup", families: system),
        Entry(name: "maris-time", families: ["systemSmall"]),
        Entry(name: "packt-todo", families: ["systemSmall", "systemMedium"]),
        Entry(name: "nurhayat-superhome", families: system),
        Entry(name: "gyeolee-counter", families: system),
        Entry(name: "packt18-calendar", families: system),
        Entry(name: "packt3-todo", families: ["systemSmall", "systemMedium"]),
        Entry(name: "trainlcd-watch", families: ["accessoryCircular", "accessoryCorner", "accessoryRectangular", "accessoryInline"]),
        Entry(name: "paulsolt-budgetchart", families: system),
        Entry(name: "teenloong-flipclock", families: ["systemSmall", "systemMedium"]),
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
    func rendersEveryFamilyItSupports(_ entry: Entry) async throws {
        let binary = try executable(entry)
        let faketime = "/usr/bin/faketime"
        try #require(FileManager.default.isExecutableFile(atPath: faketime), "faketime is missing: run scripts/bootstrap")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Full colour, and three panels of few inks in their own rendering modes.
        for family in entry.families {
          for colors in ["rgb888", "bw", "bwr", "acep7"] {
            let out = directory.appendingPathComponent("\(family)-\(colors).png").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: faketime)
            // The providers call Date(): the whole process sees 23 November 2026, 09:41 in Seoul,
            // frozen (a clock that runs on made a timer text one second off on a slow start).
            process.arguments = ["-f", "\(entry.day) 00:41:00", binary, "render", "--family", family, "--at", "\(entry.day)T09:41:00+09:00",
                                 "--timezone", "Asia/Seoul", "--colors", colors, "--scale", "2", "--out", out]
            var environment = ProcessInfo.processInfo.environment
            environment["TZ"] = "UTC"
            environment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
            // A widget that iterates a `Set` draws the same frame every run.
            environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
            // An app group's defaults and containers in a folder of this test's own.
            environment["XDG_CONFIG_HOME"] = directory.path
            environment["STATE_DIRECTORY"] = directory.path
            process.environment = environment
            process.currentDirectoryURL = directory
            let errorsPath = directory.appendingPathComponent("\(family)-\(colors).stderr").path
            process.standardError = try FileHandle.creating(errorsPath)
            try await process.finished()
            let stderr = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
            #expect(process.terminationStatus == 0, "\(entry.name) \(family) \(colors): \(stderr)")
            guard process.terminationStatus == 0 else { continue }
            let frame = try PNG.read(out)
            let name = "\(entry.name)-\(family)" + (colors == "rgb888" ? "" : "-\(colors)")
            if let mismatch = GoldenImage.compare(frame, named: name) { Issue.record("\(mismatch)") }
          }
        }
    }

    /// Every word a corpus or built-in widget says in colour, read back by OCR, is read on
    /// a black-and-white panel too (at least 90 % of them, in every frame):
    /// `scripts/legibility --min 0.9`, tesseract with English, Korean and Japanese.
    @Test func everyWordReadInColourIsReadOnBlackAndWhite() async throws {
        let tesseract = "/usr/bin/tesseract"
        try #require(FileManager.default.isExecutableFile(atPath: tesseract), "tesseract is missing: run scripts/bootstrap")
        let buildDirectory = URL(fileURLWithPath: try executable(Self.entries[0])).deletingLastPathComponent().path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../scripts/legibility").standardized.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["--build", buildDirectory, "--min", "0.9"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legibility-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputPath = directory.appendingPathComponent("stdout").path, errorsPath = directory.appendingPathComponent("stderr").path
        process.standardOutput = try FileHandle.creating(outputPath)
        process.standardError = try FileHandle.creating(errorsPath)
        try await process.finished()
        let stdout = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)\n\(stdout)")
        // Every corpus entry and built-in widget was read (a frame with no words read in
        // colour would be left out of the share, so their count is checked).
        let summary = try #require(stdout.split(separator: "\n").last { $0.hasPrefix("legibility frames=") }, "\(stdout)")
        let frames = Int(summary.split(separator: " ")[1].dropFirst("frames=".count)) ?? 0
        #expect(frames >= 20, "\(summary)")
    }
}
