import FoundationEssentials
import FoundationInternationalization
import GlanceTime

/// How a `stat` writes its numbers, from a pattern as spreadsheets write one:
/// `#,##0` (grouped, no decimals), `0.0 °C` (one decimal, no grouping, unit °C),
/// `#,##0.## kWh` (grouped, up to two decimals), `$#,##0.00` (a prefix, exactly two).
///
/// The number part is `#`, `0`, `,` and one `.`: a `,` turns grouping on, each `0` after
/// the `.` is a decimal always written and each `#` one written when it is not zero.
/// Text before it is written before the number, text after it is the unit (shown
/// smaller beside the big number), both as given: `%` is a unit, not "times 100".
/// Separators are the display's: 12,480.5 in `en_US`, 12.480,5 in `de_DE`.
public struct StatFormat: Sendable, Equatable, CustomStringConvertible {
    /// Text written before the number (`$`).
    public let prefix: String
    /// Text after the number, without the space between (`kWh`, `%`).
    public let unit: String
    /// Whether the pattern puts a space between the number and the unit (`0 kWh`, not `0%`).
    public let spacedUnit: Bool
    public let grouping: Bool
    public let minimumDecimals: Int
    public let maximumDecimals: Int
    public let description: String

    /// The default: grouped, up to two decimals, no unit.
    public static let standard = try! StatFormat("#,##0.##")

    /// Why a pattern could not be read.
    public struct SyntaxError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ pattern: String) throws(SyntaxError) {
        description = pattern
        let characters = Array(pattern)
        let numberCharacters: Set<Character> = ["#", "0", ",", "."]
        guard let start = characters.firstIndex(where: { $0 == "#" || $0 == "0" }) else {
            throw SyntaxError(description: "a number pattern like #,##0.0 (with # or 0 for the digits)")
        }
        var end = start
        while end < characters.count, numberCharacters.contains(characters[end]) { end += 1 }
        // A "." or "," right after the digits is punctuation of the unit ("0 pts.").
        while end > start, characters[end - 1] == "." || characters[end - 1] == "," { end -= 1 }
        let number = characters[start..<end]
        let rest = characters[end...]
        if rest.contains(where: { $0 == "#" || $0 == "0" }) {
            throw SyntaxError(description: "one number pattern (found a second one in '\(String(rest))')")
        }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw SyntaxError(description: "a number pattern with at most one '.'") }
        let decimals = parts.count == 2 ? parts[1] : []
        guard !decimals.contains(",") else { throw SyntaxError(description: "a number pattern with ',' only before the '.'") }
        guard !decimals.drop(while: { $0 == "0" }).contains("0") else {
            throw SyntaxError(description: "a number pattern whose decimals are 0s then #s, like 0.0##")
        }
        prefix = String(characters[..<start])
        unit = String(rest).trimmedSpaces
        spacedUnit = rest.first == " "
        grouping = parts[0].contains(",")
        minimumDecimals = decimals.filter { $0 == "0" }.count
        maximumDecimals = decimals.count
    }

    /// `number` with the prefix, without the unit: `$12,480.50`.
    public func text(_ number: Double, locale: DisplayLocale) -> String {
        let style = FloatingPointFormatStyle<Double>(locale: locale.foundationLocale)
            .precision(.fractionLength(minimumDecimals...maximumDecimals))
            .grouping(grouping ? .automatic : .never)
        return prefix + style.format(number)
    }

    /// `number` short enough for a watch face: `12.5K`, `3.4M` (the locale's words),
    /// with the prefix; small numbers as `text` writes them.
    public func compactText(_ number: Double, locale: DisplayLocale) -> String {
        guard abs(number) >= 10_000 else { return text(number, locale: locale) }
        let style = FloatingPointFormatStyle<Double>(locale: locale.foundationLocale)
            .notation(.compactName)
            .precision(.significantDigits(1...3))
        return prefix + style.format(number)
    }

    /// The number as text and the unit after it, as one line writes them: `12,480.5 kWh`, `42%`.
    public func line(_ number: Double, locale: DisplayLocale) -> String {
        text(number, locale: locale) + unitSuffix
    }

    /// The unit with the space the pattern put before it (none before `%`).
    public var unitSuffix: String { unit.isEmpty ? "" : (spacedUnit ? " " : "") + unit }
}

extension String {
    /// Without spaces at either end.
    var trimmedSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
