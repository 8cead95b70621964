import Synchronization
import GlanceWake

/// Requests for a running host from other threads; each wakes the host's wait.
public final class HostInbox: Sendable {
    /// Something a person did.
    public enum Input: Sendable, Equatable {
        /// A whole press of a key (`glance press KEY`), short or long.
        case press(key: String, long: Bool)
        /// A key went down or up; the time is the input's own (nanoseconds, any origin).
        case keyDown(String, atNanoseconds: UInt64)
        case keyUp(String, atNanoseconds: UInt64)
        /// A tap at a pixel of the frame (after the display's rotation is undone).
        case tap(x: Int, y: Int)
        /// A slot's N-th control (from 1), pressed directly.
        case pressControl(slot: String, control: Int)

        /// Whether a person at the display did it (a key, a tap), which wakes a sleeping
        /// display; a key's release and a control pressed from afar do not.
        var isPerson: Bool {
            switch self {
            case .press, .keyDown, .tap: true
            case .keyUp, .pressControl: false
            }
        }
    }

    private let clock: any HostClock
    private let inputs = Mutex<[Input]>([])

    init(clock: any HostClock) { self.clock = clock }

    /// Hands `input` to the host (any thread) and wakes it.
    public func send(_ input: Input) {
        inputs.withLock { $0.append(input) }
        clock.interrupt()
    }

    /// A key was pressed and let go (any thread).
    public func press(key: String, long: Bool = false) { send(.press(key: key, long: long)) }

    func take() -> [Input] {
        inputs.withLock { inputs in
            defer { inputs.removeAll() }
            return inputs
        }
    }
}
