import GlanceGraphics
import GlanceHost
import GlanceTestSupport
import GlanceText
import GlanceTime
import GlanceWidgetKit
import GlanceWidgets
import Testing

/// Every family of the built-in widgets, as `glance render` draws them, in colour and on
/// a 1-bit panel.
@Suite(.serialized) struct WidgetGoldenTests {
    static let cases: [(kind: String, family: WidgetFamily, params: [(String, String)])] =
        CountdownWidget().body.descriptor.supportedFamilies.map { ("countdown", $0, [("title", "Launch"), ("target", "2027-01-03")]) }
        + WeekdayWidget().body.descriptor.supportedFamilies.map { ("weekday", $0, []) }

    @Test func everyFamilyOfBothWidgets() throws {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())
        for (kind, family, params) in Self.cases {
            var request = WidgetSnapshotRenderer.Request(
                kind: kind, family: family, instant: instant("2026-12-31T09:00:00+09:00"),
                timeZone: try ZoneRules(identifier: "Asia/Seoul"), locale: DisplayLocale(identifier: "en_US"))
            request.parameters = params
            let canvas = try renderer.render(request)
            // As `glance render --colors bw` draws it: emoji as outlines.
            request.emoji = EmojiStyle(for: .bw)
            request.panel = (.bw, .floydSteinberg)
            let onePanel = try renderer.render(request).quantised(to: .bw, dither: .floydSteinberg).canvas()
            for (suffix, image) in [("", canvas), ("-bw", onePanel)] {
                if let mismatch = GoldenImage.compare(image, named: "\(kind)-\(family.rawValue)\(suffix)") {
                    Issue.record("\(mismatch)")
                }
            }
        }
    }

    /// The display's language writes the date its own way: "목요일" over "12월 31일" (not
    /// "31 12월"), and the countdown's target date as "2027년 1월 3일".
    @Test func koreanDatesInTheLocalesOwnFormat() throws {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())
        for (kind, params) in [("weekday", [(String, String)]()), ("countdown", [("title", "출시"), ("target", "2027-01-03")])] {
            var request = WidgetSnapshotRenderer.Request(
                kind: kind, family: .systemMedium, instant: instant("2026-12-31T09:00:00+09:00"),
                timeZone: try ZoneRules(identifier: "Asia/Seoul"), locale: DisplayLocale(identifier: "ko_KR"))
            request.parameters = params
            if let mismatch = GoldenImage.compare(try renderer.render(request), named: "\(kind)-systemMedium-ko_KR") {
                Issue.record("\(mismatch)")
            }
        }
    }

    @Test func placeholdersAreRedacted() throws {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())
        var request = WidgetSnapshotRenderer.Request(
            kind: "countdown", family: .systemSmall, instant: instant("2026-12-31T09:00:00+09:00"),
            timeZone: .utc, locale: .english)
        request.parameters = [("target", "2027-01-03")]
        request.content = .placeholder
        let canvas = try renderer.render(request)
        // Bars, not glyphs: no pixel is fully black.
        #expect(!canvas.pixels.contains(.black))
        #expect(canvas.pixels.contains { $0 != .white })
    }
}
