import FoundationEssentials

/// A timeline entry with its type erased, as the host keeps it.
public struct AnyTimelineEntry {
    public let date: Date
    public let relevance: TimelineEntryRelevance?
    /// The provider's own entry.
    public let base: any TimelineEntry

    public init(_ entry: some TimelineEntry) {
        date = entry.date
        relevance = entry.relevance
        base = entry
    }
}

/// A timeline with its entry type erased.
public struct AnyTimeline {
    public let entries: [AnyTimelineEntry]
    public let policy: TimelineReloadPolicy

    public init<Entry: TimelineEntry>(_ timeline: Timeline<Entry>) {
        entries = timeline.entries.map(AnyTimelineEntry.init)
        policy = timeline.policy
    }

    public init(entries: [AnyTimelineEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}
