import Foundation
import GlanceHost
import GlanceWidgetKit
import Testing



func probeConfig(_ params: String, extra: String = "", kind: String = "probe", timeout: Double = 10) -> String {
    """
    timezone: UTC
    minimum_reload_interval: 60
    provider_timeout: \(timeout)
    \(extra)
    slots:
      - name: p
        kind: \(kind)
        family: systemSmall
        params: {\(params)}
    """
}

@Suite struct ReloadPolicySchedulingTests {
    @Test func atEndWakesAtEachEntryAndReloadsAtTheLast() async throws {
        let harness = try HostHarness(probeConfig("policy: atEnd, entries: 3, spacing: 600"), start: t0)
        await harness.run(for: 3000, from: t0)
        let wakes = harness.wakes("p", since: t0)
        #expect(wakes.map(\.0) == [0, 600, 1200, 1800, 2400, 3000])
        #expect(wakes.map(\.1) == [.start, .entry, .reload, .entry, .reload, .entry])
    }

    @Test func afterReloadsAtItsDateBeforeLaterEntries() async throws {
        let harness = try HostHarness(probeConfig("policy: after, entries: 2, spacing: 3600, reloadAfter: 900"), start: t0)
        await harness.run(for: 3600, from: t0)
        #expect(harness.wakes("p", since: t0).map(\.0) == [0, 900, 1800, 2700, 3600])
        #expect(harness.wakes("p", since: t0).dropFirst().allSatisfy { $0.1 == .reload })
    }

    @Test func neverWakesOnlyForEntriesAndExplicitReloads() async throws {
        let harness = try HostHarness(probeConfig("policy: never, entries: 2, spacing: 600"), start: t0)
        let center = harness.center
        harness.clock.schedule(.interrupt({ center.reloadTimelines(ofKind: "probe") }), at: t0.addingTimeInterval(86_400))
        await harness.run(for: 2 * 86_400, from: t0)
        let wakes = harness.wakes("p", since: t0)
        #expect(wakes.map(\.0) == [0, 600, 86_400, 87_000])
        #expect(wakes.map(\.1) == [.start, .entry, .reload, .entry])
        // Each of those changed the content, so the display refreshed.
        #expect(harness.records.allSatisfy { $0.refresh != .none })
    }

    @Test func widgetCenterReloadsObeyTheMinimumInterval() async throws {
        let harness = try HostHarness(probeConfig("policy: never, entries: 1"), start: t0)
        let center = harness.center
        harness.clock.schedule(.interrupt({ center.reloadTimelines(ofKind: "probe") }), at: t0.addingTimeInterval(10))
        harness.clock.schedule(.interrupt({ center.reloadAllTimelines() }), at: t0.addingTimeInterval(20))
        harness.clock.schedule(.interrupt({ center.reloadTimelines(ofKind: "other") }), at: t0.addingTimeInterval(500))
        await harness.run(for: 1000, from: t0)
        #expect(harness.wakes("p", since: t0).map(\.0) == [0, 60])
    }

    /// From another program (the app's side, through the socket): at once, however soon
    /// after the last fetch; a second within the interval is folded into one at its end,
    /// a third meanwhile into the same; one after the interval is at once again. Issue 43.
    @Test func reloadsFromAnotherProgramApplyAtOnceAndFoldRepeats() async throws {
        let harness = try HostHarness(probeConfig("policy: never, entries: 1"), start: t0)
        let center = harness.center
        for (second, kind) in [(10, "probe"), (20, nil), (40, "probe"), (200, "probe"), (230, "other")] as [(Double, String?)] {
            harness.clock.schedule(.interrupt({ center.reloadFromAnotherProgram(kind: kind) }), at: t0.addingTimeInterval(second))
        }
        await harness.run(for: 1000, from: t0)
        #expect(harness.wakes("p", since: t0).map(\.0) == [0, 10, 70, 200])
        #expect(harness.wakes("p", since: t0).dropFirst().allSatisfy { $0.1 == .reload })
    }

    @Test(arguments: ["past", "everySecond"])
    func providersThatAskForConstantReloadsAreThrottled(policy: String) async throws {
        let harness = try HostHarness(probeConfig("policy: \(policy), entries: 1"), start: t0)
        await harness.run(for: 3600, from: t0)
        let wakes = harness.wakes("p", since: t0)
        // One reload a minute, not thousands (counted in virtual time: a wall-clock bound
        // here only measured how busy the machine was).
        #expect(wakes.count == 61)
        #expect(zip(wakes, wakes.dropFirst()).allSatisfy { $1.0 - $0.0 == 60 })
    }
}

