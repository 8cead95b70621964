import GlanceSystem
import GlanceGraphics
import GlanceDisplays
import FoundationEssentials
import GlanceTime

/// Why a slot was looked at.
public enum WakeReason: String, Sendable, CaseIterable {
    /// The host started.
    case start
    /// The next entry of the slot's timeline became current.
    case entry
    /// The timeline's reload policy came due, or `WidgetCenter` asked for a reload.
    case reload
    /// A provider that failed is asked again.
    case retry
    /// A key press or another intent asked for it.
    case intent
    /// The wall clock was set; every slot is reloaded.
    case clock
}

/// One slot's part of one wake: a line of `glance simulate`.
public struct WakeRecord: Equatable, Sendable {
    public var at: Date
    public var slot: String
    public var kind: String
    public var reason: WakeReason
    public var refresh: RefreshMode
    /// For a member of a stack: the stack, the member it shows after this wake, and why.
    public var stack: StackChoice?
    /// The wake that ends quiet hours: when the display went to sleep.
    public var sleptSince: Date?
    /// Why a full refresh came ("the first frame", "after quiet hours", …); nil otherwise.
    public var fullWhy: String?

    public struct StackChoice: Equatable, Sendable {
        public var stack: String
        public var shows: String
        /// `relevance`, `rotation`, `order`, `hand` or `window` (no member's window open).
        public var why: String

        public init(stack: String, shows: String, why: String) {
            self.stack = stack
            self.shows = shows
            self.why = why
        }
    }

    public init(at: Date, slot: String, kind: String, reason: WakeReason, refresh: RefreshMode) {
        self.at = at
        self.slot = slot
        self.kind = kind
        self.reason = reason
        self.refresh = refresh
    }

    /// The design's JSON line: `{"at": "…", "slot": "…", "kind": "…", "reason": "…", "refresh": "…"}`,
    /// with `at` in ISO 8601 with the display zone's offset.
    public func jsonLine(in timeZone: ZoneRules) -> String {
        let at = iso8601String(self.at, in: timeZone)
        return "{\"at\": \(jsonString(at)), \"slot\": \(jsonString(slot)), \"kind\": \(jsonString(kind)), "
            + "\"reason\": \"\(reason.rawValue)\", \"refresh\": \"\(refresh.rawValue)\""
            + (stack.map { ", \"stack\": \(jsonString($0.stack)), \"shows\": \(jsonString($0.shows)), \"why\": \(jsonString($0.why))" } ?? "")
            + (sleptSince.map { ", \"slept_since\": \(jsonString(iso8601String($0, in: timeZone)))" } ?? "")
            + (fullWhy.map { ", \"full_why\": \(jsonString($0))" } ?? "") + "}"
    }
}
