import FoundationEssentials
import GlanceFetch
import GlanceIntents
import GlanceSystem

/// The agenda's settings:
///
/// ```yaml
/// params:
///   calendars: ["Family=webcal://p12-caldav.icloud.com/published/2/SECRET", "Work=/home/pi/work.ics"]
///   days: 7
///   refresh: 15
/// ```
public struct AgendaIntent: WidgetConfigurationIntent, ParameterChecking {
    public static let title: LocalizedStringResource = "Agenda"
    public static let description: IntentDescription? = "The coming events of iCalendar feeds."

    /// Each `Name=SOURCE`: a file path, or an http://, https:// or webcal:// URL (webcal is
    /// https). The order gives each calendar its marker.
    @Parameter(title: "Calendars")
    public var calendars: [String]

    /// How many days ahead events are shown (1 to 31).
    @Parameter(title: "Days", default: 7)
    public var days: Int

    /// Minutes between readings of the calendars.
    @Parameter(title: "Refresh (minutes)", default: 15)
    public var refresh: Int

    public init() {}

    /// What the file can tell is wrong: no calendar, an item without `Name=`, a URL of
    /// another scheme, days or refresh out of range. A URL is named without its path (the
    /// secret part of a published calendar's address).
    public func checkParameters() throws(IntentConfigurator.Failure) {
        guard !calendars.isEmpty else {
            throw .invalidValue(name: "calendars", value: "[]", expected: "at least one calendar written Name=SOURCE (a file, or an https:// or webcal:// URL)")
        }
        for (index, text) in calendars.enumerated() {
            if case .failure(let problem) = AgendaCalendar.parse(text) {
                throw .invalidValue(name: "calendars", value: "item \(index + 1) (\(AgendaCalendar.elided(text)))", expected: problem.description)
            }
        }
        guard (1...31).contains(days) else {
            throw .invalidValue(name: "days", value: String(days), expected: "a number of days from 1 to 31")
        }
        guard refresh >= 1 else {
            throw .invalidValue(name: "refresh", value: String(refresh), expected: "a number of minutes above 0")
        }
    }

    /// The calendars that read; checkParameters refused the others.
    var parsedCalendars: [AgendaCalendar] {
        calendars.compactMap { try? AgendaCalendar.parse($0).get() }
    }
}

/// One `Name=SOURCE` of an agenda's `calendars`.
struct AgendaCalendar: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        case file(String)
        /// http or https (webcal already turned into https).
        case url(String)
    }

    let name: String
    let source: Source

    /// The source for the log and the slot: a URL without its path.
    var shownSource: String {
        switch source {
        case .file(let path): path
        case .url(let url): Self.elided(url)
        }
    }

    static func parse(_ text: String) -> Result<AgendaCalendar, AgendaProblem> {
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(AgendaProblem("a calendar written Name=SOURCE, like Family=webcal://example.com/family.ics"))
        }
        let name = String(text[..<equals]).trimmedOfSpaces
        let rest = String(text[text.index(after: equals)...]).trimmedOfSpaces
        guard !name.isEmpty else { return .failure(AgendaProblem("a name before the '=' (Name=SOURCE)")) }
        guard !rest.isEmpty else { return .failure(AgendaProblem("a file path or URL after the '=' (Name=SOURCE)")) }
        let lower = rest.lowercased()
        for scheme in ["webcal://", "webcals://"] where lower.hasPrefix(scheme) {
            let url = "https://" + rest.dropFirst(scheme.count)
            guard HTTPClient.isSupported(url) else { return .failure(AgendaProblem("a webcal:// URL with a host")) }
            return .success(AgendaCalendar(name: name, source: .url(url)))
        }
        if lower.contains("://") {
            guard HTTPClient.isSupported(rest) else {
                return .failure(AgendaProblem("a file path, or an http://, https:// or webcal:// URL with a host"))
            }
            return .success(AgendaCalendar(name: name, source: .url(rest)))
        }
        return .success(AgendaCalendar(name: name, source: .file(rest)))
    }

    /// `https://calendar.google.com/…`: a calendar's published address is its password,
    /// so only the scheme and host are ever written out.
    static func elided(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let afterScheme = text[schemeEnd.upperBound...]
        let slash = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        // User information before an '@' is a secret too.
        let authority = afterScheme[..<slash]
        let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        let prefix = String(text[..<schemeEnd.upperBound]) + host
        return afterScheme[slash...].count > 1 ? prefix + "/…" : prefix + afterScheme[slash...]
    }
}

/// Why an agenda's setting or calendar did not work, as one line.
struct AgendaProblem: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
