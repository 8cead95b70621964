import GlanceGraphics
import GlanceTime
import GlanceDisplays
import FoundationEssentials
import GlanceUI
import GlanceWidgetKit
import GlanceConfiguration
import GlanceSystem
import GlanceFetch

/// One slot while the host runs: its widget instance, its timeline, and what it shows.
///
/// Its state is written only by its own methods (the host and the control commands call
/// them; no other file sets a field), in four parts:
/// - the fetch, `FetchPhase`: settled, failing (the retry ladder's next rung), or
///   fetching (an answer awaited while the host sleeps); `askReload` and the two reload
///   throttles put a reload in front of it;
/// - the problem, `SlotProblem?`: quarantined, not answering, or its view drew nothing;
///   the card the slot then shows (`showingCard`, `showingWidget`);
/// - what it shows: the entry and its index, the content drawn (`show`, `restore`,
///   `composed`, `hidden`);
/// - what it keeps: the last good entry and the bytes the store holds.
final class SlotState {
    /// The slot as configured; `glance set` changes its parameters (`reconfigure`).
    private(set) var config: SlotConfig {
        didSet { makeNotes() }
    }
    let family: WidgetFamily
    let rect: PixelRect
    /// The running widget; `glance set` replaces it with one configured anew.
    private(set) var source: any WidgetTimelineSource
    let descriptor: WidgetDescriptor

    /// The last timeline the provider delivered (kept when a later fetch fails).
    private(set) var timeline: LoadedTimeline?
    /// Which entry of `timeline` is on the display (`nil`: none of them yet).
    private(set) var shownEntryIndex: Int?
    /// The entry on the display, from whichever timeline it came.
    private(set) var shownEntry: AnyTimelineEntry?
    /// The content last drawn for it (`nil`: nothing on the display yet, or hidden).
    private(set) var shownContent: ViewNode?

    /// Where fetching stands.
    enum FetchPhase {
        /// The last fetch gave a good timeline, or none was made yet.
        case settled
        /// The last fetch failed: the next is asked at `retryAt` (`backoff` is the ladder).
        case failing(retryAt: Date)
        /// A fetch that runs on while the host sleeps (real time): it wakes the host when
        /// it answers, or the host gives up on it at its deadline. Its outcome (`took`,
        /// `fetchFailed`) settles the phase again.
        case fetching(PendingFetch)
    }
    private(set) var fetch = FetchPhase.settled
    /// Failed fetches in a row: when to ask again (2 minutes, doubling up to 30).
    private(set) var backoff = Backoff(first: 120, maximum: 1800)
    /// When the failing slot asks again (`nil` unless `.failing`).
    var retryAt: Date? {
        if case .failing(let at) = fetch { return at }
        return nil
    }
    /// The fetch awaited while the host sleeps (`nil` unless `.fetching`).
    var pending: PendingFetch? {
        if case .fetching(let pending) = fetch { return pending }
        return nil
    }
    /// Whether `timeline` is what a provider gave with `.retry` (its entries are not good ones).
    private(set) var timelineIsFallback = false
    /// The last entry shown from a good timeline, kept across restarts by `EntryStore`;
    /// providers see it as `context.lastEntry`.
    private(set) var lastGoodEntry: AnyTimelineEntry?
    /// What the slot's entry file holds (it is written only when this changes).
    private(set) var savedEntry: [UInt8]?
    /// When the last fetch was asked for; reloads that `WidgetCenter` requests wait for
    /// the minimum interval after it.
    private(set) var lastFetch: Date?
    /// The last fetch made offline (time travel), and what it asked of the network.
    private(set) var offlineFetch: (at: Date, fetches: OfflineFetches)?
    /// A reload asked for from outside, with its reason and when it may run.
    private(set) var requestedReload: (reason: WakeReason, notBefore: Date)?
    /// When the last reload another program asked for runs (or ran): one more within the
    /// minimum interval waits until that interval has passed.
    private(set) var lastOutsideReload: Date?

    /// Around the widget's content (WidgetKit's content margins).
    let contentMargins: EdgeInsets

    /// The thread this slot's provider runs on, its own, so that a provider that blocks
    /// holds up no other slot.
    private(set) var executor = ProviderExecutor()
    /// What the slot's widget has been told once (the wall's no-ops its view uses).
    let said = SlotLog.SaidRecord()
    /// What the provider keeps while the slot runs (a heatmap's file watcher), released
    /// with the slot.
    let resources = SlotResources()
    /// Executors given up on while a call still blocked them; no new one is made while
    /// `maximumStuckCalls` of them are still blocked.
    private(set) var stuckExecutors: [ProviderExecutor] = []
    static let maximumStuckCalls = 2
    /// Said that the provider is stuck (once, until it answers again).
    private(set) var saidStuck = false

