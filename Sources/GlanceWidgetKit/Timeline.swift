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
    }

    let kind: Kind

    /// Reload when the last entry's date arrives.
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    /// Only on an explicit `WidgetCenter` reload (or a key press bound to one).
    public static let never = TimelineReloadPolicy(kind: .never)
    /// Reload at `date` (UTC instant), whatever the entries say.
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(kind: .after(date)) }

    public var description: String {
        switch kind {
        case .atEnd: "atEnd"
        case .never: "never"
        case .after(let date): "after(\(date))"
        }
    }
}
