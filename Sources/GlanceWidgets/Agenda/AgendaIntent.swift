import FoundationEssentials
import GlanceFetch
import GlanceIntents
import GlanceSystem
import GlanceUI

/// The agenda's settings:
///
/// ```yaml
/// params:
///   calendars: ["Family=webcal://p12-caldav.icloud.com/published/2/SECRET", "Work=/home/pi/work.ics"]
///   colors: [orange, "#0A84FF"]
///   days: 7
///   refresh: 15
/// ```
public struct AgendaIntent: WidgetConfigurationIntent, ParameterChecking {
    public static let title: LocalizedStringResource = "Agenda"
    public static let description: IntentDescription? = "The coming events of iCalendar feeds."

    /// Each `Name=SOURCE`: a file path, or an http://, https:// or webcal:// URL (webcal is
    /// https). The order gives each calendar its marker and its colour.
    @Parameter(title: "Calendars", role: .location)
    public var calendars: [String]

    /// Each calendar's colour on colour panels, in the order of `calendars`: one of
    /// SwiftUI's names (`blue`, `red`, `green`, `orange`, `purple`, …) or `#RRGGBB`.
    /// None, or fewer than the calendars: the rest take the default palette's (blue,
    /// red, green, orange). Panels of black and greys keep the black markers, which tell
    /// the calendars apart there.
    @Parameter(title: "Colors")
    public var colors: [String]

    /// How many days ahead events are shown (1 to 31).
    @Parameter(title: "Days", default: 7)
    public var days: Int

    /// Minutes between readings of the calendars.
    @Parameter(title: "Refresh (minutes)", default: 15)
    public var refresh: Int

    public init() {}

    /// What the file can tell is wrong: no calendar, an item without `Name=`, a URL of
    /// another scheme, a colour that is not one or more colours than calendars, days or
    /// refresh out of range. A URL is named without its path (the
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
        guard colors.count <= calendars.count else {
            throw .invalidValue(name: "colors", value: "\(colors.count) colours for \(calendars.count) calendars", expected: "at most one colour per calendar, in the order of calendars")
        }
        for (index, text) in colors.enumerated() where Color(configText: text) == nil {
            throw .invalidValue(name: "colors", value: "item \(index + 1) (\(text))", expected: AgendaPalette.expected)
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

    /// The colour of each of `count` calendars as `#RRGGBB`: the one given, else the
    /// default palette's.
    func calendarColors(count: Int) -> [String] {
        (0..<count).map { index in
            let given = index < colors.count ? Color(configText: colors[index]) : nil
            return (given ?? AgendaPalette.color(index)).rgba.configText
        }
    }
}

/// The agenda's calendar colours on colour panels.
enum AgendaPalette {
    /// Hues a 7-colour ACeP panel has inks for, so each calendar keeps its own there
    /// too; the fifth calendar takes the first's again, as its marker does.
    static let colors: [Color] = [.blue, .red, .green, .orange]

    static func color(_ index: Int) -> Color { colors[((index % colors.count) + colors.count) % colors.count] }

    /// What `colors:` takes, for the message that refuses an item.
    static var expected: String {
        "a colour name (\(Color.configNames.map(\.name).joined(separator: ", "))) or #RRGGBB"
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
