import Foundation
import GlanceGraphics
import GlanceHost
import GlanceTestSupport
import GlanceText
import GlanceTime
import GlanceUI
import GlanceWidgetKit
import GlanceWidgets
import Testing

/// The `agenda` in every family as the gallery draws it (its snapshot: made-up events, no
/// file or network), in colour and on a 1-bit panel, in English and Korean.
@Suite(.serialized) struct AgendaGoldenTests {
    func request(_ family: WidgetFamily, locale: String) throws -> WidgetSnapshotRenderer.Request {
        var request = WidgetSnapshotRenderer.Request(
            kind: "agenda", family: family, instant: instant("2026-12-01T09:00:00+09:00"),
            timeZone: try ZoneRules(identifier: "Asia/Seoul"), locale: DisplayLocale(identifier: locale))
        request.parameters = [("calendars", "Work=/home/pi/work.ics")]
        request.content = .snapshot
        return request
    }

    /// The picture in colour (`name`) and as `glance render --colors bw` draws it (`name-bw`).
    func compare(_ renderer: WidgetSnapshotRenderer, _ request: WidgetSnapshotRenderer.Request, named name: String) throws {
        var request = request
        let canvas = try renderer.render(request)
        request.emoji = EmojiStyle(for: .bw)
        request.panel = (.bw, .floydSteinberg)
        let onePanel = try renderer.render(request).quantised(to: .bw, dither: .floydSteinberg).canvas()
        for (suffix, image) in [("", canvas), ("-bw", onePanel)] {
            if let mismatch = GoldenImage.compare(image, named: "\(name)\(suffix)") { Issue.record("\(mismatch)") }
        }
    }

    @Test(arguments: ["en_US", "ko_KR"]) func everyFamilyOfTheSnapshot(locale: String) throws {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())
        for family in AgendaWidget().body.descriptor.supportedFamilies {
            let suffix = locale == "en_US" ? "" : "-\(locale)"
            try compare(renderer, try request(family, locale: locale), named: "agenda-\(family.rawValue)\(suffix)")
        }
    }

    /// A wall that has never read its calendar says why over the placeholder's grey bars,
    /// in words OCR reads on a 1-bit panel as well as in colour.
    @Test func aCalendarNeverReadSaysWhyOverThePlaceholder() throws {
        let scratch = try ScratchFolder(prefix: "glance-agenda-problem")
        defer { scratch.remove() }
        let path = try scratch.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Mars/Olympus_Mons:20261201T090000\r\n"
                                     + "END:VEVENT\r\nEND:VCALENDAR\r\n", to: "club.ics")
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())
        var request = try request(.systemMedium, locale: "en_US")
        request.parameters = [("calendars", "Club=\(path)")]
        request.content = .timeline
        let rendering = try renderer.rendering(request)
        #expect(rendering.providerFailure?.hasPrefix("calendar 'Club', line 5: unknown time zone") == true)
        try compare(renderer, request, named: "agenda-systemMedium-problem")
    }
}
