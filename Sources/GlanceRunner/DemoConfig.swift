import FoundationEssentials
import GlanceTime

/// The configuration `glance run` (and `glance bench`) uses when given none: a dashboard
/// of the five built-in widgets on the file backend, filling the 7.5" panel's 800×480:
/// the weather down the left half; today and a countdown, a number and a heatmap on the
/// right.
package enum DemoConfig {
    package static func yaml(outputDirectory: String) -> String {
        """
        display:
          backend: file
          path: \(outputDirectory)
          size: 800x480
          colors: bw
        slots:
          # The three that fetch show their gallery snapshot (sample data, no network);
          # remove preview: and give them params (glance widgets weather) for real data.
          - name: weather
            kind: weather
            family: systemLarge
            origin: [0, 0]
            size: 400x480
            preview: true
          - name: today
            kind: weekday
            family: systemSmall
            origin: [400, 0]
            size: 200x200
          - name: new-year
            kind: countdown
            family: systemSmall
            origin: [600, 0]
            size: 200x200
            params: {title: New Year, target: "\(nextNewYear)"}
          - name: visitors
            kind: stat
            family: systemMedium
            origin: [400, 200]
            size: 400x140
            preview: true
            params: {url: "https://api.example.com/stats", path: data.total}
          - name: activity
            kind: heatmap
            family: systemMedium
            origin: [400, 340]
            size: 400x140
            preview: true
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
