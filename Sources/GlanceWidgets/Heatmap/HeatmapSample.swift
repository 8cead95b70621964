import FoundationEssentials
import GlanceTime

/// Made-up but plausible activity for the gallery and the placeholder: busier on
/// weekdays, quiet weekends, a few days off, the odd busy day. The same day always gets
/// the same value, so pictures are reproducible.
enum HeatmapSample {
    static func entry(title: String, at date: Date, today: CalendarDay) -> HeatmapEntry {
        var values: [CalendarDay: Double] = [:]
        for offset in 0..<(7 * (HeatmapCalendar.largeWeeks + 1)) {
            let day = today.adding(days: -offset)
            let value = self.value(on: day)
            if value > 0 { values[day] = value }
        }
        return HeatmapEntry(date: date, title: title, today: today, values: values)
    }

    static func value(on day: CalendarDay) -> Double {
        // A small integer hash of the day (splitmix64's finaliser).
        var x = UInt64(bitPattern: Int64(day.daysSinceEpoch)) &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        x ^= x >> 31
        let roll = Int(x % 100)
        let weekend = day.weekday == 1 || day.weekday == 7
        if roll < (weekend ? 60 : 15) { return 0 }
        let base = weekend ? 1 + roll % 3 : 1 + roll % 7
        return Double(roll > 94 ? base + 8 : base)
    }
}
