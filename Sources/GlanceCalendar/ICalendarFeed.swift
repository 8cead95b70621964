import CGlanceICal
import CICal
import FoundationEssentials
import GlanceTime

/// An iCalendar (RFC 5545) feed read with libical: its events as plain values, and where
/// each TZID's offsets come from. No libical object outlives `parse`, so a feed is a
/// value that threads may share.
package struct ICalendarFeed: Sendable {
    /// The calendar's name as the configuration gives it; every occurrence carries it.
    package let name: String
    /// The VEVENTs in file order, overrides (RECURRENCE-ID) included.
    package let events: [CalendarEvent]
    /// Each TZID the events use, resolved.
    package let zones: [String: ZoneSource]

    /// Larger feeds are refused before libical sees them (16 MiB; a 20,000-event
    /// calendar is about 5 MiB).
    package static let defaultMaximumBytes = 16 << 20

    package init(name: String, events: [CalendarEvent], zones: [String: ZoneSource]) {
        self.name = name
        self.events = events
        self.zones = zones
    }

    /// Reads `bytes` (UTF-8 iCalendar text) with libical, opening libical.so.3 on the first
    /// call (`CalendarError.Reason.libraryMissing` when it cannot be).
    ///
    /// A TZID is resolved first in the system's tz database (through `ZoneRules`), then
    /// in the file's VTIMEZONEs; see `ZoneResolver` for why in that order.
    package static func parse(_ bytes: [UInt8], name: String, maximumBytes: Int = defaultMaximumBytes,
                              zoneDirectory: String = ZoneRules.defaultDirectory) throws(CalendarError) -> ICalendarFeed {
        func fail(_ line: Int?, _ reason: CalendarError.Reason) -> CalendarError { CalendarError(calendar: name, line: line, reason: reason) }
        // libical is opened here, on the first parse: without it every call below would
        // answer "nothing", and a calendar would read as empty instead of as this.
        if let missing = glance_ical_load_error() { throw fail(nil, .libraryMissing(String(cString: missing))) }
        guard bytes.count <= maximumBytes else { throw fail(nil, .tooLarge(bytes: bytes.count, limit: maximumBytes)) }
        let text = SourceLines(bytes)
        // libical answers both of these with nothing at all (or a partial tree), so they
        // are told apart here, where the line is known.
        guard let first = text.firstContentLine, text.line(first, is: "BEGIN:VCALENDAR") else {
            let found = text.firstContentLine.map { String(text.text($0).prefix(40)) } ?? ""
            throw fail(text.firstContentLine ?? 1, .notICalendar(found: found))
        }
        if let nul = text.lineWithNUL { throw fail(nul, .notICalendar(found: "a NUL byte")) }
        guard let last = text.lastContentLine, text.line(last, is: "END:VCALENDAR") else {
            throw fail(text.lastContentLine ?? 1, .truncated)
        }

        guard let root = bytes.withUnsafeBufferPointer({ buffer -> OpaquePointer? in
            // A NUL-terminated copy: libical reads C strings.
            var terminated = Array(buffer)
            terminated.append(0)
            return terminated.withUnsafeBufferPointer { icalparser_parse_string(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
        }) else {
            throw fail(first, .notICalendar(found: "nothing libical can read"))
        }
        defer { icalcomponent_free(root) }
        var reader = LibICalReader(calendar: name, text: text, zoneDirectory: zoneDirectory)
        try reader.read(root)
        return ICalendarFeed(name: name, events: reader.events, zones: reader.zones)
    }
}

/// The file's lines, for what libical does not say: where a problem is. Kept as byte
/// ranges (a 16 MiB feed is not copied into strings line by line).
struct SourceLines {
    private let bytes: [UInt8]
    /// Each physical line's bytes, without its CR LF or LF.
    private let ranges: [Range<Int>]
    let lineWithNUL: Int?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var ranges: [Range<Int>] = []
        // A UTF-8 byte order mark is not part of the first line.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var nul: Int?
        for index in start..<bytes.count {
            if bytes[index] == 0, nul == nil { nul = ranges.count + 1 }
            guard bytes[index] == 0x0A else { continue }
            ranges.append(start..<(index > start && bytes[index - 1] == 0x0D ? index - 1 : index))
            start = index + 1
        }
        ranges.append(start..<bytes.count)
        self.ranges = ranges
        lineWithNUL = nul
    }

    var count: Int { ranges.count }

    /// Line `number` (1-based).
    func text(_ number: Int) -> Substring {
        Substring(String(decoding: bytes[ranges[number - 1]], as: UTF8.self))
    }

    /// Whether line `number`, without trailing blanks, is `word` in any case. (A line
    /// that begins with a blank continues the one before it.)
    func line(_ number: Int, is word: String) -> Bool {
        var range = ranges[number - 1]
        while let last = range.last, bytes[last] == 0x20 || bytes[last] == 0x09 || bytes[last] == 0x0D { range = range.dropLast() }
        return range.count == word.utf8.count
            && zip(bytes[range], word.utf8).allSatisfy { ($0 | 0x20) == ($1 | 0x20) || $0 == $1 }
    }

    private func isBlank(_ number: Int) -> Bool {
        bytes[ranges[number - 1]].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    var firstContentLine: Int? { (1...ranges.count).first { !isBlank($0) } }

    var lastContentLine: Int? { (1...ranges.count).reversed().first { !isBlank($0) } }

    /// The 1-based lines that begin a VEVENT, in order (libical keeps the file's order).
    var eventLines: [Int] {
        (1...ranges.count).filter { ranges[$0 - 1].count >= 12 && line($0, is: "BEGIN:VEVENT") }
    }

    /// The first line in `range` (1-based, inclusive) that `matches`.
    func line(in range: ClosedRange<Int>, where matches: (Substring) -> Bool) -> Int? {
        let clamped = max(1, range.lowerBound)...min(ranges.count, max(range.lowerBound, range.upperBound))
        return clamped.first { matches(text($0)) }
    }
}
