import GlanceDisplays
import GlanceSystem
import GlanceYAML
import FoundationEssentials
import GlanceGraphics
import GlanceIntents
import GlanceTime
import GlanceUI
import GlanceWidgetKit
import Synchronization
import GlanceConfiguration
import GlanceFetch

/// Runs a configuration: asks providers for timelines, shows the right entry of every
/// slot at the right instant, and otherwise sleeps in one wait on its clock.
///
/// The next instant is the earliest of every slot's next entry date, reload date and
/// retry date. Nothing runs between instants. This type is the scheduler; the rest is
/// in parts it owns: `HostInbox` (requests from other threads), `InputRouter` (key
/// bindings and taps) with `IntentRunner` (Buttons' and Toggles' intents),
/// `EntryKeeper` (last good entries across restarts) and `FramePresenter` (composing,
/// the notification banner, the pipeline to the output).
public final class WidgetHost {
    public let config: GlanceConfig
    let clock: any HostClock
    /// Draws and shows frames (or, in simulations, only plans their refreshes).
    let presenter: FramePresenter
    let center: WidgetCenter
    let log: (String) -> Void
    let slots: [SlotState]
    /// Quiet hours: when the display sleeps.
    var quiet: QuietHours
    /// The display slept at the last wake it skipped: the next wake is the one that ends
    /// the sleep (a full refresh, and the start's fetch if the host started asleep).
    var slept = false
    /// When the display went to sleep (for the records of the wake that ends it).
    var sleptSince: Date?
    var startWhenAwake = false
    /// When the host last woke awake (to tell a sleep that passed between two wakes).
    var lastAwakeWake: Date?
    /// The next `full_at:` instant (nil without one).
    var nextFullAt: Date?
    /// Places that show one of several slots (`stack:`), in the order written.
    let stacks: [StackState]
    /// The stack each member belongs to.
    private let stackOf: [ObjectIdentifier: StackState]
    /// Whether the last attempt to show a frame failed (a retry is scheduled, or the
    /// display failed for good).
    public var displayFailing: Bool { presenter.isFailing }
    /// Where other threads (key lines, the control socket) drop requests.
    public let inbox: HostInbox
    var started = false
    /// Providers' GETs through `HTTPClient` are refused (time travel): each fetch fails
    /// fast and the slot keeps its last good entry.
    var fetchesOffline = false
    /// Key bindings and taps, turned into reloads and intents.
    private let input: InputRouter
    /// Runs the intents of Buttons and Toggles.
    private let intents: IntentRunner
    /// The last refresh the display carried out, and when.
    public private(set) var lastRefresh: (at: Date, plan: RefreshPlan)?
    /// Keeps every slot's last good entry across restarts.
    private let entries: EntryKeeper
    /// Slots whose widget crashed or hung the daemon (nil: none are kept out).
    let quarantine: Quarantine?
    /// The last intent run: its slot, title, and the error if it failed.
    public var lastIntent: (slot: String, title: String, error: String?)? { intents.last }
    /// The display's last failure, said once until the display works again.
    private var lastDisplayFailure: String?

    /// Called once per slot per wake, in slot order.
    public var onWake: ((WakeRecord) -> Void)?
    /// Called after every frame that was sent to the display, with what the display did.
    public var onFrame: ((Frame, RefreshMode) -> Void)?
    /// One frame only (`glance run --once`): a failure is reported, not scheduled again.
    public var showsOneFrame = false
    /// Called after the output carried out a refresh, with what it sent.
    public var onRefresh: ((RefreshPlan) -> Void)?
    /// Called for each key press the host acts on (a board key, a keyboard, `glance
    /// press`, MQTT), with whether it was long.
    public var onKeyPress: ((String, Bool) -> Void)? {
        get { input.onKeyPress }
        set { input.onKeyPress = newValue }
    }
    /// Refreshes the display carried out since the host started.
    public private(set) var refreshCount = 0
    /// The message drawn over the slots until dismissed (`nil`: none).
    public private(set) var notification: String?

