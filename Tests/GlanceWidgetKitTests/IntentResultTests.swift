import FoundationEssentials
import GlanceIntents
import GlanceSystem
import Synchronization
import Testing

/// An intent that returns a value and a dialog, as App Intents code writes it.
struct CountIntent: AppIntent {
    static let title: LocalizedStringResource = "Count"
    @Parameter(title: "Start", default: 2) var start: Int

    func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
        .result(value: start + 1, dialog: "Counted to \(start + 1)")
    }
}

/// An intent that opens another when it ends.
struct OpenCountIntent: AppIntent {
    static let title: LocalizedStringResource = "Open count"
    func perform() async throws -> some IntentResult & OpensIntent { .result(opensIntent: CountIntent()) }
}

/// Offered values in sections, as an options provider gives them to a picker.
struct SectionedGreetings: DynamicOptionsProvider {
    func results() async throws -> IntentItemCollection<String> {
        IntentItemCollection {
            IntentItemSection("Formal", items: [IntentItem("Good morning", title: "Good morning", subtitle: "before noon")])
            IntentItemSection(items: [IntentItem("Hi", title: "Hi", image: .init(systemName: "hand.wave"))])
        }
    }
}

struct GreetIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Greet"
    @Parameter(title: "Greeting", optionsProvider: SectionedGreetings()) var greeting: String?
}

struct CountShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: CountIntent(), phrases: ["Count with \(.applicationName)", "Count from \(\.$start) in \(.applicationName)"],
                    shortTitle: "Count", systemImageName: "plus")
    }
}

/// What `perform()` returns beyond nothing types and carries what it was given; a wall
/// shows none of it, and runs no intent it names.
@Suite struct IntentResultTests {
    @Test func resultsCarryTheirValueDialogAndNextIntent() async throws {
        let counted = try #require(try await CountIntent().perform() as? IntentResultContainer<Int>)
        #expect(counted.value == 3 && counted.dialog?.full.key == "Counted to 3")
        let opening = try #require(try await OpenCountIntent().perform() as? IntentResultContainer<Never>)
        #expect(opening.opensIntent is CountIntent && opening.value == nil)
    }

    @Test func itemCollectionsOfferTheirValuesInOrder() async throws {
        #expect(try await IntentConfigurator.offeredValues(of: GreetIntent.self, parameter: "greeting") == ["Good morning", "Hi"])
        let sections = try await SectionedGreetings().results().sections
        #expect(sections.map(\.title?.key) == ["Formal", nil] && sections[0].items[0].subtitle?.key == "before noon")
    }

    @Test func shortcutsPhrasesNameTheAppAndParameters() {
        let shortcut = CountShortcuts.appShortcuts[0]
        #expect(shortcut.intentTitle.key == "Count")
        #expect(shortcut.phrases == ["Count with ${applicationName}", "Count from ${parameter} in ${applicationName}"])
    }

    @Test func openingAURLIsSaidOnceAndDoesNothing() async throws {
        final class Lines: Sendable {
            let lines = Mutex<[String]>([])
        }
        let lines = Lines()
        SlotLog.setSlot("links", log: { line in lines.lines.withLock { $0.append(line) } }, said: SlotLog.SaidRecord())
        defer { SlotLog.setSlot(nil) }
        _ = try await OpenURLIntent(URL(string: "https://example.com")!).perform()
        _ = try await OpenURLIntent(URL(string: "https://example.com/2")!).perform()
        #expect(lines.lines.withLock { $0 } == ["slot links: OpenURLIntent(https://example.com) does nothing on a wall: it has no browser to open a page in"])
    }
}
