import Foundation
import GlanceDisplays
import GlanceGraphics
import GlanceHost
import GlanceSystem
import GlanceTestSupport
import GlanceText
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import GlanceUI
import Testing
import GlanceConfiguration
@testable import GlanceHost

/// Counts what the host asks of a widget, from any thread.
final class AskCounter: @unchecked Sendable {
    static let shared = AskCounter()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    func count(_ what: String) { lock.withLock { counts[what, default: 0] += 1 } }
    func count(of what: String) -> Int { lock.withLock { counts[what] ?? 0 } }
    func reset() { lock.withLock { counts = [:] } }
}

/// A widget that counts its placeholders, timelines and bodies.
struct CountedWidget: Widget {
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> ProbeEntry {
            AskCounter.shared.count("placeholder")
            return ProbeEntry(date: context.date, fetchedAt: .distantPast, index: -1)
        }
        func getSnapshot(in context: Context, completion: @escaping (ProbeEntry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<ProbeEntry>) -> Void) {
            AskCounter.shared.count("timeline")
            completion(Timeline(entries: [ProbeEntry(date: context.date, fetchedAt: context.date, index: 1)], policy: .never))
        }
    }

    struct CountedView: View {
        let entry: ProbeEntry
        var body: some View {
            AskCounter.shared.count("body")
            return Text("counted \(entry.index)")
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "counted", provider: Provider()) { CountedView(entry: $0) }
            .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// Silent for the first 100 s from t0, then answering.
struct LateWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "late", provider: SilentProvider(silentFrom: t0, silentUntil: t0.addingTimeInterval(100))) { entry in
            Text("late \(entry.index)")
        }
    }
}

/// A widget whose view is empty.
struct BlankWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "blank", provider: StuckWidget.Provider.Answering()) { _ in EmptyView() }
            .supportedFamilies([.systemSmall, .systemMedium])
    }
}

extension StuckWidget.Provider {
    /// Answers at once with one entry that never reloads.
    struct Answering: TimelineProvider {
        func placeholder(in context: Context) -> ProbeEntry { ProbeEntry(date: context.date, fetchedAt: .distantPast, index: -1) }
        func getSnapshot(in context: Context, completion: @escaping (ProbeEntry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<ProbeEntry>) -> Void) {
            completion(Timeline(entries: [ProbeEntry(date: context.date, fetchedAt: context.date, index: 0)], policy: .never))
        }
    }
}

/// What a crash leaves behind, read back: the handler's record and the backtracer's report.
@Suite struct CrashRecordTests {
    let note = #"{"kind":"TrapWidget","parameters":"0ee717f525f54f5d","phase":"drawing","slot":"trap"}"#

    /// A debug build: the runtime names its own file; the report names the widget's line.
    static let debugReport = """

        *** Signal 4: Backtracing from 0x7fea8216df7f... done ***

        *** Program crashed: Illegal instruction at 0x00007fea8216df7f ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "trap-widget" crashed:

          0               0x00007fea8216df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          1 [ra]          0x00007fea822f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
          2 [ra]          0x00007fea82744fe3 specialized Array.subscript.getter + 114 in libswiftSwiftOnoneSupport.so
          3 [ra]          0x00005568fcfb82ee TrapView.body.getter + 445 in trap-widget at /src/Tests/TrapWidget/TrapWidget.swift:44:29
          4 [ra] [thunk]  0x00005568fcfb5c9b protocol witness for View.body.getter in conformance TrapView + 26 in trap-widget at //<compiler-generated>
          5 [ra]          0x00005568fce8be06 closure #1 in View._glanceNode(in:) + 149 in trap-widget at /src/Sources/GlanceUI/Views/View.swift:24:86
        ...

        Thread 1:

          0  0x00007faa7a93bf16 __futex_abstimed_wait_common + 198 in libc.so.6 at /build/glibc/nptl/futex-internal.c:57:12

        Registers:

        rax 0x0000000000000000  0
        """

