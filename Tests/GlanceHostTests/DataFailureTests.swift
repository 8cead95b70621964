import Foundation
import GlanceHost
import GlanceWidgetKit
import Testing

private func flakyConfig(_ script: String, extra: String = "") -> String {
    """
    display: {size: 170x170}
    timezone: UTC
    \(extra)
    slots:
      - {name: f, kind: flaky, family: systemSmall, params: {script: \(script)}}
    """
}

private func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "glance-entries-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return path
}

/// Providers that fail say so with `.retry(because:)`; the host retries on its ladder.
@Suite struct RetryLadderTests {
    @Test func aFailingFetchIsRetriedAfter2MinutesDoublingTo30() async throws {
        FlakyScripts.shared.set("ladder", [.good(1)] + Array(repeating: .fail("the server answered HTTP 500"), count: 7) + [.good(2)])
        let harness = try HostHarness(flakyConfig("ladder"), start: t0)
        await harness.run(for: 11_500, from: t0)
        let wakes = harness.wakes("f", since: t0)
        // 600 fails; then 2, 4, 8, 16, 30, 30, 30 minutes; the eighth retry succeeds and
        // the policy (10 minutes) takes over again.
        #expect(wakes.map(\.0) == [0, 600, 720, 960, 1440, 2400, 4200, 6000, 7800, 8400, 9000, 9600, 10200, 10800, 11400])
        #expect(wakes.map(\.1) == [.start, .reload] + Array(repeating: WakeReason.retry, count: 7) + Array(repeating: .reload, count: 6))
        #expect(harness.text(of: "f") == ["2"])
        #expect(harness.log.first == "slot f (flaky): the server answered HTTP 500; keeping the last good entry, retrying in 120 s")
        #expect(harness.log.contains("slot f (flaky): the server answered HTTP 500; keeping the last good entry, retrying in 1800 s"))
    }

    @Test func whatAFailingProviderGivesIsShownButNeverBecomesTheLastGoodEntry() async throws {
        FlakyScripts.shared.set("stale", [.good(5), .failShowingStale("offline"), .failShowingStale("offline"), .good(6)])
        let harness = try HostHarness(flakyConfig("stale"), start: t0)
        await harness.run(for: 700, from: t0)
        #expect(harness.text(of: "f") == ["5 stale"])
        // Retried at 720 (still failing) and 960.
        await harness.run(for: 1000, from: t0)
        #expect(harness.text(of: "f") == ["6"])
        // Each fetch was given the good entry, never the stale one it showed meanwhile.
        #expect(FlakyScripts.shared.lastEntries("stale") == [nil, 5, 5, 5])
    }

    @Test func withNothingGoodYetThePlaceholderStays() async throws {
        FlakyScripts.shared.set("never", [.failShowingStale("no route to host")])
        let harness = try HostHarness(flakyConfig("never"), start: t0)
        await harness.run(for: 400, from: t0)
        #expect(harness.text(of: "f") == ["-1"])
        #expect(harness.wakes("f", since: t0).map(\.0) == [0, 120, 360])
        #expect(harness.log.first == "slot f (flaky): no route to host; showing its placeholder, retrying in 120 s")
    }
}

/// The last good entry of every slot is kept in the state folder.
@Suite struct LastGoodEntryTests {
    @Test func aRestartWithTheServerDownShowsTheKeptEntryInItsFirstFrame() async throws {
        let directory = temporaryDirectory()
        FlakyScripts.shared.set("keep-1", [.good(7)])
        let first = try HostHarness(flakyConfig("keep-1"), start: t0, stateDirectory: directory)
        await first.run(for: 10, from: t0)
        #expect(first.text(of: "f") == ["7"])
        let file = directory + "/entries/f.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("{") && text.contains("\"kind\":\"flaky\"") && text.contains("\"value\":7"))

