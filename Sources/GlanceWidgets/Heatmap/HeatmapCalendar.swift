import GlanceTime

/// The grid of a contributions calendar: weeks as columns (oldest first), the seven
/// weekdays as rows starting on the locale's first weekday, the last column holding today.
public struct HeatmapCalendar: Equatable, Sendable {
    /// About four months: what a large widget shows.
    public static let largeWeeks = 18
    /// About six weeks: what a medium widget shows.
    public static let mediumWeeks = 6

    /// Columns, oldest first; each holds seven days from the first weekday on.
    public let weeks: [[CalendarDay]]
    /// 1 = Sunday … 7 = Saturday (Foundation's numbering; `Calendar.firstWeekday`).
    public let firstWeekday: Int

    /// `weeks` columns ending with the week that holds `today`.
    public init(endingWith today: CalendarDay, weeks count: Int, firstWeekday: Int) {
        self.firstWeekday = firstWeekday
        let lastStart = Self.weekStart(of: today, firstWeekday: firstWeekday)
        weeks = (0..<max(1, count)).map { index in
            let start = lastStart.adding(days: -7 * (max(1, count) - 1 - index))
            return (0..<7).map { start.adding(days: $0) }
        }
    }

    /// The first day of the week `day` falls in.
    public static func weekStart(of day: CalendarDay, firstWeekday: Int) -> CalendarDay {
        day.adding(days: -((day.weekday - firstWeekday + 7) % 7))
    }

    /// Row `row`'s weekday (1 = Sunday … 7 = Saturday).
    public func weekday(ofRow row: Int) -> Int { (firstWeekday - 1 + row) % 7 + 1 }

    /// Where month names go: the columns in which a month begins (the column holding its
    /// 1st), and the first column too when the next name is at least `room` columns away.
    public func monthLabels(room: Int = 3) -> [MonthLabel] {
        var labels: [MonthLabel] = []
        for (column, week) in weeks.enumerated() {
            if let first = week.first(where: { $0.day == 1 }) { labels.append(MonthLabel(column: column, month: first.month)) }
        }
        if let head = weeks.first?.first, labels.first?.column != 0, (labels.first?.column ?? Int.max) >= room {
            labels.insert(MonthLabel(column: 0, month: head.month), at: 0)
        }
        return labels
    }

    /// A month's name above a column.
    public struct MonthLabel: Hashable, Sendable {
        public let column: Int
        /// 1 = January.
        public let month: Int
    }
}
