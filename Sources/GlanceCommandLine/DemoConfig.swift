import FoundationEssentials
import GlanceTime

/// The configuration `glance run` (and `glance bench`) uses when given none: a dashboard
/// of the built-in widgets on the file backend, at the 7.5" panel's 800×480.
enum DemoConfig {
    static func yaml(outputDirectory: String) -> String {
        """
        display:
          backend: file
          path: \(outputDirectory)
          size: 800x480
          colors: bw
        slots:
          - name: launch
            kind: countdown
            family: systemMedium
            params: {title: Launch, target: "\(nextNewYear)"}
          - name: today
            kind: weekday
            family: systemSmall
          - name: holidays
            kind: countdown
            family: systemSmall
            params: {title: Holidays, target: "\(day(month: 12, day: 24))"}
          - name: week
            kind: weekday
            family: systemMedium
          - name: trip
            kind: countdown
            family: systemMedium
            params: {title: Trip to Busan, target: "\(day(month: 4, day: 1))"}
        keys:
          A: reload-all
        """
    }

    /// The demo counts down to the next 1 January, so it always shows a future date.
    private static var nextNewYear: String { day(month: 1, day: 1) }

    /// The next occurrence of a month and day, today included.
    private static func day(month: Int, day: Int) -> String {
        let today = CalendarDay(containing: .now, in: ZoneRules.current())
        for year in today.year...(today.year + 1) {
            if let candidate = CalendarDay(year: year, month: month, day: day), candidate >= today { return candidate.description }
        }
        return "\(today.year + 1)-01-01"
    }
}
