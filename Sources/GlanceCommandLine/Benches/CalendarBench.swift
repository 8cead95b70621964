import ArgumentParser
import FoundationEssentials
import GlanceCalendar
import GlanceRunner
import GlanceSystem
import GlanceTime
import Glibc

/// Times reading and expanding a large iCalendar feed, the agenda's work, and the memory
/// it takes; with --compare-python, alternately with Python's icalendar and
/// recurring-ical-events on the same file.
struct CalendarBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Time parsing and expanding an iCalendar feed of --events events, and the memory it takes.",
        discussion: """
        The feed is generated (SampleFeed: nine in ten single one-hour events over eight \
        weeks from 5 January 2026, one in ten a weekly rule without end in one of three \
        zones), or read from --file. Each round parses it with libical (one event at a time) \
        and expands it over the eight weeks from 5 January 2026, then over the week the \
        agenda shows (at most its 500 occurrences). Peak memory is VmHWM above the resident \
        size before the parse, reset each round through /proc/self/clear_refs. \
        --compare-python runs Benchmarks/peers/ical_agenda.py (python3 with icalendar and \
        recurring-ical-events) on the same file over the same eight weeks, alternately with \
        Glance, and prints both medians. Last line: events=N bytes=B parse_ms=P \
        expand_ms=E week_ms=W peak_kib=K peak_per_feed=R occurrences=O \
        [peer_parse_ms=… peer_expand_ms=… peer_peak_rss_kib=… speedup=S]
        """
    )

    @Option(help: "Events in the generated feed.")
    var events: Int = 20_000

    @Option(help: ArgumentHelp("Measure this .ics file instead of a generated one.", valueName: "file"))
    var file: String?

    @Option(help: "Rounds; medians are reported.")
    var rounds: Int = 5

    // Not --compare-peer: `glance bench` has that flag, and it would take it.
    @Flag(help: "Run Python's icalendar + recurring-ical-events on the same file alternately and compare medians.")
    var comparePython = false

    @Option(help: ArgumentHelp("The Python script (default: Benchmarks/peers/ical_agenda.py).", valueName: "file"))
    var peerScript: String?

    static let from = "2026-01-05T00:00:00+00:00"
    static let to = "2026-03-02T00:00:00+00:00"

    func run() throws {
        guard (1...1_000_000).contains(events) else { throw UsageError(message: "--events must be between 1 and 1000000") }
        guard (1...100).contains(rounds) else { throw UsageError(message: "--rounds must be between 1 and 100") }
        let bytes: [UInt8]
        var path = file
        if let file {
            do { bytes = try RegularFile.read(file, limit: ICalendarFeed.defaultMaximumBytes) } catch {
                throw RuntimeError(message: "\(file): \(error)")
            }
        } else {
            bytes = SampleFeed.generated(events: events)
        }
        let peer = comparePython ? try CalendarPeer(path: peerScript) : nil
        var scratch: String?
        if peer != nil, path == nil {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-calendar-bench-\(getpid())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: folder + "/feed.ics")
            scratch = folder
            path = folder + "/feed.ics"
        }
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }

        guard let from = parseISO8601Instant(Self.from), let to = parseISO8601Instant(Self.to) else { return }
        let zone = try ZoneRules(identifier: "Europe/Berlin")
        var parses: [Double] = [], expansions: [Double] = [], weeks: [Double] = [], peaks: [Double] = []
        var peerParses: [Double] = [], peerExpansions: [Double] = [], peerPeaks: [Double] = []
        var count = 0, eventCount = 0
        for round in 0..<rounds {
            let resident = Self.resetPeak()
            let began = ContinuousClock.now
            let feed: ICalendarFeed
            do { feed = try ICalendarFeed.parse(bytes, name: "bench") } catch { throw RuntimeError(message: error.description) }
            let parsed = ContinuousClock.now
            let all = feed.expand(from: from, to: to, zone: zone, limit: 1_000_000)
            let expanded = ContinuousClock.now
            let week = feed.expand(from: from.addingTimeInterval(7 * 86_400), to: from.addingTimeInterval(14 * 86_400), zone: zone, limit: 500)
            let weekDone = ContinuousClock.now
            let peak = procField("VmHWM", in: (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? "")
            parses.append(Self.milliseconds(parsed - began))
            expansions.append(Self.milliseconds(expanded - parsed))
            weeks.append(Self.milliseconds(weekDone - expanded))
            peaks.append(Double(max(0, peak - resident)))
            count = all.occurrences.count
            eventCount = feed.events.count
            if all.cutShort != nil || week.cutShort != nil { print("round \(round + 1): the expansion was cut short by its budget") }
            print("round \(round + 1): parse \(Self.format(parses.last!)) ms, \(count) occurrences in \(Self.format(expansions.last!)) ms, "
                  + "a week's \(week.occurrences.count) in \(Self.format(weeks.last!)) ms, peak +\(Int(peaks.last!)) KiB")
            if let peer, let path {
                let result = try peer.run(path, from: Self.from, to: Self.to)
                peerParses.append(result.parse)
                peerExpansions.append(result.expand)
                peerPeaks.append(result.peak)
                print("round \(round + 1) peer: parse \(Self.format(result.parse)) ms, \(result.occurrences) occurrences in \(Self.format(result.expand)) ms, "
                      + "peak RSS \(Int(result.peak)) KiB")
            }
        }
        let parse = BenchCommand.median(parses), expand = BenchCommand.median(expansions), peak = BenchCommand.median(peaks)
        var line = "events=\(eventCount) bytes=\(bytes.count) parse_ms=\(Self.format(parse)) expand_ms=\(Self.format(expand)) "
            + "week_ms=\(Self.format(BenchCommand.median(weeks))) peak_kib=\(Int(peak)) "
            + "peak_per_feed=\((peak * 1024 / Double(max(1, bytes.count))).rounded(toPlaces: 2)) occurrences=\(count)"
        if peer != nil {
            let peerParse = BenchCommand.median(peerParses), peerExpand = BenchCommand.median(peerExpansions)
            line += " peer_parse_ms=\(Self.format(peerParse)) peer_expand_ms=\(Self.format(peerExpand)) "
                + "peer_peak_rss_kib=\(Int(BenchCommand.median(peerPeaks))) speedup=\(((peerParse + peerExpand) / max(parse + expand, 1e-9)).rounded(toPlaces: 1))"
        }
        print(line)
    }

    /// Resets the process's peak resident size to its resident size now (writing 5 to
    /// /proc/self/clear_refs) and returns that size in KiB.
    static func resetPeak() -> Int {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        if descriptor >= 0 {
            _ = write(descriptor, "5", 1)
            close(descriptor)
        }
        return procField("VmHWM", in: (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? "")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func format(_ value: Double) -> String { String(value.rounded(toPlaces: value < 10 ? 2 : 1)) }
}

/// Python's icalendar + recurring-ical-events on the same feed.
struct CalendarPeer {
    let path: String

    init(path given: String?) throws {
        let candidates = given.map { [$0] } ?? ["Benchmarks/peers/ical_agenda.py"]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw RuntimeError(message: "no peer script at \(candidates.joined(separator: " or ")); give --peer-script FILE")
        }
        path = found
        let check = try ChildCommand.run(["python3", "-c", "import icalendar, recurring_ical_events"])
        guard check.status == 0 else {
            throw RuntimeError(message: "--compare-python needs python3 with icalendar and recurring-ical-events (pip install icalendar recurring-ical-events; "
                               + "scripts/bootstrap does): \(check.output.trimmedOfSpaces)")
        }
    }

    func run(_ feed: String, from: String, to: String) throws -> (parse: Double, expand: Double, occurrences: Int, peak: Double) {
        let result = try ChildCommand.run(["python3", path, feed, from, to])
        func field(_ name: String) -> Double? {
            result.output.split(separator: "\n").last(where: { $0.hasPrefix("parse_ms=") })?
                .split(separator: " ").first(where: { $0.hasPrefix(name + "=") }).flatMap { Double($0.dropFirst(name.count + 1)) }
        }
        guard result.status == 0, let parse = field("parse_ms"), let expand = field("expand_ms"), let occurrences = field("occurrences"),
              let peak = field("peak_rss_kib") else {
            throw RuntimeError(message: "\(path) failed (exit \(result.status)):\n\(result.output)")
        }
        return (parse, expand, Int(occurrences), peak)
    }
}
