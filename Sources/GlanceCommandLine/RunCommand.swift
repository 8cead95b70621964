import ArgumentParser
import FoundationEssentials
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWidgets

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the display: show each slot's current entry and wake only at timeline boundaries.",
        discussion: """
        Without --config, runs the built-in demo (a countdown and a weekday widget) on the \
        file backend, writing frames to ./out. Stops cleanly on Ctrl-C or SIGTERM.
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The configuration file (YAML).", valueName: "file"))
    var config: String?

    @Flag(help: "Show the current instant on the display once and exit.")
    var once = false

    func run() throws {
        // First, before any thread exists: the clock blocks SIGINT/SIGTERM so that they
        // arrive through its signalfd and end the wait instead of killing the process.
        let clock: LinuxEventClock
        do {
            clock = try LinuxEventClock()
        } catch {
            throw RuntimeError(message: "cannot set up the event loop: \(error)")
        }
        let configuration = try loadConfiguration()
        let host = try WidgetHost(
            config: configuration,
            registry: WidgetCatalog.registry,
            clock: clock,
            log: { message in Self.say(message) }
        )
        guard configuration.display.backend == .file else {
            throw UsageError(message: "\(configuration.source): display.backend: '\(configuration.display.backend.rawValue)' is not available in this build; use backend: file")
        }
        let fonts: FontLibrary
        do {
            fonts = try FontLibrary(applicationFontDirectory: FontLocations.applicationDirectory, log: { Self.say($0) })
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        let sink: FileFrameSink
        do {
            host.composer = try FrameComposer(width: configuration.display.width, height: configuration.display.height,
                                              fonts: fonts, scale: configuration.display.scale)
            sink = try FileFrameSink(directory: configuration.display.path, timeZone: configuration.timeZone,
                                     palette: configuration.display.palette, dither: configuration.display.dither)
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        host.sink = sink

        let slotList = configuration.slots.map { "\($0.name) (\($0.kind), \($0.family))" }.joined(separator: ", ")
        Self.say("showing \(slotList) from \(configuration.source) in \(configuration.timeZone.identifier)")
        Self.say("frames go to \(sink.framePath) (panel bytes: \(sink.rawPath)); one line per refresh in \(sink.logPath)")

        let zone = configuration.timeZone
        host.onWake = { record in
            Self.say("\(iso8601String(record.at, in: zone)) \(record.slot): \(record.reason.rawValue) → \(record.refresh.rawValue) refresh")
        }
        host.start()
        if once {
            Self.say("done (--once)")
            return
        }
        Self.say("running; Ctrl-C stops")
        // Announce each sleep so a person (and the idle benchmark) can see the schedule.
        while true {
            if let next = host.nextInstant() {
                Self.say("next wake: \(iso8601String(next, in: zone))")
            } else {
                Self.say("next wake: none scheduled (waiting for keys or reloads)")
            }
            if host.step() == .terminated { break }
        }
        Self.say("stopped")
    }

    private func loadConfiguration() throws -> GlanceConfig {
        if let config {
            return try ConfigLoader.load(path: config)
        }
        if let kind = WidgetCatalog.defaultKind, let descriptor = WidgetCatalog.registry[kind] {
            // A widget's own executable: that widget alone on an 800×480 file display.
            let family = descriptor.supportedFamilies.first { $0 == .systemMedium } ?? descriptor.supportedFamilies.first ?? .systemMedium
            var own = try ConfigLoader.parse("""
                display: {backend: file, path: out, size: 800x480, colors: bw}
                slots:
                  - {name: \(kind), kind: "\(kind)", family: \(family.rawValue)}
                """, file: "\(kind) (pass --config FILE for your own)")
            own.source = "a display of \(kind) alone (pass --config FILE for your own)"
            return own
        }
        var demo = try ConfigLoader.parse(DemoConfig.yaml(outputDirectory: "out"), file: "built-in demo")
        demo.source = "the built-in demo (pass --config FILE for your own)"
        return demo
    }

    static func say(_ message: String) {
        StandardStreams.error("glance: \(message)\n")
    }
}
