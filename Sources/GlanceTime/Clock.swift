import FoundationEssentials

/// Where "now" comes from. The host and the built-in widgets never call `Date()`
/// directly, so a whole year can run in virtual time.
public protocol WallClock: Sendable {
    /// The current wall-clock instant (UTC; zones are applied when it is shown).
    func now() -> Date
}
