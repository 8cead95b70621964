/// An intent that sets one value, as a `Toggle(isOn:intent:)` does (Apple's `SetValueIntent`).
///
/// Before `perform()` runs, Glance sets `value` to the state the person asked for (the
/// opposite of what the toggle showed):
///
/// ```swift
/// struct SetLightIntent: SetValueIntent {
///     static let title: LocalizedStringResource = "Light"
///     @Parameter(title: "On") var value: Bool
///     init() {}
///     func perform() async throws -> some IntentResult { … value … ; return .result() }
/// }
/// ```
public protocol SetValueIntent: AppIntent {
    associatedtype ValueType: Sendable
    var value: ValueType { get set }
}

/// An intent as a control carries it: what it is (for comparing view trees), and how to
/// run it once.
public struct IntentAction: Hashable, Sendable, CustomStringConvertible {
    /// The intent's type and parameter values: two actions with the same identity do
    /// the same thing.
    public let identity: String
    /// The intent's title (`static var title`).
    public let title: String
    private let body: Body

    final class Body: Sendable {
        let run: @Sendable () async throws -> Void
        init(_ run: @escaping @Sendable () async throws -> Void) { self.run = run }
    }

    /// Runs `intent.perform()`.
    public init<Intent: AppIntent>(_ intent: Intent) {
        identity = IntentConfigurator.identity(of: intent)
        title = Intent.title.key
        body = Body { _ = try await intent.perform() }
    }

    /// Sets a `SetValueIntent`'s `value` to `newValue` (when it holds a `Bool`), then
    /// runs `perform()`: what a toggle does.
    public init<Intent: AppIntent>(_ intent: Intent, settingValueTo newValue: Bool) {
        identity = IntentConfigurator.identity(of: intent) + " value←\(newValue)"
        title = Intent.title.key
        body = Body {
            if let setter = intent as? any SetValueIntent { Self.set(setter, to: newValue) }
            _ = try await intent.perform()
        }
    }

    private static func set<Setter: SetValueIntent>(_ intent: Setter, to newValue: Bool) {
        guard let value = newValue as? Setter.ValueType else { return }
        var copy = intent
        copy.value = value
    }

    /// Runs the intent (on whatever executor the caller is on).
    public func perform() async throws { try await body.run() }

    public var description: String { identity }

    public static func == (a: IntentAction, b: IntentAction) -> Bool { a.identity == b.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
