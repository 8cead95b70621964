import Foundation
import GlanceTime

/// What a provider is told about where and when its entries will be shown
/// (WidgetKit's `TimelineProviderContext`).
public struct TimelineProviderContext: Sendable {
    public let family: WidgetFamily
    /// The slot's size in points.
    public let displaySize: CGSize
    /// True when the host asks for a gallery snapshot, not for the wall.
    public let isPreview: Bool

    // Glance additions: providers that read these instead of `Date()` and
    // `TimeZone.current` also run correctly in `glance simulate` and in tests.

    /// The instant the host considers "now" (virtual in simulations).
    public let date: Date
    /// The display's zone (the config's `timezone`).
    public let timeZone: TimeZone
    /// The display's locale (the config's `locale`).
    public let locale: Locale

    public init(
        family: WidgetFamily,
        displaySize: CGSize,
        isPreview: Bool = false,
        date: Date,
        timeZone: TimeZone,
        locale: Locale
    ) {
        self.family = family
        self.displaySize = displaySize
        self.isPreview = isPreview
        self.date = date
        self.timeZone = timeZone
        self.locale = locale
    }

    /// A Gregorian calendar in the display's zone and locale.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        return calendar
    }

    /// The calendar day the display's wall clock shows now.
    public var today: CalendarDay { CalendarDay(containing: date, in: timeZone) }
}