        // The same slot after a restart; the network is down. The script's name is a
        // parameter, so the second host's slot must be configured the same.
        FlakyScripts.shared.set("keep-1", [.failShowingStale("could not connect")])
        let second = try HostHarness(flakyConfig("keep-1"), start: t0.addingTimeInterval(3600), stateDirectory: directory)
        await second.run(for: 1, from: t0.addingTimeInterval(3600))
        #expect(second.frames.first.map { $0.0.slots[0].content.textLines } == ["7 stale"])
        #expect(FlakyScripts.shared.lastEntries("keep-1") == [7])
        // A retry's entry is not written over the good one.
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    }

    @Test func anUnchangedEntryIsNotWrittenAgain() async throws {
        let directory = temporaryDirectory()
        FlakyScripts.shared.set("writes", [.good(3), .good(3), .good(3), .good(4)])
        let harness = try HostHarness(flakyConfig("writes"), start: t0, stateDirectory: directory)
        let file = directory + "/entries/f.json"
        await harness.run(for: 10, from: t0)
        let inode = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        await harness.run(for: 1300, from: t0)
        // Two more fetches gave the same entry: the file was not replaced.
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int == inode)
        await harness.run(for: 1900, from: t0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int != inode)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"value\":4"))
    }

    @Test func aCorruptOrForeignFileIsIgnoredWithOneLine() async throws {
        for (name, contents, said) in [
            ("corrupt", "\u{0}\u{1}garbage", "not a Glance entry file; ignored"),
            ("foreign", #"{"some": "other program"}"# + "\n{}\n", "not a Glance entry file; ignored"),
            ("newer", #"{"format":"glance-last-entry","version":99,"kind":"flaky","entryType":"x","parameters":"0"}"# + "\n{}\n",
             "format version 99, this Glance reads 1; ignored"),
            ("other", #"{"format":"glance-last-entry","version":1,"kind":"weekday","entryType":"x","parameters":"0"}"# + "\n{}\n",
             "kept for another widget or other parameters; ignored"),
        ] {
            let directory = temporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory + "/entries", withIntermediateDirectories: true)
            try contents.write(toFile: directory + "/entries/f.json", atomically: true, encoding: .utf8)
            FlakyScripts.shared.set("bad-\(name)", [.fail("down"), .good(9)])
            let harness = try HostHarness(flakyConfig("bad-\(name)"), start: t0, stateDirectory: directory)
            await harness.run(for: 10, from: t0)
            #expect(harness.text(of: "f") == ["-1"], "\(name)")
            #expect(harness.log.filter { $0.contains("entries/f.json") }.count == 1, "\(name): \(harness.log)")
            #expect(harness.log.first?.hasSuffix(said) == true, "\(name): \(harness.log)")
            // The next good entry replaces it.
            await harness.run(for: 200, from: t0)
            #expect(try String(contentsOfFile: directory + "/entries/f.json", encoding: .utf8).contains("\"value\":9"), "\(name)")
        }
    }

    @Test func aSlotNameIsNeverAPathOutOfTheFolder() {
        let store = EntryStore(stateDirectory: "/state")
        #expect(store.path(forSlot: "weather") == "/state/entries/weather.json")
        for name in ["../../etc/passwd", "a/b", ".hidden", "", "날씨"] {
            let path = store.path(forSlot: name)
            #expect(path.hasPrefix("/state/entries/") && !path.dropFirst("/state/entries/".count).contains("/"), "\(name) → \(path)")
            #expect(!path.contains(".."), "\(name) → \(path)")
        }
    }
}

/// On a real clock a fetch runs while the host sleeps: a slow server holds up no other
/// slot and no key.
@Suite struct BackgroundFetchTests {
    @Test func aSlowFetchDelaysNeitherAnotherSlotNorAKey() async throws {
        let harness = try HostHarness("""
            display: {size: 340x170}
            timezone: UTC
            provider_timeout: 60
            slots:
              - {name: slow, kind: gated, family: systemSmall}
              - {name: p, kind: probe, family: systemSmall, params: {policy: never, entries: 1}}
            keys:
              A: reload gated
              B: reload probe
            """, start: t0, blocking: true, backgroundFetches: true)
        let gate = FetchGate.shared
        gate.open() // the first fetch passes at once
        let box = UncheckedSendable(harness)
        let finished = Completion()
        Thread { finished.complete(box.value.host.run()) }.start()
        defer { harness.clock.terminate() }
        try await until { harness.text(of: "slow") == ["1"] && harness.clock.isWaiting }

        // A reload of the slow slot: its fetch now waits at the gate.
        harness.host.press(key: "A")
        try await until { gate.waitingCount == 1 && harness.clock.isWaiting }
        let before = harness.records.count
        // The other slot's key is answered while that fetch still waits.
        harness.host.press(key: "B")
        try await until { harness.records.count > before }
        #expect(harness.records.last?.slot == "p")
        #expect(harness.records.last?.reason == .intent)
        #expect(harness.text(of: "slow") == ["1"])
        #expect(gate.waitingCount == 1)

        // The slow answer comes in and wakes the host.
        gate.open()
        try await until { harness.text(of: "slow") == ["2"] }
        #expect(harness.records.last?.slot == "slow")
        #expect(harness.records.last?.reason == .intent)
    }
}
