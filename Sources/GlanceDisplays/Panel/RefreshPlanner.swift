import FoundationEssentials

/// What the display did for a wake.
public enum RefreshMode: String, Sendable {
    /// Nothing on the panel changed.
    case none
    /// Only the damaged region was refreshed.
    case partial
    /// The whole panel was refreshed.
    case full
}

/// Decides how the display refreshes a changed frame: the first frame and one in every
/// `fullEvery` changes are full refreshes, as is the first change after `fullAtLeastEvery`
/// seconds without one (e-paper ghosting builds up under partial refreshes); the rest
/// are partial. An unchanged frame is no refresh at all.
///
/// A panel that asks for a minimum interval between refreshes gets a change that comes
/// sooner held back: `plan` answers `.none` and `heldUntil` says when to show it.
public struct RefreshPlanner: Sendable {
    public var fullEvery: Int
    public var fullAtLeastEvery: TimeInterval
    public var minimumInterval: TimeInterval
    /// False for panels that cannot refresh part of themselves: every change is full.
    public var partialAllowed: Bool
    private var partialsSinceFull = 0
    private var lastFull: Date?
    private var lastRefresh: Date?
    /// A change waiting for the minimum interval to pass.
    public private(set) var heldUntil: Date?

    public init(fullEvery: Int = 20, fullAtLeastEvery: TimeInterval = 86_400, minimumInterval: TimeInterval = 0, partialAllowed: Bool = true) {
        self.fullEvery = max(1, fullEvery)
        self.fullAtLeastEvery = fullAtLeastEvery
        self.minimumInterval = max(0, minimumInterval)
        self.partialAllowed = partialAllowed
    }

    public init(profile: RefreshProfile) {
        self.init(fullEvery: profile.fullEvery, fullAtLeastEvery: profile.fullAtLeastEvery, minimumInterval: profile.minimumInterval,
                  partialAllowed: profile.partial)
    }

    /// The refresh for a frame that `changed` (or not) at `instant`. A change held back
    /// earlier counts as a change.
    public mutating func plan(changed: Bool, at instant: Date) -> RefreshMode {
        guard changed || heldUntil != nil else { return .none }
        if let lastRefresh, instant >= lastRefresh, instant < lastRefresh.addingTimeInterval(minimumInterval) {
            heldUntil = lastRefresh.addingTimeInterval(minimumInterval)
            return .none
        }
        heldUntil = nil
        lastRefresh = instant
        let fullDue: Bool
        if let lastFull {
            // A clock set backwards makes `lastFull` lie in the future: treat as due.
            fullDue = partialsSinceFull + 1 >= fullEvery
                || instant.timeIntervalSince(lastFull) >= fullAtLeastEvery
                || instant < lastFull
        } else {
            fullDue = true
        }
        if fullDue || !partialAllowed {
            partialsSinceFull = 0
            lastFull = instant
            return .full
        }
        partialsSinceFull += 1
        return .partial
    }
}
