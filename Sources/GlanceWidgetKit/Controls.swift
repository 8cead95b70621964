import Foundation
import GlanceIntents
import GlanceUI

// Controls (WidgetKit's `ControlWidget`, iOS 18): buttons and toggles in Control Center, on
// the Lock Screen and the Action button. A wall has none of those places, so a bundle's
// controls compile as on iOS and the wall leaves them out (docs/swiftui-coverage.md,
// "no-op on a wall"). A widget's own `Button(intent:)` and `Toggle(isOn:intent:)` are what
// a wall's keys press.

/// A control in a widget bundle.
public protocol ControlWidget {
    associatedtype Body: ControlWidgetConfiguration
    init()
    @ControlWidgetConfigurationBuilder var body: Body { get }
}

/// A control's configuration: its kind, its template, its name.
public protocol ControlWidgetConfiguration {}

/// A control's look: a button or a toggle.
public protocol ControlWidgetTemplate {}

/// Builds a control's configuration.
@resultBuilder
public enum ControlWidgetConfigurationBuilder {
    public static func buildBlock<C: ControlWidgetConfiguration>(_ configuration: C) -> C { configuration }
    public static func buildLimitedAvailability<C: ControlWidgetConfiguration>(_ configuration: C) -> C { configuration }
}

/// Builds a control's template.
@resultBuilder
public enum ControlWidgetTemplateBuilder {
    public static func buildBlock<T: ControlWidgetTemplate>(_ template: T) -> T { template }
    public static func buildEither<T: ControlWidgetTemplate>(first template: T) -> T { template }
    public static func buildEither<T: ControlWidgetTemplate>(second template: T) -> T { template }
}

/// A control whose value comes from no provider.
public struct StaticControlConfiguration<Template: ControlWidgetTemplate>: ControlWidgetConfiguration {
    public init(kind: String, @ControlWidgetTemplateBuilder content: () -> Template) {}
    public init<Provider: ControlValueProvider>(kind: String, provider: Provider,
                                                @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> Template) {}
}

/// A control configured by an intent, its value from a provider.
public struct AppIntentControlConfiguration<Intent: ControlConfigurationIntent, Template: ControlWidgetTemplate>: ControlWidgetConfiguration {
    public init<Provider: AppIntentControlValueProvider>(kind: String, provider: Provider,
                                                         @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> Template)
        where Provider.Configuration == Intent {}
    public init(kind: String, intent: Intent.Type, @ControlWidgetTemplateBuilder content: @escaping (Intent) -> Template) {}
}

extension ControlWidgetConfiguration {
    public func displayName(_ name: LocalizedStringResource) -> Self { self }
    public func description(_ text: LocalizedStringResource) -> Self { self }
    public func promptsForUserConfiguration() -> Self { self }
}

/// A control's value, read when the control is shown.
public protocol ControlValueProvider {
    associatedtype Value
    var previewValue: Value { get }
    func currentValue() async throws -> Value
}

/// A control's value for its configuring intent.
public protocol AppIntentControlValueProvider {
    associatedtype Value
    associatedtype Configuration: ControlConfigurationIntent
    func previewValue(configuration: Configuration) -> Value
    func currentValue(configuration: Configuration) async throws -> Value
}

/// A control that runs an intent when pressed.
public struct ControlWidgetButton<Label: View, ActionLabel: View>: ControlWidgetTemplate {
    public init<Action: AppIntent>(action: Action, @ViewBuilder label: () -> Label) where ActionLabel == EmptyView {}
    public init<Action: AppIntent>(action: Action, @ViewBuilder label: () -> Label, @ViewBuilder actionLabel: (Bool) -> ActionLabel) {}
}

/// A control that sets a value on or off.
public struct ControlWidgetToggle<Label: View, ValueLabel: View>: ControlWidgetTemplate {
    public init<Action: SetValueIntent>(_ title: some StringProtocol, isOn: Bool, action: Action,
                                        @ViewBuilder valueLabel: (Bool) -> ValueLabel) where Label == Text, Action.ValueType == Bool {}
    public init<Action: SetValueIntent>(isOn: Bool, action: Action, @ViewBuilder label: () -> Label,
                                        @ViewBuilder valueLabel: (Bool) -> ValueLabel) where Action.ValueType == Bool {}
    public func tint(_ color: Color?) -> Self { self }
}

extension View {
    /// What a control's action button says it does.
    public func controlWidgetActionHint(_ hint: some StringProtocol) -> Self { self }
    public func controlWidgetStatus(_ status: some StringProtocol) -> Self { self }
}
