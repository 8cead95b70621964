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

/// One wake of the host, as its steps in order (`wake(forced:)` reads as the list).
extension WidgetHost {
    /// How long the first wake waits for providers on a real clock before it shows what
    /// it has (persisted entries, placeholders); later answers come in while it sleeps.
    static let startWait: TimeInterval = 5

    /// One wake, its steps in order: quiet hours; `full_at:`; the answers that came in
    /// while the host slept; what is due; the fetches; each stack's member; then, when any
    /// slot was looked at or the display is due, the content, the frame and the records.
    func wake(forced requested: WakeReason?) {
        let now = clock.now()
        var forced = requested
        // Asleep: nothing is fetched or drawn. The wake that ends a sleep says since when.
        guard case .awake(let sleptSince) = passQuietHours(at: now, forced: &forced) else { return }
        clearPartialsIfFullAtCame(at: now)
        // Why each slot is looked at in this wake.
        var reasons = takeBackgroundAnswers(at: now)
        let due = gatherDue(at: now, forced: forced, into: &reasons)
        fetch(due, at: now, forced: forced, into: &reasons)
        turnStacks(at: now, forced: forced, into: &reasons)
        // In slot order, whichever way each came to be looked at (`onWake` promises it).
        let woken = slots.compactMap { slot in reasons[ObjectIdentifier(slot)].map { (slot, $0) } }
        // A change held for the panel's minimum interval, or a display that failed, is due.
        guard !woken.isEmpty || presenter.isDue(at: now) else { return }
        let changed = compose(woken, at: now)
        // A person at the display (a key, a tap) gets a quick refresh, never the slow full one.
        let shown = show(changed, interactive: woken.contains { $0.1 == .intent }, at: now)
        report(woken, changed: changed, shown: shown, sleptSince: sleptSince, at: now)
    }

    typealias Reasons = [ObjectIdentifier: WakeReason]
    /// What the presenter did with a frame: the refresh it planned, what the display did,
    /// and a failure with when to try again.
    typealias Presented = (plan: RefreshPlan?, mode: RefreshMode, failure: (error: any Error, retryIn: TimeInterval?)?)

    /// `full_at:` reached: the day's partial refreshes are cleared now, a quiet moment.
    private func clearPartialsIfFullAtCame(at now: Date) {
        guard fullAt.hasCome(at: now), presenter.partialsSinceFull > 0, let reason = fullAt.reason else { return }
        presenter.requestFullRefresh(because: reason)
    }

    /// Fetches that ran while the host slept: answered, or out of time.
    private func takeBackgroundAnswers(at now: Date) -> Reasons {
        var reasons: Reasons = [:]
        for slot in slots {
            guard let pending = slot.pending, pending.call.isAnswered(by: .now) || pending.deadline <= now else { continue }
            // Its outcome settles the slot's fetch (took, fetchFailed).
            finishFetch(slot, pending.call, by: .now, at: now)
            reasons[ObjectIdentifier(slot)] = pending.reason
        }
        return reasons
    }

