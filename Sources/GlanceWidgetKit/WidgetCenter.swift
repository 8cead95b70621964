import FoundationEssentials
import Synchronization

/// Asks the host for new timelines (WidgetKit's `WidgetCenter`).
///
/// Calls are safe from any thread; the host picks them up at its next wake, and a call
/// wakes a host that is waiting.
public final class WidgetCenter: Sendable {
    /// The center the running host listens to.
    public static let shared = WidgetCenter()

    /// What has been asked for since the host last looked.
    public struct PendingReloads: Equatable, Sendable {
        public var all = false
        public var kinds: Set<String> = []

        public var isEmpty: Bool { !all && kinds.isEmpty }

        public init(all: Bool = false, kinds: Set<String> = []) {
            self.all = all
            self.kinds = kinds
        }
    }

    private struct State {
        var pending = PendingReloads()
        var wake: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// A separate center, for tests and for hosts that must not share one.
    public init() {}

    /// Reload every slot showing a widget of `kind`.
    public func reloadTimelines(ofKind kind: String) {
        let wake = state.withLock { state in
            state.pending.kinds.insert(kind)
            return state.wake
        }
        wake?()
    }

    /// Reload every slot.
    public func reloadAllTimelines() {
        let wake = state.withLock { state in
            state.pending.all = true
            return state.wake
        }
        wake?()
    }

    /// For the host: the requests made since the last call, which are then forgotten.
    public func takePendingReloads() -> PendingReloads {
        state.withLock { state in
            defer { state.pending = PendingReloads() }
            return state.pending
        }
    }

    /// For the host: called (on the requesting thread) after each request.
    public func setWakeHandler(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.wake = handler }
    }
}
