import FoundationEssentials
import GlanceCalendar
import GlanceFetch
import GlanceTime
import GlanceWidgetKit

/// Reads the calendars every `refresh` minutes (URLs with conditional GETs; files whole
/// when they change, and at midnight) and lays out the next `days` as a timeline with an
/// entry at each event's start and end and at each local midnight, so "now: standup"
/// appears when the standup begins and not a refresh later.
///
/// A calendar that cannot be read is shown from its last good copy and named in the
/// entry's `problem`; the next try is left to the host's retry ladder. With no calendar
/// read and none kept, the last good entry (from before a restart) or the redacted
/// placeholder is shown.
public struct AgendaProvider: AppIntentTimelineProvider {
    /// Seconds one calendar's HTTP exchange may take.
    public var timeout: Double
    /// The largest calendar read (a file or an answer); a larger one is refused unread.
    public var maximumBytes: Int

    /// Occurrences taken from one calendar's horizon (the earliest).
    static let occurrenceLimit = 1_000
    /// Events an entry carries: more than the large family shows.
    static let shownLimit = 60

    let feeds: AgendaFeeds
    let watch: @Sendable ([String], SlotResources) -> Bool

    public init(timeout: Double = 20, maximumBytes: Int = 16 << 20) {
        self.init(feeds: .shared, timeout: timeout, maximumBytes: maximumBytes) { paths, resources in
            let uses = paths.compactMap { WidgetFileWatchers.agenda.watch($0) }
            resources.keep(AgendaFileWatches(uses), for: AgendaFileWatches.key)
            return uses.count == paths.count
        }
    }

    /// `feeds` keeps each calendar's last good copy; `watch` is called with the files a
    /// running slot reads and what the slot keeps, and says whether each is watched.
    init(feeds: AgendaFeeds, timeout: Double = 20, maximumBytes: Int = 16 << 20,
         watch: @escaping @Sendable ([String], SlotResources) -> Bool = { _, _ in true }) {
        self.feeds = feeds
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.watch = watch
    }

    public func placeholder(in context: Context) -> AgendaEntry {
        var entry = Self.sample(at: context.date, in: context.timeZone)
        entry.isPlaceholder = true
        return entry
    }

    /// Made-up events for the gallery, in the configured colours: no file or network read.
    public func snapshot(for configuration: AgendaIntent, in context: Context) async -> AgendaEntry {
        Self.sample(at: context.date, in: context.timeZone, colors: configuration.calendarColors(count: 3))
    }

    public func timeline(for configuration: AgendaIntent, in context: Context) async -> Timeline<AgendaEntry> {
        let calendars = configuration.parsedCalendars
        let now = context.date
        let horizon = now.addingTimeInterval(Double(min(max(configuration.days, 1), 31)) * 86_400)
        let source = Self.source(of: calendars)
        let files = calendars.compactMap { if case .file(let path) = $0.source { path } else { nil } }
        // Watched, and their copies kept, for as long as the slot reads these calendars (a
        // slot, not a preview or `glance render`).
        var watched = true
        if !context.isPreview, let resources = context.resources {
            watched = watch(files, resources)
            resources.keep(feeds.claim(calendars), for: AgendaFeeds.Claim.key)
        }

        var events: [AgendaEvent] = []
        var problems: [String] = []
        // Said on the widget but not worth fetching again for: the feed is as it is.
        var notes: [String] = []
        var read = 0
        for (index, calendar) in calendars.enumerated() {
            let reading = feeds.read(calendar, timeout: timeout, maximumBytes: maximumBytes)
            if let problem = reading.problem { problems.append(problem) }
            guard let feed = reading.feed else { continue }
            read += 1
            let expansion = feed.expand(from: now, to: horizon, zone: context.timeZone, limit: Self.occurrenceLimit)
            if let uid = expansion.cutShort {
                notes.append("\(calendar.name): its repeating events take too long to work out (first: \(uid)); some may be missing")
            }
            for occurrence in expansion.occurrences {
                events.append(AgendaEvent(title: occurrence.summary, location: occurrence.location, start: occurrence.start, end: occurrence.end,
                                          isAllDay: occurrence.isAllDay, calendarIndex: index, calendar: calendar.name))
            }
        }
        let names = calendars.map(\.name)
        let colors = configuration.calendarColors(count: calendars.count)
        let said = problems + notes
        // The widget has room for the first; the log and `glance status` say every one.
        var problem = said.first.map { said.count > 1 ? "\($0) (and \(said.count - 1) more)" : $0 }
        var everyProblem = said.isEmpty ? nil : said.joined(separator: "; ")
        if calendars.isEmpty {
            problem = "no calendars: give calendars as Name=SOURCE"
            everyProblem = problem
        }

        guard read > 0 else {
            let reason = everyProblem ?? "no calendar could be read"
            if let last = context.lastEntry as? AgendaEntry, !last.isPlaceholder, last.source == source {
                return Timeline(entries: Self.entries(last.events, calendars: names, colors: colors, from: now, to: horizon, zone: context.timeZone,
                                                      problem: reason, source: source),
                                policy: .retry(because: reason))
            }
            var placeholder = placeholder(in: context)
            placeholder.problem = reason
            return Timeline(entries: [placeholder], policy: .retry(because: reason))
        }
        let entries = Self.entries(events, calendars: names, colors: colors, from: now, to: horizon, zone: context.timeZone, problem: problem, source: source)
        if let everyProblem, !problems.isEmpty || calendars.isEmpty { return Timeline(entries: entries, policy: .retry(because: everyProblem)) }
        // Files that are watched are read again when they change (the watch reloads the
        // slot): polling them would wake the display for nothing. The next midnight moves
        // the horizon on. Only URLs are polled every `refresh` minutes.
        if watched, files.count == calendars.count,
           let midnight = CalendarDay(containing: now, in: context.timeZone).adding(days: 1).start(in: context.timeZone) {
            return Timeline(entries: entries, policy: .after(midnight))
        }
        return Timeline(entries: entries, policy: .after(now.addingTimeInterval(Double(max(configuration.refresh, 1)) * 60)))
    }

