import Foundation
@testable import GlanceTime
import Testing

/// The tz reader agrees with Foundation's (ICU's) zones, instant by instant.
@Suite struct ZoneRulesTests {
    static let zones = ["America/Santiago", "America/Havana", "Asia/Beirut", "Europe/London", "Australia/Lord_Howe",
                        "Asia/Seoul", "America/New_York", "Pacific/Apia", "Asia/Kathmandu", "America/St_Johns",
                        "Africa/Casablanca", "Pacific/Chatham", "UTC", "Europe/Dublin", "America/Sao_Paulo"]

    @Test(arguments: zones)
    func offsetsMatchFoundationFrom1990To2060(identifier: String) throws {
        let rules = try ZoneRules(identifier: identifier)
        let foundation = try #require(TimeZone(identifier: identifier))
        // Every 6 hours plus an odd offset, over 70 years: covers both table and rule.
        var instant: Int64 = 631_152_000 + 1_234
        var checked = 0
        while instant < 2_871_763_200 {
            let date = Date(timeIntervalSince1970: TimeInterval(instant))
            if rules.offset(at: instant) != Int32(foundation.secondsFromGMT(for: date)) {
                Issue.record("\(identifier) at \(date): \(rules.offset(at: instant)) vs \(foundation.secondsFromGMT(for: date))")
                return
            }
            instant += 6 * 3600 + 37
            checked += 1
        }
        #expect(checked > 100_000)
    }

    @Test(arguments: zones)
    func transitionsAreWhereTheOffsetChanges(identifier: String) throws {
        let rules = try ZoneRules(identifier: identifier)
        var instant: Int64 = 1_735_689_600 // 2025-01-01
        for _ in 0..<20 {
            guard let next = rules.nextTransition(after: instant) else { break }
            #expect(next > instant)
            #expect(rules.offset(at: next) != rules.offset(at: next - 1), "\(identifier) at \(next)")
            // Nothing changes in between.
            #expect(rules.offset(at: instant + 1) == rules.offset(at: next - 1) || instant + 1 == next)
            instant = next
        }
    }

    @Test func posixRules() throws {
        let chile = try #require(PosixZoneRule("<-04>4<-03>,M9.1.6/24,M4.1.6/24"))
        #expect(chile.standardOffset == -4 * 3600)
        #expect(chile.daylight?.offset == -10_800)
        let lordHowe = try #require(PosixZoneRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(lordHowe.standardOffset == 37_800)
        #expect(PosixZoneRule("KST-9")?.standardOffset == 32_400 && PosixZoneRule("KST-9")?.daylight == nil)
        #expect(PosixZoneRule("") == nil)
        #expect(PosixZoneRule("EST5EDT,M13.1.0,M11.1.0") == nil)
    }

    @Test func badNamesAndFiles() {
        #expect(throws: ZoneRules.LoadError.invalidIdentifier("../etc/passwd")) { try ZoneRules(identifier: "../etc/passwd") }
        #expect(throws: ZoneRules.LoadError.notFound("Mars/Olympus", directory: "/usr/share/zoneinfo")) {
            try ZoneRules(identifier: "Mars/Olympus")
        }
        #expect(throws: ZoneRules.LoadError.malformed("x", reason: "no TZif header")) { try ZoneRules(identifier: "x", tzif: [1, 2, 3]) }
    }
}
