import FoundationEssentials
import GlanceIntents
import GlanceUI

/// What a widget is: its kind, its provider and its views (WidgetKit's `WidgetConfiguration`).
public protocol WidgetConfiguration {
    /// Everything the host needs to run the widget.
    var descriptor: WidgetDescriptor { get }
}

/// A widget's identity and how to make a running instance of it.
public struct WidgetDescriptor: @unchecked Sendable {
    public let kind: String
    public var displayName: String
    public var description: String
    public var supportedFamilies: [WidgetFamily]
    public var contentMarginsDisabled: Bool
    /// Names of the configuration intent's parameters; empty for static widgets.
    public let parameterNames: [String]
    let makeSourceBody: ([(name: String, text: String)], ParameterDecodingContext) throws(IntentConfigurator.Failure) -> any WidgetTimelineSource
    /// A source for the placeholder alone (no parameters needed: WidgetKit asks for the
    /// placeholder before the widget is configured).
    let makePlaceholderSourceBody: () -> any WidgetTimelineSource

    init(
        kind: String,
        parameterNames: [String],
        placeholder: @escaping () -> any WidgetTimelineSource,
        makeSource: @escaping ([(name: String, text: String)], ParameterDecodingContext) throws(IntentConfigurator.Failure) -> any WidgetTimelineSource
    ) {
        makePlaceholderSourceBody = placeholder
        self.kind = kind
        displayName = kind
        description = ""
        supportedFamilies = [.systemSmall, .systemMedium, .systemLarge]
        contentMarginsDisabled = false
        self.parameterNames = parameterNames
        makeSourceBody = makeSource
    }

    /// A running instance configured with `parameters` (a slot's `params:`).
    public func makeSource(
        parameters: [(name: String, text: String)],
        context: ParameterDecodingContext
    ) throws(IntentConfigurator.Failure) -> any WidgetTimelineSource {
        try makeSourceBody(parameters, context)
    }

    /// A running instance that can only give its placeholder (and draw it): what
    /// `glance render --placeholder` uses when required parameters are not given.
    public func makePlaceholderSource() -> any WidgetTimelineSource { makePlaceholderSourceBody() }
}

/// A widget configured by its provider alone (WidgetKit's `StaticConfiguration`).
public struct StaticConfiguration<Content: View>: WidgetConfiguration {
    public let descriptor: WidgetDescriptor

    public init<Provider: TimelineProvider>(
        kind: String,
        provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {
        descriptor = WidgetDescriptor(kind: kind, parameterNames: [], placeholder: { StaticTimelineSource(provider: provider, content: content) }) {
            parameters, _ throws(IntentConfigurator.Failure) in
            if let first = parameters.first {
                throw .unknownParameter(name: first.name, known: [])
            }
            return StaticTimelineSource(provider: provider, content: content)
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
        // The placeholder never reads the intent, so an unconfigured one serves it.
        descriptor = WidgetDescriptor(kind: kind, parameterNames: IntentConfigurator.parameterNames(of: Intent.self),
                                      placeholder: { IntentTimelineSource(provider: provider, intent: Intent(), content: content) }) {
            parameters, context throws(IntentConfigurator.Failure) in
            let configured = try IntentConfigurator.make(Intent.self, values: parameters, context: context)
            return IntentTimelineSource(provider: provider, intent: configured, content: content)
        }
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
