import FoundationEssentials
import FoundationInternationalization

/// The language a display speaks: a POSIX/BCP 47 identifier (`ko_KR`, `de-DE`) and the
/// formats that go with it, from the CLDR data Foundation carries (ICU, linked into the
/// binary: nothing to install on the board).
public struct DisplayLocale: Sendable, Equatable {
    /// The identifier as Foundation spells it (`ko_KR`).
    public let identifier: String
    /// Foundation's locale, for `Date.FormatStyle` and the other format styles.
    public let foundationLocale: Locale
    /// A Gregorian calendar in this language (`firstWeekday` is the locale's).
    public let calendar: Calendar
    /// False when Foundation has no data for the identifier (its root data, English
    /// names, is used then). Asked of ICU's list each time (a configuration's `locale:`
    /// asks once): a set of its 800-odd names kept for the process's life was 33 KiB of
    /// the daemon's private memory.
    public var isAvailable: Bool {
        identifier == "C" || identifier == "POSIX" || Locale.availableIdentifiers.contains(identifier)
    }

    public static let english = DisplayLocale(identifier: "en_US")

    /// `identifier` as `ko_KR`, `ko-KR`, `ko_KR.UTF-8` or `ko`.
    public init(identifier: String) {
        let base = String((identifier.split(separator: ".").first ?? Substring(identifier)).map { $0 == "-" ? "_" : $0 })
        self.identifier = base
        foundationLocale = Locale(identifier: base)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = foundationLocale
        self.calendar = calendar
    }

    public static func == (lhs: DisplayLocale, rhs: DisplayLocale) -> Bool { lhs.identifier == rhs.identifier }

    /// The system's locale: `$LC_ALL`, `$LC_TIME`, `$LANG`, else English.
    public static func current() -> DisplayLocale {
        let environment = ProcessInfo.processInfo.environment
        for key in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = environment[key], !value.isEmpty, value != "C", value != "POSIX", !value.hasPrefix("C.") {
                return DisplayLocale(identifier: value)
            }
        }
        return .english
    }

    /// `date` in `style`, in this language and in `zone` (the display's rules, so the
    /// offset is Glance's own tzdata reading, not ICU's copy).
    public func format(_ date: Date, _ style: Date.FormatStyle, in zone: ZoneRules) -> String {
        var style = style
        style.locale = foundationLocale
        style.calendar = calendar
        style.timeZone = zone.formattingTimeZone(at: date)
        return style.format(date)
    }

    /// The full name of `date`'s weekday ("Monday", "월요일").
    public func weekdayName(of date: Date, in zone: ZoneRules) -> String {
        format(date, Date.FormatStyle().weekday(.wide), in: zone)
    }

    /// `date`'s month and day as the language writes them ("November 23", "11월 23일",
    /// "23. November").
    public func monthAndDay(of date: Date, in zone: ZoneRules) -> String {
        format(date, Date.FormatStyle().month(.wide).day(), in: zone)
    }
}

extension ZoneRules {
    /// Foundation's `TimeZone` with this zone's offset at `date`: exact for formatting
    /// that one instant, whatever tzdata version ICU was built with.
    public func formattingTimeZone(at date: Date) -> TimeZone {
        TimeZone(secondsFromGMT: secondsFromGMT(for: date)) ?? TimeZone(secondsFromGMT: 0)!
    }
}
