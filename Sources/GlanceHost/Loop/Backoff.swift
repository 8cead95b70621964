import FoundationEssentials

/// How long to wait before trying again after failures in a row: `first`, doubling up
/// to `maximum`. Providers that give no timeline (or `.retry`) and displays that fail
/// both use it, with their own steps.
struct Backoff: Sendable {
    var first: TimeInterval = 30
    var maximum: TimeInterval = 900
    /// Failures in a row.
    private(set) var failures = 0

    /// Counts a failure; returns the wait before the next attempt.
    mutating func failed() -> TimeInterval {
        failures += 1
        return min(first * Double(1 << min(failures - 1, 20)), maximum)
    }

    mutating func succeeded() { failures = 0 }
}
