import Foundation
@testable import GlanceHost
import GlanceTestSupport
import GlanceWidgetKit
import Testing

/// What a host makes it releases with itself: a host replaced (SIGHUP, a TRMNL device's
/// new size) leaves no thread of its slots behind.
@Suite struct HostResourceTests {
    let yaml = """
        display: {size: 800x480}
        timezone: UTC
        slots:
          - {name: a, kind: countdown, family: systemSmall, params: {title: A, target: "2027-01-03"}}
          - {name: b, kind: countdown, family: systemSmall, params: {title: B, target: "2027-01-04"}}
          - {name: c, kind: countdown, family: systemSmall, params: {title: C, target: "2027-01-05"}}
        """

    /// A host made, run and replaced 14 times, as 14 SIGHUPs do: every slot's executor
    /// thread ends with the host that made it (the test holds the executors, so that it
    /// can ask them; a thread that nobody retired would wait for work for ever).
    @Test func aReplacedHostEndsItsSlotsThreads() async throws {
        let before = ProcessCounts.threads()
        var made: [ProviderExecutor] = []
        for _ in 0..<14 {
            let harness = try HostHarness(yaml, start: t0)
            await harness.run(for: 60, from: t0)
            #expect(harness.text(of: "a") != [])
            for slot in harness.host.slots {
                // The fetch ran on the slot's own thread.
                #expect(slot.executor.hasThread)
                made.append(slot.executor)
            }
        }
        #expect(made.count == 42)
        // The threads end once their hosts are gone.
        for _ in 0..<400 where made.contains(where: \.hasThread) { usleep(5_000) }
        #expect(made.filter(\.hasThread).count == 0)
        print("14 hosts of 3 slots made and replaced: threads \(before) -> \(ProcessCounts.threads()) (other suites run beside)")
    }
}
