import GlanceWidgetKit

/// The `photo` widget: pictures from a folder (watched), an image URL or an Immich album,
/// the next one every `interval:` as timeline entries (so the wall wakes only when the
/// picture changes), dithered against the panel's inks as they look.
public struct PhotoWidget: Widget {
    public static let kind = "photo"

    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Self.kind, intent: PhotoIntent.self, provider: PhotoProvider()) { entry in
            PhotoView(entry: entry)
        }
        .configurationDisplayName("Photo")
        .description("Pictures from a folder, an image URL or an Immich album, one after another.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        // A picture goes to the slot's edges.
        .contentMarginsDisabled()
    }
}
