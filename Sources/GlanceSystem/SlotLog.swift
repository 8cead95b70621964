#if canImport(Glibc)
import Glibc
#endif

/// Where widget code's own log lines go (`os.Logger`, `os_log`): the daemon's log, with the
/// name of the slot whose provider is running on the calling thread.
///
/// The host sets the sink when it starts; a provider's executor names its thread's slot
/// before each job. A line logged on a thread that works for no slot says "widget".
package enum SlotLog {
    private static let lock = ConditionLock()
    nonisolated(unsafe) private static var sink: ((String) -> Void)?
    /// The thread's slot name, a `String` kept alive by the key (one per thread).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in if let pointer { Unmanaged<SlotName>.fromOpaque(pointer).release() } }
        return key
    }()

    private final class SlotName {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// The daemon's log (nil: lines are dropped, as before a host runs).
    package static func setSink(_ newSink: ((String) -> Void)?) { lock.withLock { sink = newSink } }

    /// The calling thread works for `slot` from now on (nil: for none).
    package static func setSlot(_ slot: String?) {
        if let old = pthread_getspecific(key) {
            if let slot, Unmanaged<SlotName>.fromOpaque(old).takeUnretainedValue().name == slot { return }
            Unmanaged<SlotName>.fromOpaque(old).release()
        }
        pthread_setspecific(key, slot.map { Unmanaged.passRetained(SlotName($0)).toOpaque() })
    }

    /// The slot the calling thread works for.
    package static var currentSlot: String? {
        pthread_getspecific(key).map { Unmanaged<SlotName>.fromOpaque($0).takeUnretainedValue().name }
    }

    /// Writes `line` to the daemon's log as the calling thread's slot's; to standard error
    /// where no daemon runs (`render`).
    package static func write(_ line: String) {
        let slot = currentSlot.map { "slot \($0)" } ?? "widget"
        let sink = lock.withLock { self.sink }
        if let sink {
            sink("\(slot): \(line)")
        } else {
            // Widget text from outside (a fetched name) cannot forge a line or drive a terminal.
            var bytes = Array("\(slot): \(line)".terminalSafe.utf8) + [0x0A]
            _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        }
    }
}
