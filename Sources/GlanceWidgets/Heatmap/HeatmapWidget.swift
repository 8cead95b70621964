import FoundationEssentials
import GlanceFetch
import GlanceIntents
import GlanceSystem
import GlanceTime
import GlanceUI
import GlanceWidgetKit
import Glibc
import Synchronization

/// The heatmap's settings: `params: {title: Commits, file: /home/pi/commits.csv}` or
/// `params: {url: "https://example.com/activity.json"}`.
public struct HeatmapIntent: WidgetConfigurationIntent, ParameterChecking {
    public static let title: LocalizedStringResource = "Heatmap"
    public static let description: IntentDescription? = "Daily values as a contributions calendar."

    @Parameter(title: "Title", default: "Activity")
    public var title: String

    /// A CSV (`date,value` lines) or JSON file. A relative path is read from the
    /// daemon's working folder (as `images:` is); an absolute one is safest.
    @Parameter(title: "File", role: .location)
    public var file: String?

    /// A JSON document in either of the file's JSON shapes, over http or https.
    @Parameter(title: "URL", role: .location)
    public var url: String?

    /// The run of active days up to today, under the total.
    @Parameter(title: "Show streak", default: true)
    public var show_streak: Bool

    public init() {}

    public func checkParameters() throws(IntentConfigurator.Failure) {
        if let url = url?.trimmedOfSpaces, !url.isEmpty {
            guard HTTPClient.isSupported(url) else {
                throw .invalidValue(name: "url", value: url, expected: "an http:// or https:// URL")
            }
            if let file, !file.trimmedOfSpaces.isEmpty {
                throw .invalidValue(name: "url", value: url, expected: "wanted together with file; give file or url, not both")
            }
        }
    }

    /// The configured source: a file, a URL, or nothing.
    var source: HeatmapSource {
        if let file = file?.trimmedOfSpaces, !file.isEmpty { return .file(file) }
        if let url = url?.trimmedOfSpaces, !url.isEmpty { return .url(url) }
        return .none
    }
}

/// Where a heatmap's values come from.
enum HeatmapSource: Equatable {
    case none
    case file(String)
    case url(String)
}

/// Reads the values when asked and only then: the policy is `.never`, and a change to the
/// file (seen by a `FileWatcher`), `glance reload heatmap` or a `WidgetCenter` call asks.
/// The timeline holds an entry for every coming midnight, so the grid moves on by a day
/// without reading anything again.
public struct HeatmapProvider: AppIntentTimelineProvider {
    /// Days before today an entry keeps: the largest grid (18 weeks) and a long streak.
    static let keptDays = 400
    /// Midnights ahead the timeline has an entry for.
    static let daysAhead = 366
    /// Bad rows logged one by one per read; the rest are counted.
    static let loggedProblems = 5

    let watch: @Sendable (String, SlotResources) -> Void
    let log: @Sendable (String) -> Void

    public init() {
        self.init(watch: { path, resources in resources.keep(WidgetFileWatchers.shared.watch(path), for: WidgetFileWatchers.key) },
                  log: HeatmapProvider.writeToStandardError)
    }

    /// `watch` is called with each file a running slot reads and what the slot keeps
    /// (by default a use of the process's watcher of that file, kept by the slot);
    /// `log` with each line to log (standard error by default).
    init(watch: @escaping @Sendable (String, SlotResources) -> Void, log: @escaping @Sendable (String) -> Void) {
        self.watch = watch
        self.log = log
    }

    public func placeholder(in context: Context) -> HeatmapEntry {
        HeatmapSample.entry(title: "Activity", at: context.date, today: context.today)
    }

    /// The gallery's picture: four months of made-up activity, no file or network read.
    public func snapshot(for configuration: HeatmapIntent, in context: Context) async -> HeatmapEntry {
        var entry = HeatmapSample.entry(title: configuration.title, at: context.date, today: context.today)
        entry.showsStreak = configuration.show_streak
        return entry
    }

    public func timeline(for configuration: HeatmapIntent, in context: Context) async -> Timeline<HeatmapEntry> {
        let timeline = await readTimeline(for: configuration, in: context)
        guard !configuration.show_streak else { return timeline }
        return Timeline(entries: timeline.entries.map { entry in
            var entry = entry
            entry.showsStreak = false
            return entry
        }, policy: timeline.policy)
    }

