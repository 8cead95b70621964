import FoundationEssentials

/// How long to wait before trying again after failures in a row: `first`, doubling up
/// to `maximum`. Providers that give no timeline (or `.retry`) and displays that fail
/// both use it, with their own steps.
package struct Backoff: Sendable {
    package var first: TimeInterval = 30
    package var maximum: TimeInterval = 900
    /// Failures in a row.
    package private(set) var failures = 0

    package init(first: TimeInterval = 30, maximum: TimeInterval = 900) {
        self.first = first
        self.maximum = maximum
    }

    /// Counts a failure; returns the wait before the next attempt.
    package mutating func failed() -> TimeInterval {
        failures += 1
        return min(first * Double(1 << min(failures - 1, 20)), maximum)
    }

    package mutating func succeeded() { failures = 0 }
}
