import Foundation
import GlanceGraphics
import GlanceHost
import GlanceIntents
import GlanceTestSupport
import GlanceText
import GlanceTime
import GlanceWidgetKit
@testable import GlanceWidgets
import Testing

/// Each calendar's colour: how `colors:` is read and refused, kept in the entry, and drawn
/// on the marker on colour panels and panels with colour inks, never on 1-bit ones.
@Suite(.serialized) struct AgendaColourTests {
    func intent(_ calendars: [String], colors: [String]) -> AgendaIntent {
        let intent = AgendaIntent()
        intent.calendars = calendars
        intent.colors = colors
        return intent
    }

    func refusal(_ intent: AgendaIntent) -> String? {
        do throws(IntentConfigurator.Failure) {
            try intent.checkParameters()
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: The setting

    @Test func colourNamesAndHexAreTakenAndTheRestTakeThePalette() throws {
        let two = ["Work=/work.ics", "Family=/family.ics", "Club=/club.ics"]
        #expect(refusal(intent(two, colors: [])) == nil)
        #expect(refusal(intent(two, colors: ["Orange", "#0a84ff", "grey"])) == nil)
        #expect(intent(two, colors: ["orange", "0A84FF"]).calendarColors(count: 3) == ["#FF9500", "#0A84FF", "#34C759"])
        #expect(intent(two, colors: []).calendarColors(count: 5) == ["#007AFF", "#FF3B30", "#34C759", "#FF9500", "#007AFF"])
    }

    @Test func aColourThatIsNotOneIsNamedWithItsItem() throws {
        let wrong = try #require(refusal(intent(["Work=/work.ics", "Family=/family.ics"], colors: ["blue", "bleu"])))
        #expect(wrong.contains("colors") && wrong.contains("item 2 (bleu)") && wrong.contains("#RRGGBB") && wrong.contains("orange"))
        #expect(refusal(intent(["Work=/work.ics"], colors: ["#12345"])) != nil)
        #expect(refusal(intent(["Work=/work.ics"], colors: ["#GG0000"])) != nil)
    }

    @Test func moreColoursThanCalendarsAreRefused() throws {
        let extra = try #require(refusal(intent(["Work=/work.ics"], colors: ["blue", "red"])))
        #expect(extra.contains("colors") && extra.contains("2 colours for 1 calendars"))
    }

    // MARK: The entry

    /// An entry kept before colours were added still reads, with none (the view then
    /// takes the default palette).
    @Test func anEntryKeptWithoutColoursStillReads() throws {
        let entry = AgendaEntry(date: Date(timeIntervalSince1970: 1_800_000_000), events: [], calendars: ["Work"], colors: ["#FF9500"],
                                horizon: Date(timeIntervalSince1970: 1_800_086_400))
        let data = try JSONEncoder().encode(entry)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["colors"] != nil)
        #expect(try JSONDecoder().decode(AgendaEntry.self, from: data) == entry)
        object["colors"] = nil
        let old = try JSONDecoder().decode(AgendaEntry.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(old.colors == [] && old.calendars == ["Work"])
    }

    // MARK: The picture

    /// A pink no other part of the agenda uses, for the first calendar (Work: the standup
    /// and the design review in the snapshot).
    static let pink = RGBA(hex: 0xE0218A)

    func request(panel: Palette?) throws -> WidgetSnapshotRenderer.Request {
        var request = WidgetSnapshotRenderer.Request(
            kind: "agenda", family: .systemLarge, instant: instant("2026-12-01T09:00:00+09:00"),
            timeZone: try ZoneRules(identifier: "Asia/Seoul"), locale: DisplayLocale(identifier: "en_US"))
        request.parameters = [("calendars", "Work=/home/pi/work.ics"), ("colors", "#E0218A")]
        request.content = .snapshot
        if let panel {
            request.panel = (panel, .floydSteinberg)
            request.emoji = EmojiStyle(for: panel)
        }
        return request
    }

    /// The pixels where `matches` holds, as (x, y).
    func positions(in canvas: Canvas, where matches: (RGBA) -> Bool) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where matches(canvas[x: x, y: y]) { found.append((x, y)) }
        }
        return found
    }

    @Test func theMarkerTakesItsCalendarsColourOnColourPanelsOnly() throws {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry(BuiltinWidgets.all), fonts: try FontLibrary())

        // In colour: the pink is the marker's alone, in the narrow column between time
        // and title.
        let colour = try renderer.render(try request(panel: nil))
        let pink = positions(in: colour) { $0 == Self.pink }
        #expect(pink.count > 20)
        let columns = Set(pink.map(\.x))
        #expect((columns.max() ?? 0) - (columns.min() ?? 0) < colour.width / 10)

        // On a panel with colour inks (`.accented`) the marker is accent content: printed
        // in a colour ink, where the text around it is black.
        let inked = try renderer.render(try request(panel: .acep7)).quantised(to: .acep7, dither: .floydSteinberg).canvas()
        let colourInks = Set(Palette.acep7.colors.filter { $0 != .black && $0 != .white })
        #expect(pink.filter { colourInks.contains(inked[x: $0.x, y: $0.y]) }.count * 2 > pink.count)

        // On panels of black and greys (`.vibrant`): the marker is black, not the pink's
        // grey (on four greys that would be the dark grey ink), and no pixel anywhere has
        // a colour.
        for panel in [Palette.bw, .gray4] {
            let grey = try renderer.render(try request(panel: panel)).quantised(to: panel, dither: .floydSteinberg).canvas()
            #expect(pink.filter { grey[x: $0.x, y: $0.y] == .black }.count * 2 > pink.count, "\(panel.name)")
            #expect(positions(in: grey) { max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) > 16 }.isEmpty, "\(panel.name)")
        }
    }
}