    private func readTimeline(for configuration: HeatmapIntent, in context: Context) async -> Timeline<HeatmapEntry> {
        let title = configuration.title
        switch configuration.source {
        case .none:
            return days(from: HeatmapEntry(date: context.date, title: title, today: context.today, values: [:], status: .unconfigured),
                        in: context)
        case .file(let path):
            // Watched for as long as the slot reads this file (a slot, not a preview or `glance render`).
            if !context.isPreview, let resources = context.resources { watch(path, resources) }
            let entry: HeatmapEntry
            switch Self.readFile(path) {
            case .missing:
                entry = HeatmapEntry(date: context.date, title: title, today: context.today, values: [:], status: .missingFile(path))
            case .failed(let reason):
                log("heatmap: \(path): \(reason)")
                entry = HeatmapEntry(date: context.date, title: title, today: context.today, values: [:], status: .unavailable(reason))
            case .contents(let bytes):
                do {
                    let data = try HeatmapData.parse(bytes)
                    report(data, in: path)
                    entry = makeEntry(title: title, values: data.values, source: path, in: context)
                } catch {
                    log("heatmap: \(path): \(error)")
                    // A file given up at a bound says why on the slot; one without data has no rows yet.
                    let status: HeatmapEntry.Status = error.isBound ? .unavailable("\(HeatmapEmptyView.name(path)): \(error)") : .noRows(path)
                    entry = HeatmapEntry(date: context.date, title: title, today: context.today, values: [:], status: status)
                }
            }
            return days(from: entry, in: context)
        case .url(let url):
            let data: HeatmapData
            do {
                let response = try HTTPClient.getOK(HTTPRequest(url: url, timeout: 20, maximumBytes: 4 << 20))
                data = try HeatmapData.parseJSON(response.body)
            } catch let failure as HTTPFailure {
                return fetchFailed(because: failure.description, title: title, in: context)
            } catch {
                return fetchFailed(because: "the answer is \(error)", title: title, in: context)
            }
            report(data, in: url)
            return days(from: makeEntry(title: title, values: data.values, source: url, in: context), in: context)
        }
    }

    /// Today's entry and one for each coming midnight, never reloaded on its own.
    func days(from entry: HeatmapEntry, in context: Context) -> Timeline<HeatmapEntry> {
        var entries = [entry]
        var day = entry.today
        for _ in 0..<Self.daysAhead {
            day = day.adding(days: 1)
            guard let start = day.start(in: context.timeZone) else { continue }
            entries.append(HeatmapEntry(date: start, title: entry.title, today: day, values: entry.values, status: entry.status))
        }
        return Timeline(entries: entries, policy: .never)
    }

    func makeEntry(title: String, values: [CalendarDay: Double], source: String, in context: Context) -> HeatmapEntry {
        let first = context.today.adding(days: -Self.keptDays)
        let last = context.today.adding(days: Self.daysAhead)
        let kept = values.filter { $0.key >= first && $0.key <= last }
        return HeatmapEntry(date: context.date, title: title, today: context.today, values: kept, status: kept.isEmpty ? .noRows(source) : .ready)
    }

    /// The last good values again (or the no-data state), and the host's retry ladder.
    func fetchFailed(because reason: String, title: String, in context: Context) -> Timeline<HeatmapEntry> {
        let entry: HeatmapEntry
        if let last = context.lastEntry as? HeatmapEntry, last.status == .ready {
            entry = HeatmapEntry(date: context.date, title: title, today: context.today, values: last.values)
        } else {
            entry = HeatmapEntry(date: context.date, title: title, today: context.today, values: [:], status: .unavailable(reason))
        }
        return Timeline(entries: [entry], policy: .retry(because: reason))
    }

    /// Logs the skipped rows: the first few one per line, then how many more; and where
    /// reading stopped, if it did.
    func report(_ data: HeatmapData, in source: String) {
        for problem in data.problems.prefix(Self.loggedProblems) { log("heatmap: \(source) \(problem)") }
        if data.skipped > Self.loggedProblems {
            log("heatmap: \(source): \(data.skipped - Self.loggedProblems) more bad rows skipped")
        }
        if let stopped = data.stopped { log("heatmap: \(source): \(stopped)") }
    }

    enum FileContents {
        case contents([UInt8])
        case missing
        case failed(String)
    }

    /// The whole file, up to 4 MiB (years of daily rows are a few hundred KiB). Opened
    /// without waiting (a FIFO would block the open until a writer came) and read only
    /// when it is a regular file.
    static func readFile(_ path: String, maximumBytes: Int = 4 << 20) -> FileContents {
        do throws(RegularFile.Refusal) {
            return .contents(try RegularFile.read(path, limit: maximumBytes))
        } catch .missing {
            return .missing
        } catch {
            return .failed(error.description)
        }
    }

    @Sendable static func writeToStandardError(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// The `heatmap` widget: a contributions-style calendar of daily values from a CSV or
/// JSON file (reloaded when it changes) or a JSON URL.
public struct HeatmapWidget: Widget {
    public static let kind = "heatmap"

    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Self.kind, intent: HeatmapIntent.self, provider: HeatmapProvider()) { entry in
            HeatmapView(entry: entry)
        }
        .configurationDisplayName("Heatmap")
        .description("Daily values as a contributions calendar, from a CSV or JSON file or URL.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        // The views pad themselves (14–16 points), as the other built-ins do.
        .contentMarginsDisabled()
    }
}
