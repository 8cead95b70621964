// The D-Day tutorial's widget, ported by changing `import WidgetKit` and `import SwiftUI`
// to `import Glance`. The app (here: the `dday-set` companion command) writes the
// event into the app group's UserDefaults and calls WidgetCenter; the widget reads it
// at every reload.
import Glance

let appGroup = "group.com.example.dday"

struct DDayEntry: TimelineEntry {
    let date: Date
    let title: String
    let target: Date?
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> DDayEntry {
        DDayEntry(date: Date(), title: "D-Day", target: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (DDayEntry) -> Void) {
        completion(entry(at: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DDayEntry>) -> Void) {
        // One entry now, one at each of the next two midnights; then ask again.
        let now = Date()
        let calendar = Calendar.current
        let midnight = calendar.startOfDay(for: calendar.date(byAdding: .day, value: 1, to: now)!)
        let entries = [now, midnight, calendar.date(byAdding: .day, value: 1, to: midnight)!].map(entry(at:))
        completion(Timeline(entries: entries, policy: .atEnd))
    }

    private func entry(at date: Date) -> DDayEntry {
        let defaults = UserDefaults(suiteName: appGroup)
        return DDayEntry(date: date,
                         title: defaults?.string(forKey: "title") ?? "No event yet",
                         target: defaults?.object(forKey: "target") as? Date)
    }
}

struct DDayWidgetEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack(spacing: 6) {
            Text(entry.title)
                .font(.headline)
            Text(dDay)
                .font(.system(size: 44, weight: .bold))
            if let target = entry.target {
                Text(target, style: .date)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
    }

    private var dDay: String {
        guard let target = entry.target else { return "D-?" }
        let calendar = Calendar.current
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: entry.date), to: calendar.startOfDay(for: target)).day ?? 0
        return days == 0 ? "D-Day" : days > 0 ? "D-\(days)" : "D+\(-days)"
    }
}

@main
struct DDayWidget: Widget {
    let kind: String = "DDayWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            DDayWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("D-Day")
        .description("Days until the event the app set.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
