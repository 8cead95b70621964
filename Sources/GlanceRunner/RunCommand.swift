import GlanceWake
import GlanceYAML
import ArgumentParser
import FoundationEssentials
import GlanceHardware
import GlanceHost
import Glibc
import GlanceSystem
import GlanceText
import GlanceTime
import GlanceWidgets
import GlanceConfiguration

package struct RunCommand: ParsableCommand {
    /// The front ends beyond the control socket this build carries (`glance`: MQTT and
    /// TRMNL); nil: none, and a config that asks for them is told so.
    nonisolated(unsafe) package static var frontEnds: (any FrontEndMaker)?
    /// A change to the configuration once it is read (`glance web`: the file backend in a
    /// folder of its own instead of the panel); nil: none.
    nonisolated(unsafe) package static var adjustConfiguration: ((inout GlanceConfig) throws -> Void)?

    package init() {}

    package static let configuration = CommandConfiguration(
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

    @Flag(help: "Print the built-in demo's configuration (a start for your own) and exit.")
    var printDemoConfig = false

    /// `glance run`'s arguments read without ArgumentParser, for the daemon's start:
    /// `--config FILE` (`-c FILE`, `--config=FILE`), `--once` and `--print-demo-config`,
    /// each at most once; nil for anything else, which ArgumentParser then reads and
    /// explains. Its reading of `RunCommand` (reflection over the wrappers, the check for
    /// a completion-script request) was 2 ms of a 25 ms start. An option added above is
    /// read by ArgumentParser until it is added here; `RunArgumentsTests` compares the two.
    package static func parsedQuickly(_ arguments: [String]) -> RunCommand? {
        var config: String?, once = false, printDemoConfig = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--config", "-c":
                // A value that starts with a dash is an option to ArgumentParser.
                guard config == nil, index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-"),
                      !arguments[index + 1].isEmpty else { return nil }
                config = arguments[index + 1]
                index += 1
            case "--once":
                guard !once else { return nil }
                once = true
            case "--print-demo-config":
                guard !printDemoConfig else { return nil }
                printDemoConfig = true
            default:
                guard config == nil, argument.hasPrefix("--config="), argument.count > 9 else { return nil }
                config = String(argument.dropFirst(9))
            }
            index += 1
        }
        var command = RunCommand()
        command.config = config
        command.once = once
        command.printDemoConfig = printDemoConfig
        return command
    }

    /// What the arguments asked for (tests compare the two readings).
    package var asked: (config: String?, once: Bool, printDemoConfig: Bool) { (config, once, printDemoConfig) }

    /// ArgumentParser's reading of `run`'s arguments (tests).
    package static func parsedByArgumentParser(_ arguments: [String]) throws -> RunCommand {
        try parse(arguments)
    }

    package func run() throws {
        if printDemoConfig {
            StandardStreams.output(Array((DemoConfig.yaml(outputDirectory: "out") + "\n").utf8))
            return
        }
        // The file is read while SIGINT/SIGTERM still stop the process at once (reading
        // starts no thread).
        var configuration = try Self.loadConfiguration(config)
        try Self.adjustConfiguration?(&configuration)
        // The state folder holds the control socket and what the next start reads: one
        // another user owns or may write is refused, as ssh's StrictModes does.
        do throws(StateDirectory.Untrusted) {
            try StateDirectory.secure(StateDirectory.resolve(configured: configuration.stateDirectory))
        } catch {
            throw RuntimeError(message: error.description)
        }
        // Foundation's Calendar.current and TimeZone.current in widget code see the
        // display's zone (it reads TZ on first use).
        setenv("TZ", configuration.timeZone.identifier, 1)
        // Then, before any thread exists: the clock blocks SIGINT/SIGTERM so that they
        // arrive through its signalfd and end the wait instead of killing the process.
        let clock: LinuxEventClock
        do {
            clock = try LinuxEventClock()
        } catch {
            throw RuntimeError(message: "cannot set up the event loop: \(error)")
        }
        let fonts: FontLibrary
        do {
            // fontconfig's answers are kept in the state folder: a start that asks the
            // same questions does not load fontconfig.
            fonts = try FontLibrary(applicationFontDirectory: FontLocations.applicationDirectory,
                                    matchCacheDirectory: StateDirectory.resolve(configured: configuration.stateDirectory),
                                    log: { Self.say($0) })
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        // Devices first (a framebuffer says its own size, so slots are laid out and
        // checked against the real screen); every start-up check happens before a single
        // byte reaches the panel.
        try Self.check(configuration)
        // Values `glance set` kept from an earlier run, over the file's.
        let stateDirectory = StateDirectory.resolve(configured: configuration.stateDirectory)
        StateDirectory.adopt(stateDirectory)
        // Where the web page keeps uploaded pictures for photo slots (`uploads:`).
        PhotoUploads.use(stateDirectory: stateDirectory)
        // What a writer killed mid-write left (a `.params.json.tmp-PID-…` of a process
        // that is gone): nothing reads it, so nothing else would remove it.
        let leftovers = AtomicFile.removeStale(in: stateDirectory) + AtomicFile.removeStale(in: stateDirectory + "/entries")
        if leftovers > 0 {
            Self.say("\(stateDirectory): removed \(leftovers) temporary file\(leftovers == 1 ? "" : "s") a killed writer left")
        }
        let overrides = ParameterOverrides(directory: stateDirectory)
        configuration = overrides.applied(to: configuration, registry: WidgetCatalog.registry, log: { Self.say($0) })
        // What an earlier run that crashed left: the slot it was in is quarantined (an
        // error card, its widget not run) until a person lets it out. Then this run's own
        // record is set up before any widget code runs.
        let quarantine = Quarantine(stateDirectory: stateDirectory, log: { Self.say($0) })
        quarantine.admit(CrashRecorder.collect(stateDirectory: stateDirectory), slots: configuration.slots, at: Date())
        do {
            try CrashRecorder.arm(stateDirectory: stateDirectory)
            // Placeholders and views run on this thread; nothing else bounds them.
            try HangGuard.install()
        } catch {
            Self.say("crash records: \(error); a widget that crashes or hangs the display is not quarantined")
        }
        defer { CrashRecorder.removeOwnFiles() }
        let display: OpenedDisplay
        do {
            display = try OutputFactory.open(&configuration)
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        // The running host; SIGHUP swaps in one made from the file read again.
        let current = CurrentHost()
        let presenter: FramePresenter
        var inputs: [EvdevInput] = []
        defer { withExtendedLifetime(inputs) {} }
        do {
            presenter = try FramePresenter(output: display.output, fonts: fonts, scale: configuration.display.scale,
                                           renderingMode: configuration.display.renderingMode)
            current.host = try makeHost(configuration, presenter: presenter, clock: clock, display: display, quarantine: quarantine)
            // A saturation tuned on the web page, over the board file's.
            if let saved = InkTuning.saved(in: stateDirectory), let board = current.host.measuredBoard {
                display.output.useInkLook(InkTuning.look(of: board, saturation: saved))
            }
            if let wires = display.wires {
                let keys = GPIOKeys(keys: wires.keyLines)
                try keys.attach(to: clock, input: { current.host.inbox.send($0) }, log: { Self.say($0) })
                if !keys.keys.isEmpty { Self.say("keys \(keys.keys.map(\.name).joined(separator: ", ")) wake the display") }
            }
            // Keyboards and touchscreens (input:): their keys bind in keys:, taps press controls.
            for device in configuration.inputs {
                let output = display.output
                let input: EvdevInput
                do {
                    input = try EvdevInput(path: device.device, range: device.range, nativeWidth: output.nativeWidth,
                                           nativeHeight: output.nativeHeight, rotation: output.rotation)
                } catch {
                    throw RuntimeError(message: "\(configuration.source): input: \(error)")
                }
                try input.attach(to: clock, input: { current.host.inbox.send($0) }, log: { Self.say($0) })
                inputs.append(input)
                Self.say("\(device.device): \(input.mapping == nil ? "keys" : "keys and taps") wake the display")
            }
        } catch {
            display.releaseWires()
            if error is ConfigError || error is RuntimeError { throw error }
            throw RuntimeError(message: "\(configuration.source): display: \(error)")
        }
        for line in display.summary { Self.say(line) }
        Self.sayShowing(configuration)
        // The control socket: glance reload/press/set/defaults/status, and WidgetCenter
        // calls from other programs. Without it the display still runs.
        var server: ControlServer?
        // MQTT and TRMNL devices (mqtt:, trmnl: in the config), where this build has them:
        // the same commands from a broker, more displays served. Without them the display
        // still runs.
        let frontEnds: [any FrontEnd]
        if once {
            frontEnds = []
        } else {
            let commands = ControlCommands(stateDirectory: stateDirectory)
            do {
                server = try ControlServer(directory: stateDirectory, clock: clock) { line in commands.answer(line, host: current.host) }
                Self.say("control socket: \(server!.path) (glance status, reload, press, set, defaults)")
            } catch {
                Self.say("control socket: \(error); glance reload/press/set/status cannot reach this daemon")
            }
            if let maker = Self.frontEnds {
                frontEnds = maker.make(FrontEndContext(configuration: configuration, registry: WidgetCatalog.registry, fonts: fonts,
                                                       stateDirectory: stateDirectory, clock: clock, commands: commands,
                                                       host: { current.host }, version: GlanceVersion.current, log: { Self.say($0) }))
            } else {
                frontEnds = []
                Self.sayWithoutFleet(configuration)
            }
        }
        defer {
            StopDeadline.step("closing the control socket")
            server?.close()
        }
        defer {
            for frontEnd in frontEnds {
                StopDeadline.step("closing MQTT and TRMNL")
                frontEnd.close()
            }
        }
        current.host.onKeyPress = { key, long in for frontEnd in frontEnds { frontEnd.keyPressed(key, long: long) } }
        // The panel sleeps however the loop ends (SIGTERM, Ctrl-C, --once), then the
        // lines are let go. An LCD after --once keeps showing the frame: that is what
        // was asked for (`glance panel clear` turns it off).
        defer {
            if !(once && display.keepsPictureWithoutSleep) {
                StopDeadline.step("putting \(display.name) to sleep")
                do { try presenter.close() } catch { Self.say("display: \(error)") }
            }
            StopDeadline.step("releasing the GPIO lines")
            display.releaseWires()
        }
        // However the loop ends, stopping is bounded: whatever holds a step of it (a
        // thread that cannot be started, a lock, a device), the process is gone within
        // stop_timeout: (runs before the steps above).
        let stopTimeout = configuration.stopTimeout
        defer {
            do { try StopDeadline.arm(seconds: stopTimeout) } catch { Self.say("stop deadline: \(error); stopping is not bounded") }
            Self.holdStoppingForTests()
        }

        current.host.start()
        fonts.saveMatchCache()
        for frontEnd in frontEnds { frontEnd.start() }
        if once {
            // The frame did not reach the display: a cron job or script must see that.
            if current.host.displayFailing { throw RuntimeError(message: "the frame could not be shown (the reason is above); fix that and run again") }
            Self.say("done (--once)")
            return
        }
        Self.say("running; Ctrl-C stops\(config == nil || !clock.hearsHangUp ? "" : ", SIGHUP re-reads \(config!)")")
        // Announce each sleep so a person (and the idle benchmark) can see the schedule.
        while true {
            let zone = current.host.config.timeZone
            let next = current.host.nextInstant()
            // A long sleep ahead: new font choices are kept, and the pages the refresh
            // freed go back to the system; minutes of sleep give the frame's picture back too.
            if next.map({ $0.timeIntervalSinceNow > 5 }) ?? true {
                fonts.saveMatchCache()
                if next.map({ $0.timeIntervalSinceNow >= WidgetHost.givesPictureBackBefore }) ?? true {
                    current.host.givePictureBack()
                }
                Allocator.releaseFreePages()
            }
            if let next {
                Self.say("next wake: \(iso8601String(next, in: zone))")
            } else {
                Self.say("next wake: none scheduled (waiting for keys or reloads)")
            }
            let stop = current.host.step(until: frontEnds.compactMap { $0.nextDeadline() }.min())
            for frontEnd in frontEnds { frontEnd.service() }
            if case .displayFailed(let message)? = stop { throw RuntimeError(message: "the display failed: \(message)") }
            if stop == .terminated { break }
            if stop == .reloadRequested {
                reload(into: current, running: &configuration, presenter: presenter, clock: clock, display: display, quarantine: quarantine)
                current.host.onKeyPress = { key, long in for frontEnd in frontEnds { frontEnd.keyPressed(key, long: long) } }
                for frontEnd in frontEnds { frontEnd.hostChanged() }
            }
            for frontEnd in frontEnds { frontEnd.update() }
        }
        Self.say("stopped")
    }

    /// A host for `configuration` drawing through `presenter`, its messages to stderr.
    private func makeHost(_ configuration: GlanceConfig, presenter: FramePresenter, clock: LinuxEventClock,
                          display: OpenedDisplay, quarantine: Quarantine) throws(ConfigError) -> WidgetHost {
        let host = try WidgetHost(config: configuration, registry: WidgetCatalog.registry, clock: clock, presenter: presenter,
                                  entryStore: EntryStore(stateDirectory: StateDirectory.resolve(configured: configuration.stateDirectory)),
                                  quarantine: quarantine, log: { message in Self.say(message) })
        host.showsOneFrame = once
        host.onRefresh = { plan in Self.say("\(display.name): \(plan.refresh.rawValue) refresh of \(plan.window) (panel pixels)") }
        let zone = configuration.timeZone
        host.onWake = { record in
            Self.say("\(iso8601String(record.at, in: zone)) \(record.slot): \(record.reason.rawValue) → \(record.refresh.rawValue) refresh")
        }
        return host
    }

    /// SIGHUP: the file is read again and, if it is valid and its display is the same,
    /// shown from now on; otherwise the display keeps running on what it had.
    private func reload(into current: CurrentHost, running configuration: inout GlanceConfig, presenter: FramePresenter,
                        clock: LinuxEventClock, display: OpenedDisplay, quarantine: Quarantine) {
        guard let path = config else {
            Self.say("SIGHUP: the built-in configuration has no file to read again; pass --config FILE")
            return
        }
        do {
            var fresh = try ConfigLoader.load(path: path)
            try Self.adjustConfiguration?(&fresh)
            fresh = ParameterOverrides(directory: StateDirectory.resolve(configured: configuration.stateDirectory))
                .applied(to: fresh, registry: WidgetCatalog.registry, log: { Self.say($0) })
            if fresh.display.sizeFromDevice {
                (fresh.display.width, fresh.display.height) = (configuration.display.width, configuration.display.height)
            }
            guard fresh.display == configuration.display else {
                Self.say("SIGHUP: \(path): the display: section changed; restart glance to use it (the display keeps its configuration until then)")
                return
            }
            // Devices, servers and the state folder opened at start stay as they are; the
            // rest of the file is used now, and what waits for a restart is said.
            let waiting = fresh.startOnlyChanges(from: configuration)
            fresh = fresh.keepingStartOnlySettings(of: configuration)
            let host = try makeHost(fresh, presenter: presenter, clock: clock, display: display, quarantine: quarantine)
            current.host = host
            configuration = fresh
            Self.say("SIGHUP: read \(path) again")
            if !waiting.isEmpty {
                let names = waiting.map { "\($0):" }.joined(separator: ", ")
                Self.say("SIGHUP: \(path): \(names) changed; restart glance to use \(waiting.count == 1 ? "it" : "them") (the rest of the file is in use now)")
            }
            Self.sayShowing(fresh)
            host.start()
        } catch {
            Self.say("SIGHUP: \(error); the display keeps the configuration it had")
        }
    }

    private static func sayShowing(_ configuration: GlanceConfig) {
        // A stack is said once, with its members.
        var parts: [String] = []
        for slot in configuration.slots {
            guard let stack = slot.stack else {
                parts.append("\(slot.name) (\(slot.kind), \(slot.family))")
                continue
            }
            guard stack.index == 0 else { continue }
            let members = configuration.slots.filter { $0.stack?.name == stack.name }.map { "\($0.name) (\($0.kind))" }
            parts.append("stack \(stack.name) (\(slot.family): \(members.joined(separator: ", ")))")
        }
        let slotList = parts.joined(separator: ", ")
        say("showing \(slotList) from \(configuration.source) in \(configuration.timeZone.identifier)"
            + (configuration.sleep.map { "; quiet hours \($0)" } ?? ""))
    }

    /// The checks of a loaded configuration that need no device: each slot's widget,
    /// parameters and place, and what the front ends (TRMNL devices' slots) need of it.
    /// `glance check` makes the same.
    package static func check(_ configuration: GlanceConfig) throws(ConfigError) {
        try WidgetHost.check(configuration, registry: WidgetCatalog.registry)
        try frontEnds?.check(configuration, registry: WidgetCatalog.registry)
    }

    /// The configuration in the file `config`; without one, the executable's own widgets
    /// or the built-in demo.
    package static func loadConfiguration(_ config: String?) throws -> GlanceConfig {
        if let config {
            return try ConfigLoader.load(path: config)
        }
        let own = WidgetCatalog.ownKinds.prefix(4).compactMap { kind in WidgetCatalog.registry[kind].map { (kind, $0) } }
        if !own.isEmpty {
            // A widget's own executable: its widgets (a bundle's first four) on an 800×480 file display.
            let slots = own.map { widget in
                let family = widget.1.supportedFamilies.first { $0 == .systemMedium } ?? widget.1.supportedFamilies.first ?? .systemMedium
                return "  - {name: \"\(widget.0)\", kind: \"\(widget.0)\", family: \(family.rawValue)}"
            }
            let names = own.map(\.0).joined(separator: ", ")
            var config = try ConfigLoader.parse("""
                display: {backend: file, path: out, size: 800x480, colors: bw}
                slots:
                \(slots.joined(separator: "\n"))
                """, file: "\(names) (pass --config FILE for your own)")
            config.source = "a display of \(names) (pass --config FILE for your own)"
            return config
        }
        var demo = try ConfigLoader.parse(DemoConfig.yaml(outputDirectory: "out"), file: "built-in demo")
        demo.source = "the built-in demo (pass --config FILE for your own)"
        return demo
    }

    /// A config that asks for MQTT or TRMNL devices, run by an executable built without
    /// them (a widget package that did not ask for the `Fleet` trait).
    private static func sayWithoutFleet(_ configuration: GlanceConfig) {
        let asked = configuration.unservedSections.map { $0 + ":" }
        guard !asked.isEmpty else { return }
        say("\(asked.joined(separator: " and ")) not served: this executable was built without MQTT and TRMNL "
            + "(add traits: [\"Fleet\"] to its package's Glance dependency, or run the config with glance run); the display runs without them")
    }

    /// A debug build run with `GLANCE_TEST_HOLD_STOP=1` never finishes stopping: what
    /// the stop deadline is for (the daemon at the thread limit that once hung in its HTTP
    /// server's shutdown), made on purpose for the tests.
    private static func holdStoppingForTests() {
        #if DEBUG
        if getenv("GLANCE_TEST_HOLD_STOP") != nil {
            StopDeadline.step("in a step held on purpose (GLANCE_TEST_HOLD_STOP)")
            while true { pause() }
        }
        #endif
    }

    /// The daemon's one log: stderr (the journal) and the page's last lines. A line holds
    /// names and values from outside (a calendar's name set from the page, a widget's
    /// text), so control characters are written out: a newline cannot forge a line, an
    /// escape sequence cannot drive a terminal.
    static func say(_ message: String) {
        let line = message.terminalSafe
        StandardStreams.error("glance: \(line)\n")
        // The web page shows the last lines.
        LogTail.shared.append(line)
    }
}

/// The host that key presses and the loop talk to; replaced when SIGHUP brings a new
/// configuration.
private final class CurrentHost: @unchecked Sendable {
    var host: WidgetHost!
}
