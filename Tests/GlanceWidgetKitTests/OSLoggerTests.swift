import FoundationEssentials
import GlanceSystem
import GlanceWidgetKit
import Synchronization
import Testing
import os

/// Widget code's `os.Logger` and `os_log` write to the daemon's log with the slot's name,
/// keeping strings private unless marked public (as iOS's unified log does).
@Suite(.serialized) struct OSLoggerTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func aProvidersLoggerLineCarriesItsSlotsName() async throws {
        let lines = Lines()
        let executor = ProviderExecutor()
        defer { executor.retire() }
        executor.slotName = "kitchen weather"
        executor.log = { lines.append($0) }
        let token = "sk-123456"
        await Task(executorPreference: executor) {
            let logger = Logger(subsystem: "com.example.weather", category: "Fetch")
            logger.error("request failed with key \(token) after \(3) tries")
            logger.info("city \(("Seoul"), privacy: .public) at \(21.456, format: .fixed(precision: 1))°")
        }.value
        #expect(lines.all == ["slot kitchen weather: [Fetch] error: request failed with key <private> after 3 tries",
                              "slot kitchen weather: [Fetch] info: city Seoul at 21.5°"])
    }

    @Test func osLogFormatsItsArgumentsAndKeepsStringsPrivate() {
        let lines = Lines()
        SlotLog.setSlot(nil, log: { lines.append($0) })
        defer { SlotLog.setSlot(nil) }
        let log = OSLog(subsystem: "com.example", category: "Timeline")
        os_log("made %d entries for %@ and %{public}@ (%.1f%%)", log: log, type: .info, 12, "secret" as NSString, "public" as NSString, 99.5)
        #expect(lines.all == ["widget: [Timeline] info: made 12 entries for <private> and public (99.5%)"])
    }
}
