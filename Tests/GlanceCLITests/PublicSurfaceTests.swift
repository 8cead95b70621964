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
        "ViewNode", "TextNode", "PrimitiveView", "LayoutBox", "LoadedTimeline", "ProviderExecutor", "WidgetTimelineSource",
        "UncheckedSendable", "RunCommand", "FrontEnd", "ControlRequest", "AtomicFile",
        // Layout's own geometry: widget code has Core Graphics' types.
        "Rect", "Size", "Point", "ProposedSize",
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// Runs the compiler's type checker on `source` against this build's modules.
    func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        try typecheck(files: [("Probe.swift", source)])
    }

    /// Runs the compiler's type checker on `files` (one module) against this build's
    /// modules, with the `#Preview` macro's plugin.
    func typecheck(files: [(name: String, text: String)]) throws -> (status: Int32, output: String) {
        let modules = try glanceBinary().deletingLastPathComponent().appendingPathComponent("Modules")
        let root = Self.root
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, text) in files {
            let file = directory.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            paths.append(file.path)
        }
        let plugin = modules.deletingLastPathComponent().appendingPathComponent("GlanceMacros-tool").path
        // The C modules Glance's own modules import, found as SwiftPM finds them.
        var arguments = ["swiftc", "-typecheck", "-I", modules.path, "-load-plugin-executable", plugin + "#GlanceMacros"]
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
        // And those of the packages Glance depends on (swift-nio's, swift-atomics').
        // (`checkouts` beside the build's triple folder, in whichever scratch path built it.)
        var scratch = build.resolvingSymlinksInPath()
        while scratch.path != "/" && !FileManager.default.fileExists(atPath: scratch.appendingPathComponent("checkouts").path) {
            scratch.deleteLastPathComponent()
        }
        let checkouts = scratch.appendingPathComponent("checkouts")
        for package in (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let sources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
            for target in (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [] {
                let include = sources.appendingPathComponent(target).appendingPathComponent("include")
                let map = include.appendingPathComponent("module.modulemap").path
                if FileManager.default.fileExists(atPath: map) { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
                if FileManager.default.fileExists(atPath: include.path) { arguments += ["-Xcc", "-I\(include.path)"] }
            }
        }
        let flags = Process()
        flags.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        flags.arguments = ["pkg-config", "--cflags", "freetype2", "fontconfig", "libpng", "yaml-0.1", "libgpiod", "libcurl", "libmosquitto"]
        let pipe = Pipe()
        flags.standardOutput = pipe
        try flags.run()
        flags.waitUntilExit()
        let cflags = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        for flag in cflags.split(whereSeparator: { $0 == " " || $0 == "\n" }) { arguments += ["-Xcc", String(flag)] }
        arguments += paths

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

    /// A tutorial's fetching provider: `URLSession.shared.data(from:)`, `JSONDecoder`,
    /// and the async timeline, with `import Glance` alone.
    @Test func aFetchingProviderAsTutorialsWriteItCompiles() throws {
        let result = try typecheck("""
            import Glance
            struct Quote: Decodable { let text: String; let author: String }
            struct QuoteEntry: TimelineEntry { let date: Date; let quote: Quote? }
            struct QuoteProvider: AppIntentTimelineProvider {
                func placeholder(in context: Context) -> QuoteEntry { QuoteEntry(date: .now, quote: nil) }
                func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> QuoteEntry { placeholder(in: context) }
                func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<QuoteEntry> {
                    let url = URL(string: "https://api.example.com/quote")!
                    var quote: Quote?
                    do {
                        let (data, response) = try await URLSession.shared.data(from: url)
                        if (response as? HTTPURLResponse)?.statusCode == 200 { quote = try JSONDecoder().decode(Quote.self, from: data) }
                    } catch {
                        print("fetch failed: \\(error.localizedDescription)")
                    }
                    let next = Calendar.current.date(byAdding: .minute, value: 15, to: .now)!
                    return Timeline(entries: [QuoteEntry(date: .now, quote: quote)], policy: .after(next))
                }
            }
            struct ConfigurationAppIntent: WidgetConfigurationIntent {
                static var title: LocalizedStringResource { "Quote" }
            }
            """)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Widgets from public repositories (`Tests/Corpus`) with App Intents entities,
    /// queries and `Button(intent:)`, type-checked with only their imports changed to
    /// `import Glance`.
    /// A custom shape as iOS tutorials write it, `path(in rect: CGRect)`, conforms as it is.
    @Test func aShapeWrittenForIOSCompilesAsItIs() throws {
        let result = try typecheck("""
            import Glance
            struct Wave: Shape {
                var amplitude: CGFloat = 0.2
                func path(in rect: CGRect) -> Path {
                    var path = Path()
                    path.move(to: CGPoint(x: rect.minX, y: rect.midY))
                    path.addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.midY),
                                      control: CGPoint(x: rect.midX, y: rect.minY + rect.height * amplitude))
                    path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                    path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                    path.closeSubpath()
                    let dot = Circle().path(in: CGRect(x: rect.midX - 2, y: rect.midY - 2, width: 4, height: 4))
                    path.addPath(dot)
                    return path
                }
            }
            struct Card: View {
                var body: some View {
                    Wave().fill(.blue).frame(height: 40)
                        .overlay(Wave(amplitude: 0.5).stroke(.red, lineWidth: 2))
                }
            }
            """)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Geometry as iOS widget code passes it around: `GeometryProxy.size` to a function
    /// taking a `CGSize`, paths from `CGRect`s and `CGSize`s, a `CGAffineTransform`,
    /// `Circle().fill()`; and `MeasurementFormatter` (unavailable in Linux's Foundation)
    /// from Glance, also in a file that imports Foundation itself, or SwiftUI's shim.
    @Test func iOSGeometryAndMeasurementCodeCompilesAsItIs() throws {
        let widget = """
            import Foundation
            import Glance

            func barWidth(for size: CGSize, count: Int) -> CGFloat { size.width / CGFloat(max(1, count)) }
            func origin(of rect: CGRect) -> CGPoint { rect.origin }

            struct Ticket: Shape {
                func path(in rect: CGRect) -> Path {
                    var path = Path()
                    path.addRoundedRect(in: rect.insetBy(dx: 2, dy: 2), cornerSize: CGSize(width: 6, height: 6))
                    path.addArc(center: CGPoint(x: rect.midX, y: rect.minY), radius: rect.height / 6,
                                startAngle: .degrees(0), endAngle: .degrees(180), clockwise: false)
                    let tilt = CGAffineTransform(translationX: rect.midX, y: rect.midY).rotated(by: .pi / 36)
                        .translatedBy(x: -rect.midX, y: -rect.midY)
                    return path.applying(tilt)
                }
            }

            struct TemperatureView: View {
                let celsius: Double
                private static let formatter: MeasurementFormatter = {
                    let formatter = MeasurementFormatter()
                    formatter.unitStyle = .short
                    formatter.unitOptions = [.providedUnit, .temperatureWithoutUnit]
                    formatter.numberFormatter.maximumFractionDigits = 0
                    return formatter
                }()

                var body: some View {
                    GeometryReader { proxy in
                        let width: CGFloat = barWidth(for: proxy.size, count: 3)
                        let frame: CGRect = proxy.frame(in: .local)
                        ZStack(alignment: .topLeading) {
                            Circle().fill()
                                .frame(width: width, height: width)
                            Ticket().stroke(style: StrokeStyle(lineWidth: 2, lineCap: .round, dash: [4, 2]))
                                .frame(width: frame.width, height: frame.height / 2)
                            Text(Self.formatter.string(from: Measurement(value: celsius, unit: UnitTemperature.celsius)))
                                .position(origin(of: frame.insetBy(dx: 10, dy: 10)))
                        }
                        .offset(CGSize(width: 0, height: proxy.safeAreaInsets.top))
                    }
                    .padding(EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4))
                    .alignmentGuide(.leading) { dimensions in dimensions[.leading] + dimensions.width / 4 }
                }
            }

            let glances: Glance.MeasurementFormatter = MeasurementFormatter()
            let distance = glances.string(from: Measurement(value: 12, unit: UnitLength.kilometers))
            """
        let result = try typecheck(files: [("TemperatureView.swift", widget)])
        #expect(result.status == 0, "\(result.output)")
        // Through the corpus's `import SwiftUI` shim, beside Foundation.
        let shimmed = try typecheck("""
            import SwiftUI
            import Foundation
            let formatter = MeasurementFormatter()
            let text = formatter.string(from: Measurement(value: 21, unit: UnitTemperature.celsius))
            """)
        #expect(shimmed.status == 0, "\(shimmed.output)")
    }

    @Test(arguments: ["pawello-interactive", "sachin-count-interactive"])
    func corpusWidgetsWithEntitiesTypeCheck(folder: String) throws {
        let directory = Self.root.appendingPathComponent("Tests/Corpus").appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!names.isEmpty)
        let files = try names.map { name in
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                ["import SwiftUI", "import WidgetKit", "import AppIntents"].contains(String(line)) ? "import Glance" : String(line)
            }
            return (name, lines.joined(separator: "\n"))
        }
        let result = try typecheck(files: files)
        #expect(result.status == 0, "\(result.output)")
    }

    /// A framework a wall has no use for imports, and each name of it widget code uses is a
    /// compile error that names it and says what a wall does instead; MapKit's region values,
    /// plain numbers, are provided.
    @Test func frameworksAWallHasNoUseForSayWhatToDoInstead() throws {
        let cases: [(module: String, use: String, name: String, says: String)] = [
            ("Network", "let monitor = NWPathMonitor()", "NWPathMonitor", "fetch in the provider with URLSession"),
            ("CloudKit", "let database = CKContainer(identifier: \"x\").publicCloudDatabase", "CKContainer", "no iCloud account"),
            ("MapKit", "let options = MKMapSnapshotter.Options()", "MKMapSnapshotter", "a wall draws no maps"),
            ("WatchKit", "let size = WKInterfaceDevice.current().screenBounds", "WKInterfaceDevice", "context.displaySize"),
            ("UserNotifications", "let center = UNUserNotificationCenter.current()", "UNUserNotificationCenter", "next timeline entry"),
            ("AVFoundation", "let player = AVPlayer(playerItem: nil)", "AVPlayer", "plays no sound"),
            ("ActivityKit", "func end(_ activity: Activity<Attributes>) {}\nstruct Attributes: ActivityAttributes { struct ContentState: Codable, Hashable {} }",
             "Activity", "Lock Screen"),
        ]
        for test in cases {
            let result = try typecheck("import SwiftUI\nimport \(test.module)\n\(test.use)\n")
            #expect(result.status != 0)
            #expect(result.output.contains("'\(test.name)' is unavailable: \(test.module): "), "\(test.module): \(result.output)")
            #expect(result.output.contains(test.says), "\(test.module): \(result.output)")
            #expect(!result.output.contains("no such module"), "\(result.output)")
        }
        let region = try typecheck("""
            import MapKit
            let here = CLLocationCoordinate2D(latitude: 52.52, longitude: 13.40)
            let region = MKCoordinateRegion(center: here, span: MKCoordinateSpan(latitudeDelta: 0.1, longitudeDelta: 0.1))
            let around = MKCoordinateRegion(center: here, latitudinalMeters: 1000, longitudinalMeters: 1000)
            let wider = around.span.longitudeDelta > region.span.latitudeDelta / 100
            """)
        #expect(region.status == 0, "\(region.output)")
    }

    /// Every host-only name is out of sight: naming one is "cannot find … in scope".
    @Test func hostOnlyNamesAreNotVisible() throws {
        let source = "import Glance\n" + Self.hostOnly.map { "let _ = \($0).self\n" }.joined() + "let _ = \"\".trimmedOfSpaces\n"
        let result = try typecheck(source)
        #expect(result.status != 0)
        for name in Self.hostOnly {
            // A `package` name reads as out of scope or as inaccessible, never as usable.
            #expect(result.output.contains("cannot find '\(name)' in scope") || result.output.contains("'\(name)' is inaccessible"),
                    "\(name) is visible through import Glance")
        }
        #expect(result.output.contains("'trimmedOfSpaces' is inaccessible") || result.output.contains("has no member 'trimmedOfSpaces'"),
                "String.trimmedOfSpaces is visible through import Glance")
    }

    /// `#Preview` in every form Xcode writes compiles to nothing, and its arguments are
    /// still type-checked: a preview of something that is not a view, or a timeline of
    /// the wrong entries, is an error, as on iOS.
    @Test func previewsCompileAndTheirArgumentsAreChecked() throws {
        let widget = """
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
                    StaticConfiguration(kind: "clock", provider: Provider()) { entry in Text(entry.date, style: .time) }
                }
            }

            """
        let good = try typecheck(widget + """
            #Preview { Text("Hello") }
            #Preview("Named") { VStack { Text("A"); Text("B") } }
            #Preview(as: .systemSmall) { Clock() } timeline: { Entry(date: .now); Entry(date: .now.addingTimeInterval(60)) }
            """)
        #expect(good.status == 0, "\(good.output)")
        let notAView = try typecheck(widget + "struct NotAView {}\n#Preview { NotAView() }\n")
        #expect(notAView.status != 0)
        #expect(notAView.output.contains("NotAView"), "\(notAView.output)")
        let wrongEntries = try typecheck(widget + "#Preview(as: .systemSmall) { Clock() } timeline: { 42 }\n")
        #expect(wrongEntries.status != 0, "\(wrongEntries.output)")
    }

    /// The plugin answers the compiler's plugin protocol: its capability, and an empty
    /// expansion, each framed by an 8-byte little-endian length.
    @Test func thePreviewPluginSpeaksThePluginProtocol() throws {
        let plugin = try glanceBinary().deletingLastPathComponent().appendingPathComponent("GlanceMacros-tool")
        let process = Process()
        process.executableURL = plugin
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        func frame(_ json: String) -> Data {
            var length = UInt64(json.utf8.count).littleEndian
            return Data(bytes: &length, count: 8) + Data(json.utf8)
        }
        input.fileHandleForWriting.write(frame(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#))
        input.fileHandleForWriting.write(frame(##"{"expandFreestandingMacro":{"macro":{"moduleName":"GlanceMacros","typeName":"PreviewMacro","name":"Preview"},"macroRole":"declaration","discriminator":"$s1","syntax":{"kind":"declaration","source":"#Preview { EmptyView() }","location":{"fileID":"a/b.swift","fileName":"/b.swift","offset":0,"line":1,"column":1}}}}"##))
        try input.fileHandleForWriting.close()
        let answers = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var messages: [String] = []
        var rest = answers[...]
        while rest.count >= 8 {
            let length = rest.prefix(8).reversed().reduce(0) { $0 << 8 | Int($1) }
            rest = rest.dropFirst(8)
            messages.append(String(decoding: rest.prefix(length), as: UTF8.self))
            rest = rest.dropFirst(length)
        }
        #expect(messages == [#"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#,
                             #"{"expandMacroResult":{"expandedSource":"","diagnostics":[]}}"#])
    }

    /// `scripts/api-surface` on the modules this build made, with `arguments` after the action.
    func apiSurface(_ action: String, _ arguments: [String] = []) throws -> Result {
        let build = try glanceBinary().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/api-surface").path, action, "--build", build.path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes read at once: the surface is far larger than a pipe's buffer.
        nonisolated(unsafe) var errors = Data()
        let reader = Thread { errors = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                      stderr: String(decoding: errors, as: UTF8.self))
    }

    /// What `import Glance` exposes is the declared baseline (api/Glance.api), line for line.
    @Test func theSurfaceIsTheBaseline() throws {
        let check = try apiSurface("check")
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// A host hook made public is caught: the surface with one more declaration (the
    /// host's `WidgetCenter.takePendingReloads`, which is `package`) fails the check and
    /// names it; the surface as built passes.
    @Test func aHostNameMadePublicFailsTheCheck() throws {
        let dump = try apiSurface("dump")
        #expect(dump.status == 0, "\(dump.stderr)")
        let lines = dump.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count > 500, "the surface read as \(lines.count) declarations")
        #expect(lines.contains { $0.hasPrefix("GlanceWidgetKit func WidgetCenter.reloadTimelines(ofKind:)") })
        #expect(!lines.contains { $0.contains("takePendingReloads") || $0.contains("WidgetHost") })

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let leaked = "GlanceWidgetKit func WidgetCenter.takePendingReloads() () -> GlanceWidgetKit.WidgetCenter.PendingReloads"
        let surface = directory.appendingPathComponent("surface.api")
        try (lines + [leaked]).joined(separator: "\n").write(to: surface, atomically: true, encoding: .utf8)
        let check = try apiSurface("check", ["--surface", surface.path])
        #expect(check.status == 1)
        #expect(check.stderr.contains("new public: \(leaked)"), "\(check.stderr)")
        #expect(check.stderr.contains("make it `package`"), "\(check.stderr)")

        // And one gone: a removal is a change of the surface too.
        try lines.dropFirst().joined(separator: "\n").write(to: surface, atomically: true, encoding: .utf8)
        let removed = try apiSurface("check", ["--surface", surface.path])
        #expect(removed.status == 1)
        #expect(removed.stderr.contains("gone: \(lines[0])"), "\(removed.stderr)")

        try lines.joined(separator: "\n").write(to: surface, atomically: true, encoding: .utf8)
        #expect(try apiSurface("check", ["--surface", surface.path]).status == 0)
    }
}