    /// Why the slot shows an error card instead of its widget: quarantined, or not
    /// answering with nothing good to show (nil: it shows its widget).
    private(set) var problem: SlotProblem?
    var isQuarantined: Bool {
        if case .quarantined = problem { return true }
        return false
    }
    /// What it shows is the host's error card, not its widget's view.
    private(set) var showsCard = false
    /// Its view for the shown entry draws nothing (said once, until it draws again).
    private(set) var drawsNothing = false
    /// What the threads working for this slot note for a crash, per phase: formatted once
    /// per configuration.
    private(set) var notes: [SlotActivity.Phase: CrashNotes.Note] = [:]

    /// After a time-out: if the call still blocks the executor's thread, the next call
    /// gets a new one.
    func abandonBlockedExecutor() {
        guard executor.isBusy else { return }
        executor.retire()
        stuckExecutors.append(executor)
        let log = executor.log
        executor = ProviderExecutor()
        executor.log = log
        executor.crashNote = fetchNote
        executor.threadName = threadName
        executor.slotName = config.name
    }

    /// The note of the provider's thread: the timeline, or the snapshot of a preview slot.
    private var fetchNote: CrashNotes.Note? { notes[config.preview ? .snapshot : .timeline] }

    private func makeNotes() {
        notes = Dictionary(uniqueKeysWithValues: SlotActivity.Phase.allCases.map { ($0, SlotActivity(slot: config, phase: $0).note) })
        executor.crashNote = fetchNote
        executor.threadName = threadName
        executor.slotName = config.name
    }

    /// The provider thread's name: "slot " and the slot's name, cut to the 15 bytes a
    /// thread name may have (at a character's end).
    private var threadName: String {
        var name = "slot " + config.name
        while name.utf8.count > 15 { name.removeLast() }
        return name
    }

    /// Whether earlier calls still block too many threads to make another (forgetting
    /// the executors whose calls have returned since).
    func tooManyBlockedCalls() -> Bool {
        stuckExecutors.removeAll { !$0.isBusy }
        return stuckExecutors.count >= Self.maximumStuckCalls
    }

    init(config: SlotConfig, family: WidgetFamily, rect: PixelRect, source: any WidgetTimelineSource, descriptor: WidgetDescriptor,
         contentMargins: EdgeInsets) {
        self.descriptor = descriptor
        self.contentMargins = contentMargins
        self.config = config
        self.family = family
        self.rect = rect
        self.source = source
        makeNotes()
    }

    // MARK: The fetch: asked, awaited, and its outcome (the timeline and the retry ladder)

    /// A reload is asked for (a key, an intent, `glance reload`, a stack's window): it runs
    /// at `notBefore`, once no fetch is awaited.
    func askReload(_ reason: WakeReason, notBefore: Date) {
        requestedReload = (reason, notBefore)
    }

    /// `WidgetCenter.reloadTimelines` in this process: as a policy reload, not within the
    /// minimum interval of the last fetch (a fetch "in the future", the clock set back
    /// since, counts as one made now).
    /// A reload already asked for sooner (a person's, at once) stays as it is: this one
    /// never puts it off.
    func askReloadInProcess(at now: Date, minimumInterval interval: TimeInterval) {
        let earliest = max(now, min((lastFetch ?? now).addingTimeInterval(interval), now.addingTimeInterval(interval)))
        if let asked = requestedReload, asked.notBefore <= earliest { return }
        requestedReload = (.reload, earliest)
    }

    /// A reload another program asked for (the app's side): at once, as iOS does for an app
    /// in the foreground; another within the minimum interval of the last is folded into
    /// one at the interval's end, and any more before it into that one. (A last one more
    /// than an interval ahead means the clock was set back: it counts as now.) Returns when
    /// it runs.
    func askReloadFromOutside(at now: Date, minimumInterval interval: TimeInterval) -> Date {
        var at = now
        if let last = lastOutsideReload {
            at = last > now ? (last <= now.addingTimeInterval(interval) ? last : now) : max(now, last.addingTimeInterval(interval))
        }
        lastOutsideReload = at
        if let asked = requestedReload, asked.notBefore <= at { return at }
        requestedReload = (.reload, at)
        return at
    }

    /// The provider is asked now: the reload asked for is being done.
    func asked(at now: Date) {
        requestedReload = nil
        lastFetch = now
    }

    /// The fetch asked now is made offline (time travel): what it asks of the network.
    func asksOffline(_ fetches: OfflineFetches, at now: Date) {
        offlineFetch = (now, fetches)
    }

    /// The answer is awaited while the host sleeps.
    func awaits(_ fetch: PendingFetch) {
        self.fetch = .fetching(fetch)
    }

