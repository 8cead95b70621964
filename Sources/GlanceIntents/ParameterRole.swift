/// What a parameter's text names, when it names a place the daemon reads: Glance's own
/// (App Intents has no such notion), given as `@Parameter(title:role:)`.
///
/// Such a parameter decides what the daemon opens and whom it asks, so it is changed by
/// the config file only, or from the page, MQTT and `glance set` where the slot's
/// `settable:` names it; and the secrets in it (a URL's user:password, header values) are
/// shown as `•••` wherever parameters are shown.
public enum ParameterRole: String, Sendable, Equatable {
    /// A file path or a URL, or a list of them (an agenda's `Name=SOURCE`).
    case location
    /// HTTP request headers, each `Name: value`.
    case headers

    /// How a secret is shown.
    package static let mask = "•••"

    /// `text` as it may be shown: a header's value, and the user:password of each URL in
    /// it, replaced by `•••`.
    package func masked(_ text: String) -> String {
        switch self {
        case .headers:
            guard let colon = text.firstIndex(of: ":") else { return Self.mask }
            return String(text[...colon]) + " " + Self.mask
        case .location:
            return Self.maskingUserInfo(text)
        }
    }

    /// Whether `text` holds a masked secret (a form sent back as it was shown).
    package static func holdsMask(_ text: String) -> Bool { text.contains(mask) }

    /// Each `scheme://user:password@host` in `text` with its user information masked.
    static func maskingUserInfo(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let scheme = rest.firstRange(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authorityEnd = rest.firstIndex { "/?#".contains($0) || $0 == " " } ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") {
                result += mask
                rest = rest[at...]
            }
        }
        return result + rest
    }
}
