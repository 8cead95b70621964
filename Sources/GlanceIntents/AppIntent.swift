/// An action or a configuration a person can invoke (Apple's `AppIntent`).
///
/// On a wall display intents run when a board key is pressed (`keys:` in the config),
/// when a `Button(intent:)` is activated, or from `glance press`.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult = EmptyIntentResult
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription? { get }
    init()
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription? { nil }
}

extension AppIntent where PerformResult == EmptyIntentResult {
    public func perform() async throws -> EmptyIntentResult { .result() }
}

/// An intent whose parameters configure a widget (Apple's `WidgetConfigurationIntent`).
///
/// Glance fills its `@Parameter` properties from a slot's `params:` in the config.
public protocol WidgetConfigurationIntent: AppIntent {}

/// What `perform()` returns (Apple's `IntentResult`).
public protocol IntentResult: Sendable {}

/// The result of an intent that has nothing to report.
public struct EmptyIntentResult: IntentResult {
    public init() {}
}

extension IntentResult where Self == EmptyIntentResult {
    /// The result of an intent that has nothing to report: `return .result()`.
    public static func result() -> EmptyIntentResult { EmptyIntentResult() }
}

/// An enumeration a parameter can take (Apple's `AppEnum`).
///
/// In the config a case is written as its raw value.
public protocol AppEnum: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String, AllCases: Sendable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}
