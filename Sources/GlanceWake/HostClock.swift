import FoundationEssentials
import GlanceTime

/// Why a wait ended.
public enum WakeCause: Equatable, Sendable {
    /// The deadline arrived.
    case deadline
    /// The wall clock was set (NTP step, manual change): every schedule must be redone.
    case clockChanged
    /// Someone called `interrupt()`: WidgetCenter reloads, key presses, control messages.
    case interrupted
    /// SIGINT or SIGTERM: stop cleanly.
    case terminate
    /// SIGHUP: read the configuration again.
    case reloadConfiguration
    /// A virtual clock with no deadline and nothing scripted: time would stand still.
    case exhausted
}

/// The host's only way to wait: one blocking call that ends at the deadline or at the
/// first thing that needs the host, whichever comes first. Nothing else polls.
public protocol HostClock: WallClock {
    /// Blocks until `deadline` (UTC instant; `nil` = no deadline) or an earlier event.
    func wait(until deadline: Date?) -> WakeCause
    /// Ends a `wait` in progress (or the next one) with `.interrupted`; any thread.
    func interrupt()
    /// Whether a wake waits for the providers it asks. Virtual time cannot pass while a
    /// real thread works, so simulations wait (up to `provider_timeout`); on a real clock
    /// providers answer while the host sleeps, and a slow one delays nothing else.
    var waitsForProviders: Bool { get }
}

extension HostClock {
    public var waitsForProviders: Bool { false }
}
