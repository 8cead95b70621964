import Foundation
import Glance
import Testing

/// `RelativeDateTimeFormatter` (which Linux's Foundation lacks) against the outputs Apple's
/// documentation and its CLDR data give, in four locales.
@Suite struct RelativeDateTimeFormatterTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func formatter(_ locale: String, _ units: RelativeDateTimeFormatter.UnitsStyle = .full,
                   _ style: RelativeDateTimeFormatter.DateTimeStyle = .numeric) -> RelativeDateTimeFormatter {
        let formatter = RelativeDateTimeFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.unitsStyle = units
        formatter.dateTimeStyle = style
        return formatter
    }

    @Test func numericAndNamedInEnglish() {
        let english = formatter("en_US")
        #expect(english.localizedString(for: now.addingTimeInterval(-3600), relativeTo: now) == "1 hour ago")
        #expect(english.localizedString(for: now.addingTimeInterval(3 * 86400), relativeTo: now) == "in 3 days")
        #expect(english.localizedString(for: now.addingTimeInterval(-86400), relativeTo: now) == "1 day ago")
        #expect(formatter("en_US", .full, .named).localizedString(for: now.addingTimeInterval(-86400), relativeTo: now) == "yesterday")
        #expect(formatter("en_US", .full, .named).localizedString(for: now.addingTimeInterval(86400), relativeTo: now) == "tomorrow")
        #expect(formatter("en_US", .short).localizedString(for: now.addingTimeInterval(-2 * 3600), relativeTo: now) == "2 hr. ago")
        #expect(formatter("en_US", .abbreviated).localizedString(for: now.addingTimeInterval(-2 * 3600), relativeTo: now) == "2h ago")
        #expect(formatter("en_US", .spellOut).localizedString(for: now.addingTimeInterval(2 * 3600), relativeTo: now) == "in two hours")
        #expect(english.localizedString(from: DateComponents(day: -1)) == "1 day ago")
        #expect(english.string(for: "not a date") == nil)
    }

    @Test func koreanGermanAndJapanese() {
        #expect(formatter("ko_KR").localizedString(for: now.addingTimeInterval(-3600), relativeTo: now) == "1시간 전")
        #expect(formatter("ko_KR", .full, .named).localizedString(for: now.addingTimeInterval(-86400), relativeTo: now) == "어제")
        #expect(formatter("de_DE").localizedString(for: now.addingTimeInterval(3 * 86400), relativeTo: now) == "in 3 Tagen")
        #expect(formatter("de_DE").localizedString(for: now.addingTimeInterval(-3600), relativeTo: now) == "vor 1 Stunde")
        #expect(formatter("ja_JP").localizedString(for: now.addingTimeInterval(3600), relativeTo: now) == "1 時間後")
    }
}