    /// A good timeline: the retry ladder starts over and the slot shows its entries (a
    /// problem other than quarantine is over). True when the provider had been said stuck.
    func took(_ answer: AnyTimeline, at now: Date) -> Bool {
        backoff.succeeded()
        timelineIsFallback = false
        fetch = .settled
        timeline = LoadedTimeline(answer, loadedAt: now)
        shownEntryIndex = nil
        if !isQuarantined { problem = nil }
        defer { saidStuck = false }
        return saidStuck
    }

    /// What a provider that says its fetch failed gives for the meantime: shown, never
    /// kept as a last good entry.
    func tookFallback(_ answer: AnyTimeline, at now: Date) {
        guard !answer.entries.isEmpty else { return }
        timeline = LoadedTimeline(answer, loadedAt: now)
        timelineIsFallback = true
        shownEntryIndex = nil
    }

    /// A failed fetch: the next rung of the retry ladder (returned, in seconds). No answer
    /// at all (`timedOut`): while there is nothing good to show, the slot says so instead
    /// of a placeholder that looks like data on its way; an answer, even a failed one,
    /// ends that.
    func fetchFailed(timedOut: Bool, at now: Date, timeout: TimeInterval) -> TimeInterval {
        let delay = backoff.failed()
        let retryAt = now.addingTimeInterval(delay)
        fetch = .failing(retryAt: retryAt)
        if !isQuarantined {
            problem = timedOut ? .notAnswering(phase: config.preview ? .snapshot : .timeline, seconds: timeout, retryAt: retryAt) : nil
        }
        return delay
    }

    /// Whether the provider's being stuck is to be said now: once, until it answers again.
    func saysStuck() -> Bool {
        defer { saidStuck = true }
        return !saidStuck
    }

    /// Takes up `source`'s state (time travel goes on from where the running host is):
    /// timeline, entries, shown content, retries and reloads, problem. A fetch `source`
    /// still waits for is asked again here, at `now` (its answer is not this slot's).
    func takeState(of source: SlotState, at now: Date) {
        timeline = source.timeline
        shownEntryIndex = source.shownEntryIndex
        shownEntry = source.shownEntry
        shownContent = source.shownContent
        backoff = source.backoff
        if case .fetching = source.fetch { fetch = .settled } else { fetch = source.fetch }
        timelineIsFallback = source.timelineIsFallback
        lastGoodEntry = source.lastGoodEntry
        lastFetch = source.lastFetch
        requestedReload = source.pending.map { ($0.reason, now) } ?? source.requestedReload
        problem = source.problem
        showsCard = source.showsCard
        drawsNothing = source.drawsNothing
    }

    /// `glance set`: the widget configured anew. Data from the old parameters is no one's
    /// last good entry, an answer still coming for them is dropped, and the slot is
    /// fetched at once.
    func reconfigure(_ config: SlotConfig, source: any WidgetTimelineSource, at now: Date) {
        self.source = source
        self.config = config
        timeline = nil
        lastGoodEntry = nil
        if case .fetching = fetch { fetch = .settled }
        requestedReload = (.intent, now)
    }

    // MARK: The problem and the card

    /// Put in quarantine (it crashed or hung the daemon with this configuration).
    func quarantine(_ record: Quarantine.Record) {
        problem = .quarantined(record)
    }

    /// Out of quarantine: its card goes at the next frame. Returns the record it was held
    /// by (`nil`: it was not quarantined).
    func release() -> Quarantine.Record? {
        guard case .quarantined(let record) = problem else { return nil }
        problem = nil
        showsCard = false
        return record
    }

    /// The slot shows the host's card.
    func showingCard() {
        showsCard = true
    }

    /// The slot shows its widget's view, which draws something. True when it had drawn
    /// nothing until now.
    func showingWidget() -> Bool {
        defer { drawsNothing = false; showsCard = false }
        return drawsNothing
    }

    /// Its view for the shown entry draws nothing. True the first time (to be said once).
    func drewNothing() -> Bool {
        defer { drawsNothing = true }
        return !drawsNothing
    }

    // MARK: What it shows and keeps

    /// `entry` (at `index` of the timeline; `nil`: from elsewhere) is the one shown.
    func show(_ entry: AnyTimelineEntry, index: Int?) {
        shownEntryIndex = index
        shownEntry = entry
    }

    /// The stored last good entry, shown until the provider answers.
    func restore(_ entry: AnyTimelineEntry, bytes: [UInt8]) {
        shownEntry = entry
        lastGoodEntry = entry
        savedEntry = bytes
    }

    /// `content` is what the slot's rectangle now shows.
    func composed(_ content: ViewNode) {
        shownContent = content
    }

