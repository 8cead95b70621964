// A widget that goes wrong on purpose, for the quarantine tests (DaemonQuarantineTests):
// its `trap` parameter says how. A slot of it runs beside a ticker whose frames change
// every 200 ms, so that a test sees the other slots run on.
import Glance

struct TrapIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Trap" }

    /// none: a healthy widget; drawing: its view indexes an empty array; timeline: its
    /// provider does; hang: its view never returns; empty: its view is EmptyView.
    @Parameter(title: "Trap", default: "none")
    var trap: String
}

struct TrapEntry: TimelineEntry {
    let date: Date
    let trap: String
    let lines: [String]
}

struct TrapProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> TrapEntry {
        TrapEntry(date: Date(), trap: "none", lines: ["…"])
    }

    func snapshot(for configuration: TrapIntent, in context: Context) async -> TrapEntry {
        TrapEntry(date: Date(), trap: configuration.trap, lines: [])
    }

    func timeline(for configuration: TrapIntent, in context: Context) async -> Timeline<TrapEntry> {
        let lines: [String] = []
        // The line the timeline test expects in the card.
        if configuration.trap == "timeline" { _ = lines[lines.count] }
        return Timeline(entries: [TrapEntry(date: context.date, trap: configuration.trap, lines: lines)], policy: .never)
    }
}

struct TrapView: View {
    let entry: TrapEntry

    var body: some View {
        switch entry.trap {
        case "drawing":
            Text(entry.lines[0])   // the line the drawing test expects in the card
        case "hang":
            Text(spin())
        case "empty":
            EmptyView()
        default:
            Text("healthy \(entry.trap)")
        }
    }

    private func spin() -> String {
        var turns = 0
        while turns >= 0 { turns = (turns &+ 1) & 0xFFFF }
        return "\(turns)"
    }
}

struct TrapWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "TrapWidget", intent: TrapIntent.self, provider: TrapProvider()) { entry in
            TrapView(entry: entry)
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct TickEntry: TimelineEntry {
    let date: Date
    let count: Int
}

/// A count that goes up every 200 ms for a minute.
struct TickProvider: TimelineProvider {
    func placeholder(in context: Context) -> TickEntry { TickEntry(date: Date(), count: 0) }

    func getSnapshot(in context: Context, completion: @escaping (TickEntry) -> Void) { completion(placeholder(in: context)) }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TickEntry>) -> Void) {
        let entries = (0..<300).map { TickEntry(date: context.date.addingTimeInterval(Double($0) * 0.2), count: $0) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct TickerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Ticker", provider: TickProvider()) { entry in
            Text("tick \(entry.count)").font(.largeTitle)
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@main
struct TrapWidgets: WidgetBundle {
    var body: some Widget {
        TrapWidget()
        TickerWidget()
    }
}
