import Foundation
import GlanceWidgetKit
import Testing

struct NumberEntry: TimelineEntry {
    let date: Date
    let number: Int
}

func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + seconds) }

func loaded(_ offsets: [(TimeInterval, Int)], _ policy: TimelineReloadPolicy, loadedAt: TimeInterval = 0) -> LoadedTimeline {
    LoadedTimeline(AnyTimeline(Timeline(entries: offsets.map { NumberEntry(date: at($0.0), number: $0.1) }, policy: policy)),
                   loadedAt: at(loadedAt))
}

func number(_ entry: AnyTimelineEntry?) -> Int? { (entry?.base as? NumberEntry)?.number }

@Suite struct EntrySelectionTests {
    @Test func showsTheLastEntryAtOrBeforeTheInstant() {
        let timeline = loaded([(0, 1), (60, 2), (120, 3)], .atEnd)
        #expect(number(timeline.entry(at: at(0))) == 1)
        #expect(number(timeline.entry(at: at(59.999))) == 1)
        #expect(number(timeline.entry(at: at(60))) == 2)
        #expect(number(timeline.entry(at: at(10_000))) == 3)
    }

    @Test func nothingBeforeTheFirstEntry() {
        let timeline = loaded([(60, 1)], .atEnd)
        #expect(timeline.entry(at: at(59)) == nil)
        #expect(timeline.nextEntryDate(after: at(0)) == at(60))
        #expect(timeline.nextEntryDate(after: at(60)) == nil)
    }

    @Test func entriesOutOfOrderAreSortedAndTiesKeepProviderOrder() {
        let timeline = loaded([(120, 3), (0, 1), (60, 2), (60, 22)], .atEnd)
        #expect(timeline.entries.map { ($0.base as! NumberEntry).number } == [1, 2, 22, 3])
        // Two entries with the same date: the later one given wins.
        #expect(number(timeline.entry(at: at(90))) == 22)
    }
}

@Suite struct ReloadPolicyTests {
    @Test func atEndReloadsAtTheLastEntry() {
        #expect(loaded([(0, 1), (3600, 2), (7200, 3)], .atEnd).reloadDate(minimumInterval: 60) == at(7200))
    }

    @Test func atEndWithNoEntriesReloadsAfterTheMinimumInterval() {
        #expect(loaded([], .atEnd).reloadDate(minimumInterval: 60) == at(60))
    }

    @Test func afterReloadsAtItsDateEvenBeforeTheLastEntry() {
        #expect(loaded([(0, 1), (7200, 2)], .after(at(900))).reloadDate(minimumInterval: 60) == at(900))
    }

    @Test func neverReloadsOnlyOnRequest() {
        #expect(loaded([(0, 1)], .never).reloadDate(minimumInterval: 60) == nil)
    }

    @Test func reloadsInThePastOrEverySecondAreThrottled() {
        #expect(loaded([(0, 1)], .after(at(-3600)), loadedAt: 0).reloadDate(minimumInterval: 60) == at(60))
        #expect(loaded([(0, 1)], .after(at(1)), loadedAt: 0).reloadDate(minimumInterval: 300) == at(300))
        #expect(loaded([(0, 1), (1, 2)], .atEnd, loadedAt: 0).reloadDate(minimumInterval: 60) == at(60))
    }
}

@Suite struct WidgetCenterTests {
    @Test func requestsAccumulateUntilTakenAndWakeTheHost() {
        let center = WidgetCenter()
        let wakes = Counter()
        center.setWakeHandler { wakes.increment() }
        center.reloadTimelines(ofKind: "countdown")
        center.reloadTimelines(ofKind: "weekday")
        #expect(center.takePendingReloads() == .init(all: false, kinds: ["countdown", "weekday"]))
        #expect(center.takePendingReloads().isEmpty)
        center.reloadAllTimelines()
        #expect(center.takePendingReloads().all)
        #expect(wakes.value == 3)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
