import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The countdown: the title small, the `D-3` as large as the family allows, and the
/// target date. Readable across a room on a 1-bit panel: black on white, no tints.
public struct CountdownView: View {
    public let entry: CountdownEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    public init(entry: CountdownEntry) { self.entry = entry }

    public var body: some View {
        switch family {
        case .systemMedium, .systemLarge, .systemExtraLarge:
            HStack(alignment: .center, spacing: 12) {
                VStack(alignment: .leading, spacing: 4) {
                    Text(entry.title.uppercased()).font(.headline).lineLimit(1)
                    targetText.font(.subheadline).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
                Text(entry.label)
                    .font(.system(size: 64, weight: .bold))
                    .minimumScaleFactor(0.4)
                    .lineLimit(1)
            }
            .padding(16)
            .containerBackground(.white, for: .widget)
        case .accessoryInline:
            Text("\(entry.title) \(entry.label)").lineLimit(1)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title).font(.caption).bold().lineLimit(1)
                Text(entry.label).font(.title2).bold().lineLimit(1)
            }
        default:
            VStack(alignment: .leading, spacing: 2) {
                Text(entry.title.uppercased()).font(.caption).bold().lineLimit(1)
                Spacer(minLength: 0)
                Text(entry.label)
                    .font(.system(size: 52, weight: .bold))
                    .minimumScaleFactor(0.4)
                    .lineLimit(1)
                Spacer(minLength: 0)
                targetText.font(.caption).foregroundStyle(.secondary).lineLimit(1).minimumScaleFactor(0.7)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(14)
            .containerBackground(.white, for: .widget)
        }
    }

    /// The target day in the display's language ("January 3, 2027").
    private var targetText: Text {
        guard let start = entry.target.start(in: timeZone) else { return Text(entry.target.description) }
        return Text(start, style: .date)
    }
}
