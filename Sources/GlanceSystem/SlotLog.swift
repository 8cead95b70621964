#if canImport(Glibc)
import Glibc
#endif

/// Where widget code's own log lines go (`os.Logger`, `os_log`): the daemon's log, with the
/// name of the slot whose provider is running on the calling thread.
///
/// A provider's executor names its thread's slot and the host's log before each job, and the
/// host does around drawing a slot's view. A line logged on a thread that works for no
/// slot says "widget"; without a log (`render`) lines go to standard error.
package enum SlotLog {
    /// The thread's slot name and log, kept alive by the key (one per thread).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in if let pointer { Unmanaged<SlotName>.fromOpaque(pointer).release() } }
        return key
    }()

    private final class SlotName {
        let name: String?
        let sink: ((String) -> Void)?
        let said: SaidRecord?
        init(_ name: String?, _ sink: ((String) -> Void)?, _ said: SaidRecord?) {
            self.name = name
            self.sink = sink
            self.said = said
        }
    }

    /// What a slot's widget has been told once already (`once`): kept by the slot, so that
    /// it ends with it and another host's slot of the same name is told anew.
    package final class SaidRecord: @unchecked Sendable {
        private let lock = ConditionLock()
        private var said: Set<String> = []

        package init() {}

        /// Whether `key` is new (and from now on said). At most 4,096 are remembered (then
        /// the record starts again): a display runs for months.
        func first(_ key: String) -> Bool {
            lock.withLock {
                if said.count >= 4096 { said.removeAll() }
                return said.insert(key).inserted
            }
        }
    }

    /// The calling thread works for `slot` from now on (nil: for none), and its widget's
    /// lines go to `log` (nil: standard error). A host names its own log, so that hosts
    /// side by side (tests) each keep their lines.
    package static func setSlot(_ slot: String?, log: ((String) -> Void)? = nil, said: SaidRecord? = nil) {
        if let old = pthread_getspecific(key) {
            Unmanaged<SlotName>.fromOpaque(old).release()
        }
        pthread_setspecific(key, slot == nil && log == nil ? nil : Unmanaged.passRetained(SlotName(slot, log, said)).toOpaque())
    }

    private static var current: SlotName? { pthread_getspecific(key).map { Unmanaged<SlotName>.fromOpaque($0).takeUnretainedValue() } }

    /// The slot the calling thread works for.
    package static var currentSlot: String? { current?.name }

    /// What the calling thread's slot has been told once, when it names a record.
    package static var currentSaid: SaidRecord? { current?.said }

    /// The log the calling thread's lines go to, when it names one.
    package static var currentLog: ((String) -> Void)? { current?.sink }

    /// Writes `line` to the daemon's log as the calling thread's slot's; to standard error
    /// where no daemon runs (`render`).
    package static func write(_ line: String) {
        let slot = currentSlot.map { "slot \($0)" } ?? "widget"
        if let sink = currentLog {
            sink("\(slot): \(line)")
        } else {
            // Widget text from outside (a fetched name) cannot forge a line or drive a terminal.
            var bytes = Array("\(slot): \(line)".terminalSafe.utf8) + [0x0A]
            _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        }
    }
}

extension SlotLog {
    /// The record of threads that name none (`render`, tests).
    private static let processSaid = SaidRecord()

    /// Writes `line` once for the calling thread's slot and `key`: the first time a slot's
    /// view uses an API a wall accepts and ignores, not at every frame.
    package static func once(_ key: String, _ line: @autoclosure () -> String) {
        let record = current?.said ?? processSaid
        if record.first((currentSlot ?? "") + "\u{0}" + key) { write(line()) }
    }
}
