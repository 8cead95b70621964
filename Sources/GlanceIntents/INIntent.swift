/// The configuration of an `IntentConfiguration` widget: what Xcode generates from an
/// `.intentdefinition` file on iOS. Declare it yourself, with `@Parameter` where the
/// generated code has `@NSManaged`:
///
/// ```swift
/// class ConfigurationIntent: INIntent {
///     @Parameter(title: "Name") var name: String?
/// }
/// ```
///
/// Glance fills the parameters from a slot's `params:`, as for app intents.
open class INIntent: ConfigurableIntent, @unchecked Sendable {
    public required init() {}
}
