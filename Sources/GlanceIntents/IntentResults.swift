import FoundationEssentials
import GlanceSystem

// What `perform()` may return beyond nothing (Apple's result protocols): a value, a dialog,
// an intent to open next, a snippet view. On a wall an intent runs from a key, a button or
// `glance press`; what it returns is not shown (there is no Shortcuts sheet and no voice),
// but it compiles and types as on iOS, and the intent's work is done.

/// A result that carries a value (`some IntentResult & ReturnsValue<Int>`).
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value
}

/// A result with a dialog (`.result(dialog: "Done")`).
public protocol ProvidesDialog: IntentResult {}

/// A result that opens another intent when the intent ends.
public protocol OpensIntent: IntentResult {}

/// A result with a view to show (`.result(dialog:view:)`).
public protocol ShowsSnippetView: IntentResult {}

/// What Shortcuts would say or show after an intent (Apple's `IntentDialog`).
public struct IntentDialog: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var full: LocalizedStringResource
    public var supporting: LocalizedStringResource?

    public init(_ resource: LocalizedStringResource) { full = resource }
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) {
        self.full = full
        self.supporting = supporting
    }
    public init(stringLiteral value: String) { full = LocalizedStringResource(value) }
    public init(stringInterpolation: DefaultStringInterpolation) { full = LocalizedStringResource(String(stringInterpolation: stringInterpolation)) }
}

/// Every result `.result(…)` makes: what it was given (Apple's `IntentResultContainer`).
public struct IntentResultContainer<Value: Sendable>: ReturnsValue, ProvidesDialog, OpensIntent, ShowsSnippetView, @unchecked Sendable {
    public let value: Value?
    public let dialog: IntentDialog?
    /// The intent to open next; a wall runs none on its own.
    public let opensIntent: (any AppIntent)?

    init(value: Value? = nil, dialog: IntentDialog? = nil, opensIntent: (any AppIntent)? = nil) {
        self.value = value
        self.dialog = dialog
        self.opensIntent = opensIntent
    }
}

extension IntentResult {
    public static func result<V: Sendable>(value: V) -> Self where Self == IntentResultContainer<V> { IntentResultContainer(value: value) }
    public static func result<V: Sendable>(value: V, dialog: IntentDialog) -> Self where Self == IntentResultContainer<V> {
        IntentResultContainer(value: value, dialog: dialog)
    }
    public static func result(dialog: IntentDialog) -> Self where Self == IntentResultContainer<Never> { IntentResultContainer(dialog: dialog) }
    public static func result(dialog: IntentDialog, @SnippetBuilder view: () -> SnippetView) -> Self where Self == IntentResultContainer<Never> {
        IntentResultContainer(dialog: dialog)
    }
    public static func result(@SnippetBuilder view: () -> SnippetView) -> Self where Self == IntentResultContainer<Never> { IntentResultContainer() }
    public static func result(opensIntent: some AppIntent) -> Self where Self == IntentResultContainer<Never> {
        IntentResultContainer(opensIntent: opensIntent)
    }
    public static func result(opensIntent: some AppIntent, dialog: IntentDialog) -> Self where Self == IntentResultContainer<Never> {
        IntentResultContainer(dialog: dialog, opensIntent: opensIntent)
    }
    public static func result<V: Sendable>(value: V, opensIntent: some AppIntent) -> Self where Self == IntentResultContainer<V> {
        IntentResultContainer(value: value, opensIntent: opensIntent)
    }
}

/// A snippet's view, never drawn: a wall shows no Shortcuts sheet. GlanceIntents knows no
/// views, so the builder takes any value and keeps none.
public struct SnippetView: Sendable {}

@resultBuilder
public enum SnippetBuilder {
    public static func buildExpression<Content>(_ content: Content) -> SnippetView { SnippetView() }
    public static func buildBlock(_ parts: SnippetView...) -> SnippetView { SnippetView() }
    public static func buildOptional(_ part: SnippetView?) -> SnippetView { SnippetView() }
    public static func buildEither(first: SnippetView) -> SnippetView { first }
    public static func buildEither(second: SnippetView) -> SnippetView { second }
}

/// Opens a URL (Apple's `OpenURLIntent`): a wall has no browser to open it in, so running
/// it does nothing but say so in the log.
public struct OpenURLIntent: AppIntent {
    public static var title: LocalizedStringResource { "Open URL" }
    public var url: URL?

    public init() {}
    public init(_ url: URL) { self.url = url }

    public func perform() async throws -> EmptyIntentResult {
        SlotLog.once("OpenURLIntent", "OpenURLIntent(\(url?.absoluteString ?? "")) does nothing on a wall: it has no browser to open a page in")
        return .result()
    }
}

/// One offered value with how it reads (Apple's `IntentItem`).
public struct IntentItem<Value: Sendable>: Sendable {
    public var value: Value
    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public var image: DisplayRepresentation.Image?

    public init(_ value: Value, title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil,
                image: DisplayRepresentation.Image? = nil) {
        self.value = value
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
}

/// Offered values under a heading (Apple's `IntentItemSection`).
public struct IntentItemSection<Value: Sendable>: Sendable {
    public var title: LocalizedStringResource?
    public var items: [IntentItem<Value>]

    public init(_ title: LocalizedStringResource, items: [IntentItem<Value>]) {
        self.title = title
        self.items = items
    }
    public init(items: [IntentItem<Value>]) { self.items = items }
    public init(_ title: LocalizedStringResource, items: [Value]) where Value: CustomStringConvertible {
        self.init(title, items: items.map { IntentItem($0, title: LocalizedStringResource($0.description)) })
    }
}

/// What an options provider may offer in sections (Apple's `IntentItemCollection`): a
/// sequence of the values, in order, which is what `glance widgets` and the page offer.
public struct IntentItemCollection<Value: Sendable>: Sequence, Sendable {
    public var sections: [IntentItemSection<Value>]

    public init(sections: [IntentItemSection<Value>]) { self.sections = sections }
    public init(items: [IntentItem<Value>]) { sections = [IntentItemSection(items: items)] }
    public init(@IntentItemSectionsBuilder<Value> sections: () -> [IntentItemSection<Value>]) { self.sections = sections() }

    public func makeIterator() -> IndexingIterator<[Value]> { sections.flatMap { $0.items.map(\.value) }.makeIterator() }
}

@resultBuilder
public enum IntentItemSectionsBuilder<Value: Sendable> {
    public static func buildExpression(_ section: IntentItemSection<Value>) -> [IntentItemSection<Value>] { [section] }
    public static func buildExpression(_ sections: [IntentItemSection<Value>]) -> [IntentItemSection<Value>] { sections }
    public static func buildBlock(_ parts: [IntentItemSection<Value>]...) -> [IntentItemSection<Value>] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[IntentItemSection<Value>]]) -> [IntentItemSection<Value>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [IntentItemSection<Value>]?) -> [IntentItemSection<Value>] { part ?? [] }
    public static func buildEither(first: [IntentItemSection<Value>]) -> [IntentItemSection<Value>] { first }
    public static func buildEither(second: [IntentItemSection<Value>]) -> [IntentItemSection<Value>] { second }
}
