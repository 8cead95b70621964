import Foundation
import Testing

/// `import Glance` gives a widget author SwiftUI, WidgetKit and App Intents names and the
/// few documented Glance additions; the host, configuration, hardware and renderer stay
/// out of sight. Each probe is type-checked by the Swift compiler against the modules
/// this build made, as a widget package would see them.
@Suite struct PublicSurfaceTests {
    /// Names that only the daemon, its configuration, the hardware or the renderer use.
    static let hostOnly = [
        "WidgetHost", "FramePresenter", "OutputFactory", "GlanceConfig", "ConfigLoader", "Board", "BoardCatalog",
        "DisplayPipeline", "DisplayOutput", "PanelOutput", "FileOutput", "RefreshPlanner", "PanelBus", "WiredBus",
        "LinuxFramebuffer", "DeviceError", "Canvas", "Palette", "QuantisedFrame", "FontLibrary", "ViewRenderer",
        "ConditionLock", "LinuxEventClock", "SimulatedClock", "TraceDecoding", "ConfigError", "YAMLReader",
    ]

    /// Runs the compiler's type checker on `source` against this build's modules.
    func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let modules = try glanceBinary().deletingLastPathComponent().appendingPathComponent("Modules")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Probe.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        // The C modules Glance's own modules import, found as SwiftPM finds them.
        var arguments = ["swiftc", "-typecheck", "-I", modules.path]
        let build = modules.deletingLastPathComponent()
        let generated = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        for entry in generated where entry.hasSuffix(".build") {
            let map = build.appendingPathComponent(entry).appendingPathComponent("module.modulemap").path
            if FileManager.default.fileExists(atPath: map) { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
        }
        for target in (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)) ?? [] where target.hasPrefix("C") {
            let folder = root.appendingPathComponent("Sources").appendingPathComponent(target)
            let map = folder.appendingPathComponent("module.modulemap").path
            if FileManager.default.fileExists(atPath: map) { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
            arguments += ["-Xcc", "-I\(folder.appendingPathComponent("include").path)"]
        }
        let flags = Process()
        flags.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        flags.arguments = ["pkg-config", "--cflags", "freetype2", "fontconfig", "libpng", "yaml-0.1", "libgpiod"]
        let pipe = Pipe()
        flags.standardOutput = pipe
        try flags.run()
        flags.waitUntilExit()
        let cflags = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        for flag in cflags.split(whereSeparator: { $0 == " " || $0 == "\n" }) { arguments += ["-Xcc", String(flag)] }
        arguments.append(file.path)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// The control: widget code as an iOS tutorial writes it type-checks.
    @Test func widgetCodeSeesTheWidgetAPI() throws {
        let result = try typecheck("""
            import Glance
            struct Entry: TimelineEntry { let date: Date }
            struct Provider: TimelineProvider {
                func placeholder(in context: Context) -> Entry { Entry(date: .now) }
                func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: .now)) }
                func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
                    completion(Timeline(entries: [Entry(date: .now)], policy: .atEnd))
                }
            }
            struct Clock: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "clock", provider: Provider()) { entry in
                        VStack(alignment: .leading) {
                            Text(entry.date, style: .time).font(.caption)
                            Image(systemName: "star.fill")
                        }
                        .containerBackground(.white, for: .widget)
                    }
                    .supportedFamilies([.systemSmall, .accessoryRectangular])
                }
            }
            """)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Every host-only name is out of sight: naming one is "cannot find … in scope".
    @Test func hostOnlyNamesAreNotVisible() throws {
        let source = "import Glance\n" + Self.hostOnly.map { "let _ = \($0).self\n" }.joined() + "let _ = \"\".trimmedOfSpaces\n"
        let result = try typecheck(source)
        #expect(result.status != 0)
        for name in Self.hostOnly {
            #expect(result.output.contains("cannot find '\(name)' in scope"), "\(name) is visible through import Glance")
        }
        #expect(result.output.contains("'trimmedOfSpaces' is inaccessible") || result.output.contains("has no member 'trimmedOfSpaces'"),
                "String.trimmedOfSpaces is visible through import Glance")
    }
}
