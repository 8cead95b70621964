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

/// A custom type of an `.intentdefinition` (Apple's `INObject`): an identifier and the text
/// shown for it. The IntentDefinitions plugin generates a subclass for each of the file's
/// types; in the config a value is written as its identifier, which is also its display
/// text (a wall has no intent handler to look one up).
open class INObject: IntentParameterValue, CustomStringConvertible, @unchecked Sendable {
    public var identifier: String?
    public var displayString: String
    public var pronunciationHint: String?

    public init(identifier: String?, display: String, pronunciationHint: String? = nil) {
        self.identifier = identifier
        displayString = display
        self.pronunciationHint = pronunciationHint
    }

    public static var parameterTypeName: String { "an identifier" }

    public required init(parameterText text: String, context: ParameterDecodingContext) throws(ParameterDecodingError) {
        identifier = text
        displayString = text
    }

    public var parameterText: String { identifier ?? displayString }
    public var description: String { displayString }
}
