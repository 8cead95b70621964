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

/// The `stat` in every family as the gallery draws it (its snapshot, no network), in
/// colour and on a 1-bit panel; old numbers with their mark; the redacted placeholder.
@Suite(.serialized) struct StatGoldenTests {
    static let parameters = [("url", "https://api.example.com/stats"), ("path", "data.total")]

    func request(_ kind: String, _ family: WidgetFamily, content: WidgetSnapshotRenderer.Content) throws -> WidgetSnapshotRenderer.Request {
        var request = WidgetSnapshotRenderer.Request(
            kind: kind, family: family, instant: instant("2026-12-31T09:00:00+09:00"),
            timeZone: try ZoneRules(identifier: "Asia/Seoul"), locale: DisplayLocale(identifier: "en_US"))
        request.parameters = kind == "stat" ? Self.parameters : []
        request.content = content
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

    @Test func everyFamilyOfTheSnapshot() throws {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())
        for family in StatWidget().body.descriptor.supportedFamilies {
            try compare(renderer, try request("stat", family, content: .snapshot), named: "stat-\(family.rawValue)")
        }
    }

    /// `history: 48`: the gallery's readings as a line, bare in medium, with times and
    /// numbers in large; small keeps to its number.
    @Test func historyDrawsALine() throws {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            var request = try request("stat", family, content: .snapshot)
            request.parameters += [("history", "48")]
            try compare(renderer, request, named: "stat-\(family.rawValue)-history")
        }
    }

    /// Numbers an hour old with a unit: "⚠ as of 8:12 AM" under them, in every family.
    @Test func staleNumbersCarryTheirMark() throws {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry([OldStatWidget.self]), fonts: try FontLibrary())
        for family in OldStatWidget().body.descriptor.supportedFamilies {
            try compare(renderer, try request(OldStatWidget.kind, family, content: .timeline), named: "stat-\(family.rawValue)-stale")
        }
    }

    /// Before any good answer the slot shows the placeholder, redacted by the view itself
    /// (the host does not know a retry timeline's entry is one): bars, no glyphs.
    @Test func theRetryPlaceholderIsRedacted() throws {
        let server = try TestHTTPServer()
        server.route("/stats", .json("{}", status: 500))
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())
        var request = try request("stat", .systemMedium, content: .timeline)
        request.parameters = [("url", server.baseURL + "/stats"), ("path", "data.total"), ("title", "Visitors")]
        let canvas = try renderer.render(request)
        #expect(!canvas.pixels.contains(.black))
        #expect(canvas.pixels.contains { $0 != .white })
        #expect(server.requests(to: "/stats").count == 1)
        if let mismatch = GoldenImage.compare(canvas, named: "stat-systemMedium-placeholder") { Issue.record("\(mismatch)") }
    }
}

/// The stat's views over numbers fetched at 08:12 and marked old (as a failing fetch
/// past `stale_after` leaves them).
struct OldStatWidget: Widget {
    static let kind = "old-stat"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: OldStatProvider()) { StatView(entry: $0) }
            .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline, .accessoryCircular])
            .contentMarginsDisabled()
    }
}

struct OldStatProvider: TimelineProvider {
    func entry(at date: Date) -> StatEntry {
        func value(_ label: String, _ number: Double, _ text: String) -> StatValue {
            StatValue(label: label, number: number, text: text, compactText: text, unit: "kWh", unitSuffix: " kWh")
        }
        return StatEntry(date: date, fetchedAt: instant("2026-12-31T08:12:00+09:00"), title: "Solar",
                         value: StatValue(number: 1_284.5, text: "1,284.5", compactText: "1,284.5", unit: "kWh", unitSuffix: " kWh"),
                         subtitles: [value("Today", 18.2, "18.2"), value("This week", 96.4, "96.4")])
            .markedStale(from: date)
    }

    func placeholder(in context: Context) -> StatEntry { entry(at: context.date) }
    func getSnapshot(in context: Context, completion: @escaping (StatEntry) -> Void) { completion(entry(at: context.date)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<StatEntry>) -> Void) {
        completion(Timeline(entries: [entry(at: context.date)], policy: .never))
    }
}
