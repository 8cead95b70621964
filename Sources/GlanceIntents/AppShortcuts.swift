// App Shortcuts (Apple's `AppShortcutsProvider`): the phrases Siri and Spotlight offer for
// an app's intents. A wall has neither; the declarations compile and are never read. The
// intents themselves still run from keys, buttons and `glance press`.

/// An app's shortcuts (Apple's `AppShortcutsProvider`).
public protocol AppShortcutsProvider {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}

/// One intent with the phrases that start it.
public struct AppShortcut: Sendable {
    public let intentTitle: LocalizedStringResource
    public let phrases: [String]

    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource = "",
                                   systemImageName: String = "") {
        intentTitle = Intent.title
        self.phrases = phrases.map(\.text)
    }
}

/// A phrase, with the app's name or a parameter in it (`"Start \(.applicationName)"`).
public struct AppShortcutPhrase<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) { text += "${applicationName}" }
        public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Intent, Parameter<Value>>) { text += "${parameter}" }
    }
}

/// What a phrase names besides its words: the app.
public struct AppShortcutPhraseToken: Sendable {
    public static let applicationName = AppShortcutPhraseToken()
}

@resultBuilder
public enum AppShortcutsBuilder {
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    public static func buildBlock(_ parts: [AppShortcut]...) -> [AppShortcut] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [AppShortcut]?) -> [AppShortcut] { part ?? [] }
    public static func buildEither(first: [AppShortcut]) -> [AppShortcut] { first }
    public static func buildEither(second: [AppShortcut]) -> [AppShortcut] { second }
    public static func buildLimitedAvailability(_ part: [AppShortcut]) -> [AppShortcut] { part }
}
