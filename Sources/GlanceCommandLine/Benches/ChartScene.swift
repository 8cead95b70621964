import Charts
import FoundationEssentials
import GlanceUI
import GlanceWidgetKit
import Glibc

/// The chart `glance bench chart` draws, as a widget: a title and a 500-point line of
/// hourly readings over dates, with Swift Charts' automatic axes (grid, ticks, labels).
/// `Benchmarks/peers/pillow_chart.py` draws the same chart with Pillow; frame `i` is the
/// entry of day `i`, whose readings are the peer's frame `i`'s.
struct ChartBenchWidget: Widget {
    static let kind = "bench-chart"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: ChartBenchProvider()) { entry in
            ChartBenchView(entry: entry)
        }
        .supportedFamilies([.systemExtraLarge])
        .contentMarginsDisabled()
    }
}

struct ChartBenchEntry: TimelineEntry {
    struct Reading: Identifiable {
        var id: Int
        var date: Date
        var value: Double
    }

    var date: Date
    var readings: [Reading]
}

struct ChartBenchProvider: TimelineProvider {
    /// Points in the line.
    static let points = 500
    /// The first reading of frame 0: 2026-11-18 00:00 UTC, as the peer's.
    static let start = 1_795_000_000.0 - 1_795_000_000.0.truncatingRemainder(dividingBy: 86_400)

    /// Hourly readings from `frame` days after the start: a daily swing and a slow drift,
    /// with a deterministic wobble; the peer computes the same numbers.
    static func readings(frame: Int) -> [ChartBenchEntry.Reading] {
        (0..<points).map { index in
            let hour = index + frame * 24
            let wobble: Double = Double((hour * 7919) % 101) / 50 - 1
            let daily: Double = 6 * sin(Double(hour) * 2 * Double.pi / 24)
            let drift: Double = 3 * sin(Double(hour) / 97)
            let value = 12 + daily + drift + wobble
            return .init(id: index, date: Date(timeIntervalSince1970: start + Double(hour) * 3600), value: value)
        }
    }

    func placeholder(in context: Context) -> ChartBenchEntry { ChartBenchEntry(date: context.date, readings: Self.readings(frame: 0)) }

    func getSnapshot(in context: Context, completion: @escaping (ChartBenchEntry) -> Void) { completion(placeholder(in: context)) }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ChartBenchEntry>) -> Void) {
        // The bench asks for day n after its start: the peer's frame n.
        let frame = max(0, Int(((context.date.timeIntervalSince1970 - Self.start) / 86_400).rounded(.down)))
        completion(Timeline(entries: [ChartBenchEntry(date: context.date, readings: Self.readings(frame: frame))], policy: .atEnd))
    }
}

struct ChartBenchView: View {
    let entry: ChartBenchEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Outside temperature, °C").font(.system(size: 18, weight: .bold))
            Chart(entry.readings) { reading in
                LineMark(x: .value("Time", reading.date), y: .value("°C", reading.value))
            }
        }
        .padding(16)
        .frame(width: 800, height: 480, alignment: .topLeading)
        .background(Color.white)
    }
}
