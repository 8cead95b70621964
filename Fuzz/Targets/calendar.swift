// libFuzzer target: an iCalendar feed, read event by event with libical and expanded over
// a week. Any input must end in occurrences or a CalendarError, never a crash, and never
// a hang: a rule libical would search through for minutes is refused when read, and the
// expansion stops at its budget (here one second).

import FoundationEssentials
import GlanceCalendar
import GlanceTime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalendar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let feed = try? ICalendarFeed.parse(bytes, name: "fuzz") else { return 0 }
    let from = Date(timeIntervalSince1970: 1_795_000_000)
    _ = feed.expand(from: from, to: from.addingTimeInterval(7 * 86_400), zone: ZoneRules.utc, limit: 200,
                    budget: ExpansionBudget(steps: 200_000, seconds: 1))
    return 0
}
