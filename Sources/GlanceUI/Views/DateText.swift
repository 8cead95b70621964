import FoundationEssentials
import FoundationInternationalization
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

    /// A timer over `timerInterval` (SwiftUI's `Text(timerInterval:pauseTime:countsDown:showsHours:)`):
    /// what is left of it (or, not `countsDown`, what has passed) at the frame's instant or
    /// at `pauseTime`, as "4:59" or "1:04:59"; without `showsHours`, "64:59". Before the
    /// interval it shows the whole length (counting down) or 0:00, after it the other end.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        let value = FormattedValue(text: { environment in
            let now = pauseTime ?? environment.now
            let length = max(0, timerInterval.upperBound.timeIntervalSince(timerInterval.lowerBound))
            let passed = min(max(0, now.timeIntervalSince(timerInterval.lowerBound)), length)
            let seconds = Int64((countsDown ? length - passed : passed).rounded(countsDown ? .up : .down))
            let hours = showsHours ? seconds / 3600 : 0
            let minutes = (seconds - hours * 3600) / 60
            let rest = seconds % 60
            let twoDigits = { (value: Int64) in value < 10 ? "0\(value)" : "\(value)" }
            return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
        })
        self.init(runs: [Run(content: .formatted(value))])
    }
}

/// A date waiting for the environment (zone, language, now) to become text.
struct DateSpec: Hashable, Sendable {
    let date: Date
    let style: Text.DateStyle

    func text(in environment: EnvironmentValues) -> String {
        let locale = environment.locale
        switch style.kind {
        case .date:
            return locale.format(date, Date.FormatStyle(date: .long, time: .omitted), in: environment.timeZone)
        case .time:
            return locale.format(date, Date.FormatStyle(date: .omitted, time: .shortened), in: environment.timeZone)
        case .relative:
            // SwiftUI: "2 hr, 5 min", the two largest units, no direction.
            let style = Duration.UnitsFormatStyle(allowedUnits: [.days, .hours, .minutes, .seconds], width: .abbreviated,
                                                  maximumUnitCount: 2, fractionalPart: .hide(rounded: .down))
            return span(to: environment.now).formatted(style.locale(locale.foundationLocale))
        case .offset:
            // SwiftUI: "+2 hours", "-5 minutes": the largest unit, with its sign.
            let style = Duration.UnitsFormatStyle(allowedUnits: [.days, .hours, .minutes, .seconds], width: .wide,
                                                  maximumUnitCount: 1, fractionalPart: .hide(rounded: .down))
            let sign = date < environment.now ? "-" : "+"
            return sign + span(to: environment.now).formatted(style.locale(locale.foundationLocale))
        case .timer:
            // SwiftUI: "2:05:00", or "5:00" under an hour.
            let span = span(to: environment.now)
            let pattern: Duration.TimeFormatStyle.Pattern = span >= .seconds(3600) ? .hourMinuteSecond : .minuteSecond
            return span.formatted(Duration.TimeFormatStyle(pattern: pattern).locale(locale.foundationLocale))
        }
    }

    /// Whole seconds between the date and `now`, either way.
    private func span(to now: Date) -> Duration {
        .seconds(Int64(abs(date.timeIntervalSince(now)).rounded(.down)))
    }
}

/// A value and its format style, formatted when the tree resolves.
struct FormattedValue: @unchecked Sendable {
    // Unchecked: the input need not be Sendable; a view tree is built and resolved on one
    // thread, and the closure only reads what it captured.
    let text: (EnvironmentValues) -> String

    init(text: @escaping (EnvironmentValues) -> String) { self.text = text }

    init<Style: FormatStyle>(_ input: Style.FormatInput, _ format: Style) where Style.FormatOutput == String {
        text = { environment in
            let locale = environment.locale.foundationLocale
            if var style = format as? Date.FormatStyle, let date = input as? Date {
                if style.timeZone == .autoupdatingCurrent { style.timeZone = environment.timeZone.formattingTimeZone(at: date) }
                if style.locale == .autoupdatingCurrent { style.locale = locale }
                // The display's calendar, as `DisplayLocale.format` sets it: the same
                // pattern then reuses Foundation's one ICU formatter (about 27 KiB each).
                if style.calendar == .autoupdatingCurrent { style.calendar = environment.locale.calendar }
                return style.format(date)
            }
            if let style = format as? Date.RelativeFormatStyle, let date = input as? Date {
                let anchored = Date.AnchoredRelativeFormatStyle(
                    anchor: date, presentation: style.presentation, unitsStyle: style.unitsStyle,
                    locale: style.locale == .autoupdatingCurrent ? locale : style.locale,
                    calendar: style.calendar == .autoupdatingCurrent ? environment.locale.calendar : style.calendar,
                    capitalizationContext: style.capitalizationContext)
                return anchored.format(environment.now)
            }
            return format.locale(locale).format(input)
        }
    }
}
