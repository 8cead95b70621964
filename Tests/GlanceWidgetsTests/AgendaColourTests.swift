import Foundation
import GlanceIntents
import GlanceTestSupport
import GlanceWidgetKit
@testable import GlanceWidgets
import Testing

/// Each calendar's colour: how `colors:` is read and refused, kept in the entry, and drawn
/// on the marker on colour panels and panels with colour inks, never on 1-bit ones.
@Suite struct AgendaColourTests {
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
}