@Suite struct FailureTests {
    @Test func aHangingProviderIsRetriedAndTheLastEntryStays() async throws {
        // Reloads every 900 s; silent from t0+1700 s until t0+1820 s.
        let harness = try HostHarness(probeConfig("", kind: "brief-silence", timeout: 0.1), start: t0)
        let fetchedAt900 = "\(t0.timeIntervalSince1970 + 900)#0"
        await harness.run(for: 1810, from: t0)
        // The reload at 1800 got no answer: the entry fetched at 900 is still shown.
        #expect(harness.text(of: "p") == [fetchedAt900])

        await harness.run(for: 3000, from: t0)
        let wakes = harness.wakes("p", since: t0)
        // The retry 2 min later succeeds; the policy then counts from that fetch.
        #expect(wakes.map(\.1) == [.start, .reload, .reload, .retry, .reload])
        #expect(wakes.map(\.0) == [0, 900, 1800, 1920, 2820])
        #expect(harness.text(of: "p") == ["\(t0.timeIntervalSince1970 + 2820)#0"])
    }

    @Test func retriesBackOffWhileTheProviderStaysSilent() async throws {
        // Reloads every 900 s; silent from t0+1 s on.
        let harness = try HostHarness(probeConfig("", kind: "lasting-silence", timeout: 0.1), start: t0)
        await harness.run(for: 9000, from: t0)
        let wakes = harness.wakes("p", since: t0)
        // 900 fails; retries 2, 4, 8, 16 and then every 30 minutes after each failure.
        #expect(wakes.map(\.0) == [0, 900, 1020, 1260, 1740, 2700, 4500, 6300, 8100])
        #expect(wakes.dropFirst(2).allSatisfy { $0.1 == .retry })
        // The entry from the last good timeline is still on the display.
        #expect(harness.text(of: "p") == ["\(t0.timeIntervalSince1970)#0"])
        #expect(harness.records.dropFirst().allSatisfy { $0.refresh == .none })
    }
}

/// A provider that hangs or blocks in one slot holds up no other slot.
@Suite struct SlowProviderTests {
    /// `rendezvous` answers only if `partner` is asked while it waits: the host asks every
    /// due slot before it waits for any answer (one after the other, it would time out).
    @Test func everyDueProviderIsAskedBeforeAnyAnswerIsAwaited() async throws {
        let harness = try HostHarness("""
            timezone: UTC
            provider_timeout: 1
            slots:
              - {name: a, kind: rendezvous, family: systemSmall}
              - {name: b, kind: partner, family: systemSmall}
            """, start: t0)
        await harness.run(for: 1, from: t0)
        #expect(harness.text(of: "a") == ["0"])
        #expect(harness.text(of: "b") == ["0"])
        #expect(harness.log.isEmpty, "\(harness.log)")
    }

    /// A provider that blocks its thread for good: the other slot reloads at every one of
    /// its boundaries, the stuck slot says it does not answer, the log names it, and no more
    /// than two threads are ever left blocked in it.
    @Test func aProviderThatBlocksItsThreadHoldsUpNoOtherSlot() async throws {
        defer { StuckGate.shared.release() }
        let harness = try HostHarness("""
            timezone: UTC
            minimum_reload_interval: 60
            provider_timeout: 0.1
            slots:
              - {name: stuck, kind: stuck, family: systemSmall}
              - {name: p, kind: probe, family: systemSmall, params: {policy: after, entries: 1, reloadAfter: 900}}
            """, start: t0)
        await harness.run(for: 3 * 3600, from: t0)
        #expect(harness.wakes("p", since: t0).map(\.0) == stride(from: 0.0, through: 3 * 3600, by: 900).map { $0 })
        #expect(harness.text(of: "p") == ["\(t0.timeIntervalSince1970 + 3 * 3600)#0"])
        // The provider never gave an entry: the slot says it does not answer (not a
        // placeholder that looks like data on its way).
        #expect(harness.text(of: "stuck").prefix(2) == ["stuck is not answering", "no answer within 0.1 s while getting its timeline"])
        #expect(harness.log.first == "slot stuck (stuck): no timeline within 0.1 s; the slot says it does not answer, retrying in 120 s")
        #expect(harness.log.contains { $0.hasPrefix("slot stuck (stuck): its provider still blocks 2 threads from earlier calls") })
        #expect(harness.log.allSatisfy { $0.hasPrefix("slot stuck (stuck):") })
        // Two calls blocked threads; the retries after them did not make more.
        #expect(StuckGate.shared.calls == 2)
        #expect(harness.wakes("stuck", since: t0).count > 5)
    }
}

@Suite struct InputTests {
    @Test func aBoundKeyReloadsItsSlotsAsAnIntent() async throws {
        let yaml = probeConfig("policy: never, entries: 1", extra: "keys: {A: reload-all, B: reload countdown}")
        let harness = try HostHarness(yaml, start: t0)
        let host = harness.host.inbox
        harness.clock.schedule(.interrupt({ host.press(key: "A") }), at: t0.addingTimeInterval(5))
        harness.clock.schedule(.interrupt({ host.press(key: "B") }), at: t0.addingTimeInterval(6))
        harness.clock.schedule(.interrupt({ host.press(key: "Z") }), at: t0.addingTimeInterval(7))
        await harness.run(for: 100, from: t0)
        let wakes = harness.wakes("p", since: t0)
        // Key presses are a person asking: no minimum interval.
        #expect(wakes.map(\.0) == [0, 5])
        #expect(wakes.map(\.1) == [.start, .intent])
    }
}
