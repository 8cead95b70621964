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
        /// Asked by widget code in the host's own process (a provider, an intent).
        package var all = false
        package var kinds: Set<String> = []
        /// Asked by another program (the app's side of a widget, through the daemon's
        /// socket): a person's change, applied at once unless one came within the
        /// minimum interval.
        package var outsideAll = false
        package var outsideKinds: Set<String> = []

        package var isEmpty: Bool { !all && kinds.isEmpty && !outsideAll && outsideKinds.isEmpty }

        package init(all: Bool = false, kinds: Set<String> = [], outsideAll: Bool = false, outsideKinds: Set<String> = []) {
            self.all = all
            self.kinds = kinds
            self.outsideAll = outsideAll
            self.outsideKinds = outsideKinds
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

    /// For the host: a reload another program asked for (`WidgetCenter` in the app's side
    /// of a widget, forwarded by the daemon's socket), `kind` nil for every slot.
    package func reloadFromAnotherProgram(kind: String?) {
        let wake = state.withLock { state in
            if let kind { state.pending.outsideKinds.insert(kind) } else { state.pending.outsideAll = true }
            return state.wake
        }
        wake?()
    }

    /// Sends the reload to the daemon's control socket. As on iOS, where the app in the
    /// foreground does not spend the widget's budget, the daemon applies it at once; only
    /// another one within `minimum_reload_interval` waits, folded into one.
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
