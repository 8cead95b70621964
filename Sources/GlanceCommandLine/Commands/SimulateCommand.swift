import ArgumentParser
import FoundationEssentials
import GlanceHost
import GlanceIntents
import GlanceTime
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import GlanceRunner
import GlanceConfiguration

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a config's real scheduler in virtual time and print one JSON line per slot per wake.",
        discussion: """
        Each line: {"at": "<ISO 8601 with offset>", "slot": "<name>", "kind": "...", \
        "reason": "start|entry|reload|retry|intent|clock", "refresh": "none|partial|full"}. \
        Nothing is written to the display.
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The configuration file (YAML).", valueName: "file"))
    var config: String

    @Option(help: ArgumentHelp("Virtual start instant, ISO 8601 with an offset (2026-12-31T09:00:00+09:00).", valueName: "instant"))
    var from: String

    @Option(help: ArgumentHelp("Virtual end instant, ISO 8601 with an offset.", valueName: "instant"))
    var until: String

    func run() throws {
        // A provider's WidgetCenter calls stay in this process (no daemon is poked).
        WidgetCenter.shared.setWakeHandler {}
        guard let start = parseISO8601Instant(from) else {
            throw UsageError(message: "--from: '\(from)' is not an ISO 8601 instant like 2026-12-31T09:00:00+09:00")
        }
        guard let end = parseISO8601Instant(until) else {
            throw UsageError(message: "--until: '\(until)' is not an ISO 8601 instant like 2027-01-31T09:00:00+09:00")
        }
        guard start < end else {
            throw UsageError(message: "--from (\(from)) must be before --until (\(until))")
        }
        let configuration = try ConfigLoader.load(path: config)
        let clock = SimulatedClock(start: start)
        let host = try WidgetHost(
            config: configuration,
            registry: WidgetCatalog.registry,
            clock: clock,
            center: WidgetCenter(),
            log: { message in StandardStreams.error("glance: \(message)\n") }
        )
        var output = JSONLineWriter()
        host.onWake = { record in output.write(record.jsonLine(in: configuration.timeZone)) }
        host.run(until: end)
        output.flush()
    }
}

/// Buffers stdout lines: a year of wakes is tens of thousands of lines.
struct JSONLineWriter {
    private var buffer: [UInt8] = []

    mutating func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    mutating func flush() {
        StandardStreams.output(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
