import FoundationEssentials
import GlanceSystem
import Glibc
import Synchronization

/// Asks the host for new timelines (WidgetKit's `WidgetCenter`).
///
/// Calls are safe from any thread; the host picks them up at its next wake, and a call
/// wakes a host that is waiting. In a process that runs no host (a companion command,
/// another Swift program on the board), `WidgetCenter.shared` passes the request to the
/// running daemon through its control socket (found as `glance reload` finds it:
/// `$STATE_DIRECTORY`, `$XDG_STATE_HOME/glance` or `~/.local/state/glance`), after
/// writing this process's `UserDefaults` changes to their files.
public final class WidgetCenter: Sendable {
    /// The center the running host listens to.
    public static let shared = WidgetCenter()

    /// What has been asked for since the host last looked.
    package struct PendingReloads: Equatable, Sendable {
        package var all = false
        package var kinds: Set<String> = []

        package var isEmpty: Bool { !all && kinds.isEmpty }

        package init(all: Bool = false, kinds: Set<String> = []) {
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
    package init() {}

    /// Reload every slot showing a widget of `kind`.
    public func reloadTimelines(ofKind kind: String) {
        let wake = state.withLock { state in
            state.pending.kinds.insert(kind)
            return state.wake
        }
        if let wake { wake() } else if self === WidgetCenter.shared { Self.forwardToDaemon(kind: kind) }
    }

    /// Reload every slot.
    public func reloadAllTimelines() {
        let wake = state.withLock { state in
            state.pending.all = true
            return state.wake
        }
        if let wake { wake() } else if self === WidgetCenter.shared { Self.forwardToDaemon(kind: nil) }
    }

    /// Sends the reload to the daemon's control socket; it obeys the daemon's
    /// `minimum_reload_interval` as in-process calls do.
    private static func forwardToDaemon(kind: String?) {
        // The daemon's widget reads the suites' files: write what this process changed.
        FoundationPreferences.flush()
        let path = StateDirectory.socketPath(in: StateDirectory.resolve(configured: nil))
        do {
            let answer = try ControlClient(path: path, timeoutMilliseconds: 5_000).send(.reload(kind: kind, throttled: true))
            if !answer.ok { warn("WidgetCenter: the daemon refused the reload: \(answer.error ?? answer.line)") }
        } catch {
            warn("WidgetCenter: \(error); nothing was reloaded")
        }
    }

    private static func warn(_ message: String) {
        let line = Array("glance: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// For the host: the requests made since the last call, which are then forgotten.
    package func takePendingReloads() -> PendingReloads {
        state.withLock { state in
            defer { state.pending = PendingReloads() }
            return state.pending
        }
    }

    /// For the host: called (on the requesting thread) after each request.
    package func setWakeHandler(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.wake = handler }
    }
}
