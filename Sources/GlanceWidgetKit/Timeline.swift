import FoundationEssentials

/// Entries to show over time and when to ask for the next ones (WidgetKit's `Timeline`).
public struct Timeline<EntryType: TimelineEntry> {
    public let entries: [EntryType]
    public let policy: TimelineReloadPolicy

    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// When the host asks a provider for a new timeline (WidgetKit's `TimelineReloadPolicy`).
public struct TimelineReloadPolicy: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case atEnd
        case after(Date)
        case never
        case retry(String)
    }

    let kind: Kind

    /// Reload when the last entry's date arrives.
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    /// Only on an explicit `WidgetCenter` reload (or a key press bound to one).
    public static let never = TimelineReloadPolicy(kind: .never)
    /// Reload at `date` (UTC instant), whatever the entries say.
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(kind: .after(date)) }

    /// Glance addition: the provider could not get its data (the network is down, the
    /// server failed). The host asks again on its retry ladder (2 minutes, doubling up to
    /// 30, back to 2 after the next timeline that is not a retry), logs `reason` with the
    /// slot's name, and shows this timeline's entries, or keeps what it showed when there
    /// are none. Such entries are never kept as the slot's last good entry.
    /// `glance simulate` marks those wakes `reason: retry`.
    public static func retry(because reason: String) -> TimelineReloadPolicy { TimelineReloadPolicy(kind: .retry(reason)) }

    /// The reason given with `.retry(because:)`, or `nil` for the other policies.
    public var retryReason: String? {
        if case .retry(let reason) = kind { reason } else { nil }
    }

    public var description: String {
        switch kind {
        case .atEnd: "atEnd"
        case .never: "never"
        case .after(let date): "after(\(date))"
        case .retry(let reason): "retry(\(reason))"
        }
    }
}
