import GlanceGraphics
import GlanceHost
import GlanceTestSupport
import GlanceText
import GlanceTime
import GlanceWidgetKit
import GlanceWidgets
import Testing

/// The heatmap in every family, as `glance render` draws it, in colour and on a 1-bit
/// panel: its gallery snapshot (four months of sample days) and its no-data state.
@Suite(.serialized) struct HeatmapGoldenTests {
    let renderer: WidgetSnapshotRenderer

    init() throws { renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary()) }

    func request(_ family: WidgetFamily, locale: String = "en_US") throws -> WidgetSnapshotRenderer.Request {
        WidgetSnapshotRenderer.Request(kind: "heatmap", family: family, instant: instant("2026-12-31T09:00:00+09:00"),
                                       timeZone: try ZoneRules(identifier: "Asia/Seoul"), locale: DisplayLocale(identifier: locale))
    }

    /// The picture, and the picture as a 1-bit panel shows it (the shades dithered, the
    /// outlines and text solid).
    func compare(_ request: WidgetSnapshotRenderer.Request, named name: String) throws {
        var request = request
        let canvas = try renderer.render(request)
        request.emoji = EmojiStyle(for: .bw)
        request.panel = (.bw, .floydSteinberg)
        let onePanel = try renderer.render(request).quantised(to: .bw, dither: .floydSteinberg).canvas()
        for (suffix, image) in [("", canvas), ("-bw", onePanel)] {
            if let mismatch = GoldenImage.compare(image, named: name + suffix) {
                Issue.record("\(mismatch)")
            }
        }
    }

    @Test func everyFamilyWithSampleDays() throws {
        for family in HeatmapWidget().body.descriptor.supportedFamilies {
            var request = try request(family)
            request.content = .snapshot
            try compare(request, named: "heatmap-\(family.rawValue)")
        }
    }

    /// Weeks from Monday, German month and weekday names.
    @Test func germanWeeksStartOnMonday() throws {
        var request = try request(.systemLarge, locale: "de_DE")
        request.content = .snapshot
        if let mismatch = GoldenImage.compare(try renderer.render(request), named: "heatmap-systemLarge-de_DE") {
            Issue.record("\(mismatch)")
        }
    }

    /// No `file:` yet: the friendly note, not an error.
    @Test func everyFamilyWithoutData() throws {
        for family in HeatmapWidget().body.descriptor.supportedFamilies {
            try compare(try request(family), named: "heatmap-\(family.rawValue)-empty")
        }
    }
}
