import FoundationEssentials
import GlanceIntents
import GlanceSystem
import GlanceUI

/// What a widget is: its kind, its provider and its views (WidgetKit's `WidgetConfiguration`).
public protocol WidgetConfiguration {
    /// Everything the host needs to run the widget.
    var descriptor: WidgetDescriptor { get }
}

/// A widget's identity and how to make a running instance of it.
public struct WidgetDescriptor: @unchecked Sendable {
    package let kind: String
    package var displayName: String
    package var description: String
    package var supportedFamilies: [WidgetFamily]
    package var contentMarginsDisabled: Bool
    /// The configuration intent's parameters; empty for static widgets.
    package var parameters: [IntentConfigurator.ParameterInfo] { reflection.value.parameters }
    /// The configuration intent's `description`, when it declares one.
    package let intentDescription: IntentDescription?
    /// The configuration intent's `parameterSummary` read with its defaults (unset
    /// parameters show their titles); `nil` when it has none.
    package var parameterSummary: String? { reflection.value.summary }
    /// The two above, read from the intent's type the first time either is asked for: a
    /// host registers every built-in kind at start-up and shows a few of them.
    private let reflection: IntentReflection
    /// The provider's `recommendations()`: a description and the `params:` that make each.
    package let recommendations: () -> [(description: String, parameters: [(name: String, text: String)])]
    /// The values a parameter's options provider offers; `nil` when it has none.
    package let offeredValues: (String) async throws -> [String]?
    let makeSourceBody: ([(name: String, text: String)], ParameterDecodingContext) throws(IntentConfigurator.Failure) -> any WidgetTimelineSource
    /// A source for the placeholder alone (no parameters needed: WidgetKit asks for the
    /// placeholder before the widget is configured).
    let makePlaceholderSourceBody: () -> any WidgetTimelineSource

    init(
        kind: String,
        reflecting reflect: @escaping () -> (parameters: [IntentConfigurator.ParameterInfo], summary: String?) = { ([], nil) },
        intentDescription: IntentDescription? = nil,
        recommendations: @escaping () -> [(description: String, parameters: [(name: String, text: String)])] = { [] },
        offeredValues: @escaping (String) async throws -> [String]? = { _ in nil },
        placeholder: @escaping () -> any WidgetTimelineSource,
        makeSource: @escaping ([(name: String, text: String)], ParameterDecodingContext) throws(IntentConfigurator.Failure) -> any WidgetTimelineSource
    ) {
        makePlaceholderSourceBody = placeholder
        self.kind = kind
        displayName = kind
        description = intentDescription?.text.key ?? ""
        supportedFamilies = [.systemSmall, .systemMedium, .systemLarge]
        contentMarginsDisabled = false
        reflection = IntentReflection(reflect)
        self.intentDescription = intentDescription
        self.recommendations = recommendations
        self.offeredValues = offeredValues
        makeSourceBody = makeSource
    }

    /// A widget configured by an intent's parameters (`AppIntentConfiguration`,
    /// `IntentConfiguration`): `source` makes a running instance for a recipe. The file's
    /// texts are read when it is loaded, so a mistake is found then; the placeholder
    /// never reads the intent, so an unconfigured one serves it.
    static func configured<Intent: ConfigurableIntent>(
        kind: String, by intent: Intent.Type, intentDescription: IntentDescription? = nil,
        parameterSummary: @escaping () -> String? = { nil },
        recommendations: @escaping () -> [(description: String, intent: Intent)],
        source: @escaping (IntentRecipe<Intent>) -> any WidgetTimelineSource
    ) -> WidgetDescriptor {
        WidgetDescriptor(
            kind: kind, reflecting: { (IntentConfigurator.parameterInfo(of: Intent.self), parameterSummary()) },
            intentDescription: intentDescription,
            recommendations: { recommendations().map { (description: $0.description, parameters: IntentConfigurator.values(of: $0.intent)) } },
            offeredValues: { try await IntentConfigurator.offeredValues(of: Intent.self, parameter: $0) },
            placeholder: { source(IntentRecipe(values: [], context: .init(timeZone: .utc))) }
        ) { parameters, context throws(IntentConfigurator.Failure) in
            let intent = try IntentConfigurator.make(Intent.self, values: parameters, context: context)
            try (intent as? any ParameterChecking)?.checkParameters()
            return source(IntentRecipe(values: parameters, context: context))
        }
    }

    /// Names of the configuration intent's parameters, in declaration order.
    package var parameterNames: [String] { parameters.map(\.name) }

    /// A running instance configured with `parameters` (a slot's `params:`; a name given
    /// more than once is a list). Texts are read here; entities are looked up before
    /// each fetch, and a failure there is the fetch's.
    package func makeSource(
        parameters: [(name: String, text: String)],
        context: ParameterDecodingContext
    ) throws(IntentConfigurator.Failure) -> any WidgetTimelineSource {
        try makeSourceBody(parameters, context)
    }