    /// Checks the configuration against the registry (unknown kinds, families and
    /// parameters are errors that point into the file) and makes every slot's widget.
    /// Frames go to `presenter`'s output; without one the host only plans refreshes
    /// (`glance simulate`).
    public init(
        config: GlanceConfig,
        registry: WidgetRegistry,
        clock: any HostClock,
        presenter: FramePresenter? = nil,
        center: WidgetCenter = .shared,
        entryStore: EntryStore? = nil,
        quarantine: Quarantine? = nil,
        log: @escaping (String) -> Void = { _ in }
    ) throws(ConfigError) {
        self.config = config
        entries = EntryKeeper(store: entryStore, log: log)
        self.quarantine = quarantine
        self.clock = clock
        let presenter = presenter ?? FramePresenter(simulating: config.display.refreshProfile, panelPixels: config.display.width * config.display.height)
        self.presenter = presenter
        quiet = QuietHours(windows: config.sleep, zone: config.timeZone, wakeFor: config.wakeFor)
        // The clean-up full refresh goes to the quietest moment there is: a sleep's end, or full_at:.
        presenter.waitForQuietMoments(config.sleep != nil || config.display.fullAt != nil)
        intents = IntentRunner(timeout: config.intentTimeout, log: log)
        input = InputRouter(keys: config.keys, intents: intents, log: log) { x, y in presenter.control(atX: x, y: y) }
        self.center = center
        self.log = log
        inbox = HostInbox(clock: clock)
        if let size = presenter.outputSize, size != (config.display.width, config.display.height) {
            throw ConfigError(file: config.source, field: "display",
                              message: "the display is \(size.width)x\(size.height), the configuration says \(config.display.width)x\(config.display.height); set size: \(size.width)x\(size.height) (or remove it where the device gives its size)")
        }
        slots = try SlotFactory.makeSlots(config: config, registry: registry)
        // Widget code's `os.Logger` lines go to this host's log, with their slot's name.
        for slot in slots { slot.executor.log = log }
        var stacks: [StackState] = []
        var stackOf: [ObjectIdentifier: StackState] = [:]
        for slot in slots {
            guard let membership = slot.config.stack, membership.index == 0 else { continue }
            let members = slots.filter { $0.config.stack?.name == membership.name }
            let stack = StackState(name: membership.name, members: members, rotate: membership.rotate, hold: membership.hold)
            stacks.append(stack)
            for member in members { stackOf[ObjectIdentifier(member)] = stack }
        }
        self.stacks = stacks
        self.stackOf = stackOf
        input.turnStack = { [unowned self] name, step, now in
            do throws(ControlFailure) {
                log("turn: " + (try controlTurn(stack: name, by: step)))
            } catch {
                log("turn: \(error.description)")
            }
        }
        if let quarantine {
            // A slot configured otherwise than when it crashed tries again.
            quarantine.keepOnly(slots.map(\.config))
            for slot in slots {
                guard let record = quarantine.record(for: slot.config) else { continue }
                slot.problem = .quarantined(record)
                log("slot \(slot.name) (\(slot.kind)): \(slot.problem!.summary(slot: slot.name))"
                    + (record.backtrace.map { "; backtrace: \($0)" } ?? ""))
            }
        }
        // A kept entry is decoded by the widget's code: not for a quarantined slot.
        entries.loadStored(into: slots.filter { !$0.isQuarantined })
    }

    /// Checks `config` against `registry` as `init` does, before any device is opened,
    /// so that a mistake in the file leaves the display (and the disk) untouched. A
    /// framebuffer that gives its own size is checked for fit once it is open.
    public static func check(_ config: GlanceConfig, registry: WidgetRegistry) throws(ConfigError) {
        var config = config
        if config.display.sizeFromDevice { (config.display.width, config.display.height) = (8192, 8192) }
        _ = try SlotFactory.makeSlots(config: config, registry: registry)
    }

    // MARK: Running

    /// Why `run` returned.
    public enum StopReason: Equatable, Sendable {
        /// SIGINT/SIGTERM/SIGHUP or a test's `terminate()`.
        case terminated
        /// The next instant lies after `until`.
        case reachedEnd
        /// No slot will ever need the host again and nothing can wake it.
        case exhausted
        /// SIGHUP: the configuration should be read again (the caller decides).
        case reloadRequested
        /// The display failed in a way trying again cannot fix (a missing device, a
        /// permission); the message says what to do.
        case displayFailed(String)
    }

    /// Starts (reason `start`) and then wakes at each instant until stopped, or until
    /// the next instant would be after `until`.
    @discardableResult
    public func run(until end: Date? = nil) -> StopReason {
        if !started { start() }
        while true {
            if let stop = step(until: end) { return stop }
        }
    }

