import FoundationEssentials

/// A user-visible string (Apple's `LocalizedStringResource`).
///
/// Glance ships no string catalogues: the key is the text shown.
public struct LocalizedStringResource: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public let key: String

    public init(_ key: String) { self.key = key }

    /// A key with the text to show where no catalogue has it; Glance has no catalogues,
    /// so `key` holds the default value, the text shown.
    public init(_ key: String, defaultValue: String, table: String? = nil, comment: StaticString? = nil) {
        self.key = defaultValue
    }

    /// Apple's `LocalizedStringResource(_:table:comment:)`; the key is the text shown.
    public init(_ key: String, table: String?, comment: StaticString? = nil) { self.key = key }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: DefaultStringInterpolation) { key = String(stringInterpolation: stringInterpolation) }

    public var description: String { key }
}

/// What an intent or enum case looks like in a picker (Apple's `DisplayRepresentation`).
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    /// A picker's picture beside the title; a wall's pickers (`glance widgets`, the page)
    /// list titles.
    public var image: Image?

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil) {
        self.title = title
        self.subtitle = subtitle
    }

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image?) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// A picture for a picker row (Apple's `DisplayRepresentation.Image`).
    public struct Image: Hashable, Sendable {
        public var systemName: String?
        public var name: String?
        public var url: URL?
        public var data: Data?

        public init(systemName: String, isTemplate: Bool = true) { self.systemName = systemName }
        public init(named name: String, isTemplate: Bool = false) { self.name = name }
        public init(url: URL, isTemplate: Bool = false) { self.url = url }
        public init(data: Data, isTemplate: Bool = false) { self.data = data }
    }

    public init(stringLiteral value: String) { title = LocalizedStringResource(value) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        title = LocalizedStringResource(String(stringInterpolation: stringInterpolation))
    }
}

/// The name of a type in pickers (Apple's `TypeDisplayRepresentation`).
public struct TypeDisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var name: LocalizedStringResource

    public init(name: LocalizedStringResource) { self.name = name }
    public init(stringLiteral value: String) { name = LocalizedStringResource(value) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        name = LocalizedStringResource(String(stringInterpolation: stringInterpolation))
    }
}

/// The text that explains an intent (Apple's `IntentDescription`).
public struct IntentDescription: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var text: LocalizedStringResource
    /// The group Shortcuts would file the intent under; `glance widgets` shows it.
    public var categoryName: LocalizedStringResource?
    public var searchKeywords: [LocalizedStringResource] = []
    public var resultValueName: LocalizedStringResource?

    /// Apple's name for `text`.
    public var descriptionText: LocalizedStringResource { text }

    public init(
        _ text: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
        searchKeywords: [LocalizedStringResource] = [], resultValueName: LocalizedStringResource? = nil
    ) {
        self.text = text
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
        self.resultValueName = resultValueName
    }
    public init(stringLiteral value: String) { text = LocalizedStringResource(value) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        text = LocalizedStringResource(String(stringInterpolation: stringInterpolation))
    }
}
