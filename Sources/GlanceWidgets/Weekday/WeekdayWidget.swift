import FoundationEssentials
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The weekday widget's content for one hour.
public struct WeekdayEntry: TimelineEntry, Sendable {
    public let date: Date
    /// The calendar day on the display's wall clock.
    public let day: CalendarDay
    /// The weekday's full name in the display's locale ("Monday", "월요일").
    public let weekdayName: String
    /// The month and day as the display's language writes them ("November 23", "11월 23일").
    public let monthAndDay: String

    public init(date: Date, day: CalendarDay, weekdayName: String, monthAndDay: String = "") {
        self.date = date
        self.day = day
        self.weekdayName = weekdayName
        self.monthAndDay = monthAndDay
    }

    /// One emoji per weekday, after the East Asian day names (日 sun, 月 moon, 火 fire,
    /// 水 water, 木 tree, 金 gold, 土 earth).
    public var emoji: String { Self.emoji(forWeekday: day.weekday) }

    public static func emoji(forWeekday weekday: Int) -> String {
        ["☀️", "🌙", "🔥", "💧", "🌳", "💰", "🪐"][(weekday - 1 + 7) % 7]
    }
}

/// Entries for the next five hours, one per hour on the hour, reloaded at the end.
public struct WeekdayProvider: TimelineProvider {
    public init() {}

    public func placeholder(in context: Context) -> WeekdayEntry {
        makeEntry(at: context.date, in: context)
    }

    public func getSnapshot(in context: Context, completion: @escaping (WeekdayEntry) -> Void) {
        completion(makeEntry(at: context.date, in: context))
    }

    public func getTimeline(in context: Context, completion: @escaping (Timeline<WeekdayEntry>) -> Void) {
        var dates = [context.date]
        while dates.count < 5, let last = dates.last {
            dates.append(LocalTime.nextHourStart(after: last, in: context.timeZone))
        }
        completion(Timeline(entries: dates.map { makeEntry(at: $0, in: context) }, policy: .atEnd))
    }

    func makeEntry(at date: Date, in context: Context) -> WeekdayEntry {
        let day = CalendarDay(containing: date, in: context.timeZone)
        return WeekdayEntry(date: date, day: day, weekdayName: context.locale.weekdayName(of: date, in: context.timeZone),
                            monthAndDay: context.locale.monthAndDay(of: date, in: context.timeZone))
    }
}

/// The `weekday` widget: emoji, weekday name and day of the month.
public struct WeekdayWidget: Widget {
    public static let kind = "weekday"

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: WeekdayProvider()) { entry in
            WeekdayView(entry: entry)
        }
        .configurationDisplayName("Weekday")
        .description("Today's weekday, with an emoji for each day.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        // The views pad themselves (10–16 points).
        .contentMarginsDisabled()
    }
}

/// The weekday: its emoji, its name in the display's language, and the day of the month.
public struct WeekdayView: View {
    public let entry: WeekdayEntry
    @Environment(\.widgetFamily) private var family

    public init(entry: WeekdayEntry) {
        self.entry = entry
    }

    public var body: some View {
        switch family {
        case .systemLarge:
            WeekdayMonthView(entry: entry)
                .containerBackground(.white, for: .widget)
        case .systemMedium, .systemExtraLarge:
            HStack(spacing: 16) {
                Text(entry.emoji).font(.system(size: 72))
                VStack(alignment: .leading, spacing: 4) {
                    Text(entry.weekdayName).font(.title).bold().lineLimit(1).minimumScaleFactor(0.5)
                    Text(entry.monthAndDay).font(.title3).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
            }
            .padding(16)
            .containerBackground(.white, for: .widget)
        case .accessoryInline:
            Text("\(entry.emoji) \(entry.weekdayName) \(entry.day.day)").lineLimit(1)
        case .accessoryRectangular:
            HStack(spacing: 8) {
                Text(entry.emoji).font(.title)
                VStack(alignment: .leading, spacing: 0) {
                    Text(entry.weekdayName).font(.headline).lineLimit(1).minimumScaleFactor(0.6)
                    Text(entry.monthAndDay).font(.caption).lineLimit(1).minimumScaleFactor(0.7)
                }
                Spacer(minLength: 0)
            }
        case .accessoryCircular:
            VStack(spacing: 0) {
                Text(entry.emoji).font(.title3)
                Text(String(entry.day.day)).font(.headline)
            }
        default:
            VStack(spacing: 2) {
                Text(entry.emoji).font(.system(size: 48))
                Text(entry.weekdayName).font(.headline).lineLimit(1).minimumScaleFactor(0.5)
                Text(String(entry.day.day)).font(.system(size: 40, weight: .bold))
            }
            .padding(10)
            .containerBackground(.white, for: .widget)
        }
    }
}
