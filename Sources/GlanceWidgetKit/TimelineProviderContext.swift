import FoundationEssentials
import GlanceTime

/// What a provider is told about where and when its entries will be shown
/// (WidgetKit's `TimelineProviderContext`).
public struct TimelineProviderContext: Sendable {
    public let family: WidgetFamily
    /// The slot's size in points.
    public let displaySize: WidgetSize
    /// True when the host asks for a gallery snapshot, not for the wall.
    public let isPreview: Bool

    // Glance additions: providers that read these instead of `Date()` and
    // `TimeZone.current` also run correctly in `glance simulate` and in tests.

    /// The instant the host considers "now" (virtual in simulations).
    public let date: Date
    /// The display's zone (the config's `timezone`), from the tz database.
    public let timeZone: ZoneRules
    /// The display's language (the config's `locale`).
    public let locale: DisplayLocale

    public init(
        family: WidgetFamily,
        displaySize: WidgetSize,
        isPreview: Bool = false,
        date: Date,
        timeZone: ZoneRules,
        locale: DisplayLocale
    ) {
        self.family = family
        self.displaySize = displaySize
        self.isPreview = isPreview
        self.date = date
        self.timeZone = timeZone
        self.locale = locale
    }

    /// The calendar day the display's wall clock shows now.
    public var today: CalendarDay { CalendarDay(containing: date, in: timeZone) }
}
