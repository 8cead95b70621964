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

    public init(date: Date, title: String, target: CalendarDay, daysRemaining: Int) {
        self.date = date
        self.title = title
        self.target = target
        self.daysRemaining = daysRemaining
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
