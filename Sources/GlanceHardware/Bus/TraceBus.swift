import GlanceSystem
import FoundationEssentials
import Glibc

/// The `trace` transport: a bus that writes every operation to a file in the design's
/// trace format instead of moving wires. BUSY reads as released after each wait, and
/// delays are not slept but advance the trace's clock, so a driver runs at full speed
/// and `t_us` still shows the timing the panel would see.
public final class TraceBus: PanelBus {
    public let path: String
    private var descriptor: Int32
    private var microseconds = 0

    public init(path: String) throws {
        self.path = path
        // One trace per run: a trace starts at a reset and t_us 0, so an old one is replaced.
        // A symlink is not followed (nobody can redirect the trace through the folder).
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw PanelBusError.io("\(path) is a symbolic link; Glance does not write a trace through one: name the file itself")
            }
            throw PanelBusError.io("\(path): cannot open the trace file (\(SystemErrno(errno).description)); check that its folder exists and is writable")
        }
    }

    deinit { close(descriptor) }

    public func command(_ code: UInt8) throws { try record(.command(code)) }
    public func data(_ bytes: [UInt8]) throws { try record(.data(bytes)) }
    public func setLine(_ line: PanelLine, high: Bool) throws { try record(.gpio(line: line, high: high)) }
    public func select(_ chips: PanelChips) throws { try record(.select(chips)) }

    public func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws {
        try record(.busyWait(level: level, timeoutMilliseconds: timeoutMilliseconds, waitedMilliseconds: 0))
    }

    public func delay(milliseconds: Int) {
        try? record(.delay(milliseconds: milliseconds))
        microseconds += milliseconds * 1000
    }

    private func record(_ record: BusTraceRecord) throws {
        let line = Array((record.jsonLine(atMicroseconds: microseconds) + "\n").utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            throw PanelBusError.io("\(path): cannot write the trace (\(SystemErrno(errno).description))")
        }
    }
}