    /// Waits for the next instant (or event) and handles it. Returns why the host
    /// should stop, or `nil` to go on.
    public func step(until end: Date? = nil) -> StopReason? {
        if !started { start() }
        if let failure = presenter.permanentFailure { return .displayFailed("\(failure)") }
        let next = nextInstant()
        var target = next
        if let end {
            if clock.now() >= end, next.map({ $0 > end }) ?? true { return .reachedEnd }
            // Wait no later than the end, so that scripted events before it still happen.
            target = next.map { min($0, end) } ?? end
        }
        switch clock.wait(until: target) {
        case .terminate:
            return .terminated
        case .reloadConfiguration:
            return .reloadRequested
        case .exhausted:
            return .exhausted
        case .clockChanged:
            log("the wall clock was set; reloading every slot")
            wake(forced: .clock)
        case .interrupted:
            collectRequests()
            wake(forced: nil)
        case .deadline:
            wake(forced: nil)
        }
        if let failure = presenter.permanentFailure { return .displayFailed("\(failure)") }
        return nil
    }

    /// Fetches every timeline and shows the first frame.
    public func start() {
        // `UIScreen.main.bounds` in widget code is the display's size.
        UIScreen.setDisplaySize(width: config.display.width, height: config.display.height)
        // `CLLocationManager` in widget code answers with the config's `location:`.
        WallLocation.current = config.location
        center.setWakeHandler { [clock] in clock.interrupt() }
        presenter.forgetControls()
        started = true
        wake(forced: .start)
    }

    /// The next instant any slot needs the host, or `nil` if none ever will.
    public func nextInstant() -> Date? {
        let now = clock.now()
        let display = [presenter.nextInstant].compactMap { $0 }
        let zone = config.timeZone
        let stackBoundaries = stacks.compactMap { $0.nextBoundary(after: now, in: zone) }
        // full_at: wakes the host only when there is ghosting to clear.
        let fullAt = presenter.partialsSinceFull > 0 ? fullAtInstant(after: now).map { [$0] } ?? [] : []
        let next = (slots.compactMap { $0.nextInstant(after: now, minimumReloadInterval: config.minimumReloadInterval, zone: zone) }
                    + display + stackBoundaries + fullAt).min()
        // Asleep, the host wakes only when the sleep ends; an instant that falls in a sleep
        // is put off to its end (nothing wakes the host at a sleep's start).
        guard quiet.isConfigured, !showsOneFrame else { return next }
        if quiet.isAsleep(at: now) { return slept || !presenter.staysOnBetweenUpdates ? quiet.nextChange(after: now) : now }
        // An LCD is put to rest as a sleep begins: that instant is a wake of its own.
        if presenter.staysOnBetweenUpdates, let start = quiet.nextChange(after: now), next.map({ start <= $0 }) ?? true {
            return start
        }
        guard let next, quiet.isAsleep(at: next) else { return next }
        return quiet.end(ofSleepAt: next)
    }

    /// A key was pressed (and let go): runs its binding at the next wake.
    public func press(key: String, long: Bool = false) { inbox.press(key: key, long: long) }

    private func collectRequests() {
        let now = clock.now()
        let inputs = inbox.take()
        // A person at the display while it sleeps: awake for wake_for:, from now.
        if quiet.isAsleep(at: now), inputs.contains(where: \.isPerson) {
            quiet.keptAwakeUntil = now.addingTimeInterval(quiet.wakeFor)
            log("awake for \(StackState.describe(quiet.wakeFor)) (a key in quiet hours)")
        }
        let reloads = center.takePendingReloads()
        for slot in slots where reloads.all || reloads.kinds.contains(slot.kind) {
            // WidgetCenter reloads obey the same minimum interval as policy reloads, counted
            // from the last fetch; a fetch "in the future" (the clock was set back) counts
            // as one made now.
            let interval = config.minimumReloadInterval
            let earliest = min((slot.lastFetch ?? now).addingTimeInterval(interval), now.addingTimeInterval(interval))
            slot.requestedReload = (.reload, max(now, earliest))
        }
        // From another program (the app's side): at once, as iOS does for an app in the
        // foreground; another within the minimum interval of the last is folded into one
        // at the interval's end, and any more before it into that one. (A last one more than
        // an interval ahead means the clock was set back: it counts as now.)
        for slot in slots where reloads.outsideAll || reloads.outsideKinds.contains(slot.kind) {
            let interval = config.minimumReloadInterval
            var at = now
            if let last = slot.lastOutsideReload {
                at = last > now ? (last <= now.addingTimeInterval(interval) ? last : now) : max(now, last.addingTimeInterval(interval))
            }
            slot.lastOutsideReload = at
            if at > now {
                // Said, so that whoever made the change knows when it will show.
                log("slot \(slot.name): a reload asked by another program within \(Int(interval)) s of the last is folded into one at "
                    + iso8601String(at, in: config.timeZone))
            }
            if let asked = slot.requestedReload, asked.notBefore <= at { continue }
            slot.requestedReload = (.reload, at)
        }
        input.handle(inputs, slots: slots, at: now)
    }

