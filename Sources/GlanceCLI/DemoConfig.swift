import FoundationEssentials
import GlanceTime

/// The configuration `glance run` uses when it is given none: the two built-in widgets
/// on the file backend, at the 7.5" panel's size.
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
        keys:
          A: reload-all
        """
    }

    /// The demo counts down to the next 1 January, so it always shows a future date.
    private static var nextNewYear: String {
        let year = CalendarDay(containing: .now, in: ZoneRules.current()).year + 1
        return "\(year)-01-01"
    }
}
