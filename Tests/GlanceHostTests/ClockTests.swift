import Foundation
import GlanceHost
import GlanceWake
import GlanceWidgetKit
import Testing

@Suite struct ClockStepTests {
    /// A running loop, blocked in its wait for the next midnight, sees the wall clock
    /// set two days ahead: it wakes at once with reason `clock`, reloads, shows the new
    /// day, and waits for the midnight after the new date instead of the old one.
    @Test func settingTheWallClockUnderARunningLoopMovesTheSchedule() async throws {
        let start = instant("2026-12-31T09:00:00+09:00")
        let harness = try HostHarness("""
            timezone: Asia/Seoul
            locale: en_US
            slots:
              - {name: dday, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """, start: start, blocking: true)
        let clock = harness.clock
        let box = UncheckedSendable(harness)
        let finished = Completion()
        let thread = Thread {
            let reason = box.value.host.run()
            finished.complete(reason)
        }
        thread.start()
        try await until { clock.isWaiting }
        #expect(harness.text(of: "dday") == ["LAUNCH", "January 3, 2027", "D-3"])
        #expect(harness.host.nextInstant() == instant("2027-01-01T00:00:00+09:00"))

        // An NTP step: the board believed it was 31 Dec; it is 2 Jan, 10:00.
        clock.set(to: instant("2027-01-02T10:00:00+09:00"))
        try await until { harness.records.count == 2 && clock.isWaiting }
        #expect(harness.records.last?.reason == .clock)
        #expect(harness.text(of: "dday") == ["LAUNCH", "January 3, 2027", "D-1"])
        #expect(harness.host.nextInstant() == instant("2027-01-03T00:00:00+09:00"))

        // Time then runs on to the new midnight: an ordinary reload.
        clock.advance(to: instant("2027-01-03T00:00:00+09:00"))
        try await until { harness.records.count == 3 && clock.isWaiting }
        #expect(harness.records.last?.reason == .reload)
        #expect(harness.text(of: "dday") == ["LAUNCH", "January 3, 2027", "D-Day"])

        // And set backwards: the schedule follows the clock back.
        clock.set(to: instant("2026-12-30T12:00:00+09:00"))
        try await until { harness.records.count == 4 && clock.isWaiting }
        #expect(harness.text(of: "dday") == ["LAUNCH", "January 3, 2027", "D-4"])
        #expect(harness.host.nextInstant() == instant("2026-12-31T00:00:00+09:00"))

        clock.terminate()
        #expect(try await finished.value() == .terminated)
    }
}

@Suite struct LinuxEventClockTests {
    @Test func wakesAtTheDeadlineOnTheRealClock() throws {
        let clock = try LinuxEventClock()
        let deadline = Date().addingTimeInterval(0.05)
        #expect(clock.wait(until: deadline) == .deadline)
        let late = Date().timeIntervalSince(deadline)
        // Never early; "late" is bounded only as a hang guard (how late depends on what
        // else the two cores run).
        #expect(late >= -0.001, "woke \(-late) s before the deadline")
        #expect(late < 60, "hung: woke \(late) s after the deadline")
        // A deadline in the past returns at once.
        #expect(clock.wait(until: Date().addingTimeInterval(-10)) == .deadline)
    }

    @Test func anInterruptFromAnotherThreadEndsTheWait() throws {
        let clock = try LinuxEventClock()
        let box = UncheckedSendable(clock)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            box.value.interrupt()
        }
        // With no deadline only the interrupt can end this wait.
        #expect(clock.wait(until: nil) == .interrupted)
    }
}

/// Polls `condition` (which another thread makes true) for up to two seconds.
func until(_ condition: @escaping () -> Bool) async throws {
    for _ in 0..<400 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("condition not met within 2 s")
}

final class Completion: @unchecked Sendable {
    private let lock = NSCondition()
    private var result: WidgetHost.StopReason?

    func complete(_ value: WidgetHost.StopReason) {
        lock.lock()
        result = value
        lock.broadcast()
        lock.unlock()
    }

    func value() async throws -> WidgetHost.StopReason? {
        try await until { self.peek() != nil }
        return peek()
    }

    private func peek() -> WidgetHost.StopReason? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
