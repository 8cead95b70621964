import FoundationEssentials
import GlanceIntents
import GlanceUI

/// The entries of a `#Preview` timeline, one per line (WidgetKit's `PreviewTimelineBuilder`).
@resultBuilder
public enum PreviewTimelineBuilder<Entry: TimelineEntry> {
    public static func buildExpression(_ entry: Entry) -> [Entry] { [entry] }
    public static func buildBlock(_ entries: [Entry]...) -> [Entry] { entries.flatMap { $0 } }
    public static func buildOptional(_ entries: [Entry]?) -> [Entry] { entries ?? [] }
    public static func buildEither(first entries: [Entry]) -> [Entry] { entries }
    public static func buildEither(second entries: [Entry]) -> [Entry] { entries }
    public static func buildArray(_ entries: [[Entry]]) -> [Entry] { entries.flatMap { $0 } }
}

/// The pre-macro preview (SwiftUI's `PreviewProvider`): compiles, never shown.
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
    /// The platform Xcode would preview on.
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    public static var platform: PreviewPlatform? { nil }
}

/// A platform an Xcode preview runs on (SwiftUI's `PreviewPlatform`): accepted and ignored.
public enum PreviewPlatform: Sendable {
    case iOS, macOS, tvOS, watchOS, visionOS
}

/// Where a preview would be shown (WidgetKit's `WidgetPreviewContext`): accepted and ignored.
public struct WidgetPreviewContext: Sendable {
    public let family: WidgetFamily
    public init(family: WidgetFamily) { self.family = family }
}

extension View {
    /// Xcode's preview context: no effect on a wall display.
    public func previewContext(_ context: WidgetPreviewContext) -> Self { self }
    /// Xcode's preview name: no effect.
    public func previewDisplayName(_ name: String?) -> Self { self }
}

/// The states an activity's preview steps through (`#Preview(…) { … } contentStates: { … }`).
@resultBuilder
public enum PreviewContentStateBuilder<State> {
    public static func buildExpression(_ state: State) -> [State] { [state] }
    public static func buildBlock(_ states: [State]...) -> [State] { states.flatMap { $0 } }
    public static func buildArray(_ states: [[State]]) -> [State] { states.flatMap { $0 } }
}
