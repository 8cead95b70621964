import Foundation
import Testing
import GlanceTestSupport
@testable import Charts
import GlanceGraphics
import GlanceRender
import GlanceText
import GlanceUI
import GlanceWidgetKit

/// What a chart says in colour it says on a black-and-white panel too: every golden chart
/// drawn at scale 2 in full colour and as a 1-bit panel shows it (`.vibrant`, Floyd–Steinberg,
/// as its `-bw` golden), both read by tesseract (English), and at least 90 % of the words
/// read in colour read on the panel. The words are the chart's own: the texts its renderer
/// drew (axis labels, axis titles, legend, annotations), split as `scripts/legibility`
/// splits them (runs of three letters or more, or of two characters or more with a digit),
/// so OCR's misreadings of the colour frame do not count against the panel.
/// The charts are drawn one after the other; the frames are read side by side, one
/// tesseract a core, each waited on without holding a thread of the test run.
@Suite struct ChartLegibilityTests {
    static let tesseract = "/usr/bin/tesseract"
    static let minimum = 0.9

    /// One chart's reading: the words read in colour, and those of them read on bw.
    struct Reading {
        var seen: Set<String>
        var kept: Set<String>
        var share: Double { seen.isEmpty ? 1 : Double(kept.count) / Double(seen.count) }
    }

    @Test func labelsReadOnBlackAndWhite() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.tesseract), "tesseract is missing: run scripts/bootstrap")
        var measured = 0
        var drawn: [(chart: GoldenChart, folder: URL, colour: String, panel: String, said: Set<String>)] = []
        for chart in GoldenChart.all {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chart-legibility-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let colour = folder.path + "/\(chart.name).png", panel = folder.path + "/\(chart.name)-bw.png"
            let texts = try Self.draw(chart, colour: colour, bw: panel)
            drawn.append((chart, folder, colour, panel, Self.words(in: texts.joined(separator: "\n"))))
        }
        let texts = try await Self.ocr(drawn.flatMap { [$0.colour, $0.panel] })
        for (chart, folder, colour, panel, said) in drawn {
            let seen = Self.read(said, in: texts[colour] ?? "")
            let reading = Reading(seen: seen, kept: Self.read(seen, in: texts[panel] ?? ""))
            // A chart that says no words (only single letters or digits: heat-map,
            // bubbles, custom-labels) or none that OCR reads in colour (timeline's
            // labels on the pale bars) is not measured, as in scripts/legibility.
            if !reading.seen.isEmpty { measured += 1 }
            #expect(reading.share >= Self.minimum, """
                \(chart.name) keeps \(Int((reading.share * 100).rounded())) % of the \(reading.seen.count) words read in colour \
                on bw (under \(Int(Self.minimum * 100)) %); lost: \(reading.seen.subtracting(reading.kept).sorted().joined(separator: " ")); \
                frames in \(folder.path)
                """)
            if reading.share >= Self.minimum { try? FileManager.default.removeItem(at: folder) }
        }
        // Most charts are measured: a renderer that drew no labels, or OCR that read
        // nothing, would otherwise pass.
        #expect(measured >= GoldenChart.all.count - 4, "only \(measured) of \(GoldenChart.all.count) golden charts had words OCR read in colour")
    }

    /// Draws `chart` at scale 2 in colour and as a bw panel shows it, writes both PNGs,
    /// and returns the texts its charts drew in colour.
    static func draw(_ chart: GoldenChart, colour: String, bw: String) throws -> [String] {
        let fonts = try FontLibrary()
        let scale = 2.0
        let rect = Rect(x: 0, y: 0, width: Double(chart.width), height: Double(chart.height))
        let width = chart.width * Int(scale), height = chart.height * Int(scale)
        var environment = EnvironmentValues()
        environment.displayScale = scale
        environment.timeZone = chart.zone
        let recorder = ChartModelRecorder()
        var picture = try Canvas(width: width, height: height)
        ChartModelRecorder.$current.withValue(recorder) {
            _ = ViewRenderer(fonts: fonts, scale: scale).render(resolveNode(chart.make(), in: environment), into: &picture, in: rect)
        }
        try PNG.write(picture, to: colour)
        let printing = try #require(InkPrinting(palette: .bw, mode: .vibrant))
        environment.widgetRenderingMode = .vibrant
        var ink = try Canvas(width: width, height: height, panel: .bw, dither: .floydSteinberg)
        _ = ViewRenderer(fonts: fonts, scale: scale, printing: printing).render(resolveNode(chart.make(), in: environment), into: &ink, in: rect)
        try PNG.write(ink.quantised(to: .bw, dither: .floydSteinberg).canvas(), to: bw)
        // The last size each chart was laid out at is the one drawn; all are kept, as a
        // word only counts once OCR reads it in the colour frame.
        return recorder.texts.flatMap { $0 }
    }

    /// tesseract's texts of a PNG, read three ways, as sparse text (labels scattered over
    /// a picture), with and without orientation, and as one block: its page analysis
    /// takes a label beside a solid bar or on a dashed rule for part of a picture in one
    /// way or another, so a word counts when any of the three reads it (for the colour
    /// frame as for the panel). 144 dpi: the frame is drawn at scale 2.
    static func ocr(_ png: String) async throws -> String {
        var texts: [String] = []
        for mode in ["11", "12", "6"] { texts.append(try await ocr(png, mode: mode)) }
        return texts.joined(separator: "\n")
    }

    /// Each PNG's texts, read side by side: as many at a time as there are cores.
    static func ocr(_ pngs: [String]) async throws -> [String: String] {
        try await withThrowingTaskGroup(of: (String, String).self) { group in
            var texts: [String: String] = [:]
            var waiting = pngs[...]
            func start() {
                guard let png = waiting.popFirst() else { return }
                group.addTask { (png, try await ocr(png)) }
            }
            for _ in 0..<max(1, ProcessInfo.processInfo.activeProcessorCount) { start() }
            while let (png, text) = try await group.next() {
                texts[png] = text
                start()
            }
            return texts
        }
    }

    static func ocr(_ png: String, mode: String) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tesseract)
        process.arguments = [png, "-", "--psm", mode, "--dpi", "144", "-l", "eng"]
        // One thread each: the frames are read side by side.
        process.environment = ProcessInfo.processInfo.environment.merging(["OMP_THREAD_LIMIT": "1"]) { $1 }
        let text = png + ".psm\(mode).txt"
        process.standardOutput = try FileHandle.creating(text)
        process.standardError = FileHandle.nullDevice
        try await process.finished()
        try #require(process.terminationStatus == 0, "tesseract failed on \(png)")
        return try String(contentsOfFile: text, encoding: .utf8)
    }

    /// Words as `scripts/legibility` counts them, case folded.
    static func words(in text: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        func flush() {
            if current.count >= 3 || (current.count >= 2 && current.contains(where: \.isNumber)) { words.insert(current.lowercased()) }
            current = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" { current.append(character) } else { flush() }
        }
        flush()
        return words
    }

    /// The `words` OCR's `text` gives: as words, or inside a line with its spaces taken
    /// out ("10 AM" read as "10AM").
    static func read(_ words: Set<String>, in text: String) -> Set<String> {
        let found = Self.words(in: text)
        let lines = text.split(separator: "\n").map { $0.filter { !$0.isWhitespace }.lowercased() }
        return words.filter { word in found.contains(word) || lines.contains { $0.contains(word) } }
    }
}
