import FoundationEssentials
import GlanceTime

/// When the display sleeps (`sleep:` windows, `glance sleep`, Home Assistant's switch):
/// nothing is fetched, drawn or refreshed, and the host does not wake, until the sleep
/// ends; a key press meanwhile keeps it awake for `wake_for:`.
struct QuietHours {
    /// What a person asked for, over the windows.
    enum Override: Equatable {
        /// Asleep until `glance sleep off` or `auto` (`glance sleep on`, the switch turned on).
        case asleep
        /// Asleep until the date, then the windows again (`glance sleep until TIME`).
        case asleepUntil(Date)
        /// Awake until the date (`glance sleep off`, the switch turned off, inside a
        /// window: this window is skipped), then the windows again.
        case awakeUntil(Date)
    }

    /// Where the display is, as the host's wakes have seen it.
    enum State: Equatable {
        /// Awake at the last wake (nil: none yet).
        case awake(lastWake: Date?)
        /// Asleep since the instant the sleep began; `startPending`: the host started
        /// asleep, and the wake that ends the sleep is its start.
        case asleep(since: Date, startPending: Bool)
    }

    /// What a wake finds, each with what the host does about it.
    enum Passage: Equatable {
        /// The first wake inside a sleep: say it (until `until`), rest an LCD.
        case fellAsleep(until: Date?)
        /// Still asleep: nothing is fetched or drawn.
        case asleep
        /// Awake, as at the last wake.
        case awake
        /// The wake that ends a sleep (one that began `sleptSince`, perhaps between two
        /// wakes): a whole fresh frame; `start`: the start put off by the sleep happens now.
        case woke(sleptSince: Date, start: Bool)
    }

    let windows: TimeWindows?
    let zone: ZoneRules
    let wakeFor: TimeInterval
    private(set) var override: Override?
    /// A key pressed while asleep keeps the display awake until then.
    private(set) var keptAwakeUntil: Date?
    private(set) var state = State.awake(lastWake: nil)

    init(windows: TimeWindows?, zone: ZoneRules, wakeFor: TimeInterval) {
        self.windows = windows
        self.zone = zone
        self.wakeFor = wakeFor
    }

    /// Whether the host's wakes have found the display asleep (and not yet awake again).
    var isSleeping: Bool { if case .asleep = state { true } else { false } }

    // MARK: Transitions

    /// A wake at `now` (`starting`: the host's first): the state moves on, and the
    /// passage says what the host does.
    mutating func pass(at now: Date, starting: Bool) -> Passage {
        if isAsleep(at: now) {
            var began = false
            if case .awake(let lastWake) = state {
                // Since the sleep's start, if it began after the last wake; else since now.
                state = .asleep(since: lastWake.flatMap { nextChange(after: $0) }.map { min($0, now) } ?? now, startPending: false)
                began = true
            }
            if starting, case .asleep(let since, _) = state { state = .asleep(since: since, startPending: true) }
            return began ? .fellAsleep(until: end(ofSleepAt: now)) : .asleep
        }
        var sleptSince: Date?
        var start = false
        switch state {
        case let .asleep(since, pending):
            (sleptSince, start) = (since, pending)
        case .awake(let lastWake):
            // The host does not wake as a sleep begins: a sleep between the last wake and
            // this one is seen here.
            if let lastWake, let change = nextChange(after: lastWake), change < now, isAsleep(at: change) { sleptSince = change }
        }
        state = .awake(lastWake: now)
        return sleptSince.map { .woke(sleptSince: $0, start: start) } ?? .awake
    }

    /// A person at the display while it sleeps: awake for `wake_for:` from `now`. True
    /// when it was asleep.
    mutating func keepAwake(at now: Date) -> Bool {
        guard isAsleep(at: now) else { return false }
        keptAwakeUntil = now.addingTimeInterval(wakeFor)
        return true
    }

    /// `glance sleep on`: asleep until `off` or `auto`.
    mutating func sleepUntilToldOtherwise() { ask(.asleep) }

    /// `glance sleep off`: awake now; inside a window, until the window ends.
    mutating func wakeNow(at now: Date) {
        override = nil
        ask(end(ofSleepAt: now).map { .awakeUntil($0) })
    }

    /// `glance sleep until TIME`.
    mutating func sleep(until end: Date) { ask(.asleepUntil(end)) }

    /// `glance sleep auto`: the windows decide.
    mutating func followWindows() { ask(nil) }

    /// Takes another display's `glance sleep` (a TRMNL device follows the main display).
    /// True when it changed anything.
    mutating func follow(_ other: QuietHours) -> Bool {
        guard override != other.override else { return false }
        ask(other.override)
        return true
    }

    /// What a person asked for replaces a key's keeping awake.
    private mutating func ask(_ wanted: Override?) {
        override = wanted
        keptAwakeUntil = nil
    }

    // MARK: Questions

    /// Whether there is anything to sleep by at all.
    var isConfigured: Bool { windows != nil || override != nil }

    /// Whether the display sleeps at `instant`.
    func isAsleep(at instant: Date) -> Bool {
        if let keptAwakeUntil, instant < keptAwakeUntil { return false }
        switch override {
        case .asleep?: return true
        case .asleepUntil(let end)? where instant < end: return true
        case .awakeUntil(let end)? where instant < end: return false
        default: return windows?.contains(instant, in: zone) ?? false
        }
    }

    /// The first instant after `instant` at which sleeping starts or ends (nil: never,
    /// as far as anything known says).
    func nextChange(after instant: Date) -> Date? {
        let asleep = isAsleep(at: instant)
        var candidates: [Date] = []
        if let keptAwakeUntil, keptAwakeUntil > instant { candidates.append(keptAwakeUntil) }
        switch override {
        case .asleepUntil(let end)? where end > instant: candidates.append(end)
        case .awakeUntil(let end)? where end > instant: candidates.append(end)
        default: break
        }
        if let change = windows?.nextChange(after: instant, in: zone) { candidates.append(change) }
        // The earliest candidate at which the answer really differs (a window that ends
        // while a key keeps it awake changes nothing).
        for candidate in candidates.sorted() where isAsleep(at: candidate) != asleep { return candidate }
        // Candidates that changed nothing may hide a later change: look past them.
        if let last = candidates.max(), last > instant, candidates.count > 0 {
            var cursor = last
            for _ in 0..<16 {
                guard let next = windows?.nextChange(after: cursor, in: zone) else { return nil }
                if isAsleep(at: next) != asleep { return next }
                cursor = next
            }
        }
        return nil
    }

    /// When the sleep that holds `instant` ends (nil when awake, or it never ends).
    func end(ofSleepAt instant: Date) -> Date? {
        isAsleep(at: instant) ? nextChange(after: instant) : nil
    }
}
