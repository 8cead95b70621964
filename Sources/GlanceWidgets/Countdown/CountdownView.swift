import FoundationEssentials
import FoundationInternationalization
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The countdown: the title small, the `D-3` as large as the family allows, and the
/// target date. Readable across a room on a 1-bit panel: black on white, no tints.
public struct CountdownView: View {
    public let entry: CountdownEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone
    @Environment(\.locale) private var locale

    public init(entry: CountdownEntry) { self.entry = entry }

    public var body: some View {
        switch family {
        case .systemLarge:
            VStack(alignment: .leading, spacing: 4) {
                Text(entry.title.uppercased()).font(.title2).bold().lineLimit(1).minimumScaleFactor(0.6)
                targetText(.complete).font(.subheadline).foregroundStyle(.secondary).lineLimit(1).minimumScaleFactor(0.7)
                Spacer(minLength: 0)
                Text(entry.label)
                    .font(.system(size: 112, weight: .bold))
                    .minimumScaleFactor(0.4)
                    .lineLimit(1)
                    .frame(maxWidth: .infinity)
                Text(daysInWords).font(.title2).lineLimit(1).minimumScaleFactor(0.6).frame(maxWidth: .infinity)
                Spacer(minLength: 0)
                weekStrip
            }
            .padding(16)
            .containerBackground(.white, for: .widget)
        case .systemMedium, .systemExtraLarge:
            HStack(alignment: .center, spacing: 12) {
                VStack(alignment: .leading, spacing: 4) {
                    Text(entry.title.uppercased()).font(.headline).lineLimit(1)
                    targetText.font(.subheadline).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
                Text(entry.label)
                    .font(.system(size: 64, weight: .bold))
                    .minimumScaleFactor(0.4)
                    .lineLimit(1)
            }
            .padding(16)
            .containerBackground(.white, for: .widget)
        case .accessoryInline:
            Text("\(entry.title) \(entry.label)").lineLimit(1)
        case .accessoryCircular:
            // The ring fills over the last 30 days and is full from the day itself on.
            Gauge(value: Double(30 - min(30, max(0, entry.daysRemaining))), in: 0...30) {
                Text(entry.title)
            } currentValueLabel: {
                circularLabel
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title).font(.caption).bold().lineLimit(1)
                Text(entry.label).font(.title2).bold().lineLimit(1)
            }
        default:
            VStack(alignment: .leading, spacing: 2) {
                Text(entry.title.uppercased()).font(.caption).bold().lineLimit(1)
                Spacer(minLength: 0)
                Text(entry.label)
                    .font(.system(size: 52, weight: .bold))
                    .minimumScaleFactor(0.4)
                    .lineLimit(1)
                Spacer(minLength: 0)
                targetText.font(.caption).foregroundStyle(.secondary).lineLimit(1).minimumScaleFactor(0.7)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(14)
            .containerBackground(.white, for: .widget)
        }
    }

    /// The target day in the display's language ("January 3, 2027").
    private var targetText: Text {
        guard let start = entry.target.start(in: timeZone) else { return Text(entry.target.description) }
        return Text(start, style: .date)
    }

    /// With the weekday: "Sunday, January 3, 2027".
    private func targetText(_ style: Date.FormatStyle.DateStyle) -> Text {
        guard let start = entry.target.start(in: timeZone) else { return Text(entry.target.description) }
        return Text(locale.format(start, Date.FormatStyle(date: style, time: .omitted), in: timeZone))
    }

    /// "3 days to go", "Today", "2 days ago".
    private var daysInWords: String {
        switch entry.daysRemaining {
        case 0: "Today"
        case 1: "1 day to go"
        case 2...: "\(entry.daysRemaining) days to go"
        case -1: "1 day ago"
        default: "\(-entry.daysRemaining) days ago"
        }
    }

    /// The number in the ring: "D-" over "3", "D-Day", "D+" over "2".
    @ViewBuilder private var circularLabel: some View {
        if entry.daysRemaining == 0 {
            Text("D-Day").font(.system(size: 13, weight: .bold)).minimumScaleFactor(0.6).lineLimit(1).frame(maxWidth: 40)
        } else {
            VStack(spacing: -2) {
                Text(entry.daysRemaining > 0 ? "D-" : "D+").font(.system(size: 12, weight: .bold))
                Text(String(abs(entry.daysRemaining))).font(.system(size: 24, weight: .bold)).minimumScaleFactor(0.5).lineLimit(1)
                    .frame(maxWidth: 42)
            }
        }
    }

    /// Seven days with today outlined and the target filled: from today when the target
    /// is less than a week away, else the target's week.
    private var weekStrip: some View {
        let today = entry.target.adding(days: -entry.daysRemaining)
        let firstWeekday = locale.calendar.firstWeekday
        let start = (0..<7).contains(entry.daysRemaining)
            ? today
            : entry.target.adding(days: -((entry.target.weekday - firstWeekday + 7) % 7))
        return HStack(spacing: 0) {
            ForEach(0..<7) { offset in
                let day = start.adding(days: offset)
                VStack(spacing: 4) {
                    Text(locale.calendar.veryShortStandaloneWeekdaySymbols[day.weekday - 1]).font(.caption2).foregroundStyle(.secondary)
                    ZStack {
                        if day == entry.target {
                            Circle().fill(Color.black)
                        } else if day == today {
                            Circle().inset(by: 1).stroke(Color.black, lineWidth: 2)
                        }
                        Text(String(day.day))
                            .font(.system(size: 15, weight: day == entry.target || day == today ? .bold : .regular))
                            .foregroundStyle(day == entry.target ? Color.white : Color.black)
                    }
                    .frame(width: 36, height: 36)
                }
                .frame(maxWidth: .infinity)
            }
        }
    }
}
