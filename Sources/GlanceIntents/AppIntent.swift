/// An action or a configuration a person can invoke (Apple's `AppIntent`).
///
/// On a wall display intents run when a board key is pressed (`keys:` in the config),
/// when a `Button(intent:)` is activated, or from `glance press`.
public protocol AppIntent: ConfigurableIntent, Sendable {
    associatedtype PerformResult: IntentResult = EmptyIntentResult
    /// `IntentDescription?` (Apple's declared type) or `IntentDescription` (what Xcode's
    /// templates write: `static var description = IntentDescription("…")`): either one
    /// is the intent's description, not shadowed by a default.
    associatedtype Description: IntentDescriptionConvertible = IntentDescription?
    associatedtype SummaryContent: ParameterSummary = IntentParameterSummary<Self>
    static var title: LocalizedStringResource { get }
    static var description: Description { get }
    /// How the intent reads with its values in place: `Summary("Show \(\.$city)")`.
    static var parameterSummary: SummaryContent { get }
    init()
    func perform() async throws -> PerformResult
}

extension AppIntent where Description == IntentDescription? {
    public static var description: IntentDescription? { nil }
}

extension AppIntent where SummaryContent == IntentParameterSummary<Self> {
    public static var parameterSummary: IntentParameterSummary<Self> { IntentParameterSummary() }
}

extension AppIntent {
    /// The description, whichever type the intent declared it with.
    public static var intentDescription: IntentDescription? { description.intentDescription }
}

/// A type whose `@Parameter` properties Glance fills from a slot's `params:`: app
/// intents, and the `INIntent` classes of `IntentConfiguration` widgets.
public protocol ConfigurableIntent {
    init()
}

/// What an intent's `description` may be declared as.
public protocol IntentDescriptionConvertible: Sendable {
    var intentDescription: IntentDescription? { get }
}

extension IntentDescription: IntentDescriptionConvertible {
    public var intentDescription: IntentDescription? { self }
}

extension Optional: IntentDescriptionConvertible where Wrapped == IntentDescription {
    public var intentDescription: IntentDescription? { self }
}

extension AppIntent where PerformResult == EmptyIntentResult {
    public func perform() async throws -> EmptyIntentResult { .result() }
}

/// An intent whose parameters configure a widget (Apple's `WidgetConfigurationIntent`).
///
/// Glance fills its `@Parameter` properties from a slot's `params:` in the config.
public protocol WidgetConfigurationIntent: AppIntent {}

/// An intent that configures a control (`AppIntentControlConfiguration`); a wall has no
/// controls, so it is only ever compiled.
public protocol ControlConfigurationIntent: AppIntent {}

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

/// Glance addition: a configuration intent that can tell, when its slot is read, that a
/// value cannot work (a URL that is not http, a header naming an unset variable), so the
/// mistake is one line at start-up naming the file, line and parameter, not a failure at
/// every fetch.
public protocol ParameterChecking {
    /// Throws `IntentConfigurator.Failure.invalidValue(name:value:expected:)` for the
    /// first value that cannot work.
    func checkParameters() throws(IntentConfigurator.Failure)
}
