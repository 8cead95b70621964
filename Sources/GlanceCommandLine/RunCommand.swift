import ArgumentParser
import FoundationEssentials
import GlanceHardware
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWidgets

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the display: show each slot's current entry and wake only at timeline boundaries.",
        discussion: """
        Without --config, runs the built-in demo (a dashboard of countdowns and weekday \
        widgets) on the file backend, writing frames to ./out. Stops cleanly on Ctrl-C or \
        SIGTERM.
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
        var configuration = try loadConfiguration()
        // A framebuffer says its own size: open it first, so that slots are laid out and
        // checked against the real screen.
        var framebuffer: FramebufferSink?
        if configuration.display.backend == .framebuffer {
            let display = configuration.display
            do {
                let sink = try FramebufferSink(path: display.path, palette: display.palette, dither: display.dither)
                let screen = sink.geometry
                if display.sizeFromDevice {
                    (configuration.display.width, configuration.display.height) = (screen.width, screen.height)
                } else if (display.width, display.height) != (screen.width, screen.height) {
                    throw RuntimeError(message: "\(configuration.source): display.size \(display.width)x\(display.height) does not match \(display.path) (\(screen.width)x\(screen.height)); remove size: to use the screen's")
                }
                framebuffer = sink
            } catch let error as RuntimeError {
                throw error
            } catch {
                throw RuntimeError(message: "\(configuration.source): display: \(error)")
            }
        }
        let host = try WidgetHost(
            config: configuration,
            registry: WidgetCatalog.registry,
            clock: clock,
            log: { message in Self.say(message) }
        )
        let display = configuration.display
        let fonts: FontLibrary
        do {
            fonts = try FontLibrary(applicationFontDirectory: FontLocations.applicationDirectory, log: { Self.say($0) })
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        let slotList = configuration.slots.map { "\($0.name) (\($0.kind), \($0.family))" }.joined(separator: ", ")
        var panel: PanelFrameSink?
        var wires: WiredBus?
        do {
            // Devices first: every start-up check (SPI enabled, lines free, permissions,
            // sizes) happens before a single byte reaches the panel.
            switch display.backend {
            case .panel:
                guard let board = display.board else { break }
                let (bus, wired) = try board.openBus(trace: display.transport == .trace ? display.path : nil)
                wires = wired
                var destination = "bus traffic goes to \(display.path)"
                if let wired {
                    destination = "on \(board.spiDevice) at \(board.spiSpeedHz / 1000) kHz, \(LibgpiodSystem.version)"
                    let keys = GPIOKeys(keys: wired.keyLines)
                    try keys.attach(to: clock, press: { host.press(key: $0) }, log: { Self.say($0) })
                    if !keys.keys.isEmpty { Self.say("keys \(keys.keys.map(\.name).joined(separator: ", ")) wake the display") }
                }
                let sink = try PanelFrameSink(board: board, bus: bus, dither: display.dither, log: { Self.say($0) })
                Self.say("board \(board.name) (\(board.controller.rawValue.uppercased()), \(board.width)x\(board.height) \(board.colors.rawValue)); \(destination)")
                host.sink = sink
                panel = sink
            case .framebuffer:
                guard let sink = framebuffer else { break }
                let screen = sink.geometry
                Self.say("frames go to \(display.path) (\(screen.name.isEmpty ? "framebuffer" : screen.name), \(screen.width)x\(screen.height), \(screen.bitsPerPixel) bpp)")
                if let advice = sink.consoleAdvice { Self.say(advice) }
                host.sink = sink
            case .file:
                let sink = try FileFrameSink(directory: display.path, timeZone: configuration.timeZone, palette: display.palette,
                                             dither: display.dither, rotation: display.board?.rotation ?? 0)
                Self.say("frames go to \(sink.framePath) (panel bytes: \(sink.rawPath)); one line per refresh in \(sink.logPath)")
                host.sink = sink
            }
            host.composer = try FrameComposer(width: display.width, height: display.height, fonts: fonts, scale: display.scale)
            Self.say("showing \(slotList) from \(configuration.source) in \(configuration.timeZone.identifier)")
        } catch let error as RuntimeError {
            wires?.close()
            throw error
        } catch {
            wires?.close()
            throw RuntimeError(message: "\(configuration.source): display: \(error)")
        }
        // The panel sleeps however the loop ends (SIGTERM, Ctrl-C, --once), then the
        // lines are let go. An LCD after --once keeps showing the frame: that is what
        // was asked for (`glance panel clear` turns it off).
        defer {
            let keepShowing = once && display.board.map { !$0.refresh.sleepAfterUpdate } == true
            if !keepShowing {
                do { try panel?.close() } catch { Self.say("panel: \(error)") }
            }
            wires?.close()
            framebuffer?.close()
        }

        let zone = configuration.timeZone
        host.onWake = { record in
            Self.say("\(iso8601String(record.at, in: zone)) \(record.slot): \(record.reason.rawValue) → \(record.refresh.rawValue) refresh")
        }
        host.start()
        if once {
            // The frame did not reach the display: a cron job or script must see that.
            if host.displayFailing { throw RuntimeError(message: "the frame could not be shown (the reason is above); fix that and run again") }
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
