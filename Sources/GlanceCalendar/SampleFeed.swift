import GlanceTime

/// A generated calendar for benchmarks and tests, in the shape a busy shared calendar
/// has: nine events in ten are single one-hour events at 12:00 UTC spread over the 55
/// days after Monday 5 January 2026; one in ten is a weekly one-hour rule without end
/// from that Monday at 12:00 in one of three zones (Berlin, New York, Seoul).
package enum SampleFeed {
    /// The Monday the events begin on.
    package static let firstDay = CalendarDay(year: 2026, month: 1, day: 5)!

    /// The iCalendar text of `events` events (CR LF line ends, as feeds have them).
    package static func generated(events: Int) -> [UInt8] {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Glance//generated//EN\r\n"
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Seoul"]
        for index in 0..<events {
            text += "BEGIN:VEVENT\r\nUID:event-\(index)@example.com\r\nDTSTAMP:20251201T000000Z\r\nSUMMARY:Event \(index)\r\n"
            if index % 10 == 0 {
                text += "DTSTART;TZID=\(zones[index % 3]):20260105T120000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY\r\n"
            } else {
                let stamp = String(firstDay.adding(days: 1 + index % 55).description.filter { $0 != "-" })
                text += "DTSTART:\(stamp)T120000Z\r\nDTEND:\(stamp)T130000Z\r\n"
            }
            text += "END:VEVENT\r\n"
        }
        return Array((text + "END:VCALENDAR\r\n").utf8)
    }
}
