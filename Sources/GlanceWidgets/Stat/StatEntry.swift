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
    /// The last readings of the main number, oldest first, this one's last (`history: N`
    /// keeps N; empty without). Part of the entry, so the host keeps them with it.
    public var history: [StatReading]

    public init(date: Date, fetchedAt: Date, title: String, value: StatValue, subtitles: [StatValue] = [],
                isStale: Bool = false, isPlaceholder: Bool = false, source: String = "", history: [StatReading] = []) {
        self.date = date
        self.fetchedAt = fetchedAt
        self.title = title
        self.value = value
        self.subtitles = subtitles
        self.isStale = isStale
        self.isPlaceholder = isPlaceholder
        self.source = source
        self.history = history
    }

    private enum CodingKeys: String, CodingKey {
        case date, fetchedAt, title, value, subtitles, isStale, isPlaceholder, source, relevantAbove, relevantBelow, history
    }

    /// An entry kept from before `history` (no such key) still reads, with none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(Date.self, forKey: .date)
        fetchedAt = try container.decode(Date.self, forKey: .fetchedAt)
        title = try container.decode(String.self, forKey: .title)
        value = try container.decode(StatValue.self, forKey: .value)
        subtitles = try container.decode([StatValue].self, forKey: .subtitles)
        isStale = try container.decode(Bool.self, forKey: .isStale)
        isPlaceholder = try container.decode(Bool.self, forKey: .isPlaceholder)
        source = try container.decode(String.self, forKey: .source)
        relevantAbove = try container.decodeIfPresent(Double.self, forKey: .relevantAbove)
        relevantBelow = try container.decodeIfPresent(Double.self, forKey: .relevantBelow)
        history = try container.decodeIfPresent([StatReading].self, forKey: .history) ?? []
    }

    /// `readings` with `reading` after them, the oldest dropped past `limit` (0: none kept).
    static func history(_ readings: [StatReading], appending reading: StatReading, limit: Int) -> [StatReading] {
        guard limit > 0 else { return [] }
        return Array((readings + [reading]).suffix(limit))
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

/// One reading of a stat's main number: when it was fetched, and the number.
public struct StatReading: Codable, Sendable, Equatable {
    public var date: Date
    public var number: Double

    public init(date: Date, number: Double) {
        self.date = date
        self.number = number
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
