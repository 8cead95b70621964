import FoundationEssentials

/// One moment of a widget's content (WidgetKit's `TimelineEntry`).
public protocol TimelineEntry: SendableMetatype {
    /// The instant from which this entry is shown (UTC).
    var date: Date { get }
    /// How relevant the entry is; Glance records it but does not rotate widgets by it.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}

/// WidgetKit's `TimelineEntryRelevance`: a score, valid for a duration in seconds.
public struct TimelineEntryRelevance: Hashable, Sendable {
    public var score: Float
    public var duration: TimeInterval

    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}
