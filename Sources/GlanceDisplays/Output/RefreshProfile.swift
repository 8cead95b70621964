import FoundationEssentials

/// A panel's refresh discipline, from its board file (`refresh:`).
public struct RefreshProfile: Sendable, Equatable {
    /// Partial refreshes allowed (1-bit e-paper with a partial waveform; LCD windows).
    public var partial: Bool
    /// A fast waveform may replace a full refresh when most of the panel changed.
    public var fast: Bool
    /// A full refresh after this many changes.
    public var fullEvery: Int
    /// A full refresh at least this often, in seconds (ghosting builds up).
    public var fullAtLeastEvery: TimeInterval
    /// A full refresh once partial refreshes have changed, together, this many times the
    /// panel's pixels (0: no such limit): many small changes ghost less than a few that
    /// flip half the panel.
    public var fullAfterArea: Double
    /// Seconds that must pass between two refreshes (0: none).
    public var minimumInterval: TimeInterval
    /// Deep sleep after every update (e-paper); LCDs stay on.
    public var sleepAfterUpdate: Bool

    public init(partial: Bool = true, fast: Bool = false, fullEvery: Int = 20, fullAtLeastEvery: TimeInterval = 86_400,
                minimumInterval: TimeInterval = 0, sleepAfterUpdate: Bool = true, fullAfterArea: Double = 0) {
        self.partial = partial
        self.fast = fast
        self.fullEvery = max(1, fullEvery)
        self.fullAtLeastEvery = fullAtLeastEvery
        self.minimumInterval = minimumInterval
        self.sleepAfterUpdate = sleepAfterUpdate
        self.fullAfterArea = max(0, fullAfterArea)
    }
}
