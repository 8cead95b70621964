import Foundation
import GlanceHost
import GlanceIntents
import GlanceUI
import GlanceWidgetKit
import Testing

struct RelevanceIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Relevance"
    @Parameter(title: "Label", default: "?") var label: String
    /// 0: no relevance at all.
    @Parameter(title: "Score", default: 0) var score: Double
    /// Seconds the score lasts from the entry's date (0: while the entry is current).
    @Parameter(title: "Duration", default: 0) var duration: Double
    init() {}
}

struct RelevanceEntry: TimelineEntry {
    let date: Date
    let label: String
    let relevance: TimelineEntryRelevance?
}

/// One entry, at the fetch, scored as its params say; never reloads.
struct RelevanceProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> RelevanceEntry { RelevanceEntry(date: context.date, label: "…", relevance: nil) }
    func snapshot(for configuration: RelevanceIntent, in context: Context) async -> RelevanceEntry { placeholder(in: context) }
    func timeline(for configuration: RelevanceIntent, in context: Context) async -> Timeline<RelevanceEntry> {
        let relevance = configuration.score > 0 ? TimelineEntryRelevance(score: Float(configuration.score), duration: configuration.duration) : nil
        return Timeline(entries: [RelevanceEntry(date: context.date, label: configuration.label, relevance: relevance)], policy: .never)
    }
}

struct RelevanceWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "relevant", intent: RelevanceIntent.self, provider: RelevanceProvider()) { entry in
            Text(entry.label)
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// Stacks (issue 29): one place, several widgets, the one shown chosen at every wake by
/// hand, window, relevance and turn, each change on its boundary.
@Suite struct StackTests {
    func stack(_ members: [String], extra: String = "") -> String {
        """
        timezone: UTC
        minimum_reload_interval: 60
        slots:
          - name: corner
            family: systemSmall
        \(extra.isEmpty ? "" : "    " + extra + "\n")    stack:
        \(members.map { "      - " + $0 }.joined(separator: "\n"))
        """
    }

    func harness(_ yaml: String) throws -> HostHarness {
        try HostHarness(yaml, start: t0, widgets: [RelevanceWidget.self])
    }

    /// What the stack's place shows in the frame (the frame holds the shown member only).
    func shown(_ harness: HostHarness) -> String {
        let frame = harness.host.currentFrame()
        return frame.slots.map { "\($0.name): \($0.content.textLines.joined())" }.joined(separator: "; ")
    }

    /// Shows at each of `instants` (seconds after t0), running the host between them.
    func shownAt(_ harness: HostHarness, _ instants: [TimeInterval]) async -> [String] {
        var seen: [String] = []
        for instant in instants {
            await harness.run(for: instant, from: t0)
            seen.append(shown(harness))
        }
        return seen
    }

