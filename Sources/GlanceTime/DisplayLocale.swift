import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The language a display speaks: a POSIX/BCP 47 identifier (`ko_KR`, `de-DE`) and the
/// names it gives to weekdays, taken from the C library's locale data (Debian's
/// `locales-all`, or whatever `locale-gen` made on the board).
public struct DisplayLocale: Sendable, Equatable {
    public let identifier: String
    /// Full weekday names, Sunday first ("Sunday", "일요일").
    public let weekdayNames: [String]
    /// False when the C library has no data for the identifier and English is used.
    public let isAvailable: Bool

    static let englishWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    public static let english = DisplayLocale(identifier: "en_US", weekdayNames: englishWeekdays, isAvailable: true)

    private init(identifier: String, weekdayNames: [String], isAvailable: Bool) {
        self.identifier = identifier
        self.weekdayNames = weekdayNames
        self.isAvailable = isAvailable
    }

    /// Loads `identifier` (`ko_KR`, `ko-KR`, `ko_KR.UTF-8`) from the C library.
    public init(identifier: String) {
        let base = String((identifier.split(separator: ".").first ?? Substring(identifier)).map { $0 == "-" ? "_" : $0 })
        self.identifier = base
        var names: [String]?
        for candidate in [base + ".UTF-8", base + ".utf8", base] {
            if let loaded = Self.weekdayNames(posixLocale: candidate) {
                names = loaded
                break
            }
        }
        weekdayNames = names ?? Self.englishWeekdays
        isAvailable = names != nil || base.hasPrefix("en") || base == "C" || base == "POSIX"
    }

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

    /// The full name of `weekday` (1 = Sunday … 7 = Saturday).
    public func weekdayName(_ weekday: Int) -> String {
        weekdayNames[((weekday - 1) % 7 + 7) % 7]
    }

    private static func weekdayNames(posixLocale name: String) -> [String]? {
        #if canImport(Glibc)
        guard let locale = newlocale(LC_TIME_MASK, name, nil) else { return nil }
        defer { freelocale(locale) }
        var names: [String] = []
        for item in [DAY_1, DAY_2, DAY_3, DAY_4, DAY_5, DAY_6, DAY_7] {
            guard let text = nl_langinfo_l(nl_item(item), locale) else { return nil }
            names.append(String(cString: text))
        }
        return names
        #else
        return nil
        #endif
    }
}
