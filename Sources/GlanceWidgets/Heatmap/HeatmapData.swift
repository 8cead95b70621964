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
    }

    /// Reads JSON when the text starts with `[` or `{`, else CSV.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> HeatmapData {
        let first = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return try parseJSON(bytes) }
        return try parseCSV(String(decoding: bytes, as: UTF8.self))
    }

    /// `date,value` lines; the first line may be a header (`date,count`).
    public static func parseCSV(_ text: String) throws(Failure) -> HeatmapData {
        var data = HeatmapData()
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            var line = Substring(rawLine)
            if lineNumber == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let trimmed = String(line).trimmedOfSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
                .map { unquoted(String($0).trimmedOfSpaces) }
            let dateText = fields[0]
            guard let day = CalendarDay(isoString: dateText) else {
                // A first line that names its columns is a header, not a bad row.
                if lineNumber == 1, !dateText.isEmpty, !dateText.contains(where: \.isNumber) { continue }
                data.skip("line \(lineNumber): the first column is not a date like 2026-11-20; skipped")
                continue
            }
            let valueText = fields.count > 1 ? fields[1] : ""
            guard let value = valueText.isEmpty ? 1 : Double(valueText), value.isFinite, value >= 0 else {
                data.skip("line \(lineNumber): the second column is not a number ≥ 0; skipped")
                continue
            }
            data.values[day, default: 0] += value
        }
        return data
    }

    /// `[{"date": …, "value": …}, …]` or `{"date": value, …}`.
    public static func parseJSON(_ bytes: [UInt8]) throws(Failure) -> HeatmapData {
        guard let json = JSONValue.parse(bytes) else { throw Failure(description: "not valid JSON") }
        var data = HeatmapData()
        switch json {
        case .array(let items):
            for (index, item) in items.enumerated() {
                let at = "item \(index + 1)"
                guard case .object = item else {
                    data.skip("\(at): expected {\"date\": …, \"value\": …}, found \(item.kindName); skipped")
                    continue
                }
                data.add(date: item["date"], value: item["value"], at: at)
            }
        case .object(let fields):
            // Dictionaries have no order; problems are listed by key.
            for (index, (key, value)) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                data.add(date: .string(key), value: value, at: "key \(index + 1) (in sorted order)")
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

    private static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
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