    @Test func theMostRelevantShowsUntilItsScoreEnds() async throws {
        let harness = try harness(stack([
            "{kind: relevant, params: {label: low, score: 0.2}}",
            "{kind: relevant, params: {label: high, score: 0.8, duration: 1800}}",
            "{kind: relevant, params: {label: none}}",
        ]))
        #expect(await shownAt(harness, [0, 1799, 1800, 7200]) == [
            "corner-relevant-2: high", "corner-relevant-2: high", "corner-relevant-1: low", "corner-relevant-1: low",
        ])
        // The end of the score is a wake of its own, exactly on time, and says why.
        let turn = try #require(harness.records.first { $0.at == t0.addingTimeInterval(1800) })
        #expect(turn.slot == "corner-relevant-1" && turn.reason == .entry && turn.refresh != .none)
        #expect(turn.stack == WakeRecord.StackChoice(stack: "corner", shows: "corner-relevant-1", why: "relevance"))
        #expect(turn.jsonLine(in: .utc).hasSuffix(#""stack": "corner", "shows": "corner-relevant-1", "why": "relevance"}"#))
        // Nothing else woke the host: no poll.
        #expect(Set(harness.records.map(\.at)) == [t0, t0.addingTimeInterval(1800)])
    }

    /// A score JSON cannot hold (a Float that overflowed to infinity) still wins the
    /// stack, and the status leaves it out rather than write a line no reader can parse.
    @Test func aScoreJSONCannotHoldIsLeftOutOfTheStatus() async throws {
        let harness = try harness(stack([
            "{kind: relevant, params: {label: finite, score: 0.5}}",
            "{kind: relevant, params: {label: overflowing, score: 1e39}}",
        ]))
        #expect(await shownAt(harness, [0]) == ["corner-relevant-2: overflowing"])
        let line = harness.host.statusJSON()
        let said = try #require(harness.host.statusReport().stacks?.first)
        #expect(said.shows == "corner-relevant-2" && said.why == "relevance" && said.score == nil, "\(line)")
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let stacks = try #require(parsed?["stacks"] as? [[String: Any]], "\(line)")
        #expect(stacks.first?["score"] == nil && stacks.first?["why"] as? String == "relevance", "\(line)")
        // A finite score is said.
        let finite = try self.harness(self.stack(["{kind: relevant, params: {label: finite, score: 0.5}}", "{kind: relevant, params: {label: none}}"]))
        _ = await shownAt(finite, [0])
        #expect(finite.host.statusReport().stacks?.first?.score == 0.5)
    }

    @Test func aMemberShowsOnlyInItsWindowAndIsFetchedOnlyThen() async throws {
        // t0 is 10:00 UTC.
        let harness = try harness(stack([
            "{kind: relevant, params: {label: always}}",
            "{kind: relevant, params: {label: briefing, score: 1}, when: \"10:30-11:00\"}",
        ]))
        #expect(await shownAt(harness, [0, 1799, 1800, 3599, 3600]) == [
            "corner-relevant-1: always", "corner-relevant-1: always", "corner-relevant-2: briefing",
            "corner-relevant-2: briefing", "corner-relevant-1: always",
        ])
        // Asked for its timeline only when its window opened.
        #expect(harness.wakes("corner-relevant-2", since: t0).map(\.0) == [1800])
        #expect(harness.wakes("corner-relevant-2", since: t0).map(\.1) == [.start])
        #expect(Set(harness.records.map(\.at)) == [t0, t0.addingTimeInterval(1800), t0.addingTimeInterval(3600)])
    }

    @Test func tiesTakeTurnsOnTheWallClock() async throws {
        let harness = try harness(stack([
            "{name: one, kind: relevant, params: {label: one}}",
            "{name: two, kind: relevant, params: {label: two}}",
            "{name: three, kind: relevant, params: {label: three}}",
        ], extra: "rotate: 15m"))
        // 10:00 is the 40th quarter of the day: 40 % 3 = 1, the second member.
        let seen = await shownAt(harness, [0, 899, 900, 1800, 2700])
        #expect(seen == ["two: two", "two: two", "three: three", "one: one", "two: two"])
        #expect(harness.records.filter { $0.refresh != .none }.map { $0.at.timeIntervalSince(t0) } == [0, 900, 1800, 2700])
        #expect(harness.records.last?.stack?.why == "rotation")
    }

    /// A member whose widget does not come in the stack's family is named, at its kind.
    @Test func aMemberOutsideTheStacksFamilyIsNamed() {
        let yaml = "timezone: UTC\nslots:\n  - name: corner\n    family: systemLarge\n    stack:\n"
            + "      - {kind: countdown, params: {target: \"2027-01-03\"}}\n      - {name: small, kind: relevant}\n"
        #expect(throws: (any Error).self) { try harness(yaml) }
        do {
            _ = try harness(yaml)
        } catch {
            #expect("\(error)" == "test.yaml:7:29: slots[0].stack[1].kind: 'relevant' (small, a member of corner) does not support the stack's family systemLarge; it supports systemSmall, systemMedium")
        }
    }

    @Test(arguments: [
        ("    stack:\n      - {kind: relevant}\n", "a stack needs at least two members (it has 1)"),
        ("    kind: relevant\n    stack:\n      - {kind: relevant}\n      - {kind: relevant}\n", "kind: belongs to each member under stack:"),
        ("    kind: relevant\n    rotate: 15m\n", "rotate: is for a stack"),
        ("    kind: relevant\n    when: \"10:00-11:00\"\n", "when: is for a member of a stack"),
        ("    rotate: 5\n    stack:\n      - {kind: relevant}\n      - {kind: relevant}\n", "expected a duration like 90s, 15m or 2h"),
        ("    stack:\n      - {kind: relevant, when: \"10:00-10:00\"}\n      - {kind: relevant}\n", "is empty"),
        ("    stack:\n      - {kind: relevant, name: x}\n      - {kind: relevant, name: x}\n", "slot name 'x' is used twice"),
        ("    stack:\n      - {kind: relevant, when: \"sat 01:00-05:00\"}\n      - {kind: relevant}\nsleep: \"23:00-07:00\"\n",
         "corner-relevant-1 never shows: its when: (sat 01:00-05:00) lies wholly inside sleep: (23:00-07:00)"),
        ("    stack:\n      - {kind: relevant}\n      - {kind: relevant}\nkeys: {A: next nosuch}\n", "'next nosuch': nosuch is not a stack; the stacks are corner"),
        ("    kind: relevant\nkeys: {A: previous corner}\n", "'previous corner': corner is not a stack; no slot has stack:"),
        ("    kind: relevant\nsleep: [\"22:00-06:00\", \"05:00-08:00\"]\n", "sleep: '22:00-06:00' and '05:00-08:00' overlap"),
        ("    kind: relevant\ndisplay: {full_at: 4am}\n", "display.full_at: expected a time like 04:00 (24-hour clock), found '4am'"),
        ("    kind: relevant\nwake_for: forever\n", "wake_for: expected a duration like 90s, 15m or 2h"),
    ])
    func badStacksAreOneLineNamingTheField(body: String, expected: String) {
        let yaml = "timezone: UTC\nslots:\n  - name: corner\n    family: systemSmall\n" + body
        do {
            _ = try harness(yaml)
            Issue.record("no error for \(body)")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
            #expect("\(error)".hasPrefix("test.yaml:"), "\(error)")
            #expect(!"\(error)".contains("\n"))
        }
    }
}
