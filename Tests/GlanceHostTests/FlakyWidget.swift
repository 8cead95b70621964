import Foundation
import GlanceIntents
import GlanceUI
import GlanceWidgetKit
import Synchronization

/// A data widget whose fetches follow a script the test writes: good values, failures
/// with `.retry`, failures that show the last entry marked stale. Each test names its own
/// script (tests run in parallel).
enum FlakyStep: Sendable {
    /// A good value; the next reload `after` seconds later.
    case good(Int, after: Double = 600)
    /// `.retry(because:)` with no entries.
    case fail(String)
    /// `.retry(because:)` with the last entry, marked stale.
    case failShowingStale(String)
}

final class FlakyScripts: Sendable {
    static let shared = FlakyScripts()
    private let state = Mutex<[String: (steps: [FlakyStep], done: Int, lastEntries: [Int?])]>([:])

    func set(_ name: String, _ steps: [FlakyStep]) { state.withLock { $0[name] = (steps, 0, []) } }

    /// The next step (the last one repeats), noting the last entry the provider was given.
    func next(_ name: String, lastEntry: Int?) -> FlakyStep {
        state.withLock { state in
            guard var script = state[name], !script.steps.isEmpty else { return .fail("no script named \(name)") }
            let step = script.steps[min(script.done, script.steps.count - 1)]
            script.done += 1
            script.lastEntries.append(lastEntry)
            state[name] = script
            return step
        }
    }

    /// The `context.lastEntry` values each fetch saw.
    func lastEntries(_ name: String) -> [Int?] { state.withLock { $0[name]?.lastEntries ?? [] } }
}

struct FlakyEntry: TimelineEntry, Codable {
    let date: Date
    let value: Int
    var stale = false
}

struct FlakyIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Flaky"
    @Parameter(title: "Script", default: "") var script: String
    init() {}
}

struct FlakyProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> FlakyEntry { FlakyEntry(date: context.date, value: -1) }
    func snapshot(for configuration: FlakyIntent, in context: Context) async -> FlakyEntry { placeholder(in: context) }

    func timeline(for configuration: FlakyIntent, in context: Context) async -> Timeline<FlakyEntry> {
        let last = context.lastEntry as? FlakyEntry
        switch FlakyScripts.shared.next(configuration.script, lastEntry: last?.value) {
        case .good(let value, let after):
            // Dated by its value, so an unchanged value is an unchanged entry.
            return Timeline(entries: [FlakyEntry(date: Date(timeIntervalSince1970: Double(value)), value: value)],
                            policy: .after(context.date.addingTimeInterval(after)))
        case .fail(let reason):
            return Timeline(entries: [], policy: .retry(because: reason))
        case .failShowingStale(let reason):
            let shown = last.map { [FlakyEntry(date: context.date, value: $0.value, stale: true)] } ?? []
            return Timeline(entries: shown, policy: .retry(because: reason))
        }
    }
}

struct FlakyWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "flaky", intent: FlakyIntent.self, provider: FlakyProvider()) { entry in
            Text(entry.stale ? "\(entry.value) stale" : "\(entry.value)")
        }
    }
}

/// A widget whose fetches wait until the test opens the gate (once per fetch), then answer
/// with how many fetches the gate let through.
final class FetchGate: @unchecked Sendable {
    static let shared = FetchGate()
    private let condition = NSCondition()
    private var permits = 0
    private(set) var waiting = 0

    func pass() -> Int {
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        while permits == 0 { condition.wait() }
        permits -= 1
        waiting -= 1
        passed += 1
        return passed
    }

    private var passed = 0

    func open() {
        condition.lock()
        permits += 1
        condition.broadcast()
        condition.unlock()
    }

    var waitingCount: Int { condition.lock(); defer { condition.unlock() }; return waiting }
}

struct GatedWidget: Widget {
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> FlakyEntry { FlakyEntry(date: context.date, value: -1) }
        func getSnapshot(in context: Context, completion: @escaping (FlakyEntry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<FlakyEntry>) -> Void) {
            let count = FetchGate.shared.pass()
            completion(Timeline(entries: [FlakyEntry(date: context.date, value: count)], policy: .never))
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "gated", provider: Provider()) { Text("\($0.value)") }
    }
}
