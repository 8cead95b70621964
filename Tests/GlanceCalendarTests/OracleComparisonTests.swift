import Foundation
import GlanceCalendar
import GlanceTime
import Testing

/// Every fixture calendar expanded over a window by Glance (libical) and by Python's
/// icalendar + recurring-ical-events, compared exactly: uid, start, end, all-day.
@Suite struct OracleComparisonTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let zone: String
        let from: String
        let to: String
        var testDescription: String { "\(file) in \(zone)" }
    }

    static let cases = [
        // Google: a weekly standup across New York's March change, an EXDATE, a moved and
        // a cancelled instance, a three-day all-day event, a UTC time.
        Case(file: "google-weekly-dst.ics", zone: "America/New_York", from: "2026-02-20T00:00:00Z", to: "2026-05-01T00:00:00Z"),
        // iCloud: a weekly lesson across the November change with an RDATE, an event over
        // midnight, a floating time, a cancelled event; read on a display in New York and
        // in Seoul (the floating time moves with the display, the rest does not).
        Case(file: "icloud-fall-back.ics", zone: "America/New_York", from: "2026-10-10T00:00:00Z", to: "2026-11-20T00:00:00Z"),
        Case(file: "icloud-fall-back.ics", zone: "Asia/Seoul", from: "2026-10-10T00:00:00Z", to: "2026-11-20T00:00:00Z"),
        // Outlook: a Windows zone name defined only by the file's VTIMEZONE (libical's
        // zone here, Python maps the name to Europe/Berlin), two EXDATEs on one line.
        Case(file: "outlook-windows-zone.ics", zone: "Europe/Berlin", from: "2026-03-01T00:00:00Z", to: "2026-05-01T00:00:00Z"),
        // RFC 5545's own examples (3.8.5.3, 3.6.1), with 1997's New York rules from tzdata;
        // rules without end cut by the window, one instance in progress at its start.
        Case(file: "rfc5545-examples.ics", zone: "America/New_York", from: "1997-09-01T00:00:00Z", to: "1998-03-01T00:00:00Z"),
        Case(file: "rfc5545-examples.ics", zone: "America/New_York", from: "1997-10-03T03:00:00Z", to: "1997-12-15T00:00:00Z"),
        // Rules without end: every minute for a day, every day since 2020 (skipped to).
        Case(file: "rrule-without-end.ics", zone: "Asia/Seoul", from: "2026-03-10T00:00:00Z", to: "2026-03-11T00:00:00Z"),
    ]

    @Test(arguments: cases) func matchesTheOracle(_ fixture: Case) throws {
        let feed = try CalendarFixtures.feed(fixture.file)
        let from = CalendarFixtures.instant(fixture.from)
        let to = CalendarFixtures.instant(fixture.to)
        let ours = feed.occurrences(from: from, to: to, zone: try CalendarFixtures.zone(fixture.zone), limit: 100_000).map(CalendarFixtures.line)
        let theirs = try CalendarFixtures.oracle(fixture.file, zone: fixture.zone, from: from, to: to)
        #expect(!ours.isEmpty)
        #expect(ours == theirs, "only Glance: \(ours.filter { !theirs.contains($0) }); only the oracle: \(theirs.filter { !ours.contains($0) })")
    }
}
