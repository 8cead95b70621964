import Foundation
import GlanceEmulators
import GlanceHardware
import Testing

/// Hostile traces: each gets one plain line naming the trace line, nothing traps.
@Suite struct TraceParsingTests {
    func parseError(_ text: String) -> String {
        do {
            _ = try BusTraceRecord.parse(text)
            return "(parsed)"
        } catch {
            return "\(error)"
        }
    }

    @Test func waitsNearIntMaxAreRefusedNotTrapped() {
        #expect(parseError("{\"op\": \"delay\", \"ms\": 9223372036854775807}") == "line 1: delay: \"ms\" is 9223372036854775807; expected 0 to 3600000 milliseconds")
        #expect(parseError("\n{\"op\": \"busy_wait\", \"ms\": 1, \"timeout_ms\": -5}").hasPrefix("line 2: busy_wait: \"timeout_ms\" is -5"))
        // Replayed directly (no parser in between), the emulator's clock saturates.
        let emulator = SSD168xEmulator(model: "ssd1680", width: 128, height: 296)
        emulator.delay(milliseconds: .max)
        emulator.delay(milliseconds: .max)
        #expect(throws: PanelBusError.self) { try emulator.waitWhileBusy(level: .low, timeoutMilliseconds: .max, operation: "hostile") }
    }

    @Test func errorsAreInPlainWords() {
        let garbage = parseError("{\"op\": \"cmd\", \"hex\": \"12\"}\nnot json at all")
        #expect(garbage.hasPrefix("line 2: not a JSON object"))
        #expect(!garbage.contains("DecodingError") && !garbage.contains("Context"))
        #expect(parseError("{\"hex\": \"12\"}") == "line 1: missing \"op\"")
        #expect(parseError("{\"op\": \"delay\", \"ms\": \"ten\"}").hasPrefix("line 1: \"ms\" has the wrong type"))
    }

    @Test func crlfLineEndsAreFine() throws {
        let records = try BusTraceRecord.parse("{\"op\": \"gpio\", \"line\": \"RST\", \"value\": 1}\r\n{\"op\": \"delay\", \"ms\": 10}\r\n")
        #expect(records.count == 2)
    }

    @Test func aProtocolViolationNamesItsTraceLine() throws {
        // A command while the controller was never reset.
        let records = try BusTraceRecord.parseNumbered("{\"op\": \"delay\", \"ms\": 1}\n\n{\"op\": \"cmd\", \"hex\": \"12\"}")
        let emulator = SSD168xEmulator(model: "ssd1680", width: 128, height: 296)
        let error = #expect(throws: PanelBusError.self) { try BusTraceRecord.replay(records, into: emulator) }
        #expect("\(error.map { "\($0)" } ?? "")".hasPrefix("protocol violation: line 3: "))
    }
}