    /// The slots to fetch now, with why; those due only for their next entry (or a
    /// quarantined slot's card) go straight into `reasons`.
    private func gatherDue(at now: Date, forced: WakeReason?, into reasons: inout Reasons) -> [(SlotState, WakeReason)] {
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
                slot.askReload(forced, notBefore: slot.config.when?.nextChange(after: now, in: config.timeZone) ?? now)
                continue
            }
            guard let reason = forced ?? slot.dueReason(at: now, minimumReloadInterval: config.minimumReloadInterval, zone: config.timeZone) else {
                continue
            }
            if reason == .entry { reasons[ObjectIdentifier(slot)] = reason } else { fetching.append((slot, reason)) }
        }
        return fetching
    }

    /// Every due provider is asked before any answer is waited for, each on its own
    /// thread: a slow one costs the others nothing. Virtual time waits for them all (one
    /// time-out at most); real time waits only at start, briefly, and otherwise lets them
    /// answer while it sleeps, so a key press is never held up by a fetch.
    private func fetch(_ fetching: [(SlotState, WakeReason)], at now: Date, forced: WakeReason?, into reasons: inout Reasons) {
        guard !fetching.isEmpty else { return }
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
                slot.awaits(PendingFetch(call: call, reason: reason, deadline: now.addingTimeInterval(config.providerTimeout)))
                continue
            }
            finishFetch(slot, call, by: deadline, at: now)
            reasons[ObjectIdentifier(slot)] = reason
        }
    }

    /// Each stack's member for this instant: one turned to is drawn whether or not it had
    /// anything of its own to do (its reason: a hand's turn is the press's).
    private func turnStacks(at now: Date, forced: WakeReason?, into reasons: inout Reasons) {
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
                other.hidden()
                presenter.forgetControls(ofSlot: slots.firstIndex { $0 === other } ?? 0)
            }
        }
    }

    /// Each woken slot's content (a stack's member that is not shown takes its entry
    /// unseen); returns the slots whose content changed.
    private func compose(_ woken: [(SlotState, WakeReason)], at now: Date) -> [SlotState] {
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
            slot.composed(content)
            changed.append(slot)
        }
        return changed
    }

    /// The changed slots to the display; a failure is said once until it works again.
    private func show(_ changed: [SlotState], interactive: Bool, at now: Date) -> Presented {
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
        return shown
    }

    /// One record a woken slot, in slot order, with what the display did for it.
    private func report(_ woken: [(SlotState, WakeReason)], changed: [SlotState],
                        shown: Presented,
                        sleptSince: Date?, at now: Date) {
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
        switch quiet.pass(at: now, starting: forced == .start) {
        case .fellAsleep(let end):
            log("asleep (quiet hours) until \(end.map { iso8601String($0, in: config.timeZone) } ?? "glance sleep off")"
                + (presenter.staysOnBetweenUpdates ? "; the panel rests" : ""))
            if presenter.staysOnBetweenUpdates {
                do { try presenter.rest() } catch { log("display: \(error)") }
            }
            return .asleep
        case .asleep:
            return .asleep
        case .awake:
            return .awake(endedSleepSince: nil)
        case let .woke(sleptSince, start):
            if quiet.keptAwakeUntil.map({ $0 <= now }) ?? true { log("awake: the quiet hours are over") }
            // The frame after a sleep is drawn whole and fresh (it clears the ghosts of the
            // day's partial refreshes at a moment nobody watches).
            presenter.requestFullRefresh(because: "after quiet hours")
            if start { forced = .start }
            return .awake(endedSleepSince: sleptSince)
        }
    }

    /// Whether `slot` is a member of a stack that another member shows.
    func isHidden(_ slot: SlotState) -> Bool {
        stackOf[ObjectIdentifier(slot)].map { stack in stack.shown.map { stack.members[$0] !== slot } ?? false } ?? false
    }

    /// A member of a stack that is not on the display: its current entry is taken as
    /// shown (so that it is not due again) and kept as its last good one, without drawing.
    private func advanceUnseen(_ slot: SlotState, current: Date) {
        guard let timeline = slot.timeline, let index = timeline.entryIndex(at: current) else { return }
        slot.show(timeline.entries[index], index: index)
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
        slot.show(entry, index: index)
        // Encoding the entry is the widget's code too; writing it is not the hang guard's.
        if index != nil, !slot.timelineIsFallback { during(.drawing, of: slot, guarded: false) { entries.keep(entry, of: slot) } }
        let content = during(.drawing, of: slot) {
            SlotFactory.content(slot.source.content(for: entry), margins: slot.contentMargins, in: environment(for: slot, at: now))
        }
        guard content.drawsNothing else {
            if slot.showingWidget() { log("slot \(slot.name) (\(slot.kind)): its view draws something again") }
            return content
        }
        if slot.drewNothing() {
            log("slot \(slot.name) (\(slot.kind)): its view for the entry of \(iso8601String(entry.date, in: config.timeZone)) draws nothing (an empty view); the slot says so until it draws something")
        }
        return card(.drewNothing, for: slot, at: now)
    }

    /// The host's card for `problem` in the slot.
    private func card(_ problem: SlotProblem, for slot: SlotState, at now: Date) -> ViewNode {
        slot.showingCard()
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
}
