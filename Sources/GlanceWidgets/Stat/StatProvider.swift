import FoundationEssentials
import GlanceFetch
import GlanceTime
import GlanceWidgetKit
import Glibc

/// Fetches the stat's JSON every 10 minutes. When a fetch fails it shows the last good
/// numbers (marked old once they are older than `stale_after`), or its redacted
/// placeholder before there were any, and leaves the next try to the host's retry ladder.
public struct StatProvider: AppIntentTimelineProvider {
    /// Seconds the whole HTTP exchange may take: below the host's `provider_timeout`
    /// (30 s by default), so a silent server is this provider's failure, said why.
    public var timeout: Double
    /// The largest answer read; a longer one is refused without reading it all.
    public var maximumBytes: Int

    public init(timeout: Double = 20, maximumBytes: Int = 4 << 20) {
        self.timeout = timeout
        self.maximumBytes = maximumBytes
    }

    /// Seconds between good fetches.
    public static let refreshInterval: Double = 10 * 60

    public func placeholder(in context: Context) -> StatEntry {
        var entry = Self.sample(at: context.date, locale: context.locale)
        entry.isPlaceholder = true
        return entry
    }

    /// Sample numbers for the gallery: no network; with `history`, sample readings too.
    public func snapshot(for configuration: StatIntent, in context: Context) async -> StatEntry {
        var entry = Self.sample(at: context.date, locale: context.locale)
        entry.history = Self.sampleHistory(until: context.date, count: min(configuration.history, 48))
        return entry
    }