    /// How long the first wake waits for providers on a real clock before it shows what
    /// it has (persisted entries, placeholders); later answers come in while it sleeps.
    static let startWait: TimeInterval = 5

    /// One wake: take the answers that came in, ask what is due, pick each slot's entry,
    /// and show the frame if it changed.
    private func wake(forced requested: WakeReason?) {
        let now = clock.now()
        var forced = requested
        // Asleep: nothing is fetched or drawn. The wake that ends a sleep says since when.
        guard case .awake(let sleptSince) = passQuietHours(at: now, forced: &forced) else { return }
        // full_at: reached: the day's partial refreshes are cleared now, a quiet moment.
        if let fullAt = nextFullAt, fullAt <= now {
            nextFullAt = nil
            if presenter.partialsSinceFull > 0, let minute = config.display.fullAt {
                presenter.requestFullRefresh(because: "full_at \(String(format: "%02d:%02d", minute / 60, minute % 60))")
            }
        }
        // Why each slot is looked at in this wake.
        var reasons: [ObjectIdentifier: WakeReason] = [:]
        // Fetches that ran while the host slept: answered, or out of time.
        for slot in slots {
            guard let pending = slot.pending, pending.call.isAnswered(by: .now) || pending.deadline <= now else { continue }
            slot.pending = nil
            finishFetch(slot, pending.call, by: .now, at: now)
            reasons[ObjectIdentifier(slot)] = pending.reason
        }
        var fetching: [(SlotState, WakeReason)] = []
        for slot in slots where slot.pending == nil && reasons[ObjectIdentifier(slot)] == nil {
            // A quarantined slot is drawn (its card) at start and when it is put there; its
            // widget is never asked.
            if slot.isQuarantined {
                // (A member of a stack not on the display has no card to draw.)
                if (!slot.showsCard || slot.shownContent == nil) && !isHidden(slot) { reasons[ObjectIdentifier(slot)] = forced ?? .entry }
                continue
            }
            if let forced, slot.isOutsideWindow(at: now, in: config.timeZone) {
                // A member that may not show now is fetched when its window opens.
                slot.requestedReload = (forced, slot.config.when?.nextChange(after: now, in: config.timeZone) ?? now)
                continue
            }
            guard let reason = forced ?? slot.dueReason(at: now, minimumReloadInterval: config.minimumReloadInterval, zone: config.timeZone) else {
                continue
            }
            if reason == .entry { reasons[ObjectIdentifier(slot)] = reason } else { fetching.append((slot, reason)) }
        }
        // Every due provider is asked before any answer is waited for, each on its own
        // thread: a slow one costs the others nothing. Virtual time waits for them all
        // (one time-out at most); real time waits only at start, briefly, and otherwise
        // lets them answer while it sleeps, so a key press is never held up by a fetch.
        if !fetching.isEmpty {
            // What other processes wrote to the shared store since (`UserDefaults(suiteName:)`).
            FoundationPreferences.flush()
            let background = !clock.waitsForProviders && !showsOneFrame
            let calls = fetching.map { startFetch($0.0, at: now) }
            let wait = background ? (forced == .start ? min(config.providerTimeout, Self.startWait) : 0) : config.providerTimeout
            let deadline = Date.now.addingTimeInterval(wait)
            for ((slot, reason), call) in zip(fetching, calls) {
                // Left to answer while the host sleeps: the answer interrupts the wait (only
                // then, so answers taken here cost no extra wake).
                let clock = clock
                if background, let call, !call.isAnswered(by: deadline), call.box.whenDelivered({ clock.interrupt() }) {
                    slot.pending = PendingFetch(call: call, reason: reason, deadline: now.addingTimeInterval(config.providerTimeout))
                    continue
                }
                finishFetch(slot, call, by: deadline, at: now)
                reasons[ObjectIdentifier(slot)] = reason
            }
        }
        // Each stack's member for this instant: one turned to is drawn whether or not it
        // had anything of its own to do (its reason: a hand's turn is the press's).
        for stack in stacks {
            let choice = stack.choose(at: now, in: config.timeZone)
            stack.why = choice.why
            guard choice.member != stack.shown else { continue }
            stack.shown = choice.member
            let member = stack.members[choice.member]
            if reasons[ObjectIdentifier(member)] == nil {
                if case .hand = choice.why { reasons[ObjectIdentifier(member)] = .intent } else { reasons[ObjectIdentifier(member)] = forced ?? .entry }
            }
            for other in stack.members where other !== member {
                other.shownContent = nil
                presenter.forgetControls(ofSlot: slots.firstIndex { $0 === other } ?? 0)
            }
        }
        // In slot order, whichever way each came to be looked at (`onWake` promises it).
        let woken = slots.compactMap { slot in reasons[ObjectIdentifier(slot)].map { (slot, $0) } }
        // A change held for the panel's minimum interval, or a display that failed, is due.
        let displayDue = presenter.isDue(at: now)
        guard !woken.isEmpty || displayDue else { return }

        // A provider that dates its first entry `Date()` (Xcode's template) dates it after
        // this wake began: the entries current once the fetches are done are shown, not
        // the placeholder.
        let current = max(now, clock.now())
        var changed: [SlotState] = []
        for (slot, _) in woken {
            // A member of a stack that is not shown takes up its current entry unseen.
            if isHidden(slot) {
                advanceUnseen(slot, current: current)
                continue
            }
            let content = slotContent(slot, at: now, current: current)
            // An unchanged tree draws the same pixels: nothing to compose.
            guard content != slot.shownContent else { continue }
            slot.shownContent = content
            changed.append(slot)
        }
        // A person at the display (a key, a tap) gets a quick refresh, never the slow full one.
        let interactive = woken.contains { $0.1 == .intent }
        let shown = presenter.present(changed.map { slot in
            (slots.firstIndex { $0 === slot } ?? 0, slot.rect, slot.shownContent ?? .empty)
        }, at: now, interactive: interactive) { index, draw in
            // Drawing a widget's view runs its code too (shapes' paths, geometry readers);
            // the host's own card does not.
            let slot = slots[index]
            if slot.showsCard { draw() } else { during(.drawing, of: slot, draw) }
        }
        if let failure = shown.failure {
            // The same failure again (a disk that stays full) is said once, not at every retry.
            let said = "\(failure.error)"
            if showsOneFrame {
                log("display: \(said)")
            } else if failure.retryIn == nil {
                log("display: \(said); stopping (trying again cannot help)")
            } else if said != lastDisplayFailure {
                log("display: \(said); trying again in \(Int(failure.retryIn ?? 0)) s, then less often (up to every 15 min) while it fails")
            }
            lastDisplayFailure = said
        } else if shown.plan != nil, lastDisplayFailure != nil {
            log("display: working again")
            lastDisplayFailure = nil
        }
        if let plan = shown.plan {
            lastRefresh = (now, plan)
            refreshCount += 1
            onRefresh?(plan)
        }
        if shown.mode != .none {
            onFrame?(currentFrame(), shown.mode)
        }
        for (slot, reason) in woken {
            let refresh: RefreshMode = isHidden(slot) ? .none : shown.mode == .full ? .full : (changed.contains { $0 === slot } ? shown.mode : .none)
            var record = WakeRecord(at: now, slot: slot.name, kind: slot.kind, reason: reason, refresh: refresh)
            if let stack = stackOf[ObjectIdentifier(slot)], let index = stack.shown {
                record.stack = WakeRecord.StackChoice(stack: stack.name, shows: stack.members[index].name, why: stack.why?.word ?? "order")
            }
            record.sleptSince = sleptSince
            if refresh == .full { record.fullWhy = shown.plan?.why ?? presenter.lastFullReason }
            onWake?(record)
        }
    }

