import Foundation
import GlanceTime
import Testing

/// Quiet hours and `when:` windows: read from their text, asked on a wall clock in a zone.
@Suite struct TimeWindowsTests {
    func instant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

    func problem(_ texts: [String]) -> String {
        do {
            _ = try TimeWindows.parse(texts)
            return "no problem"
        } catch {
            return error.description
        }
    }

    @Test func windowsAreReadWithTheirDays() throws {
        #expect(try TimeWindows.window("23:00-07:00") == .init(start: 1380, end: 420))
        #expect(try TimeWindows.window("mon-fri 08:00-18:00") == .init(weekdays: [2, 3, 4, 5, 6], start: 480, end: 1080))
        #expect(try TimeWindows.window("sat,sun 23:00-09:00") == .init(weekdays: [1, 7], start: 1380, end: 540))
        #expect(try TimeWindows.window("fri-mon 0:00-24:00") == .init(weekdays: [6, 7, 1, 2], start: 0, end: 1440))
        #expect(try TimeWindows.window("Weekends,wed 7:30-8:00").weekdays == [1, 4, 7])
        #expect(try TimeWindows.parse(["sun-thu 23:00-07:00", "fri,sat 23:00-09:00"]).description
                == "sun,mon,tue,wed,thu 23:00-07:00, fri,sat 23:00-09:00")
    }

    @Test(arguments: [
        (["23:00"], "expected times like 23:00-07:00"),
        (["25:00-07:00"], "expected times like 23:00-07:00"),
        (["07:60-08:00"], "expected times like 23:00-07:00"),
        (["funday 07:00-08:00"], "expected days like mon-fri, sat,sun, weekdays or weekends, found 'funday'"),
        (["mon fri 07:00-08:00"], "expected a window like 23:00-07:00"),
        (["08:00-08:00"], "the window '08:00-08:00' is empty"),
        (["23:00-07:00", "06:00-08:00"], "'23:00-07:00' and '06:00-08:00' overlap"),
        // Friday night runs into Saturday morning's window.
        (["fri 22:00-02:00", "sat 01:00-03:00"], "overlap"),
        // Saturday night wraps into Sunday, the week's first day.
        (["sat 22:00-02:00", "sun 01:00-03:00"], "overlap"),
    ])
    func badWindowsSayWhy(texts: [String], expected: String) {
        let message = problem(texts)
        #expect(message.contains(expected), "got: \(message)")
    }

    @Test func nightsThatCrossMidnightBelongToTheDayTheyBegin() throws {
        let seoul = try ZoneRules(identifier: "Asia/Seoul")
        // Weeknights end at 07:00, the weekend's mornings at 09:00.
        let sleep = try TimeWindows.parse(["sun-thu 23:00-07:00", "fri,sat 23:00-09:00"])
        // Friday 2026-11-27.
        #expect(!sleep.contains(try instant("2026-11-27T22:59:59+09:00"), in: seoul))
        #expect(sleep.contains(try instant("2026-11-27T23:00:00+09:00"), in: seoul))
        #expect(sleep.contains(try instant("2026-11-28T08:59:59+09:00"), in: seoul))
        #expect(!sleep.contains(try instant("2026-11-28T09:00:00+09:00"), in: seoul))
        #expect(sleep.nextChange(after: try instant("2026-11-27T12:00:00+09:00"), in: seoul) == (try instant("2026-11-27T23:00:00+09:00")))
        #expect(sleep.nextChange(after: try instant("2026-11-27T23:00:00+09:00"), in: seoul) == (try instant("2026-11-28T09:00:00+09:00")))
        // Sunday night is a weeknight: Monday's morning ends at 07:00.
        #expect(sleep.end(ofWindowAt: try instant("2026-11-30T02:00:00+09:00"), in: seoul) == (try instant("2026-11-30T07:00:00+09:00")))
        #expect(sleep.end(ofWindowAt: try instant("2026-11-30T12:00:00+09:00"), in: seoul) == nil)
    }

    @Test func windowsThatMeetAreOneSpan() throws {
        let utc = ZoneRules.utc
        let windows = try TimeWindows.parse(["22:00-24:00", "00:00-06:00"])
        #expect(windows.nextChange(after: try instant("2026-11-27T21:00:00Z"), in: utc) == (try instant("2026-11-27T22:00:00Z")))
        #expect(windows.nextChange(after: try instant("2026-11-27T22:00:00Z"), in: utc) == (try instant("2026-11-28T06:00:00Z")))
        #expect(try TimeWindows.parse(["00:00-24:00"]).nextChange(after: try instant("2026-11-27T21:00:00Z"), in: utc) == nil)
        #expect(TimeWindows([]).nextChange(after: try instant("2026-11-27T21:00:00Z"), in: utc) == nil)
    }

    /// Where the clock jumps over a window's start, the window begins at the jump; where it
    /// falls back over its end, it ends at the end's first showing.
    @Test func daylightSavingMovesTheWallClockNotTheWindow() throws {
        let london = try ZoneRules(identifier: "Europe/London")
        let windows = try TimeWindows.parse(["01:30-02:30"])
        // 29 March 2026: 01:00 GMT becomes 02:00 BST; 01:30 never shows.
        #expect(windows.nextChange(after: try instant("2026-03-29T00:00:00Z"), in: london) == (try instant("2026-03-29T01:00:00Z")))
        #expect(windows.nextChange(after: try instant("2026-03-29T01:00:00Z"), in: london) == (try instant("2026-03-29T01:30:00Z")))
        // 25 October 2026: 02:00 BST becomes 01:00 GMT; 01:30 shows twice, the first counts.
        #expect(windows.nextChange(after: try instant("2026-10-24T23:00:00Z"), in: london) == (try instant("2026-10-25T00:30:00Z")))
        let night = try TimeWindows.parse(["23:00-01:30"])
        #expect(night.nextChange(after: try instant("2026-10-24T22:30:00Z"), in: london) == (try instant("2026-10-25T00:30:00Z")))
    }
}