    public func timeline(for configuration: StatIntent, in context: Context) async -> Timeline<StatEntry> {
        switch fetch(configuration, in: context) {
        case .success(var entry):
            // The readings so far are the last good entry's, while it is of the same source.
            let last = (context.lastEntry as? StatEntry).flatMap { !$0.isPlaceholder && $0.source == entry.source ? $0 : nil }
            entry.history = StatEntry.history(last?.history ?? [], appending: StatReading(date: entry.fetchedAt, number: entry.value.number),
                                              limit: configuration.history)
            return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(Self.refreshInterval)))
        case .failure(let problem):
            guard let last = context.lastEntry as? StatEntry, !last.isPlaceholder, last.source == Self.source(of: configuration) else {
                var placeholder = placeholder(in: context)
                placeholder.title = Self.title(of: configuration)
                return Timeline(entries: [placeholder], policy: .retry(because: problem.description))
            }
            let staleFrom = max(context.date, last.fetchedAt.addingTimeInterval(Double(configuration.stale_after) * 60))
            return Timeline(entries: [last, last.markedStale(from: staleFrom)], policy: .retry(because: problem.description))
        }
    }

    public func recommendations() -> [AppIntentRecommendation<StatIntent>] {
        let intent = StatIntent()
        intent.url = "https://api.example.com/stats"
        intent.path = "data.total"
        intent.title = "Visitors"
        intent.subtitles = ["Today=data.today", "Week=data.week"]
        intent.history = 48
        return [AppIntentRecommendation(intent: intent, description: "Visitors from a JSON API, with today's and this week's, and a line of the last 48")]
    }

    /// One GET, and the numbers in it; a failure is one line for the log (never a header value).
    func fetch(_ configuration: StatIntent, in context: Context) -> Result<StatEntry, StatProblem> {
        let path: JSONPath
        let format: StatFormat
        do {
            path = try JSONPath(configuration.path)
            format = try StatFormat(configuration.format)
        } catch {
            return .failure(StatProblem("\(error)"))
        }
        var subtitles: [StatSubtitle] = []
        for text in configuration.subtitles {
            switch StatSubtitle.parse(text) {
            case .success(let subtitle): subtitles.append(subtitle)
            case .failure(let problem): return .failure(problem)
            }
        }
        var headers: [(name: String, value: String)] = []
        for text in configuration.headers {
            switch StatHeader.parse(text).flatMap({ header in header.value(environment: environmentVariable).map { (header.name, $0) } }) {
            case .success(let header): headers.append(header)
            case .failure(let problem): return .failure(problem)
            }
        }

        let response: HTTPResponse
        do {
            response = try HTTPClient.getOK(HTTPRequest(url: configuration.url, headers: headers, timeout: timeout, maximumBytes: maximumBytes))
        } catch {
            return .failure(StatProblem(error.description))
        }
        guard response.mayBeJSON else {
            return .failure(StatProblem("the server answered \(response.contentType ?? "something else"), not JSON"))
        }
        guard response.body.contains(where: { !" \t\r\n".utf8.contains($0) }) else {
            return .failure(StatProblem("the server answered with an empty body"))
        }
        guard let document = JSONValue.parse(response.body) else {
            return .failure(StatProblem("the answer is not JSON (\(response.body.count) bytes, malformed or cut short)"))
        }
        let locale = context.locale
        let value: StatValue
        switch Self.number(in: document, at: path) {
        case .success(let number): value = StatValue(number: number, format: format, locale: locale)
        case .failure(let problem): return .failure(problem)
        }
        var values: [StatValue] = []
        for subtitle in subtitles {
            switch Self.number(in: document, at: subtitle.path) {
            case .success(let number): values.append(StatValue(label: subtitle.label, number: number, format: format, locale: locale))
            case .failure(let problem): return .failure(problem)
            }
        }
        var entry = StatEntry(date: context.date, fetchedAt: context.date, title: Self.title(of: configuration), value: value,
                              subtitles: values, source: Self.source(of: configuration))
        entry.relevantAbove = configuration.relevant_above
        entry.relevantBelow = configuration.relevant_below
        return .success(entry)
    }

    private static func number(in document: JSONValue, at path: JSONPath) -> Result<Double, StatProblem> {
        guard let value = document[path] else { return .failure(StatProblem("the answer has nothing at \(path)")) }
        guard let number = value.number, number.isFinite else {
            let kind = switch value {
            case .null: "null"
            case .bool: "true or false"
            case .string: "text"
            case .array: "a list"
            case .object: "an object"
            case .number: "not finite"
            }
            return .failure(StatProblem("the answer's \(path) is \(kind), not a number"))
        }
        return .success(number)
    }

    /// The configured title, or the path's last key (`total` for `data.total`).
    static func title(of configuration: StatIntent) -> String {
        if let title = configuration.title, !title.isEmpty { return title }
        guard case .key(let key)? = (try? JSONPath(configuration.path))?.steps.last else { return configuration.path }
        return key
    }

    private func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// A digest of where the numbers come from (FNV-1a: stable across runs, unlike `Hasher`).
    static func source(of configuration: StatIntent) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ([configuration.url, configuration.path] + configuration.subtitles).joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// `count` readings ten minutes apart, the last at `date` and 12,480 as the sample's
    /// number: a slow climb with a dip.
    static func sampleHistory(until date: Date, count: Int) -> [StatReading] {
        let steps: [Double] = [0, 40, 25, 70, 110, 90, 150, 210, 180, 160, 230, 300]
        return (0..<max(count, 0)).map { index in
            let back = count - 1 - index
            return StatReading(date: date.addingTimeInterval(-Double(back) * Self.refreshInterval),
                               number: 12_480 - Double(back) * 18 + steps[index % steps.count] - steps[(count - 1) % steps.count])
        }
    }

    /// "Visitors 12,480" and three subtitles.
    static func sample(at date: Date, locale: DisplayLocale) -> StatEntry {
        let format = StatFormat.standard
        return StatEntry(
            date: date, fetchedAt: date, title: "Visitors", value: StatValue(number: 12_480, format: format, locale: locale),
            subtitles: [("Today", 312), ("This week", 2_140), ("This month", 8_930)].map {
                StatValue(label: $0.0, number: $0.1, format: format, locale: locale)
            })
    }
}
