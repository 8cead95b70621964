import GlanceSystem
import CGlanceLinux
import Glibc
import FoundationEssentials
import GlanceTime

/// The real clock on Linux: one `epoll_wait` over a `timerfd` on `CLOCK_REALTIME`
/// (absolute, `TFD_TIMER_CANCEL_ON_SET`, so a clock step ends the wait at once), a
/// `signalfd` for SIGINT/SIGTERM/SIGHUP and an `eventfd` for interrupts.
///
/// Make it before any other thread starts: it blocks the termination signals for the
/// calling thread, and only threads started afterwards inherit that mask.
public final class LinuxEventClock: HostClock, @unchecked Sendable {
    private enum Token: UInt64 {
        case timer = 1, signal, interrupt
    }

    private let epoll: Int32
    private let timer: Int32
    private let signals: Int32
    private let interrupts: Int32
    /// Descriptors other wake sources (key lines) asked to be watched, by token.
    private var sources: [UInt64: () -> Void] = [:]
    private var nextSource: UInt64 = 100
    private var watched: [Int32: UInt64] = [:]

    /// One of the clock's descriptors (epoll, timerfd, signalfd, eventfd) could not be
    /// made or watched: the call and its errno.
    public struct DescriptorError: Error, CustomStringConvertible {
        public let call: String
        public let errno: Int32
        public var description: String { "\(call) failed: \(SystemErrno(errno).description)" }
    }

    public init() throws(DescriptorError) {
        func check(_ result: Int32, _ call: String) throws(DescriptorError) -> Int32 {
            if result < 0 { throw DescriptorError(call: call, errno: errno) }
            return result
        }
        epoll = try check(glance_epoll_create(), "epoll_create1")
        timer = try check(glance_realtime_timerfd_create(), "timerfd_create(CLOCK_REALTIME)")
        signals = try check(glance_termination_signalfd(), "signalfd")
        interrupts = try check(glance_eventfd_create(), "eventfd")
        _ = try check(glance_epoll_add(epoll, timer, Token.timer.rawValue), "epoll_ctl(timerfd)")
        _ = try check(glance_epoll_add(epoll, signals, Token.signal.rawValue), "epoll_ctl(signalfd)")
        _ = try check(glance_epoll_add(epoll, interrupts, Token.interrupt.rawValue), "epoll_ctl(eventfd)")
    }

    deinit {
        close(timer)
        close(signals)
        close(interrupts)
        close(epoll)
    }

    public func now() -> Date { Date() }

    /// Whether SIGHUP reaches the loop (it does unless the process was started with it
    /// ignored, as under nohup).
    public var hearsHangUp: Bool { glance_hangup_ignored() == 0 }

    /// Adds a wake source: whenever `descriptor` polls readable during a `wait`,
    /// `onReady` runs on the waiting thread (it must read what is queued, and calls
    /// `interrupt()` when the host should wake). Call before the first `wait`.
    public func watch(descriptor: Int32, onReady: @escaping () -> Void) throws(DescriptorError) {
        let token = nextSource
        if glance_epoll_add(epoll, descriptor, token) < 0 { throw DescriptorError(call: "epoll_ctl(wake source \(descriptor))", errno: errno) }
        nextSource += 1
        sources[token] = onReady
        watched[descriptor] = token
    }

    /// Whether a watched `descriptor` also wakes its handler when it can be written (a
    /// socket with bytes queued for a peer); only readability otherwise.
    public func setWantsWrite(_ wantsWrite: Bool, descriptor: Int32) {
        guard let token = watched[descriptor] else { return }
        _ = glance_epoll_modify(epoll, descriptor, token, wantsWrite ? 1 : 0)
    }

    /// Stops watching `descriptor` (from its own handler, or before a `wait`).
    public func unwatch(descriptor: Int32) {
        guard let token = watched.removeValue(forKey: descriptor) else { return }
        _ = glance_epoll_remove(epoll, descriptor)
        sources[token] = nil
    }

    public func interrupt() { _ = glance_eventfd_signal(interrupts) }

    public func wait(until deadline: Date?) -> WakeCause {
        // With no deadline the timer is still armed (far ahead) so that a clock step,
        // which cancels it, still ends the wait.
        let target = deadline ?? Date().addingTimeInterval(365 * 86_400)
        let seconds = target.timeIntervalSince1970.rounded(.down)
        let nanoseconds = (target.timeIntervalSince1970 - seconds) * 1e9
        if glance_realtime_timerfd_arm(timer, Int64(seconds), Int64(nanoseconds)) < 0 {
            // Arming fails with ECANCELED when the clock was set since the last read.
            var cancelled: Int32 = 0
            _ = glance_timerfd_read(timer, &cancelled)
            return .clockChanged
        }
        while true {
            var token: UInt64 = 0
            let ready = glance_epoll_wait_one(epoll, -1, &token)
            if ready < 0 { return .terminate }
            switch Token(rawValue: token) {
            case .timer:
                var cancelled: Int32 = 0
                _ = glance_timerfd_read(timer, &cancelled)
                if cancelled != 0 { return .clockChanged }
                // Readiness without expiry (a read raced a re-arm) keeps waiting; the
                // millisecond slack absorbs rounding of the armed instant.
                if Date() >= target.addingTimeInterval(-0.001) { return .deadline }
            case .signal:
                return glance_signalfd_read(signals) == SIGHUP ? .reloadConfiguration : .terminate
            case .interrupt:
                _ = glance_eventfd_drain(interrupts)
                return .interrupted
            case nil:
                sources[token]?()
            }
        }
    }
}
