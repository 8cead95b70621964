import GlanceDisplays
import Foundation
import GlanceHost
import GlanceTime
import GlanceIntents
import GlanceUI
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import GlanceConfiguration

/// How the test provider behaves, set per slot through its params.
enum PolicyChoice: String, AppEnum {
    case atEnd, after, never, past, everySecond
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Policy"
    static let caseDisplayRepresentations: [PolicyChoice: DisplayRepresentation] = [:]
}

struct ProbeIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Probe"

    @Parameter(title: "Policy", default: .atEnd) var policy: PolicyChoice
    @Parameter(title: "Entries", default: 3) var entries: Int
    /// Seconds between entries.
    @Parameter(title: "Spacing", default: 600) var spacing: Double
    /// For `.after`: seconds after the fetch.
    @Parameter(title: "Reload after", default: 900) var reloadAfter: Double

    init() {}
}

struct ProbeEntry: TimelineEntry {
    let date: Date
    /// Which fetch produced it and which entry of that fetch it is.
    let fetchedAt: Date
    let index: Int
}

struct ProbeProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ProbeEntry {
        ProbeEntry(date: context.date, fetchedAt: .distantPast, index: -1)
    }

    func snapshot(for configuration: ProbeIntent, in context: Context) async -> ProbeEntry {
        placeholder(in: context)
    }

    func timeline(for configuration: ProbeIntent, in context: Context) async -> Timeline<ProbeEntry> {
        let entries = (0..<configuration.entries).map {
            ProbeEntry(date: context.date.addingTimeInterval(Double($0) * configuration.spacing), fetchedAt: context.date, index: $0)
        }
        let policy: TimelineReloadPolicy = switch configuration.policy {
        case .atEnd: .atEnd
        case .after: .after(context.date.addingTimeInterval(configuration.reloadAfter))
        case .never: .never
        case .past: .after(context.date.addingTimeInterval(-3600))
        case .everySecond: .after(context.date.addingTimeInterval(1))
        }
        return Timeline(entries: entries, policy: policy)
    }
}

struct ProbeWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "probe", intent: ProbeIntent.self, provider: ProbeProvider()) { entry in
            Text("\(entry.fetchedAt.timeIntervalSince1970)#\(entry.index)")
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// A completion-handler provider that answers at once, except from `silentFrom` to
/// `silentUntil` (virtual), where it never calls its completion: a network call that
/// hangs. Answering synchronously keeps the good fetches free of thread timing.
struct SilentProvider: TimelineProvider {
    let silentFrom: Date
    let silentUntil: Date

    func placeholder(in context: Context) -> ProbeEntry {
        ProbeEntry(date: context.date, fetchedAt: .distantPast, index: -1)
    }

    func getSnapshot(in context: Context, completion: @escaping (ProbeEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ProbeEntry>) -> Void) {
        if context.date >= silentFrom, context.date < silentUntil { return }
        let entry = ProbeEntry(date: context.date, fetchedAt: context.date, index: 0)
        completion(Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(900))))
    }
}

/// Silent from t0 + 1700 s to t0 + 1820 s.
struct BriefSilenceWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "brief-silence",
                            provider: SilentProvider(silentFrom: t0.addingTimeInterval(1700), silentUntil: t0.addingTimeInterval(1820))) { entry in
            Text("\(entry.fetchedAt.timeIntervalSince1970)#\(entry.index)")
        }
    }
}

/// Silent from t0 + 1 s on.
struct LastingSilenceWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "lasting-silence",
                            provider: SilentProvider(silentFrom: t0.addingTimeInterval(1), silentUntil: .distantFuture)) { entry in
            Text("\(entry.fetchedAt.timeIntervalSince1970)#\(entry.index)")
        }
    }
}

/// Where two test providers meet: `rendezvous` answers only once `partner` has been
/// asked, so it answers only if the host asks every due slot before it waits for any.
final class Rendezvous: @unchecked Sendable {
    static let shared = Rendezvous()
    private let condition = NSCondition()
    private var partnerAsked = false

    func partnerWasAsked() {
        condition.lock()
        partnerAsked = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the partner was asked within `seconds`.
    func waitForPartner(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while !partnerAsked, condition.wait(until: deadline) {}
        return partnerAsked
    }
}

struct RendezvousProvider: TimelineProvider {
    let isPartner: Bool

    func placeholder(in context: Context) -> ProbeEntry { ProbeEntry(date: context.date, fetchedAt: .distantPast, index: -1) }
    func getSnapshot(in context: Context, completion: @escaping (ProbeEntry) -> Void) { completion(placeholder(in: context)) }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ProbeEntry>) -> Void) {
        // Blocks its thread, as a provider with a synchronous network call does.
        if isPartner { Rendezvous.shared.partnerWasAsked() } else if !Rendezvous.shared.waitForPartner(seconds: 2) { return }
        completion(Timeline(entries: [ProbeEntry(date: context.date, fetchedAt: context.date, index: 0)], policy: .never))
    }
}

struct RendezvousWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "rendezvous", provider: RendezvousProvider(isPartner: false)) { Text("\($0.index)") }
    }
}

struct PartnerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "partner", provider: RendezvousProvider(isPartner: true)) { Text("\($0.index)") }
    }
}

/// A provider whose `getTimeline` never returns until the test opens the gate: it blocks
/// the thread it is called on.
final class StuckGate: @unchecked Sendable {
    static let shared = StuckGate()
    private let condition = NSCondition()
    private var open = false
    private(set) var calls = 0

    func enter() {
        condition.lock()
        calls += 1
        while !open { condition.wait() }
        condition.unlock()
    }

