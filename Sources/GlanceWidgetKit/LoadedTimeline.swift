import FoundationEssentials

/// A timeline as the host holds it: entries in date order, the reload policy, and when
/// it was fetched. All of WidgetKit's timing rules live here, as pure functions of time.
package struct LoadedTimeline {
    /// Entries sorted by date; entries with equal dates keep the provider's order.
    package let entries: [AnyTimelineEntry]
    package let policy: TimelineReloadPolicy
    /// When the provider delivered it (UTC).
    package let loadedAt: Date

    package init(_ timeline: AnyTimeline, loadedAt: Date) {
        entries = timeline.entries.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        policy = timeline.policy
        self.loadedAt = loadedAt
    }

    /// The entry shown at `instant`: the last one whose date is at or before it.
    /// `nil` when every entry is still in the future (the host keeps what it showed).
    package func entry(at instant: Date) -> AnyTimelineEntry? {
        entryIndex(at: instant).map { entries[$0] }
    }

    /// The index of `entry(at:)`, for telling whether the shown entry changed.
    package func entryIndex(at instant: Date) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].date <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// The first entry date strictly after `instant`: when the shown entry next changes.
    package func nextEntryDate(after instant: Date) -> Date? {
        entries.first { $0.date > instant }?.date
    }

    /// When the provider should be asked again, or `nil` for `.never`.
    ///
    /// `.atEnd` means the last entry's date (at once when there are no entries);
    /// `.after(d)` means `d`; `.retry` leaves it to the host's retry ladder (`nil`). Either is moved to no earlier than `loadedAt +
    /// minimumInterval`, so a provider that asks for reloads in the past or every
    /// second cannot make the host spin.
    package func reloadDate(minimumInterval: TimeInterval) -> Date? {
        let requested: Date
        switch policy.kind {
        case .never, .retry: return nil
        case .after(let date): requested = date
        case .atEnd: requested = entries.last?.date ?? loadedAt
        }
        return max(requested, loadedAt.addingTimeInterval(minimumInterval))
    }
}
