import FoundationEssentials
import GlanceFetch
import GlanceIntents
import Glibc

/// The stat's settings:
///
/// ```yaml
/// params:
///   url: https://api.example.com/stats
///   path: data.total
///   title: Visitors
///   subtitles: ["Today=data.today", "Week=data.week"]
///   format: "#,##0 kWh"
///   headers: ["Authorization: Bearer $STATS_TOKEN"]
///   stale_after: 30
///   history: 48
/// ```
public struct StatIntent: WidgetConfigurationIntent, ParameterChecking {
    public static let title: LocalizedStringResource = "Stat"
    public static let description: IntentDescription? = "A number from a JSON HTTP endpoint."

    /// An http:// or https:// URL answering JSON.
    @Parameter(title: "URL", role: .location)
    public var url: String

    /// Where the number sits in the answer: `data.total`, `items[0].count`.
    @Parameter(title: "JSON path")
    public var path: String

    /// Without one, the path's last key (`total` for `data.total`).
    @Parameter(title: "Title")
    public var title: String?

    /// More numbers with labels, each `Label=path`: `Today=data.today`.
    @Parameter(title: "Subtitles")
    public var subtitles: [String]

    /// How numbers are written (`StatFormat`): `#,##0.0 kWh`.
    @Parameter(title: "Format", default: "#,##0.##")
    public var format: String

    /// Request headers, each `Name: value`; `$NAME` or `${NAME}` in a value is the
    /// environment variable, read at each fetch. Values are never logged.
    @Parameter(title: "Headers", role: .headers)
    public var headers: [String]

    /// Minutes after the last good answer from which the number is marked as old.
    // Named as the config writes it (snake_case, like `state_dir`).
    @Parameter(title: "Stale after (minutes)", default: 30)
    public var stale_after: Int

    /// In a stack, the stat claims the place (score 1) while its number is at or above
    /// this (fresh numbers only).
    @Parameter(title: "Relevant at or above")
    public var relevant_above: Double?

    /// … or at or below this.
    @Parameter(title: "Relevant at or below")
    public var relevant_below: Double?

    /// How many readings of the number to keep and draw as a line (0: none), the last
    /// good one's included; at most `maximumHistory`.
    @Parameter(title: "History (readings)", default: 0)
    public var history: Int

    /// The most readings `history` keeps (the line has no more pixels than that to use).
    public static let maximumHistory = 500

    public init() {}

    /// What the file can tell is wrong: the URL's scheme, a path's syntax, a subtitle
    /// without `=`, the format, a header without `:` or naming an unset variable, a
    /// history out of bounds.
    public func checkParameters() throws(IntentConfigurator.Failure) {
        guard HTTPClient.isSupported(url) else {
            throw .invalidValue(name: "url", value: url, expected: "an http:// or https:// URL")
        }
        do {
            _ = try JSONPath(path)
        } catch {
            throw .invalidValue(name: "path", value: path, expected: "a JSON path like data.total or items[0].count (\(error))")
        }
        for text in subtitles {
            switch StatSubtitle.parse(text) {
            case .success: break
            case .failure(let problem): throw .invalidValue(name: "subtitles", value: text, expected: problem.description)
            }
        }
        do {
            _ = try StatFormat(format)
        } catch {
            throw .invalidValue(name: "format", value: format, expected: error.description)
        }
        for (index, text) in headers.enumerated() {
            switch StatHeader.parse(text) {
            case .success(let header):
                if let unset = header.variables.first(where: { getenv($0) == nil }) {
                    throw .invalidValue(name: "headers", value: "\(header.name): …",
                                        expected: "a header whose variables are set: $\(unset) is not set in the environment")
                }
            case .failure:
                // The text may be a secret: say which item, not what it holds.
                throw .invalidValue(name: "headers", value: "item \(index + 1)", expected: "a header written 'Name: value'")
            }
        }
        if let relevant_above, let relevant_below, relevant_below >= relevant_above {
            throw .invalidValue(name: "relevant_below", value: "\(relevant_below)",
                                expected: "a number below relevant_above (\(relevant_above)), or the stat would always claim its stack")
        }
        guard stale_after > 0 else {
            throw .invalidValue(name: "stale_after", value: String(stale_after), expected: "a number of minutes above 0")
        }
        guard (0...Self.maximumHistory).contains(history) else {
            throw .invalidValue(name: "history", value: String(history),
                                expected: "a number of readings from 0 (none) to \(Self.maximumHistory)")
        }
    }
}

/// One `Label=path` of a stat's `subtitles`.
struct StatSubtitle: Sendable {
    let label: String
    let path: JSONPath

    static func parse(_ text: String) -> Result<StatSubtitle, StatProblem> {
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(StatProblem("a labelled path written Label=path, like Today=data.today"))
        }
        let label = String(text[..<equals]).trimmedSpaces
        do {
            return .success(StatSubtitle(label: label, path: try JSONPath(String(text[text.index(after: equals)...]).trimmedSpaces)))
        } catch {
            return .failure(StatProblem("a labelled path written Label=path; the path: \(error)"))
        }
    }
}

/// One `Name: value` of a stat's `headers`, its value's `$VARIABLE`s not yet read.
struct StatHeader: Sendable {
    enum Piece: Sendable {
        case text(String)
        case variable(String)
    }

    let name: String
    let pieces: [Piece]

    /// The environment variables the value names.
    var variables: [String] {
        pieces.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// The value with its variables read now; `nil` names the first one that is unset.
    func value(environment: (String) -> String?) -> Result<String, StatProblem> {
        var value = ""
        for piece in pieces {
            switch piece {
            case .text(let text): value += text
            case .variable(let variable):
                guard let text = environment(variable) else {
                    return .failure(StatProblem("the header \(name) names $\(variable), which is not set"))
                }
                value += text
            }
        }
        return .success(value)
    }

    /// `Authorization: Bearer $TOKEN`; `${TOKEN}` where letters follow, `$$` for a `$`.
    static func parse(_ text: String) -> Result<StatHeader, StatProblem> {
        guard let colon = text.firstIndex(of: ":") else { return .failure(StatProblem("a header written Name: value")) }
        let name = String(text[..<colon]).trimmedSpaces
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) }) else {
            return .failure(StatProblem("a header written Name: value"))
        }
        let value = Array(String(text[text.index(after: colon)...]).trimmedSpaces)
        var pieces: [Piece] = []
        var literal = ""
        var position = 0
        func isNameCharacter(_ character: Character, first: Bool) -> Bool {
            character.isASCII && (character.isLetter || character == "_" || (!first && character.isNumber))
        }
        while position < value.count {
            let character = value[position]
            position += 1
            guard character == "$", position < value.count else {
                literal.append(character)
                continue
            }
            if value[position] == "$" {
                literal.append("$")
                position += 1
                continue
            }
            let braced = value[position] == "{"
            var cursor = braced ? position + 1 : position
            var variable = ""
            while cursor < value.count, isNameCharacter(value[cursor], first: variable.isEmpty) {
                variable.append(value[cursor])
                cursor += 1
            }
            if variable.isEmpty || (braced && (cursor >= value.count || value[cursor] != "}")) {
                literal.append("$")
                continue
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.variable(variable))
            position = braced ? cursor + 1 : cursor
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return .success(StatHeader(name: name, pieces: pieces))
    }
}

/// Why a stat's setting or fetch did not work, as one line.
struct StatProblem: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