    /// The next `full_at:` instant after `now` (kept until it has passed).
    private func fullAtInstant(after now: Date) -> Date? {
        guard let minute = config.display.fullAt else { return nil }
        if let nextFullAt, nextFullAt > now { return nextFullAt }
        let today = CalendarDay(containing: now, in: config.timeZone)
        for day in [today, today.adding(days: 1), today.adding(days: 2)] {
            if let instant = day.instant(atMinute: minute, in: config.timeZone), instant > now {
                nextFullAt = instant
                return instant
            }
        }
        return nil
    }

    /// What quiet hours make of a wake.
    private enum QuietPassage {
        /// The display sleeps: nothing is to be done; what comes due waits for the end.
        case asleep
        /// Awake; when this wake ends a sleep, since when it slept.
        case awake(endedSleepSince: Date?)
    }

    /// Quiet hours at a wake: asleep (an LCD rests as the sleep begins), or awake — after
    /// a sleep with a full refresh asked for, and a start made asleep turned into this one.
    private func passQuietHours(at now: Date, forced: inout WakeReason?) -> QuietPassage {
        guard quiet.isConfigured, !showsOneFrame else { return .awake(endedSleepSince: nil) }
        if quiet.isAsleep(at: now) {
            if !slept {
                let end = quiet.end(ofSleepAt: now)
                log("asleep (quiet hours) until \(end.map { iso8601String($0, in: config.timeZone) } ?? "glance sleep off")"
                    + (presenter.staysOnBetweenUpdates ? "; the panel rests" : ""))
                if presenter.staysOnBetweenUpdates {
                    do { try presenter.rest() } catch { log("display: \(error)") }
                }
                sleptSince = lastAwakeWake.flatMap { quiet.nextChange(after: $0) }.map { min($0, now) } ?? now
                slept = true
            }
            if forced == .start { startWhenAwake = true }
            return .asleep
        }
        // The host does not wake as a sleep begins: a sleep between the last wake and this
        // one is seen here.
        if !slept, let last = lastAwakeWake, let change = quiet.nextChange(after: last), change < now, quiet.isAsleep(at: change) {
            slept = true
            sleptSince = change
        }
        lastAwakeWake = now
        guard slept else { return .awake(endedSleepSince: nil) }
        slept = false
        let since = sleptSince ?? now
        sleptSince = nil
        if quiet.keptAwakeUntil.map({ $0 <= now }) ?? true { log("awake: the quiet hours are over") }
        // The frame after a sleep is drawn whole and fresh (it clears the ghosts of the
        // day's partial refreshes at a moment nobody watches).
        presenter.requestFullRefresh(because: "after quiet hours")
        if startWhenAwake {
            startWhenAwake = false
            forced = .start
        }
        return .awake(endedSleepSince: since)
    }

