import FoundationEssentials
import GlanceTime
import GlanceWidgetKit

/// The heatmap's content for one day: the daily values around today and what to say
/// when there are none.
public struct HeatmapEntry: TimelineEntry, Codable, Sendable {
    /// Whether there is data, and if not, why (each has its own friendly message).
    public enum Status: Codable, Equatable, Sendable {
        case ready
        /// Neither `file` nor `url` is configured.
        case unconfigured
        /// The configured file does not exist (yet).
        case missingFile(String)
        /// The file or answer has no readable rows.
        case noRows(String)
        /// The file could not be read, or the URL fetched, and nothing earlier is known.
        case unavailable(String)
    }

    public let date: Date
    public let title: String
    /// The day the display's wall clock shows at `date`: the grid ends in its week.
    public let today: CalendarDay
    /// Each day's value; days without one are absent. Only recent days are kept (see
    /// `HeatmapProvider.keptDays`).
    public let values: [CalendarDay: Double]
    public let status: Status
    /// Whether the streak is shown (the `show_streak` parameter).
    public var showsStreak = true

    public init(date: Date, title: String, today: CalendarDay, values: [CalendarDay: Double], status: Status = .ready) {
        self.date = date
        self.title = title
        self.today = today
        self.values = values
        self.status = status
    }

    /// Days in a row with a value above 0, back from today (or from yesterday while
    /// today has none yet: the day is not over).
    public var currentStreak: Int {
        var day = (values[today] ?? 0) > 0 ? today : today.adding(days: -1)
        var count = 0
        while (values[day] ?? 0) > 0 {
            count += 1
            day = day.adding(days: -1)
        }
        return count
    }

    /// The sum of the values of `days` (days after today count nothing).
    public func total(of days: some Sequence<CalendarDay>) -> Double {
        days.reduce(0) { $1 > today ? $0 : $0 + (values[$1] ?? 0) }
    }

    /// The levels of the values the largest grid shows (the last `weeks` weeks), so
    /// that every family colours a value alike.
    public func levels(weeks: Int = HeatmapCalendar.largeWeeks) -> HeatmapLevels {
        let first = today.adding(days: -7 * weeks)
        return HeatmapLevels(values.lazy.filter { $0.key > first && $0.key <= self.today }.map(\.value))
    }

    // The persisted form: dates as `2026-11-20`, values as the JSON shape files use.
    private enum CodingKeys: String, CodingKey { case date, title, today, values, status, showsStreak }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(Date.self, forKey: .date)
        title = try container.decode(String.self, forKey: .title)
        let todayText = try container.decode(String.self, forKey: .today)
        guard let today = CalendarDay(isoString: todayText) else {
            throw DecodingError.dataCorruptedError(forKey: .today, in: container, debugDescription: "'\(todayText)' is not a date")
        }
        self.today = today
        var values: [CalendarDay: Double] = [:]
        for (key, value) in try container.decode([String: Double].self, forKey: .values) {
            if let day = CalendarDay(isoString: key) { values[day] = value }
        }
        self.values = values
        status = try container.decode(Status.self, forKey: .status)
        showsStreak = try container.decodeIfPresent(Bool.self, forKey: .showsStreak) ?? true
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(title, forKey: .title)
        try container.encode(today.description, forKey: .today)
        try container.encode(Dictionary(uniqueKeysWithValues: values.map { ($0.key.description, $0.value) }), forKey: .values)
        try container.encode(status, forKey: .status)
        if !showsStreak { try container.encode(showsStreak, forKey: .showsStreak) }
    }
}

/// Which of five shades a value gets: 0 for no value (or 0), then 1–4 by where the
/// value stands among the positive values shown (its quantile: the lowest quarter is 1,
/// the highest 4). Days of equal value share a shade; if every active day has the same
/// value, all are 4, as a yes/no log should look.
public struct HeatmapLevels: Equatable, Sendable {
    public static let highest = 4

    /// The positive values, ascending.
    private let sorted: [Double]

    public init(_ values: some Sequence<Double>) {
        sorted = values.filter { $0 > 0 }.sorted()
    }

    public func level(of value: Double?) -> Int {
        guard let value, value > 0, !sorted.isEmpty else { return 0 }
        // How many values are at or below this one (binary search for the upper bound).
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] <= value { low = mid + 1 } else { high = mid }
        }
        // ⌈4 · share⌉, in integers: share = low / count.
        let level = (Self.highest * low + sorted.count - 1) / sorted.count
        return min(Self.highest, max(1, level))
    }
}
