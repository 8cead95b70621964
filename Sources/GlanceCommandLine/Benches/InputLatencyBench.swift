import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceHost
import GlanceIntents
import GlanceSystem
import GlanceText
import GlanceUI
import GlanceWake
import GlanceWidgetKit
import Synchronization
import Glibc
import GlanceRunner
import GlanceConfiguration

/// Key to refresh start: a key bound to `press counter` runs a Button's intent, the
/// slot reloads, its frame is drawn, quantised, diffed and planned, and handed to the
/// output. Measured in real time from the press to the output's `show` (where a panel
/// starts sending the frame), with a real renderer and pipeline; the panel's own update
/// time comes after.
enum InputLatencyBench {
    /// Median and worst milliseconds over `presses` presses.
    static func measure(presses: Int, fonts: FontLibrary) throws -> (median: Double, worst: Double) {
        let config = try ConfigLoader.parse("""
            timezone: UTC
            display: {backend: file, path: unused, size: 800x480, colors: bw}
            slots:
              - {name: counter, kind: bench-counter, family: systemMedium}
              - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
              - {name: today, kind: weekday, family: systemSmall}
            keys:
              K: press counter
            """, file: "bench")
        var registry = WidgetCatalog.registry
        registry.register(BenchCounterWidget.self)
        let output = TimingOutput(width: 800, height: 480)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let clock = SimulatedClock(start: start)
        let host = try WidgetHost(config: config, registry: registry, clock: clock,
                                  presenter: try FramePresenter(output: output, fonts: fonts, scale: 1), center: WidgetCenter())
        host.start()
        var samples: [Double] = []
        for index in 0..<(presses + 2) {
            // A minute apart, so that no refresh is held back by the panel's pace.
            clock.advance(to: start.addingTimeInterval(Double(index + 1) * 60))
            let pressed = monotonicNanoseconds()
            output.shownAt = nil
            host.press(key: "K")
            _ = host.step()
            guard let shown = output.shownAt else { throw RuntimeError(message: "a press did not reach the display") }
            // The first two warm the caches.
            if index >= 2 { samples.append(Double(shown - pressed) / 1e6) }
        }
        samples.sort()
        return (samples[samples.count / 2], samples.last ?? 0)
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// A 1-bit panel that takes partial windows and notes when a frame reaches it.
    final class TimingOutput: DisplayOutput {
        let nativeWidth: Int, nativeHeight: Int
        let rotation = 0
        let palette = Palette.bw
        let dither = DitherMode.floydSteinberg
        let profile = RefreshProfile(sleepAfterUpdate: false)
        let refreshes: Set<PanelRefresh> = [.full, .partial]
        let windowAlignment = 8
        var shownAt: UInt64?

        init(width: Int, height: Int) { (nativeWidth, nativeHeight) = (width, height) }

        func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {
            shownAt = InputLatencyBench.monotonicNanoseconds()
        }

        func close() throws {}
    }
}

private let benchPresses = Atomic<Int>(0)

private struct CountPressIntent: AppIntent {
    static let title: LocalizedStringResource = "Count"
    init() {}
    func perform() async throws -> some IntentResult {
        benchPresses.add(1, ordering: .relaxed)
        return .result()
    }
}

private struct CounterEntry: TimelineEntry {
    let date: Date
    let count: Int
}

private struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry { CounterEntry(date: context.date, count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> Void) {
        completion(Timeline(entries: [CounterEntry(date: context.date, count: benchPresses.load(ordering: .relaxed))], policy: .never))
    }
}

/// A counter with a button: what the latency bench presses.
private struct BenchCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "bench-counter", provider: CounterProvider()) { entry in
            VStack(alignment: .leading, spacing: 8) {
                Text("Presses").font(.headline)
                Text("\(entry.count)").font(.system(size: 40, weight: .bold))
                Button("Count", systemImage: "plus", intent: CountPressIntent())
            }
        }
        .supportedFamilies([.systemMedium])
    }
}
