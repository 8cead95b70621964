//
//  StepsWidget.swift
//  StepsWidgetExtension
//
//  Xcode's widget template with a Swift Charts chart in its entry view, as Apple's
//  "Creating a chart using Swift Charts" and "Customizing axes in Swift Charts" write
//  charts: bars over the week's days, an average rule with an annotation, a custom
//  x axis.
//

import WidgetKit
import SwiftUI
import Charts

struct DailySteps: Identifiable {
    let date: Date
    let steps: Int

    var id: Date { date }
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> StepsEntry {
        StepsEntry(date: Date(), days: StepsEntry.week(endingOn: Date()))
    }

    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> ()) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
        let now = Date()
        let entry = StepsEntry(date: now, days: StepsEntry.week(endingOn: now))
        // A new day, a new bar.
        let tomorrow = Calendar.current.date(byAdding: .day, value: 1, to: Calendar.current.startOfDay(for: now))!
        completion(Timeline(entries: [entry], policy: .after(tomorrow)))
    }
}

struct StepsEntry: TimelineEntry {
    let date: Date
    let days: [DailySteps]

    var average: Double {
        guard !days.isEmpty else { return 0 }
        return Double(days.map(\.steps).reduce(0, +)) / Double(days.count)
    }

    static func week(endingOn date: Date) -> [DailySteps] {
        let counts = [6_212, 8_431, 4_120, 10_245, 7_340, 9_102, 5_678]
        let today = Calendar.current.startOfDay(for: date)
        return counts.enumerated().map { offset, steps in
            DailySteps(date: Calendar.current.date(byAdding: .day, value: offset - counts.count + 1, to: today)!, steps: steps)
        }
    }
}

struct StepsWidgetEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text("Steps")
                    .font(.headline)
                Spacer()
                Text("\(entry.days.last?.steps ?? 0)")
                    .font(.headline)
                    .foregroundStyle(.secondary)
            }
            Chart {
                ForEach(entry.days) { day in
                    BarMark(
                        x: .value("Day", day.date, unit: .day),
                        y: .value("Steps", day.steps)
                    )
                    .foregroundStyle(.blue.gradient)
                    .cornerRadius(4)
                }
                RuleMark(y: .value("Average", entry.average))
                    .foregroundStyle(.orange)
                    .lineStyle(StrokeStyle(lineWidth: 2, dash: [5, 3]))
                    .annotation(position: .top, alignment: .leading) {
                        Text("Average \(Int(entry.average))")
                            .font(.caption2)
                    }
            }
            .chartXAxis {
                AxisMarks(values: .stride(by: .day)) { _ in
                    AxisValueLabel(format: .dateTime.weekday(.abbreviated), centered: true)
                }
            }
            .chartYAxis(family == .systemSmall ? .hidden : .automatic)
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct StepsWidget: Widget {
    let kind: String = "StepsWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            StepsWidgetEntryView(entry: entry)
        }
        .configurationDisplayName("Steps")
        .description("Your steps this week.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

#Preview(as: .systemMedium) {
    StepsWidget()
} timeline: {
    StepsEntry(date: .now, days: StepsEntry.week(endingOn: .now))
}
