import FoundationEssentials
import FoundationInternationalization
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// A picture to the slot's edges (filled, or fitted whole on white), with its caption on
/// a white label at the bottom: black text on white reads on every panel, over any
/// picture. With nothing to show, the photo symbol and why. A source that failed while a
/// picture is still shown marks the top corner.
public struct PhotoView: View {
    public let entry: PhotoEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone
    @Environment(\.locale) private var locale

    public init(entry: PhotoEntry) { self.entry = entry }

    public var body: some View {
        content.containerBackground(.white, for: .widget)
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 4) {
                Image(systemName: "photo")
                Text(captionText ?? entry.problem ?? "Photo").lineLimit(1)
            }
        case .accessoryCircular:
            picture.clipShape(Circle())
        case .accessoryRectangular:
            picture.clipShape(RoundedRectangle(cornerRadius: 6))
        default:
            picture
                .overlay(alignment: .bottomLeading) { captionLabel }
                .overlay(alignment: .topTrailing) { problemMark }
        }
    }

    @ViewBuilder private var picture: some View {
        if let path = entry.picture {
            Color.white
                .overlay {
                    Image(path)
                        .resizable()
                        .aspectRatio(contentMode: entry.fit == .fit ? .fit : .fill)
                }
                .clipped()
        } else {
            VStack(spacing: 6) {
                Image(systemName: "photo").font(.title)
                if family != .accessoryCircular {
                    Text(entry.isPlaceholder ? "No pictures yet" : (entry.problem ?? "No pictures"))
                        .font(.caption)
                        .multilineTextAlignment(.center)
                        .lineLimit(family == .accessoryRectangular ? 2 : 5)
                }
            }
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }

    @ViewBuilder private var captionLabel: some View {
        if let captionText, entry.picture != nil {
            Text(captionText)
                .font(family == .systemSmall ? .caption2 : .caption)
                .lineLimit(1)
                .foregroundStyle(.black)
                .padding(.horizontal, 6)
                .padding(.vertical, 2)
                .background(.white)
                .padding(6)
        }
    }

    @ViewBuilder private var problemMark: some View {
        if entry.problem != nil, entry.picture != nil {
            Image(systemName: "exclamationmark.triangle")
                .font(.caption)
                .foregroundStyle(.black)
                .padding(3)
                .background(.white)
                .padding(6)
        }
    }

    /// The caption as written: the file's name, or its date in the display's language.
    private var captionText: String? {
        switch entry.caption {
        case .none: nil
        case .name: entry.name
        case .date: entry.pictureDate.map { locale.format($0, Date.FormatStyle().year().month(.abbreviated).day(), in: timeZone) }
        }
    }
}
