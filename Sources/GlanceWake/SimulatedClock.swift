import GlanceSystem
import FoundationEssentials
import GlanceTime
import Synchronization

/// Virtual time for `glance simulate` and tests: a wait jumps straight to its deadline,
/// so a year of schedule runs in milliseconds. Events can be scripted at virtual
/// instants (a clock step, an interrupt); `advance(to:)`/`set(to:)` move time from
/// another thread while a loop is waiting, as a test of a running loop needs.
public final class SimulatedClock: HostClock, Sendable {
    /// Something that happens at a virtual instant.
    public enum ScriptedEvent: Sendable {
        /// The wall clock is set to another instant (an NTP step).
        case setClock(to: Date)
        /// Something asks for the host's attention (a reload request, a key).
        case interrupt(@Sendable () -> Void)
    }

    private struct State {
        var now: Date
        var script: [(at: Date, event: ScriptedEvent)] = []
        var pendingInterrupt = false
        var pendingClockChange = false
        var terminated = false
        var waiting = false
    }

    private let state: Mutex<State>
    private let blocking: Bool
    private let condition = ConditionLock()

    public let waitsForProviders: Bool

    /// - Parameter blocking: when true, a wait does not jump to its deadline but blocks
    ///   until another thread moves time with `advance(to:)` or `set(to:)`.
    /// - Parameter backgroundFetches: when true (with `blocking`), providers answer while
    ///   the host waits, as on a real clock.
    public init(start: Date, blocking: Bool = false, backgroundFetches: Bool = false) {
        state = Mutex(State(now: start))
        self.blocking = blocking
        waitsForProviders = !backgroundFetches
    }

    public func now() -> Date { state.withLock { $0.now } }

    /// Schedules `event` at virtual instant `at`.
    public func schedule(_ event: ScriptedEvent, at instant: Date) {
        state.withLock { state in
            state.script.append((instant, event))
            state.script.sort { $0.at < $1.at }
        }
    }

    public func interrupt() {
        condition.lock()
        state.withLock { $0.pendingInterrupt = true }
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the current or next wait with `.terminate`.
    public func terminate() {
        condition.lock()
        state.withLock { $0.terminated = true }
        condition.broadcast()
        condition.unlock()
    }

    /// Moves time forward continuously (blocking mode): a waiting deadline at or before
    /// `instant` fires.
    public func advance(to instant: Date) {
        condition.lock()
        state.withLock { $0.now = max($0.now, instant) }
        condition.broadcast()
        condition.unlock()
    }

    /// Sets the wall clock (either direction), as `date -s` or an NTP step does.
    public func set(to instant: Date) {
        condition.lock()
        state.withLock {
            $0.now = instant
            $0.pendingClockChange = true
        }
        condition.broadcast()
        condition.unlock()
    }

    /// True while a loop is blocked in `wait` (blocking mode), for tests to sync on.
    public var isWaiting: Bool { state.withLock { $0.waiting } }

    public func wait(until deadline: Date?) -> WakeCause {
        blocking ? waitBlocking(until: deadline) : waitVirtually(until: deadline)
    }

    private func waitVirtually(until deadline: Date?) -> WakeCause {
        enum Step {
            case done(WakeCause)
            case run(@Sendable () -> Void)
        }
        let step: Step = state.withLock { state in
            if let cause = Self.takePending(&state) { return .done(cause) }
            if let first = state.script.first, deadline.map({ first.at <= $0 }) ?? true {
                state.script.removeFirst()
                state.now = max(state.now, first.at)
                switch first.event {
                case .setClock(let instant):
                    state.now = instant
                    return .done(.clockChanged)
                case .interrupt(let action):
                    return .run(action)
                }
            }
            guard let deadline else { return .done(.exhausted) }
            state.now = max(state.now, deadline)
            return .done(.deadline)
        }
        switch step {
        case .done(let cause):
            return cause
        case .run(let action):
            // Run outside the lock: the action may call back into the clock.
            action()
            return .interrupted
        }
    }

    private func waitBlocking(until deadline: Date?) -> WakeCause {
        condition.lock()
        defer { condition.unlock() }
        state.withLock { $0.waiting = true }
        defer { state.withLock { $0.waiting = false } }
        while true {
            let cause: WakeCause? = state.withLock { state in
                if let cause = Self.takePending(&state) { return cause }
                if let deadline, state.now >= deadline { return .deadline }
                return nil
            }
            if let cause { return cause }
            condition.wait()
        }
    }

    /// A termination, clock step or interrupt that another thread asked for, consumed.
    private static func takePending(_ state: inout State) -> WakeCause? {
        if state.terminated { return .terminate }
        if state.pendingClockChange {
            state.pendingClockChange = false
            return .clockChanged
        }
        if state.pendingInterrupt {
            state.pendingInterrupt = false
            return .interrupted
        }
        return nil
    }
}
