import FoundationEssentials
import GlanceIntents
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The countdown's settings: `params: {title: Launch, target: "2027-01-03"}`.
public struct CountdownIntent: WidgetConfigurationIntent, ParameterChecking {
    public static let title: LocalizedStringResource = "Countdown"
    public static let description: IntentDescription? = "Days to go until a date."

    @Parameter(title: "Title", default: "D-Day")
    public var title: String

    /// Read as a calendar day in the display's zone; a time of day, if given, is ignored.
    @Parameter(title: "Target date")
    public var target: Date

    /// In a stack, the countdown claims the place on its day, and from this many days
    /// before with a score that grows as the day nears (`relevant_days: 3`: D-3 0.25,
    /// D-2 0.5, D-1 0.75, D-Day 1); -1: never.
    // Named as the config writes it.
    @Parameter(title: "Relevant from (days before)", default: 0)
    public var relevant_days: Int

    public init() {}

    public func checkParameters() throws(IntentConfigurator.Failure) {
        guard (-1...366).contains(relevant_days) else {
            throw .invalidValue(name: "relevant_days", value: "\(relevant_days)", expected: "a number of days from 0 to 366, or -1 for never")
        }
    }
}

/// Counts days to `target` and changes exactly at local midnight.
public struct CountdownProvider: AppIntentTimelineProvider {
    public init() {}

    public func placeholder(in context: Context) -> CountdownEntry {
        CountdownEntry(date: context.date, title: "Launch", target: context.today.adding(days: 3), daysRemaining: 3)
    }

    public func snapshot(for configuration: CountdownIntent, in context: Context) async -> CountdownEntry {
        entry(for: configuration, in: context)
    }

    /// For the gallery: the days to the coming New Year.
    public func recommendations() -> [AppIntentRecommendation<CountdownIntent>] {
        let zone = ZoneRules.current()
        let today = CalendarDay(containing: .now, in: zone)
        let intent = CountdownIntent()
        intent.title = "New Year"
        intent.target = CalendarDay(year: today.year + 1, month: 1, day: 1).flatMap { $0.start(in: zone) } ?? .now
        return [AppIntentRecommendation(intent: intent, description: "Days to the New Year")]
    }

    /// One entry for today; the next timeline is asked for at the next local midnight.
    public func timeline(for configuration: CountdownIntent, in context: Context) async -> Timeline<CountdownEntry> {
        let midnight = CalendarDay.nextDayStart(after: context.date, in: context.timeZone)
        return Timeline(entries: [entry(for: configuration, in: context)], policy: .after(midnight))
    }

    func entry(for configuration: CountdownIntent, in context: Context) -> CountdownEntry {
        let target = CalendarDay(containing: configuration.target, in: context.timeZone)
        return CountdownEntry(
            date: context.date,
            title: configuration.title,
            target: target,
            daysRemaining: context.today.days(until: target),
            relevantDays: configuration.relevant_days,
            relevantUntil: CalendarDay.nextDayStart(after: context.date, in: context.timeZone)
        )
    }
}

/// The `countdown` widget: a title, a big `D-3`, and the target date.
public struct CountdownWidget: Widget {
    public static let kind = "countdown"

    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Self.kind, intent: CountdownIntent.self, provider: CountdownProvider()) { entry in
            CountdownView(entry: entry)
        }
        .configurationDisplayName("Countdown")
        .description("Days to go until a date, as D-3, D-Day, D+2.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        // The views pad themselves (14–16 points), drawn for paper before content margins existed.
        .contentMarginsDisabled()
    }
}
