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

    let windows: TimeWindows?
    let zone: ZoneRules
    let wakeFor: TimeInterval
    var override: Override?
    /// A key pressed while asleep keeps the display awake until then.
    var keptAwakeUntil: Date?

    init(windows: TimeWindows?, zone: ZoneRules, wakeFor: TimeInterval) {
        self.windows = windows
        self.zone = zone
        self.wakeFor = wakeFor
    }

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
