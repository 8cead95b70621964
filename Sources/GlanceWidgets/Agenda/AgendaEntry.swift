import FoundationEssentials
import GlanceWidgetKit

/// The agenda at one instant: the events not yet over within the horizon, which of them
/// are in progress, and what went wrong with a calendar, if anything did.
///
/// `Codable`, so the host keeps the last good one across restarts.
public struct AgendaEntry: TimelineEntry, Codable, Sendable, Equatable {
    public var date: Date
    /// Sorted by start (all-day events first on their day's midnight), then calendar.
    public var events: [AgendaEvent]
    /// The calendars' names in the configured order (an event's `calendarIndex` is into this).
    public var calendars: [String]
    /// Each calendar's colour on colour panels, `#RRGGBB`, in the order of `calendars`;
    /// a calendar without one (an entry kept from before colours) takes the default
    /// palette's.
    public var colors: [String]
    /// The last instant events were looked for (now + `days`).
    public var horizon: Date
    /// One line for a calendar that could not be read (its last good copy, if any, is
    /// still shown); `nil` when all were.
    public var problem: String?
    /// Sample events standing in while no calendar has been read (drawn redacted).
    public var isPlaceholder: Bool
    /// A digest of the calendars' sources, so a slot whose config now names others does
    /// not show these events as its own.
    public var source: String

    public init(date: Date, events: [AgendaEvent], calendars: [String], colors: [String] = [], horizon: Date, problem: String? = nil,
                isPlaceholder: Bool = false, source: String = "") {
        self.date = date
        self.events = events
        self.calendars = calendars
        self.colors = colors
        self.horizon = horizon
        self.problem = problem
        self.isPlaceholder = isPlaceholder
        self.source = source
    }

    /// Reads entries kept before `colors` was added as well (they have none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(Date.self, forKey: .date)
        events = try container.decode([AgendaEvent].self, forKey: .events)
        calendars = try container.decode([String].self, forKey: .calendars)
        colors = try container.decodeIfPresent([String].self, forKey: .colors) ?? []
        horizon = try container.decode(Date.self, forKey: .horizon)
        problem = try container.decodeIfPresent(String.self, forKey: .problem)
        isPlaceholder = try container.decode(Bool.self, forKey: .isPlaceholder)
        source = try container.decode(String.self, forKey: .source)
    }

    /// The events in progress at `date`.
    public var inProgress: [AgendaEvent] { events.filter(\.isInProgress) }

    /// The next event that is not all-day: the one in progress, else the first to begin.
    public var next: AgendaEvent? {
        events.first { !$0.isAllDay && $0.isInProgress } ?? events.first { !$0.isAllDay } ?? events.first
    }
}

/// One occurrence of an event, as the agenda shows it.
public struct AgendaEvent: Codable, Sendable, Equatable {
    public var title: String
    public var location: String
    /// For all-day events, the display's midnight that begins the first day.
    public var start: Date
    /// For all-day events, the midnight after the last day.
    public var end: Date
    public var isAllDay: Bool
    /// Its calendar's place in `calendars` (which marker and colour it gets).
    public var calendarIndex: Int
    public var calendar: String
    /// Begun and not over at the entry's date.
    public var isInProgress: Bool

    public init(title: String, location: String = "", start: Date, end: Date, isAllDay: Bool = false, calendarIndex: Int = 0,
                calendar: String = "", isInProgress: Bool = false) {
        self.title = title
        self.location = location
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
        self.calendarIndex = calendarIndex
        self.calendar = calendar
        self.isInProgress = isInProgress
    }

    /// The marker of calendar `index` on ink panels: ● ■ ▲ ◆, then again.
    public static func marker(_ index: Int) -> String {
        ["●", "■", "▲", "◆"][((index % 4) + 4) % 4]
    }
}