    @Test func aDebugBuildsCrashNamesTheWidgetsLine() throws {
        let record = try #require(CrashRecord(record: "glance-crash 1\nsignal: 4\nnote: \(note)\nmessage: Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range\n",
                                              report: Self.debugReport, backtracePath: "/state/crash/backtrace-7.txt"))
        #expect(record.signal == 4 && record.hungAfter == nil)
        #expect(record.activity == SlotActivity(slot: "trap", kind: "TrapWidget", parameters: "0ee717f525f54f5d", phase: .drawing))
        #expect(record.message == "Index out of range")
        #expect(record.site == CrashRecord.Site(path: "/src/Tests/TrapWidget/TrapWidget.swift", line: 44))
        #expect(record.site?.description == "TrapWidget.swift:44")
        #expect(record.what == "Index out of range")
        #expect(record.backtracePath == "/state/crash/backtrace-7.txt")
    }

    /// An optimised build prints no message; the report names the failure in a frame.
    @Test func anOptimisedBuildsFailureComesFromTheReport() throws {
        let report = """
            *** Swift runtime failure: arithmetic overflow ***

            Thread 0 "ov" crashed:

              0 [inlined] [system] 0x0000556cc1689d32 Swift runtime failure: arithmetic overflow in ov at //<compiler-generated>
              1                    0x0000556cc1689d32 add(_:) + 34 in ov at /tmp/bt/ov.swift:2:53
            ...
            """
        let record = try #require(CrashRecord(record: "glance-crash 1\nsignal: 4\nnote: \(note)\nmessage: ", report: report))
        #expect(record.message == "arithmetic overflow")
        #expect(record.site?.description == "ov.swift:2")
    }

    /// Without debug information there is no site; without a message, the signal says what.
    @Test func withoutDebugInformationTheCardSaysWhatWasKnown() throws {
        let report = """
            Thread 1 crashed:

              0  0x000055d1e7478006 Widget.placeholder() + 22 in crashOnog
            ...
            """
        let record = try #require(CrashRecord(record: "glance-crash 1\nsignal: 11\nnote: \(note)\nmessage: ", report: report))
        #expect(record.site == nil && record.message == nil)
        #expect(record.what == "bad memory access (signal 11)")
        #expect(record.activity?.phase == .drawing)
    }

    /// `fatalError("…")` in widget code names the widget's line in the message itself;
    /// the report, written to a terminal, has colour codes.
    @Test func aFatalErrorInWidgetCodeAndAColouredReport() throws {
        let message = "fe/fe.swift:1: Fatal error: the widget gave up\n"
        var record = try #require(CrashRecord(record: "glance-crash 1\nsignal: 4\nnote: \nmessage: \(message)", report: nil))
        #expect(record.message == "the widget gave up")
        #expect(record.site == CrashRecord.Site(path: "fe/fe.swift", line: 1))
        #expect(record.activity == nil)
        let coloured = "\u{1B}[1mThread 0 crashed:\u{1B}[0m\n\n  1 [ra] 0x0000558cf1441eb3 \u{1B}[34mW.go()\u{1B}[0m + 98 in fe at \u{1B}[32m/tmp/bt/fe.swift\u{1B}[0m:\u{1B}[1m3\u{1B}[0m:31\n"
        record = try #require(CrashRecord(record: "glance-crash 1\nsignal: 4\nnote: \nmessage: \(message)", report: coloured))
        #expect(record.site == CrashRecord.Site(path: "/tmp/bt/fe.swift", line: 3))
    }

    @Test func aHangIsSaidAsOne() throws {
        let record = try #require(CrashRecord(record: "glance-crash 1\nsignal: 6\nhung: 120000\nnote: \(note)\nmessage: ", report: nil))
        #expect(record.hungAfter == 120)
        #expect(record.what == "no return within 120 s")
        #expect(CrashRecord(record: "", report: nil) == nil)
        #expect(CrashRecord(record: "something else", report: nil) == nil)
    }

    /// The handler's own writer, on a thread that took up a note: what it writes reads
    /// back as the activity, the signal and the message.
    @Test func theHandlersRecordReadsBack() throws {
        let directory = NSTemporaryDirectory() + "glance-crash-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/record"
        let slot = try ConfigLoader.parse("""
            slots:
              - {name: dday, kind: countdown, family: systemSmall, params: {title: Trip, target: "2027-01-03"}}
            """, file: "t.yaml").slots[0]
        let activity = SlotActivity(slot: slot, phase: .timeline)
        let written = UncheckedSendable((path, activity.note))
        let thread = Thread {
            CrashNotes.set(written.value.1)
            let descriptor = open(written.value.0, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            _ = CrashNotes.writeRecord(to: descriptor, signal: 5, message: "x.swift:3: Fatal error: Unexpectedly found nil\n")
            close(descriptor)
            CrashNotes.clear()
        }
        thread.start()
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: path) || (try? String(contentsOfFile: path, encoding: .utf8))?.hasSuffix("\n") != true {
            usleep(1000)
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let record = try #require(CrashRecord(record: text, report: nil))
        #expect(record.activity == activity)
        #expect(record.signal == 5 && record.message == "Unexpectedly found nil")
        // This thread has no note: its record names no slot.
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(CrashNotes.writeRecord(to: descriptor, signal: 11, message: nil))
        close(descriptor)
        #expect(try #require(CrashRecord(record: try String(contentsOfFile: path, encoding: .utf8), report: nil)).activity == nil)
    }

    /// The next start reads the records of processes that no longer run, keeps their
    /// reports, and removes what clean or killed runs left empty.
    @Test func theNextStartCollectsWhatDeadRunsLeft() throws {
        let state = NSTemporaryDirectory() + "glance-collect-\(UUID().uuidString)"
        let folder = CrashRecorder.folder(in: state)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        let dead = try deadProcessIdentifiers(2)
        let alive = getpid()
        try "glance-crash 1\nsignal: 4\nnote: \(note)\nmessage: Fatal error: boom\n".write(toFile: "\(folder)/record-\(dead[0])", atomically: false, encoding: .utf8)
        try Self.debugReport.write(toFile: "\(folder)/backtrace-\(dead[0]).txt", atomically: false, encoding: .utf8)
        // A run killed without crashing: empty files.
        _ = FileManager.default.createFile(atPath: "\(folder)/record-\(dead[1])", contents: nil)
        _ = FileManager.default.createFile(atPath: "\(folder)/backtrace-\(dead[1]).txt", contents: nil)
        // A running process's files are its own.
        try "glance-crash 1\nsignal: 4\nnote: \nmessage: \n".write(toFile: "\(folder)/record-\(alive)", atomically: false, encoding: .utf8)

        let crashes = CrashRecorder.collect(stateDirectory: state)
        #expect(crashes.count == 1)
        #expect(crashes.first?.message == "boom")
        #expect(crashes.first?.site?.description == "TrapWidget.swift:44")
        #expect(crashes.first?.backtracePath == "\(folder)/backtrace-\(dead[0]).txt")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left == ["backtrace-\(dead[0]).txt", "record-\(alive)"])
        #expect(CrashRecorder.collect(stateDirectory: state).isEmpty)
    }

    /// Process ids that were used and are free again.
    private func deadProcessIdentifiers(_ count: Int) throws -> [Int32] {
        try (0..<count).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/true")
            try process.run()
            process.waitUntilExit()
            return process.processIdentifier
        }
    }
}

