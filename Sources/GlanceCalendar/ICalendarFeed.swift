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

    /// nil when libical.so.3 can be opened (it is opened on the first parse), else why
    /// not, with the Debian package to install: for `glance check`.
    package static var libraryProblem: String? { glance_ical_load_error().map { String(cString: $0) } }

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
            throw fail(text.firstContentLine ?? 1, .notICalendar(found: text.firstContentLine.map { text.looks($0) } ?? "an empty file"))
        }
        if let nul = text.lineWithNUL { throw fail(nul, .notICalendar(found: "a NUL byte")) }
        guard let last = text.lastContentLine, text.line(last, is: "END:VCALENDAR") else {
            throw fail(text.lastContentLine ?? 1, .truncated)
        }

        // Each VTIMEZONE and VEVENT goes to libical on its own, so the tree libical builds
        // is one event's, not the file's (a 20,000-event feed would be a tree of about 24
        // times its size), and every problem has the exact lines of its event.
        let outline = try text.outline(calendar: name)
        var reader = LibICalReader(calendar: name, text: text, zoneDirectory: zoneDirectory)
        // The zones first: an event may name one that the file defines after it.
        for block in outline where block.kind == .timeZone { try reader.readTimeZone(block.lines) }
        for block in outline where block.kind == .event { try reader.readEvent(block.lines) }
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

    /// What line `number` looks like, in words and never quoted: a file named by a
    /// parameter may be anyone's (`/etc/shadow`), and its text must not reach a page.
    func looks(_ number: Int) -> String {
        let line = text(number).drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }.lowercased()
        if line.hasPrefix("<!doctype html") || line.hasPrefix("<html") { return "an HTML page" }
        if line.hasPrefix("<") { return "XML or HTML" }
        if line.hasPrefix("{") || line.hasPrefix("[") { return "JSON" }
        return "other text"
    }

    var lastContentLine: Int? { (1...ranges.count).reversed().first { !isBlank($0) } }

    /// The components directly inside each VCALENDAR that Glance reads, by their lines
    /// (BEGIN to END, 1-based), from the BEGIN and END lines alone (those are never
    /// folded); what is between them is libical's to read. Other components (VTODO,
    /// VJOURNAL, X-…) are passed over; a BEGIN without its END, or an END of another
    /// component, names its line.
    func outline(calendar: String) throws(CalendarError) -> [Block] {
        var blocks: [Block] = []
        // The open components: name and first line.
        var open: [(name: Substring, line: Int)] = []
        for number in 1...ranges.count {
            let range = ranges[number - 1]
            // "END:X" is the shortest line that matters.
            guard range.count >= 5, bytes[range.lowerBound] | 0x20 == 0x62 || bytes[range.lowerBound] | 0x20 == 0x65 else { continue }
            let line = text(number).uppercased()
            let trimmed = Substring(line).trimmingTrailingBlanks
            if trimmed.hasPrefix("BEGIN:") {
                let name = trimmed.dropFirst(6)
                if open.isEmpty, name != "VCALENDAR" {
                    throw CalendarError(calendar: calendar, line: number, reason: .unbalanced("BEGIN:\(name) outside a VCALENDAR"))
                }
                // libical builds and frees its tree recursively: 600,000 nested VALARMs
                // (15 MB) overflow the stack. No calendar nests past four.
                guard open.count < Self.maximumDepth else {
                    throw CalendarError(calendar: calendar, line: number, reason: .nestedTooDeep(limit: Self.maximumDepth))
                }
                open.append((name, number))
            } else if trimmed.hasPrefix("END:") {
                let name = trimmed.dropFirst(4)
                guard let last = open.last else {
                    throw CalendarError(calendar: calendar, line: number, reason: .unbalanced("END:\(name) with no BEGIN:\(name) before it"))
                }
                guard last.name == name else {
                    throw CalendarError(calendar: calendar, line: number,
                                        reason: .unbalanced("END:\(name) where END:\(last.name) was expected (its BEGIN is on line \(last.line))"))
                }
                open.removeLast()
                // Directly inside a VCALENDAR.
                if open.count == 1 {
                    switch name {
                    case "VEVENT": blocks.append(Block(kind: .event, lines: last.line...number))
                    case "VTIMEZONE": blocks.append(Block(kind: .timeZone, lines: last.line...number))
                    default: break
                    }
                }
            }
        }
        if let last = open.last {
            throw CalendarError(calendar: calendar, line: last.line, reason: .unbalanced("BEGIN:\(last.name) has no END:\(last.name)"))
        }
        return blocks
    }

    /// How deep components may nest, VCALENDAR counted.
    static let maximumDepth = 32

    struct Block {
        enum Kind { case event, timeZone }
        let kind: Kind
        let lines: ClosedRange<Int>
    }

    /// Lines `lines` as a C string (CR LF after each), for libical.
    func cString(_ lines: ClosedRange<Int>) -> [CChar] {
        var result: [CChar] = []
        result.reserveCapacity(ranges[lines.upperBound - 1].upperBound - ranges[lines.lowerBound - 1].lowerBound + 3)
        for number in lines {
            for byte in bytes[ranges[number - 1]] { result.append(CChar(bitPattern: byte)) }
            result.append(0x0D)
            result.append(0x0A)
        }
        result.append(0)
        return result
    }

    /// The first line in `range` (1-based, inclusive) that `matches`.
    func line(in range: ClosedRange<Int>, where matches: (Substring) -> Bool) -> Int? {
        let clamped = max(1, range.lowerBound)...min(ranges.count, max(range.lowerBound, range.upperBound))
        return clamped.first { matches(text($0)) }
    }
}