    /// Whether `slot` is a member of a stack that another member shows.
    private func isHidden(_ slot: SlotState) -> Bool {
        stackOf[ObjectIdentifier(slot)].map { stack in stack.shown.map { stack.members[$0] !== slot } ?? false } ?? false
    }

    /// A member of a stack that is not on the display: its current entry is taken as
    /// shown (so that it is not due again) and kept as its last good one, without drawing.
    private func advanceUnseen(_ slot: SlotState, current: Date) {
        guard let timeline = slot.timeline, let index = timeline.entryIndex(at: current) else { return }
        slot.shownEntryIndex = index
        slot.shownEntry = timeline.entries[index]
        if !slot.timelineIsFallback { during(.drawing, of: slot, guarded: false) { entries.keep(timeline.entries[index], of: slot) } }
    }

    /// What `slot` shows now: its widget's view for the current entry (or its
    /// placeholder), or an error card when it is quarantined, does not answer, or its view
    /// draws nothing.
    private func slotContent(_ slot: SlotState, at now: Date, current: Date) -> ViewNode {
        if let problem = slot.problem, slot.isQuarantined || slot.timeline == nil && slot.lastGoodEntry == nil {
            return card(problem, for: slot, at: now)
        }
        let index = slot.timeline?.entryIndex(at: current)
        let entry = index.flatMap { slot.timeline?.entries[$0] } ?? slot.shownEntry
            ?? during(.placeholder, of: slot) { slot.source.placeholder(in: providerContext(for: slot, at: now)) }
        slot.shownEntryIndex = index
        slot.shownEntry = entry
        // Encoding the entry is the widget's code too; writing it is not the hang guard's.
        if index != nil, !slot.timelineIsFallback { during(.drawing, of: slot, guarded: false) { entries.keep(entry, of: slot) } }
        let content = during(.drawing, of: slot) {
            SlotFactory.content(slot.source.content(for: entry), margins: slot.contentMargins, in: environment(for: slot, at: now))
        }
        guard content.drawsNothing else {
            if slot.drawsNothing { log("slot \(slot.name) (\(slot.kind)): its view draws something again") }
            slot.drawsNothing = false
            slot.showsCard = false
            return content
        }
        if !slot.drawsNothing {
            log("slot \(slot.name) (\(slot.kind)): its view for the entry of \(iso8601String(entry.date, in: config.timeZone)) draws nothing (an empty view); the slot says so until it draws something")
        }
        slot.drawsNothing = true
        return card(.drewNothing, for: slot, at: now)
    }

    /// The host's card for `problem` in the slot.
    private func card(_ problem: SlotProblem, for slot: SlotState, at now: Date) -> ViewNode {
        slot.showsCard = true
        return SlotFactory.content(ErrorCard.view(for: problem, slot: slot.name, kind: slot.kind), margins: EdgeInsets(),
                                   in: environment(for: slot, at: now))
    }