    /// `name=text` as the command line writes it: a list parameter's `a,b` is two
    /// values (a repeated `--param` is too); any other parameter's text is one.
    package func commandLineValues(name: String, text: String) -> [(name: String, text: String)] {
        guard parameters.first(where: { $0.name == name })?.isList == true else { return [(name, text)] }
        return text.split(separator: ",", omittingEmptySubsequences: true).map { (name, String($0).trimmingSpaces) }
    }

    /// A running instance that can only give its placeholder (and draw it): what
    /// `glance render --placeholder` uses when required parameters are not given.
    package func makePlaceholderSource() -> any WidgetTimelineSource { makePlaceholderSourceBody() }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

/// A widget configured by its provider alone (WidgetKit's `StaticConfiguration`).
public struct StaticConfiguration<Content: View>: WidgetConfiguration {
    public let descriptor: WidgetDescriptor

    public init<Provider: TimelineProvider>(
        kind: String,
        provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {
        descriptor = WidgetDescriptor(kind: kind, placeholder: { ProviderTimelineSource.make(provider, content: content) }) {
            parameters, _ throws(IntentConfigurator.Failure) in
            if let first = parameters.first {
                throw .unknownParameter(name: first.name, known: [])
            }
            return ProviderTimelineSource.make(provider, content: content)
        }
    }
}

/// A widget configured by an intent's parameters (WidgetKit's `AppIntentConfiguration`).
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration {
    public let descriptor: WidgetDescriptor

    public init<Provider: AppIntentTimelineProvider>(
        kind: String,
        intent: Intent.Type = Intent.self,
        provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        descriptor = .configured(
            kind: kind, by: Intent.self, intentDescription: Intent.intentDescription,
            parameterSummary: { IntentConfigurator.summary(of: Intent()) },
            recommendations: { provider.recommendations().map { ($0.description, $0.intent) } }
        ) { recipe in ProviderTimelineSource.make(provider, recipe: recipe, content: content) }
    }
}

/// A widget configured by an `INIntent` subclass's parameters, with a provider of
/// completion handlers (WidgetKit's `IntentConfiguration`, before iOS 17).
public struct IntentConfiguration<Intent: INIntent, Content: View>: WidgetConfiguration {
    public let descriptor: WidgetDescriptor

    public init<Provider: IntentTimelineProvider>(
        kind: String,
        intent: Intent.Type,
        provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        descriptor = .configured(
            kind: kind, by: Intent.self,
            recommendations: { provider.recommendations().map { ($0.description, $0.intent) } }
        ) { recipe in ProviderTimelineSource.make(provider, recipe: recipe, content: content) }
    }
}

/// A configuration with changed metadata; what the modifiers below return.
public struct ModifiedWidgetConfiguration: WidgetConfiguration {
    public let descriptor: WidgetDescriptor
}

extension WidgetConfiguration {
    public func configurationDisplayName(_ name: some StringProtocol) -> some WidgetConfiguration {
        modified { $0.displayName = String(name) }
    }

    public func description(_ text: some StringProtocol) -> some WidgetConfiguration {
        modified { $0.description = String(text) }
    }

    public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration {
        modified { $0.supportedFamilies = families }
    }

    /// Draw edge to edge: the host adds no content margins around this widget.
    public func contentMarginsDisabled() -> some WidgetConfiguration {
        modified { $0.contentMarginsDisabled = true }
    }

    private func modified(_ change: (inout WidgetDescriptor) -> Void) -> ModifiedWidgetConfiguration {
        var copy = descriptor
        change(&copy)
        return ModifiedWidgetConfiguration(descriptor: copy)
    }
}

/// A widget (WidgetKit's `Widget`): `struct MyWidget: Widget { var body: some WidgetConfiguration {…} }`.
public protocol Widget: SendableMetatype {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Body { get }
}

/// An intent type's parameters and summary, read by reflection once, on the first
/// thread that asks (the host's, a control command's or the web page's).
private final class IntentReflection: @unchecked Sendable {
    private let lock = ConditionLock()
    private let reflect: () -> (parameters: [IntentConfigurator.ParameterInfo], summary: String?)
    private var read: (parameters: [IntentConfigurator.ParameterInfo], summary: String?)?

    init(_ reflect: @escaping () -> (parameters: [IntentConfigurator.ParameterInfo], summary: String?)) {
        self.reflect = reflect
    }

    var value: (parameters: [IntentConfigurator.ParameterInfo], summary: String?) {
        lock.withLock {
            if let read { return read }
            let made = reflect()
            read = made
            return made
        }
    }
}
