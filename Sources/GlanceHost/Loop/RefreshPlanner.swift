import FoundationEssentials

/// Decides how the display refreshes a changed frame: the first frame and one in every
/// `fullEvery` changes are full refreshes, as is the first change after `fullAtLeastEvery`
/// seconds without one (e-paper ghosting builds up under partial refreshes); the rest
/// are partial. An unchanged frame is no refresh at all.
public struct RefreshPlanner: Sendable {
    public var fullEvery: Int
    public var fullAtLeastEvery: TimeInterval
    private var partialsSinceFull = 0
    private var lastFull: Date?

    public init(fullEvery: Int = 20, fullAtLeastEvery: TimeInterval = 86_400) {
        self.fullEvery = max(1, fullEvery)
        self.fullAtLeastEvery = fullAtLeastEvery
    }

    public mutating func plan(changed: Bool, at instant: Date) -> RefreshMode {
        guard changed else { return .none }
        let fullDue: Bool
        if let lastFull {
            // A clock set backwards makes `lastFull` lie in the future: treat as due.
            fullDue = partialsSinceFull + 1 >= fullEvery
                || instant.timeIntervalSince(lastFull) >= fullAtLeastEvery
                || instant < lastFull
        } else {
            fullDue = true
        }
        if fullDue {
            partialsSinceFull = 0
            lastFull = instant
            return .full
        }
        partialsSinceFull += 1
        return .partial
    }
}