    public func recommendations() -> [AppIntentRecommendation<AgendaIntent>] {
        let intent = AgendaIntent()
        intent.calendars = ["Family=webcal://example.com/family.ics"]
        return [AppIntentRecommendation(intent: intent, description: "The coming week of a published calendar")]
    }

    /// An entry at `now`, at every start and end after it up to `horizon`, and at every
    /// local midnight up to `horizon`: the instants at which what the agenda shows changes.
    static func entries(_ events: [AgendaEvent], calendars: [String], colors: [String] = [], from now: Date, to horizon: Date, zone: ZoneRules,
                        problem: String?, source: String) -> [AgendaEntry] {
        let sorted = events.sorted { a, b in
            (a.start, a.isAllDay ? 0 : 1, a.calendarIndex, a.title) < (b.start, b.isAllDay ? 0 : 1, b.calendarIndex, b.title)
        }
        var instants: Set<Date> = [now]
        for event in sorted {
            for instant in [event.start, event.end] where instant > now && instant <= horizon { instants.insert(instant) }
        }
        let today = CalendarDay(containing: now, in: zone)
        for days in 1...32 {
            guard let midnight = today.adding(days: days).start(in: zone) else { continue }
            guard midnight <= horizon else { break }
            if midnight > now { instants.insert(midnight) }
        }
        return instants.sorted().map { instant in
            // Not over yet (an event without length counts until it begins).
            let shown = sorted.filter { $0.end > instant || $0.start >= instant }.prefix(shownLimit).map { event in
                var event = event
                event.isInProgress = event.start <= instant && instant < event.end
                return event
            }
            return AgendaEntry(date: instant, events: Array(shown), calendars: calendars, colors: colors, horizon: horizon, problem: problem, source: source)
        }
    }

    /// A digest of the calendars' names and sources (FNV-1a: stable across runs; a URL may
    /// be a secret, so it is not kept as text).
    static func source(of calendars: [AgendaCalendar]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let text = calendars.map { calendar in
            switch calendar.source {
            case .file(let path): "\(calendar.name)=\(path)"
            case .url(let url): "\(calendar.name)=\(url)"
            }
        }.joined(separator: "\n")
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// A made-up day: an all-day event, a meeting in progress, two more today, one tomorrow.
    static func sample(at date: Date, in zone: ZoneRules, colors: [String] = []) -> AgendaEntry {
        let today = CalendarDay(containing: date, in: zone)
        let midnight = today.start(in: zone) ?? date
        let tomorrow = today.adding(days: 1).start(in: zone) ?? date.addingTimeInterval(86_400)
        let hour = 3_600.0
        let events = [
            AgendaEvent(title: "School holiday", start: midnight, end: tomorrow, isAllDay: true, calendarIndex: 1, calendar: "Family"),
            AgendaEvent(title: "Standup", location: "Room 4", start: date.addingTimeInterval(-0.25 * hour), end: date.addingTimeInterval(0.25 * hour),
                        calendarIndex: 0, calendar: "Work", isInProgress: true),
            AgendaEvent(title: "Design review", location: "Online", start: date.addingTimeInterval(2 * hour), end: date.addingTimeInterval(3 * hour),
                        calendarIndex: 0, calendar: "Work"),
            AgendaEvent(title: "Piano lesson", start: date.addingTimeInterval(5 * hour), end: date.addingTimeInterval(6 * hour),
                        calendarIndex: 1, calendar: "Family"),
            AgendaEvent(title: "Dentist", location: "Main St 12", start: tomorrow.addingTimeInterval(10 * hour),
                        end: tomorrow.addingTimeInterval(11 * hour), calendarIndex: 2, calendar: "Personal"),
        ]
        return AgendaEntry(date: date, events: events, calendars: ["Work", "Family", "Personal"], colors: colors, horizon: date.addingTimeInterval(7 * 86_400))
    }
}

/// The uses of the file watchers a slot reading these calendars holds; released with the
/// slot or replaced at its next read.
final class AgendaFileWatches: Sendable {
    static let key = "agenda.files"
    let uses: [WidgetFileWatchers.Use]
    init(_ uses: [WidgetFileWatchers.Use]) { self.uses = uses }
}
