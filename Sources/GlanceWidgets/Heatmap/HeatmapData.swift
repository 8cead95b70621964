import FoundationEssentials
import GlanceFetch
import GlanceSystem
import GlanceTime

/// Daily values read from a CSV or JSON text, and the rows that could not be read.
///
/// Accepted shapes:
/// - CSV: `date,value` lines (`2026-11-20,3`), an optional header line, `#` comments and
///   blank lines. A line with a date alone counts 1, so a log of one line per event works.
/// - JSON: `[{"date": "2026-11-20", "value": 3}, …]` or `{"2026-11-20": 3, …}`.
///
/// A date given twice adds up. Values must be numbers ≥ 0.
public struct HeatmapData: Equatable, Sendable {
    /// Each day's value (days without a row are absent).
    public var values: [CalendarDay: Double]
    /// One line for each of the first skipped rows (`line 7: the first column is not a
    /// date like 2026-11-20; skipped`); at most `listedProblems` (a file of a million bad
    /// rows would otherwise be held as a million messages).
    public private(set) var problems: [String]
    /// How many rows were skipped in all.
    public private(set) var skipped: Int
    /// Why only part of the rows were read (`maximumRows`), if so; what was read is kept.
    var stopped: String?
    public static let listedProblems = 20

    public init(values: [CalendarDay: Double] = [:], problems: [String] = []) {
        self.values = values
        self.problems = Array(problems.prefix(Self.listedProblems))
        skipped = problems.count
    }

    /// Counts a skipped row; its message is built only while it will be listed.
    mutating func skip(_ message: @autoclosure () -> String) {
        skipped += 1
        if problems.count < Self.listedProblems { problems.append(message()) }
    }

    /// Why a text gave no data at all (as opposed to some bad rows).
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        /// Whether a bound gave up the text (too many bad rows), as opposed to a text that
        /// holds no data: said on the slot, not as "no rows yet".
        let isBound: Bool