    /// Runs `body` (widget code on the host's thread) with the thread's crash note saying
    /// which slot and phase it is, and, when `guarded`, under the hang guard
    /// (`draw_timeout`, where the daemon installed one).
    func during<Value>(_ phase: SlotActivity.Phase, of slot: SlotState, guarded: Bool = true, _ body: () -> Value) -> Value {
        if let note = slot.notes[phase] { CrashNotes.set(note) }
        if guarded { HangGuard.arm(seconds: config.drawTimeout) }
        // The widget's own log lines (and the no-ops its view uses) name the slot.
        let previous = SlotLog.currentSlot
        let previousLog = SlotLog.currentLog
        let previousSaid = SlotLog.currentSaid
        SlotLog.setSlot(slot.name, log: log, said: slot.said)
        defer {
            if guarded { HangGuard.disarm() }
            CrashNotes.clear()
            SlotLog.setSlot(previous, log: previousLog, said: previousSaid)
        }
        return body()
    }

    /// Whether a provider's answer is still awaited (a fetch going on while the host sleeps).
    public var isFetching: Bool { slots.contains { $0.pending != nil } }

    /// Full refreshes asked for from outside (the page, MQTT): at most one in this many
    /// seconds, for all of them together. Each flashes an e-paper panel and wears it; the
    /// ones asked for within the interval are folded into the last (370 in 20 s from 50
    /// addresses were all made before this bound).
    public static let outsideFullRefreshInterval: TimeInterval = 60
    private var lastOutsideFullRefresh: Date?

    /// The next frame is sent whole with a full refresh (clears an e-paper panel's
    /// ghosting); false, and nothing asked, within `outsideFullRefreshInterval` of the
    /// last one asked for.
    @discardableResult
    public func requestFullRefresh() -> Bool {
        let now = clock.now()
        if let last = lastOutsideFullRefresh, last <= now, now.timeIntervalSince(last) < Self.outsideFullRefreshInterval { return false }
        lastOutsideFullRefresh = now
        presenter.requestFullRefresh()
        clock.interrupt()
        return true
    }

    /// Shows `message` over the slots, along the bottom edge, until it is dismissed
    /// (`nil` or empty); a frame follows at once.
    public func showNotification(_ message: String?) {
        let message = message.flatMap { $0.trimmedOfSpaces.isEmpty ? nil : $0 }
        guard message != notification else { return }
        notification = message
        let rect = NotificationBanner.rect(width: config.display.width, height: config.display.height)
        presenter.setOverlay(message.map { NotificationBanner.content($0, in: environment(family: .systemLarge)) }, in: rect)
        clock.interrupt()
    }

    /// What the display shows now as a PNG in its own colours (`nil` before the first
    /// frame, or in simulations).
    public func shownFramePNG() -> [UInt8]? {
        guard let frame = presenter.shownFrame else { return nil }
        return try? PNG.encode(frame)
    }

    /// Every slot's name, kind, parameter listing and current parameter values (as the
    /// config writes them, secrets masked: `ParameterRole`), in slot order: what front ends
    /// offer to change (`isSettable`) and show.
    package var slotParameters: [(slot: String, kind: String, parameters: [IntentConfigurator.ParameterInfo], values: [String: [String]])] {
        slots.map { slot in
            let parameters = slot.descriptor.parameters.map { parameter in
                var parameter = parameter
                parameter.isSettable = parameter.role == nil || slot.config.settable.contains(parameter.name)
                return parameter
            }
            var values: [String: [String]] = [:]
            for (name, text) in slot.config.params {
                let shown = parameters.first { $0.name == name }?.shown([text]).first ?? text
                values[name, default: []].append(shown)
            }
            return (slot.name, slot.kind, parameters, values)
        }
    }

    /// The controls on the display: each one's slot, where it is drawn (frame pixels) and
    /// its intent's title (what a tap there runs).
    package var drawnControls: [(slot: String, rect: PixelRect, title: String)] {
        presenter.drawnControls.compactMap { control in
            slots.indices.contains(control.slot) ? (slots[control.slot].name, control.rect, control.title) : nil
        }
    }

    /// The frame as it is now.
    public func currentFrame() -> Frame {
        Frame(
            width: config.display.width,
            height: config.display.height,
            slots: slots.filter { slot in stackOf[ObjectIdentifier(slot)].map { $0.members[$0.shown ?? 0] === slot } ?? true }
                .map { SlotFrame(name: $0.name, kind: $0.kind, rect: $0.rect, content: $0.shownContent ?? .empty) },
            canvas: presenter.canvas
        )
    }

