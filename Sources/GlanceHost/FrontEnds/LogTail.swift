import Synchronization

/// The daemon's last log lines, for its web page: a ring of at most `capacity` lines,
/// each cut to 1,000 characters, shared by every thread that logs.
package final class LogTail: Sendable {
    package static let shared = LogTail()
    package let capacity: Int
    private let lines = Mutex<(ring: [String], next: Int)>(([], 0))

    package init(capacity: Int = 200) { self.capacity = max(1, capacity) }

    package func append(_ line: String) {
        let kept = line.count > 1_000 ? String(line.prefix(1_000)) + "…" : line
        lines.withLock { state in
            if state.ring.count < capacity {
                state.ring.append(kept)
            } else {
                state.ring[state.next] = kept
            }
            state.next = (state.next + 1) % capacity
        }
    }

    /// Oldest first.
    package var recent: [String] {
        lines.withLock { state in
            state.ring.count < capacity ? state.ring : Array(state.ring[state.next...] + state.ring[..<state.next])
        }
    }
}
