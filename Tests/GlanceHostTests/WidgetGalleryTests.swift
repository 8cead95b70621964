import Foundation
import GlanceGraphics
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWidgetKit
import GlanceWidgets
import Testing

/// The web page's gallery (`/ui/gallery`): every widget in every family it supports, from
/// its snapshot, in a panel's palette.
@Suite struct WidgetGalleryTests {
    let registry = WidgetRegistry(BuiltinWidgets.all)
    let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try! FontLibrary())
    let seoul = try! ZoneRules(identifier: "Asia/Seoul")
    let at = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func everyEntryRendersAPictureInThePalette() throws {
        let entries = WidgetSnapshotRenderer.galleryEntries(registry: registry)
        // Each built-in kind, each of its families once.
        #expect(Set(entries.map(\.kind)) == Set(registry.kinds))
        #expect(entries.count == registry.kinds.reduce(0) { $0 + (registry[$1]?.supportedFamilies.count ?? 0) })
        for (kind, family) in entries {
            let png = try renderer.galleryPNG(kind: kind, family: family, palette: .gray4, instant: at, timeZone: seoul,
                                              locale: DisplayLocale(identifier: "en_US"))
            let picture = try PNG.decode(png)
            #expect(picture.width > 0 && picture.height > 0, "\(kind) \(family)")
            // Only the palette's four greys.
            let inks = Palette.gray4.colors
            #expect((0..<picture.width * picture.height).allSatisfy { inks.contains(picture.pixel(at: $0)) }, "\(kind) \(family)")
        }
    }

    @Test func anUnknownKindOrFamilyIsAClearError() {
        let locale = DisplayLocale(identifier: "en_US")
        #expect { try renderer.galleryPNG(kind: "nope", family: .systemSmall, palette: .bw, instant: at, timeZone: seoul, locale: locale) }
            throws: { "\($0)".hasPrefix("unknown widget kind 'nope'; expected one of ") }
        #expect { try renderer.galleryPNG(kind: "heatmap", family: .accessoryInline, palette: .bw, instant: at, timeZone: seoul, locale: locale) }
            throws: { "\($0)".hasPrefix("'heatmap' does not support accessoryInline; it supports ") }
    }
}