    /// Asks the slot's provider for a timeline on the slot's thread and returns at once;
    /// `nil` when earlier calls still block too many threads to make another.
    private func startFetch(_ slot: SlotState, at now: Date) -> PendingProviderCall<AnyTimeline>? {
        slot.requestedReload = nil
        slot.lastFetch = now
        if slot.tooManyBlockedCalls() { return nil }
        var context = SlotFactory.providerContext(family: slot.family, pixels: slot.rect, scale: config.display.scale,
                                                  isPreview: slot.config.preview, at: now, timeZone: config.timeZone, locale: config.locale)
        context.lastEntry = slot.lastGoodEntry?.base
        context.resources = slot.resources
        let ask = { [context] in
            slot.config.preview ? slot.source.requestSnapshotTimeline(in: context, on: slot.executor)
                : slot.source.requestTimeline(in: context, on: slot.executor)
        }
        guard fetchesOffline else { return ask() }
        // The provider's task (and the tasks it starts) inherits the task-local from here.
        let fetches = OfflineFetches()
        slot.offlineFetch = (now, fetches)
        return HTTPClient.$offline.withValue(fetches, operation: ask)
    }

    /// Takes the answer of a fetch, waiting until `deadline` at most. On failure the last
    /// good timeline stays (or the placeholder, if there never was one), the log names
    /// the slot, and a retry is scheduled.
    private func finishFetch(_ slot: SlotState, _ call: PendingProviderCall<AnyTimeline>?, by deadline: Date, at now: Date) {
        let failure: String
        // It did not answer (in time, or its thread is still blocked from before).
        var timedOut = call == nil
        if let call {
            do {
                let timeline = try call.answer(by: deadline, timeout: config.providerTimeout)
                guard let reason = timeline.policy.retryReason else {
                    slot.backoff.succeeded()
                    slot.timelineIsFallback = false
                    slot.retryAt = nil
                    slot.timeline = LoadedTimeline(timeline, loadedAt: now)
                    slot.shownEntryIndex = nil
                    if !slot.isQuarantined { slot.problem = nil }
                    if slot.saidStuck { log("slot \(slot.name) (\(slot.kind)): its provider answers again") }
                    slot.saidStuck = false
                    return
                }
                // The provider says its fetch failed; what it gives for the meantime is shown.
                if !timeline.entries.isEmpty {
                    slot.timeline = LoadedTimeline(timeline, loadedAt: now)
                    slot.timelineIsFallback = true
                    slot.shownEntryIndex = nil
                }
                failure = reason.isEmpty ? "its provider's fetch failed" : reason
            } catch {
                // A time-out that left the provider blocking its thread: the next call gets another.
                if case .timedOut = error {
                    slot.abandonBlockedExecutor()
                    timedOut = true
                }
                // A parameter that cannot be resolved fails this slot too.
                failure = "\(error)"
            }
        } else {
            failure = "its provider still blocks \(slot.stuckExecutors.count) threads from earlier calls; not asked again until one returns"
        }
        let delay = slot.backoff.failed()
        slot.retryAt = now.addingTimeInterval(delay)
        // No answer: while there is nothing good to show, the slot says so instead of a
        // placeholder that looks like data on its way. An answer, even a failed one, ends it.
        if !slot.isQuarantined {
            slot.problem = timedOut ? .notAnswering(phase: slot.config.preview ? .snapshot : .timeline, seconds: config.providerTimeout,
                                                    retryAt: now.addingTimeInterval(delay)) : nil
        }
        // A provider that stays stuck is said once, not at every retry.
        if call == nil {
            guard !slot.saidStuck else { return }
            slot.saidStuck = true
        }
        let shown = slot.lastGoodEntry != nil ? "keeping the last good entry"
            : slot.timelineIsFallback ? "showing what its provider gave meanwhile"
            : slot.timeline == nil && timedOut && !slot.isQuarantined ? "the slot says it does not answer"
            : slot.timeline == nil && slot.shownEntry == nil ? "showing its placeholder" : "keeping the last one"
        log("slot \(slot.name) (\(slot.kind)): \(failure); \(shown), retrying in \(Int(delay)) s")
    }

    func providerContext(for slot: SlotState, at now: Date) -> TimelineProviderContext {
        SlotFactory.providerContext(family: slot.family, pixels: slot.rect, scale: config.display.scale, isPreview: false, at: now,
                                    timeZone: config.timeZone, locale: config.locale)
    }

    private func environment(family: WidgetFamily) -> EnvironmentValues {
        SlotFactory.environment(family: family, scale: config.display.scale, at: clock.now(), timeZone: config.timeZone,
                                locale: config.locale, assets: config.assets, renderingMode: config.display.renderingMode)
    }

    func environment(for slot: SlotState, at instant: Date) -> EnvironmentValues {
        SlotFactory.environment(family: slot.family, scale: config.display.scale, at: instant, timeZone: config.timeZone,
                                locale: config.locale, assets: config.assets, renderingMode: config.display.renderingMode)
    }
}
