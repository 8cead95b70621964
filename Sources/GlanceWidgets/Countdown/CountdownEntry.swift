import FoundationEssentials
import GlanceTime
import GlanceWidgetKit

/// A D-Day counter's content for one day.
public struct CountdownEntry: TimelineEntry, Sendable {
    public let date: Date
    public let title: String
    public let target: CalendarDay
    /// Days from today (in the display's zone) to the target: 3 three days before,
    /// 0 on the day, -2 two days after.
    public let daysRemaining: Int
    /// How many days before the target the entry claims a stack (-1: never).
    public let relevantDays: Int
    /// When the day this entry counts ends (its claim ends with it).
    public let relevantUntil: Date?

    public init(date: Date, title: String, target: CalendarDay, daysRemaining: Int, relevantDays: Int = 0, relevantUntil: Date? = nil) {
        self.date = date
        self.title = title
        self.target = target
        self.daysRemaining = daysRemaining
        self.relevantDays = relevantDays
        self.relevantUntil = relevantUntil
    }

    /// On the target's day 1; `relevantDays` before it, a score that grows to 1 as the day
    /// nears (`1 - days / (relevantDays + 1)`); until the day's end. None before or after.
    public var relevance: TimelineEntryRelevance? {
        guard relevantDays >= 0, (0...relevantDays).contains(daysRemaining) else { return nil }
        let score = 1 - Float(daysRemaining) / Float(relevantDays + 1)
        return TimelineEntryRelevance(score: score, duration: relevantUntil.map { max(0, $0.timeIntervalSince(date)) } ?? 0)
    }

    /// `D-3`, `D-Day`, `D+2`: the Korean and Japanese way of counting to an event.
    public var label: String { Self.label(daysRemaining: daysRemaining) }

    public static func label(daysRemaining: Int) -> String {
        switch daysRemaining {
        case 0: "D-Day"
        case 1...: "D-\(daysRemaining)"
        default: "D+\(-daysRemaining)"
        }
    }
}
