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
    /// Full month names, January first.
    public let monthNames: [String]
    /// False when the C library has no data for the identifier and English is used.
    public let isAvailable: Bool

    static let englishNames = Names(
        weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                 "November", "December"]
    )

    public static let english = DisplayLocale(identifier: "en_US", names: englishNames, isAvailable: true)

    struct Names {
        var weekdays: [String]
        var months: [String]
    }

    private init(identifier: String, names: Names, isAvailable: Bool) {
        self.identifier = identifier
        weekdayNames = names.weekdays
        monthNames = names.months
        self.isAvailable = isAvailable
    }

    /// Loads `identifier` (`ko_KR`, `ko-KR`, `ko_KR.UTF-8`) from the C library.
    public init(identifier: String) {
        let base = String((identifier.split(separator: ".").first ?? Substring(identifier)).map { $0 == "-" ? "_" : $0 })
        self.identifier = base
        var names: Names?
        for candidate in [base + ".UTF-8", base + ".utf8", base] {
            if let loaded = Self.names(posixLocale: candidate) {
                names = loaded
                break
            }
        }
        let chosen = names ?? Self.englishNames
        weekdayNames = chosen.weekdays
        monthNames = chosen.months
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

    /// The full name of `month` (1 = January).
    public func monthName(_ month: Int) -> String {
        monthNames[((month - 1) % 12 + 12) % 12]
    }

    private static func names(posixLocale name: String) -> Names? {
        #if canImport(Glibc)
        guard let locale = newlocale(LC_TIME_MASK, name, nil) else { return nil }
        defer { freelocale(locale) }
        func read(_ items: [Int32]) -> [String]? {
            var result: [String] = []
            for item in items {
                guard let text = nl_langinfo_l(nl_item(item), locale) else { return nil }
                result.append(String(cString: text))
            }
            return result
        }
        guard let weekdays = read([DAY_1, DAY_2, DAY_3, DAY_4, DAY_5, DAY_6, DAY_7].map { Int32($0) }),
              let months = read([MON_1, MON_2, MON_3, MON_4, MON_5, MON_6, MON_7, MON_8, MON_9, MON_10, MON_11, MON_12].map { Int32($0) })
        else { return nil }
        return Names(weekdays: weekdays, months: months)
        #else
        return nil
        #endif
    }
}
