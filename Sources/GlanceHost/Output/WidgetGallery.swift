import FoundationEssentials
import GlanceGraphics
import GlanceRender
import GlanceText
import GlanceTime
import GlanceWidgetKit

/// Every widget in every family it supports, drawn from its gallery snapshot (sample
/// data, no network): `glance gallery` and the web page's gallery (`/ui/gallery`).
extension WidgetSnapshotRenderer {
    /// A widget's gallery picture, and why its placeholder stands in, if it does.
    package struct GalleryPicture {
        /// The picture (RGBA, or in grey for a panel of grey inks; before any palette).
        package var canvas: Canvas
        /// Why the snapshot could not be drawn (a parameter it cannot go without and has
        /// no recommendation for), so that the placeholder was.
        package var placeholderBecause: String?
    }

    /// Every registered widget kind with each family it supports, kinds in name order and
    /// families in the order the widget gives them.
    package static func galleryEntries(registry: WidgetRegistry) -> [(kind: String, family: WidgetFamily)] {
        registry.kinds.flatMap { kind in registry[kind].map { descriptor in descriptor.supportedFamilies.map { (kind, $0) } } ?? [] }
    }

    /// The widget's snapshot in `family`, with its first recommendation's parameters, at
    /// `instant`, `scale` pixels per point; drawn for `panel` (emoji as that panel shows
    /// them, its inks chosen as its frames' are), or in full colour when `panel` is nil. A
    /// widget that cannot be configured without parameters is drawn as its placeholder.
    /// Throws for an unknown kind or a family the widget does not come in.
    package func galleryPicture(kind: String, family: WidgetFamily, instant: Date, timeZone: ZoneRules, locale: DisplayLocale,
                                scale: Double = 1, panel: (palette: Palette, dither: DitherMode)? = nil,
                                renderingMode: InkPrinting.Mode? = nil) throws(Failure) -> GalleryPicture {
        let descriptor = try descriptor(of: kind, in: family)
        var request = Request(kind: kind, family: family, instant: instant, timeZone: timeZone, locale: locale)
        request.scale = scale
        request.parameters = descriptor.recommendations().first?.parameters ?? []
        request.content = .snapshot
        request.emoji = panel.map { EmojiStyle(for: $0.palette) } ?? .color
        request.panel = panel
        request.renderingMode = renderingMode
        do {
            return GalleryPicture(canvas: try render(request))
        } catch {
            request.content = .placeholder
            return GalleryPicture(canvas: try render(request), placeholderBecause: error.message)
        }
    }

    /// The widget's gallery picture as `palette` shows it, quantised with `dither`, as a
    /// PNG in the palette's colours.
    package func galleryPNG(kind: String, family: WidgetFamily, palette: Palette, dither: DitherMode = .floydSteinberg,
                            instant: Date, timeZone: ZoneRules, locale: DisplayLocale, scale: Double = 1,
                            renderingMode: InkPrinting.Mode? = nil) throws(Failure) -> [UInt8] {
        let picture = try galleryPicture(kind: kind, family: family, instant: instant, timeZone: timeZone, locale: locale, scale: scale,
                                         panel: (palette, dither), renderingMode: renderingMode)
        do {
            return try PNG.encode(picture.canvas.quantised(to: palette, dither: dither))
        } catch {
            throw Failure(message: "\(kind) \(family.rawValue): \(error)")
        }
    }
}
