import Foundation
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
    /// The last good entry this slot showed, from this run or persisted by an earlier one
    /// (`nil` at first, in previews, and for entries that are not `Codable` after a
    /// restart). A provider whose fetch fails can show it again, marked as old, with
    /// `.retry(because:)`.
    nonisolated(unsafe) public var lastEntry: (any TimelineEntry)?
    /// What the provider may keep for as long as its slot runs (`nil` outside a running
    /// slot): released with the slot.
    package var resources: SlotResources?

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
