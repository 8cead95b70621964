import FoundationEssentials
import FoundationInternationalization
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The stat: its title small, its number as large as the family allows (scaled down
/// before it is ever cut), the unit beside it, the subtitles as labelled values, with
/// `history` the last readings as a line (medium and large), and, when the numbers are
/// old, since when. Black on white, for a 1-bit panel.
public struct StatView: View {
    public let entry: StatEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.now) private var now
    @Environment(\.timeZone) private var timeZone
    @Environment(\.locale) private var locale

    public init(entry: StatEntry) { self.entry = entry }

    public var body: some View {
        content.redacted(reason: entry.isPlaceholder ? .placeholder : [])
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .systemMedium, .systemExtraLarge:
            medium
        case .systemLarge:
            large
        case .accessoryInline:
            inline
        case .accessoryRectangular:
            rectangular
        case .accessoryCircular, .accessoryCorner:
            circular
        default:
            small
        }
    }

    // MARK: Home-screen families

    private var small: some View {
        VStack(alignment: .leading, spacing: 2) {
            titleText.font(.caption).bold()
            Spacer(minLength: 0)
            number(size: 46, unitFont: .subheadline)
            Spacer(minLength: 0)
            if entry.isStale {
                StatStaleMark(since: since).font(.caption)
            } else if let first = entry.subtitles.first {
                HStack(spacing: 4) {
                    Text(first.label).lineLimit(1)
                    Text(first.line).bold().lineLimit(1)
                }
                .font(.caption)
                .minimumScaleFactor(0.7)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        .padding(14)
        .containerBackground(.white, for: .widget)
    }

    private var medium: some View {
        HStack(spacing: 14) {
            VStack(alignment: .leading, spacing: 2) {
                titleText.font(.headline)
                Spacer(minLength: 0)
                number(size: hasHistory ? 40 : 56, unitFont: .title3)
                if hasHistory {
                    StatHistoryChart(readings: entry.history, showsAxes: false).frame(height: 34).padding(.top, 4)
                }
                Spacer(minLength: 0)
                if entry.isStale { StatStaleMark(since: since).font(.caption) }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
            if !entry.subtitles.isEmpty {
                // A rule down the left of the subtitles' column.
                HStack(spacing: 14) {
                    Divider()
                    VStack(alignment: .leading, spacing: 6) {
                        ForEach(Array(entry.subtitles.prefix(3).enumerated()), id: \.offset) { _, subtitle in
                            VStack(alignment: .leading, spacing: 0) {
                                Text(subtitle.label).font(.caption).lineLimit(1)
                                Text(subtitle.line).font(.title3).bold().lineLimit(1).minimumScaleFactor(0.5)
                            }
                        }
                    }
                    .frame(width: 112, alignment: .leading)
                }
            }
        }
        .padding(16)
        .containerBackground(.white, for: .widget)
    }

    private var large: some View {
        VStack(alignment: .leading, spacing: 6) {
            titleText.font(.title3).bold()
            Spacer(minLength: 0)
            number(size: hasHistory ? 64 : 80, unitFont: .title2)
            if entry.isStale { StatStaleMark(since: since).font(.subheadline) }
            Spacer(minLength: 0)
            if hasHistory {
                StatHistoryChart(readings: entry.history, showsAxes: true).frame(height: entry.subtitles.isEmpty ? 150 : 96)
                Spacer(minLength: 0)
            }
            if !entry.subtitles.isEmpty {
                Divider().padding(.bottom, 6)
                VStack(alignment: .leading, spacing: 12) {
                    ForEach(Array(entry.subtitles.prefix(5).enumerated()), id: \.offset) { _, subtitle in
                        HStack(alignment: .firstTextBaseline, spacing: 8) {
                            Text(subtitle.label).font(.title3).foregroundStyle(.secondary).lineLimit(1)
                            Spacer(minLength: 0)
                            Text(subtitle.line).font(.title2).bold().lineLimit(1).minimumScaleFactor(0.5)
                        }
                    }
                }
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .padding(18)
        .containerBackground(.white, for: .widget)
    }

    // MARK: Accessory families

    private var rectangular: some View {
        VStack(alignment: .leading, spacing: 0) {
            titleText.font(.caption).bold()
            HStack(alignment: .firstTextBaseline, spacing: 3) {
                Text(entry.value.text).font(.title).bold().lineLimit(1).minimumScaleFactor(0.5)
                if !entry.value.unit.isEmpty { Text(entry.value.unit).font(.caption).lineLimit(1) }
            }
            if entry.isStale {
                StatStaleMark(since: since).font(.caption2)
            } else if let first = entry.subtitles.first {
                Text("\(first.label) \(first.line)").font(.caption2).lineLimit(1)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    private var inline: some View {
        let text = entry.isStale ? Text("\(entry.title) \(entry.value.line) ⚠ \(since)") : Text("\(entry.title) \(entry.value.line)")
        return text.lineLimit(1).minimumScaleFactor(0.6)
    }

    private var circular: some View {
        VStack(spacing: 0) {
            Text(entry.title).font(.system(size: 10)).lineLimit(1).minimumScaleFactor(0.7)
            Text(entry.value.compactText).font(.title3).bold().lineLimit(1).minimumScaleFactor(0.4)
            if entry.isStale {
                Image(systemName: "exclamationmark.triangle").font(.system(size: 11))
            } else if !entry.value.unit.isEmpty {
                Text(entry.value.unit).font(.system(size: 10)).lineLimit(1)
            }
        }
        .padding(4)
    }

    // MARK: Parts

    /// Two readings or more make a line; the small and accessory families show none (the
    /// number is what they have room for).
    private var hasHistory: Bool { entry.history.count >= 2 && !entry.isPlaceholder }

    /// When the numbers were fetched: the time, or the day when that was not today.
    private var since: Text {
        if CalendarDay(containing: entry.fetchedAt, in: timeZone) == CalendarDay(containing: now, in: timeZone) {
            return Text(entry.fetchedAt, style: .time)
        }
        return Text(locale.format(entry.fetchedAt, Date.FormatStyle().month(.abbreviated).day(), in: timeZone))
    }

    private var titleText: some View {
        Text(entry.title.uppercased()).lineLimit(1).minimumScaleFactor(0.7)
    }

    /// The big number, and the unit on its baseline.
    private func number(size: Double, unitFont: Font) -> some View {
        HStack(alignment: .firstTextBaseline, spacing: 4) {
            Text(entry.value.text)
                .font(.system(size: size, weight: .bold))
                .minimumScaleFactor(0.3)
                .lineLimit(1)
            if !entry.value.unit.isEmpty {
                Text(entry.value.unit).font(unitFont).foregroundStyle(.secondary).lineLimit(1)
            }
        }
    }
}

/// "⚠ as of 9:14 AM": calm, but on every family.
struct StatStaleMark: View {
    let since: Text

    var body: some View {
        HStack(spacing: 3) {
            Image(systemName: "exclamationmark.triangle")
            (Text("as of ") + since).lineLimit(1).minimumScaleFactor(0.7)
        }
    }
}
