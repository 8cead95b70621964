import FoundationEssentials
import GlanceUI
import GlanceWidgetKit

/// The Pillow peer's dashboard (`Benchmarks/peers/pillow_dashboard.py`) as a widget, for
/// `glance bench --scene peer`: the same texts, sizes and places, the weather panel on a
/// vertical grey gradient, five hourly rings, the countdown, and 28×7 grey heatmap cells
/// with black outlines; frame `i` is the entry of day `i`, as the peer's frame `i`.
struct PeerDashboardWidget: Widget {
    static let kind = "peer-dashboard"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: PeerDashboardProvider()) { entry in
            PeerDashboardView(frame: entry.frame)
        }
        .supportedFamilies([.systemExtraLarge])
        .contentMarginsDisabled()
    }
}

struct PeerDashboardEntry: TimelineEntry, Codable {
    var date: Date
    /// The peer's frame number: what changes from one frame to the next.
    var frame: Int
}

struct PeerDashboardProvider: TimelineProvider {
    func placeholder(in context: Context) -> PeerDashboardEntry { PeerDashboardEntry(date: context.date, frame: 0) }

    func getSnapshot(in context: Context, completion: @escaping (PeerDashboardEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PeerDashboardEntry>) -> Void) {
        // The bench starts at day 20775 (2026-11-18): its frame n is the peer's frame n.
        let day = Int((context.date.timeIntervalSince1970 / 86_400).rounded(.down))
        completion(Timeline(entries: [PeerDashboardEntry(date: context.date, frame: max(0, day - 20_775))], policy: .atEnd))
    }
}

struct PeerDashboardView: View {
    let frame: Int

    private func label(_ text: String, _ size: Double, x: Double, y: Double, bold: Bool = false) -> some View {
        Text(text).font(.system(size: size, weight: bold ? .bold : .regular)).foregroundStyle(Color.black).lineLimit(1)
            .fixedSize().offset(x: x, y: y)
    }

    var body: some View {
        let i = frame
        ZStack(alignment: .topLeading) {
            Color.white
            // Weather (the left half of the top): a gradient from grey 120 to 199, top to bottom.
            LinearGradient(gradient: Gradient(colors: [Color(white: 120 / 255), Color(white: 199 / 255)]),
                           startPoint: .top, endPoint: .bottom)
                .frame(width: 400, height: 240)
            label("Seoul", 24, x: 16, y: 12)
            label("\(21 + i % 3)\u{00B0}", 72, x: 16, y: 40, bold: true)
            label("Partly cloudy  H:24\u{00B0} L:15\u{00B0}", 18, x: 16, y: 130)
            ForEach(0..<5) { k in
                let x = Double(16 + k * 76)
                let hour = (9 + k) % 24
                label((hour < 10 ? "0" : "") + "\(hour)h", 14, x: x, y: 170)
                Circle().stroke(Color.black, lineWidth: 2).frame(width: 25, height: 25).offset(x: x + 4, y: 190)
                label("\(18 + k)\u{00B0}", 14, x: x, y: 218)
            }
            // Countdown (the right half of the top).
            label("Launch day", 24, x: 420, y: 20)
            label("D-\(42 - i % 5)", 72, x: 420, y: 70, bold: true)
            label("2027-01-03", 18, x: 420, y: 170)
            // Heatmap (the bottom): 7 rows of 28 cells, each a grey with a black outline.
            label("Productivity, last 4 weeks", 18, x: 16, y: 250)
            ForEach(0..<196) { n in
                let column = n / 7, row = n % 7
                let value = (column * 7 + row + i) * 37 % 256
                Rectangle().fill(Color(white: Double(value) / 255)).border(Color.black, width: 1)
                    .frame(width: 23, height: 23).offset(x: Double(16 + column * 27), y: Double(285 + row * 26))
            }
        }
        .frame(width: 800, height: 480, alignment: .topLeading)
    }
}