    func release() {
        condition.lock()
        open = true
        condition.broadcast()
        condition.unlock()
    }
}

struct StuckWidget: Widget {
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> ProbeEntry { ProbeEntry(date: context.date, fetchedAt: .distantPast, index: -1) }
        func getSnapshot(in context: Context, completion: @escaping (ProbeEntry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<ProbeEntry>) -> Void) { StuckGate.shared.enter() }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "stuck", provider: Provider()) { Text("\($0.fetchedAt.timeIntervalSince1970)#\($0.index)") }
    }
}

/// Lines a host logged, from any thread.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}

/// A host on a simulated clock, recording every wake.
final class HostHarness {
    let host: WidgetHost
    let clock: SimulatedClock
    let center = WidgetCenter()
    let config: GlanceConfig
    private let lock = NSLock()
    private var storedRecords: [WakeRecord] = []
    private var storedFrames: [(Frame, RefreshMode)] = []
    private let logged = LogLines()

    /// Safe to read while the host runs on another thread.
    var records: [WakeRecord] { lock.withLock { storedRecords } }
    /// What the host logged.
    var log: [String] { logged.lines }
    var frames: [(Frame, RefreshMode)] { lock.withLock { storedFrames } }

    /// - Parameters:
    ///   - stateDirectory: where the host keeps last good entries (none: not kept).
    ///   - backgroundFetches: providers answer while the host waits (as on a real clock).
    ///   - quarantine: slots kept out (none: no slot is).
    ///   - widgets: more widget types for the registry.
    init(_ yaml: String, start: Date, blocking: Bool = false, stateDirectory: String? = nil, backgroundFetches: Bool = false,
         quarantine: Quarantine? = nil, widgets: [any Widget.Type] = []) throws {
        config = try ConfigLoader.parse(yaml, file: "test.yaml")
        clock = SimulatedClock(start: start, blocking: blocking, backgroundFetches: backgroundFetches)
        host = try WidgetHost(
            config: config,
            registry: WidgetRegistry(BuiltinWidgets.all + [ProbeWidget.self, BriefSilenceWidget.self, LastingSilenceWidget.self,
                                                           RendezvousWidget.self, PartnerWidget.self, StuckWidget.self,
                                                           FlakyWidget.self, GatedWidget.self] + widgets),
            clock: clock,
            center: center,
            entryStore: stateDirectory.map { EntryStore(stateDirectory: $0) },
            quarantine: quarantine,
            log: { [logged] line in logged.append(line) }
        )
        host.onWake = { [unowned self] record in lock.withLock { storedRecords.append(record) } }
        host.onFrame = { [unowned self] frame, mode in lock.withLock { storedFrames.append((frame, mode)) } }
    }

    /// Runs the host until `start + seconds` on a thread of its own: the host blocks
    /// while a provider works, so it must never run on the cooperative pool that the
    /// providers' async work needs.
    @discardableResult
    func run(for seconds: TimeInterval, from start: Date) async -> WidgetHost.StopReason {
        let box = UncheckedSendable(self)
        let end = start.addingTimeInterval(seconds)
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: box.value.host.run(until: end))
            }
            thread.start()
        }
    }

    /// Seconds since `start` of each wake of `slot`, with its reason.
    func wakes(_ slot: String, since start: Date) -> [(TimeInterval, WakeReason)] {
        records.filter { $0.slot == slot }.map { ($0.at.timeIntervalSince(start), $0.reason) }
    }

    func text(of slot: String) -> [String] {
        host.currentFrame().slots.first { $0.name == slot }?.content.textLines ?? []
    }
}

func instant(_ text: String) -> Date { parseISO8601Instant(text)! }
let t0 = instant("2026-06-01T10:00:00Z")

/// Paints itself in the asset colour "Accent".
struct AccentWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "accent", provider: SilentProvider(silentFrom: .distantFuture, silentUntil: .distantFuture)) { _ in
            Color("Accent")
        }
        .supportedFamilies([.systemSmall])
    }
}

/// Black content on a grey container background: shows where the content margins are.
struct MarginProbeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "margins", provider: SilentProvider(silentFrom: .distantFuture, silentUntil: .distantFuture)) { _ in
            Color.black.containerBackground(Color(red: 0.5, green: 0.5, blue: 0.5), for: .widget)
        }
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

/// The same, with the margins turned off.
struct MarginlessProbeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "marginless", provider: SilentProvider(silentFrom: .distantFuture, silentUntil: .distantFuture)) { _ in
            Color.black.containerBackground(Color(red: 0.5, green: 0.5, blue: 0.5), for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .contentMarginsDisabled()
    }
}

/// Shows the rendering mode it is drawn in as the width of a black bar (full colour 20
/// points, accented 40, vibrant 60) on a grey container background.
struct RenderingModeProbeWidget: Widget {
    struct Probe: View {
        @Environment(\.widgetRenderingMode) var mode
        @Environment(\.showsWidgetContainerBackground) var showsBackground

        var body: some View {
            let width: Double = mode == .fullColor ? 20 : (mode == .accented ? 40 : 60)
            HStack(spacing: 0) {
                Rectangle().fill(Color.black).frame(width: width, height: showsBackground ? 30 : 50)
                Spacer(minLength: 0)
            }
            .containerBackground(Color(red: 0.5, green: 0.5, blue: 0.5), for: .widget)
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "modes", provider: SilentProvider(silentFrom: .distantFuture, silentUntil: .distantFuture)) { _ in
            Probe()
        }
        .supportedFamilies([.systemSmall])
    }
}
