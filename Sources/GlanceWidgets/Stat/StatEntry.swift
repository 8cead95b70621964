import FoundationEssentials
import GlanceTime
import GlanceWidgetKit

/// A stat's content: its number and labelled subtitles as of one good answer.
///
/// `Codable`, so the host keeps the last good one across restarts.
public struct StatEntry: TimelineEntry, Codable, Sendable, Equatable {
    public var date: Date
    /// When the server gave these numbers.
    public var fetchedAt: Date
    public var title: String
    public var value: StatValue
    public var subtitles: [StatValue]
    /// The numbers are older than `stale_after`: the views say since when.
    public var isStale: Bool
    /// Sample numbers standing in while no answer has come (drawn redacted).
    public var isPlaceholder: Bool
    /// The URL and paths the numbers came from (a digest: the URL may carry a key), so a
    /// slot whose config now asks for something else does not show them as its own.
    public var source: String
    /// The number from which (at or above) it claims a stack, and to which (at or below).
    public var relevantAbove: Double?
    public var relevantBelow: Double?

    public init(date: Date, fetchedAt: Date, title: String, value: StatValue, subtitles: [StatValue] = [],
                isStale: Bool = false, isPlaceholder: Bool = false, source: String = "") {
        self.date = date
        self.fetchedAt = fetchedAt
        self.title = title
        self.value = value
        self.subtitles = subtitles
        self.isStale = isStale
        self.isPlaceholder = isPlaceholder
        self.source = source
    }

    /// Score 1 while a fresh number is at or beyond one of its thresholds (for as long as
    /// the entry is current); none for old or sample numbers.
    public var relevance: TimelineEntryRelevance? {
        guard !isStale, !isPlaceholder else { return nil }
        let number = value.number
        let crossed = relevantAbove.map { number >= $0 } == true || relevantBelow.map { number <= $0 } == true
        return crossed ? TimelineEntryRelevance(score: 1) : nil
    }

    /// The same numbers, shown from `date` with the mark that they are old.
    public func markedStale(from date: Date) -> StatEntry {
        var entry = self
        entry.date = date
        entry.isStale = true
        return entry
    }
}

/// One number as a stat shows it, already written in the display's language.
public struct StatValue: Codable, Sendable, Equatable {
    /// The subtitle's label (empty for the main number).
    public var label: String
    public var number: Double
    /// With grouping, decimals and prefix, without the unit: `12,480`, `$3.50`.
    public var text: String
    /// Short for small faces: `12.5K`.
    public var compactText: String
    /// `kWh`, `%`, or empty.
    public var unit: String
    /// The unit as it follows the number on one line: ` kWh`, `%`.
    public var unitSuffix: String

    public init(label: String = "", number: Double, text: String, compactText: String, unit: String = "", unitSuffix: String = "") {
        self.label = label
        self.number = number
        self.text = text
        self.compactText = compactText
        self.unit = unit
        self.unitSuffix = unitSuffix
    }

    /// `number` written with `format` in `locale`.
    init(label: String = "", number: Double, format: StatFormat, locale: DisplayLocale) {
        self.init(label: label, number: number, text: format.text(number, locale: locale), compactText: format.compactText(number, locale: locale),
                  unit: format.unit, unitSuffix: format.unitSuffix)
    }

    /// The number and unit as one line writes them: `12,480 kWh`.
    public var line: String { text + unitSuffix }
}
