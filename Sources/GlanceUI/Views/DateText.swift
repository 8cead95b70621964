import FoundationEssentials
import GlanceTime

extension Text {
    /// How `Text(date, style:)` shows a date (SwiftUI's `Text.DateStyle`). On paper a
    /// relative or timer text is the value at the instant the frame is drawn.
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case date, time, relative, offset, timer
        }

        let kind: Kind

        /// "January 3, 2027" (in the display's language and order).
        public static let date = DateStyle(kind: .date)
        /// "9:41 AM" or "09:41".
        public static let time = DateStyle(kind: .time)
        /// "2 hr, 5 min" between the date and now.
        public static let relative = DateStyle(kind: .relative)
        /// "+2 hours" or "-5 minutes".
        public static let offset = DateStyle(kind: .offset)
        /// "2:05:00" between the date and now.
        public static let timer = DateStyle(kind: .timer)
    }

    /// A date shown in `style`, in the display's zone and language.
    public init(_ date: Date, style: DateStyle) {
        self.init(runs: [Run(content: .date(DateSpec(date: date, style: style)))])
    }
}

/// A date waiting for the environment (zone, language, now) to become text.
struct DateSpec: Hashable, Sendable {
    let date: Date
    let style: Text.DateStyle

    func text(in environment: EnvironmentValues) -> String {
        let zone = environment.timeZone
        let locale = environment.locale
        let day = CalendarDay(containing: date, in: zone)
        let language = String(locale.identifier.prefix(2))
        switch style.kind {
        case .date:
            let month = locale.monthName(day.month)
            switch language {
            case "en" where locale.identifier.hasPrefix("en_US") || locale.identifier == "en":
                return "\(month) \(day.day), \(day.year)"
            case "ko": return "\(day.year)년 \(day.month)월 \(day.day)일"
            case "ja", "zh": return "\(day.year)年\(day.month)月\(day.day)日"
            case "de": return "\(day.day). \(month) \(day.year)"
            default: return "\(day.day) \(month) \(day.year)"
            }
        case .time:
            let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
            let minuteOfDay = ((seconds % 86_400 + 86_400) % 86_400) / 60
            let hour = minuteOfDay / 60, minute = minuteOfDay % 60
            let mm = minute < 10 ? "0\(minute)" : "\(minute)"
            if locale.identifier.hasPrefix("en_US") || locale.identifier == "en" {
                return "\(hour % 12 == 0 ? 12 : hour % 12):\(mm) \(hour < 12 ? "AM" : "PM")"
            }
            return "\(hour < 10 ? "0" : "")\(hour):\(mm)"
        case .relative:
            return Self.components(abs(date.timeIntervalSince(environment.now)))
        case .offset:
            let interval = date.timeIntervalSince(environment.now)
            let (value, unit) = Self.largestUnit(abs(interval))
            return "\(interval < 0 ? "-" : "+")\(value) \(unit)\(value == 1 ? "" : "s")"
        case .timer:
            let total = Int(abs(date.timeIntervalSince(environment.now)).rounded(.down))
            let h = total / 3600, m = total / 60 % 60, s = total % 60
            let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
            return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
        }
    }

    /// "3 days, 2 hr", "2 hr, 5 min", "5 min", "12 sec": the two largest units.
    static func components(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let parts: [(Int, String)] = [(total / 86_400, total / 86_400 == 1 ? "day" : "days"), (total / 3600 % 24, "hr"),
                                      (total / 60 % 60, "min"), (total % 60, "sec")]
        guard let first = parts.firstIndex(where: { $0.0 > 0 }) else { return "0 sec" }
        return parts[first...].prefix(2).filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }

    static func largestUnit(_ seconds: Double) -> (Int, String) {
        let total = Int(seconds.rounded(.down))
        if total >= 86_400 { return (total / 86_400, "day") }
        if total >= 3600 { return (total / 3600, "hour") }
        if total >= 60 { return (total / 60, "minute") }
        return (total, "second")
    }
}