/// Slots kept out after a crash: the record, the file, and the host that honours them.
@Suite(.serialized) struct QuarantineTests {
    let yaml = """
        timezone: UTC
        minimum_reload_interval: 60
        slots:
          - {name: bad, kind: counted, family: systemSmall}
          - {name: p, kind: probe, family: systemSmall, params: {policy: after, entries: 1, reloadAfter: 900}}
        """

    func crash(in slot: SlotConfig, phase: SlotActivity.Phase = .drawing, message: String = "Fatal error: Index out of range") -> CrashRecord {
        let note = String(decoding: SlotActivity(slot: slot, phase: phase).note.bytes, as: UTF8.self)
        return CrashRecord(record: "glance-crash 1\nsignal: 4\nnote: \(note)\nmessage: \(message)",
                           report: CrashRecordTests.debugReport, backtracePath: "/state/crash/backtrace-1.txt")!
    }

    @Test func aRecordIsKeptMatchedAndReleased() throws {
        let state = NSTemporaryDirectory() + "glance-quarantine-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        let config = try ConfigLoader.parse(yaml, file: "t.yaml")
        let log = LogLines()
        let quarantine = Quarantine(stateDirectory: state, log: { log.append($0) })
        var other = config.slots[0]
        other.params = [("title", "changed")]
        quarantine.admit([crash(in: config.slots[0]), crash(in: other), crash(in: config.slots[1], phase: .timeline)], slots: config.slots,
                         at: t0)
        #expect(quarantine.records.map(\.slot) == ["bad", "p"])
        #expect(log.lines == ["the last run crashed in slot bad (counted) while drawing: Index out of range at /src/Tests/TrapWidget/TrapWidget.swift:44 "
                              + "(backtrace: /state/crash/backtrace-1.txt); that slot is configured otherwise now, so it is not quarantined"])
        let record = try #require(quarantine.records.first)
        #expect(record.summary == "crashed the daemon while drawing: Index out of range at TrapWidget.swift:44")
        #expect(record.at == "2026-06-01T10:00:00+00:00")

        // Kept for the owner only, and read back by the next start.
        var info = stat()
        #expect(stat(state + "/quarantine.json", &info) == 0 && info.st_mode & 0o777 == 0o600)
        let again = Quarantine(stateDirectory: state)
        #expect(again.records == quarantine.records)
        #expect(again.record(for: config.slots[0]) == record)
        #expect(again.record(for: other) == nil)
        // A configuration that changed a slot lets it try again; release lets one out.
        again.keepOnly([other, config.slots[1]])
        #expect(again.records.map(\.slot) == ["p"])
        #expect(again.release(slot: "p") && !again.release(slot: "p"))
        #expect(Quarantine(stateDirectory: state).records.isEmpty)

        // A crash outside any slot's code is said, and quarantines nothing.
        let outside = CrashRecord(record: "glance-crash 1\nsignal: 11\nnote: \nmessage: ", report: nil)!
        again.admit([outside], slots: config.slots, at: t0)
        #expect(again.records.isEmpty)
        try "[{".write(toFile: state + "/quarantine.json", atomically: false, encoding: .utf8)
        let broken = LogLines()
        #expect(Quarantine(stateDirectory: state, log: { broken.append($0) }).records.isEmpty)
        #expect(broken.lines.first?.hasSuffix("quarantine.json: not a list of quarantined slots; ignored (it is written again when a slot is quarantined or released)") == true)
    }

    /// A quarantined slot shows its card and its widget is never asked — no placeholder,
    /// no timeline, no body — while the other slot keeps its schedule; a person naming it
    /// lets it out.
    @Test func aQuarantinedSlotIsNeverAskedAndTheOthersRunOn() async throws {
        AskCounter.shared.reset()
        let config = try ConfigLoader.parse(yaml, file: "t.yaml")
        let quarantine = Quarantine(stateDirectory: nil)
        quarantine.admit([crash(in: config.slots[0])], slots: config.slots, at: t0)
        let harness = try HostHarness(yaml, start: t0, quarantine: quarantine, widgets: [CountedWidget.self])
        await harness.run(for: 3600, from: t0)
        #expect(harness.text(of: "bad") == ["counted stopped", "Index out of range", "TrapWidget.swift:44",
                                            "crashed while drawing; glance reload bad tries again"])
        #expect(harness.wakes("bad", since: t0).map(\.1) == [.start])
        #expect(harness.wakes("p", since: t0).map(\.0) == [0, 900, 1800, 2700, 3600])
        #expect(["placeholder", "timeline", "body"].map(AskCounter.shared.count(of:)) == [0, 0, 0])
        #expect(harness.log == ["slot bad (counted): quarantined: it crashed the daemon while drawing: Index out of range at TrapWidget.swift:44 "
                                + "(glance reload bad tries it again); backtrace: /state/crash/backtrace-1.txt"])
        #expect(harness.host.nextInstant() == t0.addingTimeInterval(4500))

        // Every slot: the quarantined one stays out.
        #expect(try harness.host.controlReload(kind: nil, throttled: false) == "reloading every slot; bad stays quarantined (glance reload bad tries it again)")
        await harness.run(for: 3610, from: t0)
        #expect(AskCounter.shared.count(of: "timeline") == 0)
        // Named: out, asked again, drawn.
        #expect(try harness.host.controlReload(kind: "bad", throttled: false) == "reloading slot bad; bad out of quarantine, trying again")
        await harness.run(for: 3620, from: t0)
        #expect(AskCounter.shared.count(of: "timeline") == 1)
        #expect(harness.text(of: "bad") == ["counted 1"])
        #expect(quarantine.records.isEmpty)
        #expect(harness.log.last == "slot bad (counted): out of quarantine (glance reload); it crashed the daemon while drawing before, trying again")
    }

    /// A configuration read again (SIGHUP) that changes the slot lets it try again; one
    /// that leaves it as it was keeps it out.
    @Test func aChangedSlotTriesAgain() throws {
        let config = try ConfigLoader.parse(yaml, file: "t.yaml")
        let quarantine = Quarantine(stateDirectory: nil)
        quarantine.admit([crash(in: config.slots[0])], slots: config.slots, at: t0)
        let same = try HostHarness(yaml, start: t0, quarantine: quarantine, widgets: [CountedWidget.self])
        #expect(same.log.count == 1 && quarantine.records.count == 1)
        let changed = try HostHarness(yaml.replacingOccurrences(of: "{name: bad, kind: counted, family: systemSmall}",
                                                                with: "{name: bad, kind: probe, family: systemSmall, params: {policy: never}}"),
                                      start: t0, quarantine: quarantine, widgets: [CountedWidget.self])
        #expect(changed.log.isEmpty)
        #expect(quarantine.records.isEmpty)
    }

    /// A view that draws nothing: the slot says so, and the log says it once.
    @Test func aViewThatDrawsNothingIsSaidOnTheWall() async throws {
        let harness = try HostHarness("""
            timezone: UTC
            slots:
              - {name: blank, kind: blank, family: systemSmall}
              - {name: p, kind: probe, family: systemSmall, params: {policy: after, entries: 1, reloadAfter: 900}}
            """, start: t0, widgets: [BlankWidget.self])
        await harness.run(for: 3600, from: t0)
        #expect(harness.text(of: "blank") == ["blank drew nothing", "its view for this entry is empty", "the widget's body shows no text, shape or image"])
        #expect(harness.log == ["slot blank (blank): its view for the entry of 2026-06-01T10:00:00+00:00 draws nothing (an empty view); the slot says so until it draws something"])
        #expect(harness.wakes("p", since: t0).count == 5)
    }

    /// A provider that does not answer, with nothing good to show: the slot says so (not
    /// a placeholder) until it answers.
    @Test func aSlotWhoseProviderDoesNotAnswerSaysSo() async throws {
        let harness = try HostHarness("""
            timezone: UTC
            provider_timeout: 0.1
            slots:
              - {name: late, kind: late, family: systemSmall}
            """, start: t0, widgets: [LateWidget.self])
        await harness.run(for: 60, from: t0)
        #expect(harness.text(of: "late").prefix(2) == ["late is not answering", "no answer within 0.1 s while getting its timeline"])
        #expect(harness.text(of: "late").last?.hasPrefix("trying again at ") == true)
        await harness.run(for: 200, from: t0)
        #expect(harness.text(of: "late") == ["late 0"])
    }

    /// What counts as drawing nothing.
    @Test func drawingNothing() {
        let text = resolveNode(Text(""), in: EnvironmentValues())
        let visible = resolveNode(Text("x"), in: EnvironmentValues())
        #expect(ViewNode.empty.drawsNothing)
        #expect(ViewNode.padding(EdgeInsets(16), .group([.empty, .spacer(minLength: 0), text])).drawsNothing)
        #expect(!ViewNode.padding(EdgeInsets(16), .group([.empty, visible])).drawsNothing)
        #expect(!ViewNode.background(content: .empty, decoration: .divider(RGBA(0, 0, 0)), alignment: .center).drawsNothing)
    }

    /// The card as a panel shows it: a quarantined slot beside a countdown, on 1 bit.
    @Test func theCardOnAPanel() throws {
        let yaml = """
            timezone: Asia/Seoul
            display: {backend: file, path: unused, size: 364x170}
            slots:
              - {name: bad, kind: counted, family: systemSmall}
              - {name: launch, kind: countdown, family: systemSmall, params: {title: Launch, target: "2027-01-03"}}
            """
        let config = try ConfigLoader.parse(yaml, file: "wall.yaml")
        let quarantine = Quarantine(stateDirectory: nil)
        quarantine.admit([crash(in: config.slots[0])], slots: config.slots, at: t0)
        let output = FleetHostTests.RecordingOutput()
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all + [CountedWidget.self]),
                                  clock: SimulatedClock(start: Date(timeIntervalSince1970: 1_795_000_000)),
                                  presenter: try FramePresenter(output: output, fonts: try FontLibrary(), scale: 1), quarantine: quarantine)
        host.start()
        let shown = try #require(output.frames.last)
        if let mismatch = GoldenImage.compare(shown.canvas(), named: "quarantine-card") { Issue.record("\(mismatch)") }
    }
}