        init(description: String, isBound: Bool = false) {
            self.description = description
            self.isBound = isBound
        }
    }

    /// Reads JSON when the text starts with `[` or `{`, else CSV.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> HeatmapData {
        let first = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return try parseJSON(bytes) }
        return try parseCSV(bytes)
    }

    /// `date,value` lines; the first line may be a header (`date,count`).
    public static func parseCSV(_ text: String) throws(Failure) -> HeatmapData {
        try parseCSV(Array(text.utf8))
    }

    /// `date,value` lines read as bytes, one line at a time, nothing held but the values:
    /// a 4 MiB file of bad rows costs milliseconds, not the seconds and hundreds of MB of
    /// a string split into lines. Past `maximumRows` rows only the last ones are read (a
    /// log grows at its end, and the grid shows the latest days), and `stopped` says so.
    static func parseCSV(_ bytes: [UInt8]) throws(Failure) -> HeatmapData {
        let rows = scanRows(bytes).rows
        var data = HeatmapData()
        var from = (offset: 0, lineNumber: 1)
        if rows > maximumRows {
            data.stopped = "\(rows) rows, more than \(maximumRows); only the last \(maximumRows) are read"
            let start = scanRows(bytes, findingRow: rows - maximumRows + 1)
            from = (start.offset, start.lineNumber)
        }
        try eachRow(of: bytes, from: from) { (lineNumber, line) throws(Failure) in
            let comma = line.firstIndex(of: UInt8(ascii: ","))
            let dateField = unquoted(trimmed(line[..<(comma ?? line.endIndex)]))
            // A date is ten characters (2026-11-20); nothing longer is made a string.
            guard let day = dateField.count == 10 ? CalendarDay(isoString: String(decoding: dateField, as: UTF8.self)) : nil else {
                // A first line that names its columns is a header, not a bad row.
                if lineNumber == 1 {
                    let text = String(decoding: dateField, as: UTF8.self)
                    if !text.isEmpty, !text.contains(where: \.isNumber) { return }
                }
                data.skip("line \(lineNumber): the first column is not a date like 2026-11-20; skipped")
                if data.skipped >= maximumBadRows { throw tooManyBadRows(lineNumber) }
                return
            }
            var valueField = line[line.endIndex...]
            if let comma {
                let rest = line[(comma + 1)...]
                valueField = unquoted(trimmed(rest[..<(rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex)]))
            }
            // A number longer than 64 characters is not one a person wrote.
            let value: Double? = valueField.isEmpty ? 1 : valueField.count <= 64 ? Double(String(decoding: valueField, as: UTF8.self)) : nil
            guard let value, value.isFinite, value >= 0 else {
                data.skip("line \(lineNumber): the second column is not a number ≥ 0; skipped")
                if data.skipped >= maximumBadRows { throw tooManyBadRows(lineNumber) }
                return
            }
            data.values[day, default: 0] += value
        }
        return data
    }

    /// Calls `body` with each line that is a row (not blank, not a `#` comment), trimmed of
    /// spaces and tabs, and its line number. Lines end at `\n`, `\r\n` or `\r`; a
    /// byte-order mark before the first is passed over.
    private static func eachRow<E: Error>(of bytes: [UInt8], from: (offset: Int, lineNumber: Int),
                                          _ body: (Int, ArraySlice<UInt8>) throws(E) -> Void) throws(E) {
        var lineNumber = from.lineNumber - 1
        var start = from.offset
        let end = bytes.count
        while start < end {
            var stop = start
            while stop < end, bytes[stop] != 0x0A, bytes[stop] != 0x0D { stop += 1 }
            lineNumber += 1
            var line = bytes[start..<stop]
            start = stop + (stop + 1 < end && bytes[stop] == 0x0D && bytes[stop + 1] == 0x0A ? 2 : 1)
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            line = trimmed(line)
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            try body(lineNumber, line)
        }
    }

    /// How many rows `bytes` holds (as `eachRow` counts them), and where row number
    /// `wanted` (from 1) starts: its byte offset and line number. One quick pass over the
    /// bytes, nothing made of them.
    private static func scanRows(_ bytes: [UInt8], findingRow wanted: Int = 0) -> (rows: Int, offset: Int, lineNumber: Int) {
        bytes.withUnsafeBufferPointer { bytes in
            var rows = 0
            var lineNumber = 0
            var index = 0
            let end = bytes.count
            while index < end {
                let start = index
                lineNumber += 1
                if lineNumber == 1, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
                while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                if index < end, bytes[index] != 0x0A, bytes[index] != 0x0D, bytes[index] != UInt8(ascii: "#") {
                    rows += 1
                    if rows == wanted { return (rows, start, lineNumber) }
                }
                while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                index += index + 1 < end && bytes[index] == 0x0D && bytes[index + 1] == 0x0A ? 2 : 1
            }
            return (rows, end, lineNumber + 1)
        }
    }

    /// CSV rows read at most: the last ones of a longer file, and `stopped` says so.
    /// 100000 daily rows are 270 years; a log of one line per event that long is better
    /// summed per day.
    static let maximumRows = 100_000
    /// Bad rows at which a file is given up as not one of `date,value` lines (or items, in
    /// JSON): a few typos are skipped, a file of another kind is said to be one.
    static let maximumBadRows = 1_000

    static func tooManyBadRows(_ line: Int) -> Failure {
        Failure(description: "\(maximumBadRows) bad rows by line \(line); not a file of date,value lines, not read further", isBound: true)
    }

    /// JSON values read at most: `maximumRows` dates of the object form, half as many
    /// items of the list form. A document is a tree of values in memory (a 4 MiB list of
    /// 129000 items held 50 MB and took 1.8 s of CPU), so it is refused whole past this,
    /// not cut.
    static let maximumJSONValues = maximumRows

    /// The commas in `bytes` outside strings: one fewer than the values in each list and
    /// object, so about the number of values in the document.
    static func separators(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { bytes in
            var count = 0
            var inString = false
            var escaped = false
            for byte in bytes {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: ",") {
                    count += 1
                }
            }
            return count
        }
    }

    static func tooManyBadItems(_ position: String) -> Failure {
        Failure(description: "\(maximumBadRows) bad items by \(position); not a list of dates and values, not read further", isBound: true)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return bytes
    }

    private static func unquoted(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.count >= 2 && bytes.first == UInt8(ascii: "\"") && bytes.last == UInt8(ascii: "\"") ? bytes.dropFirst().dropLast() : bytes
    }

    /// `[{"date": …, "value": …}, …]` or `{"date": value, …}`.
    public static func parseJSON(_ bytes: [UInt8]) throws(Failure) -> HeatmapData {
        // The whole document becomes a tree of values (about 40 bytes held for each of a
        // 4 MiB list of 2 million numbers, 140 MB): one quick pass counts them first.
        let values = separators(in: bytes) + 1
        guard values <= maximumJSONValues else {
            throw Failure(description: "more than \(maximumJSONValues) JSON values; not read (a heatmap needs a date and a value a day)", isBound: true)
        }
        guard let json = JSONValue.parse(bytes) else { throw Failure(description: "not valid JSON") }
        var data = HeatmapData()
        switch json {
        case .array(let items):
            for (index, item) in items.enumerated() {
                let at = "item \(index + 1)"
                guard case .object = item else {
                    data.skip("\(at): expected {\"date\": …, \"value\": …}, found \(item.kindName); skipped")
                    if data.skipped >= maximumBadRows { throw tooManyBadItems(at) }
                    continue
                }
                data.add(date: item["date"], value: item["value"], at: at)
                if data.skipped >= maximumBadRows { throw tooManyBadItems(at) }
            }
        case .object(let fields):
            // Dictionaries have no order; problems are listed by key.
            for (index, (key, value)) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                let at = "key \(index + 1) (in sorted order)"
                data.add(date: .string(key), value: value, at: at)
                if data.skipped >= maximumBadRows { throw tooManyBadItems(at) }
            }
        default:
            throw Failure(description: "expected a list of {\"date\": …, \"value\": …} or an object of date: value, found \(json.kindName)")
        }
        return data
    }

    private mutating func add(date: JSONValue?, value: JSONValue?, at position: String) {
        guard let dateText = date?.string, let day = CalendarDay(isoString: dateText.trimmedOfSpaces) else {
            skip("\(position): \(date == nil ? "no date" : "the date is not a date like 2026-11-20"); skipped")
            return
        }
        let number: Double? = switch value {
        case nil, .null?: 1
        case let value?: value.number
        }
        guard let number, number.isFinite, number >= 0 else {
            skip("\(position): the value is not a number ≥ 0; skipped")
            return
        }
        values[day, default: 0] += number
    }

}

extension JSONValue {
    /// What kind of value this is, for a message that must not quote a file's contents.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a true/false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