    /// Another member of its stack is on the display.
    func hidden() {
        shownContent = nil
    }

    /// `entry`, from a good timeline, is its last good one.
    func keep(_ entry: AnyTimelineEntry) {
        lastGoodEntry = entry
    }

    /// The store now holds `bytes` for it.
    func saved(_ bytes: [UInt8]) {
        savedEntry = bytes
    }

    // The slot's thread ends with the slot (a host replaced by SIGHUP, a TRMNL device's
    // new size): once the call it runs, if any, has returned.
    deinit { executor.retire() }

    var name: String { config.name }
    var kind: String { config.kind }

    /// Whether a member of a stack is outside its `when:` at `now`: it is not fetched and
    /// nothing of its timeline wakes the host until its window opens.
    func isOutsideWindow(at now: Date, in zone: ZoneRules) -> Bool {
        config.when.map { !$0.contains(now, in: zone) } ?? false
    }

    /// The next instant this slot needs the host, after `now`.
    func nextInstant(after now: Date, minimumReloadInterval: TimeInterval, zone: ZoneRules) -> Date? {
        // Its widget's code is not run: nothing to wake for.
        if isQuarantined { return nil }
        if pending == nil, isOutsideWindow(at: now, in: zone) { return config.when?.nextChange(after: now, in: zone) }
        var candidates: [Date] = []
        // While a fetch runs, its deadline stands for every reload and retry.
        if let pending { candidates.append(pending.deadline) }
        if pending == nil, let retryAt { candidates.append(retryAt) }
        if pending == nil, let requestedReload { candidates.append(requestedReload.notBefore) }
        if let timeline {
            // While a retry is pending it replaces the policy's reload, which has passed.
            if pending == nil, retryAt == nil, let reload = reloadDate(of: timeline, now: now, minimumInterval: minimumReloadInterval) {
                candidates.append(reload)
            }
            if let next = timeline.nextEntryDate(after: now) { candidates.append(next) }
            // An entry that became current without being shown is due now.
            if let index = timeline.entryIndex(at: now), index != shownEntryIndex { candidates.append(now) }
        }
        return candidates.min()
    }

    /// The next instant this slot needs the host after `now`, and why (for `glance status`).
    func nextWake(after now: Date, minimumReloadInterval: TimeInterval) -> (at: Date, why: String)? {
        if isQuarantined { return nil }
        var candidates: [(Date, String)] = []
        if let pending { candidates.append((pending.deadline, "fetch (waiting for the provider's answer)")) }
        if pending == nil, let retryAt { candidates.append((retryAt, "retry (the last fetch failed)")) }
        if pending == nil, let requestedReload { candidates.append((requestedReload.notBefore, "reload (asked for)")) }
        if let timeline {
            if pending == nil, retryAt == nil, let reload = reloadDate(of: timeline, now: now, minimumInterval: minimumReloadInterval) {
                candidates.append((reload, "reload (the timeline's policy)"))
            }
            if let next = timeline.nextEntryDate(after: now) { candidates.append((next, "entry (the next one of the timeline)")) }
        }
        return candidates.min { $0.0 < $1.0 }
    }

    /// Why the slot needs work at `now`, or `nil` when it does not.
    func dueReason(at now: Date, minimumReloadInterval: TimeInterval, zone: ZoneRules) -> WakeReason? {
        if isQuarantined { return nil }
        if isOutsideWindow(at: now, in: zone) { return nil }
        if pending == nil, let requestedReload, requestedReload.notBefore <= now { return requestedReload.reason }
        if pending == nil, let retryAt, retryAt <= now { return .retry }
        guard let timeline else { return nil }
        if pending == nil, retryAt == nil, let reload = reloadDate(of: timeline, now: now, minimumInterval: minimumReloadInterval), reload <= now {
            return .reload
        }
        if let index = timeline.entryIndex(at: now), index != shownEntryIndex { return .entry }
        return nil
    }

    /// The policy's reload date. A timeline loaded "in the future" (the clock was set
    /// back since) counts as loaded now, so the throttle cannot postpone it for ever.
    private func reloadDate(of timeline: LoadedTimeline, now: Date, minimumInterval: TimeInterval) -> Date? {
        guard var date = timeline.reloadDate(minimumInterval: minimumInterval) else { return nil }
        if timeline.loadedAt > now { date = min(date, now.addingTimeInterval(minimumInterval)) }
        return date
    }
}

/// A provider call the host did not wait for.
struct PendingFetch {
    let call: PendingProviderCall<AnyTimeline>
    /// Why it was asked for (what `onWake` reports once it answers).
    let reason: WakeReason
    /// When the host stops waiting (the clock's time: start + `provider_timeout`).
    let deadline: Date
}
