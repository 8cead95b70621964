import GlanceDisplays
import GlanceSystem
import GlanceWake
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
/// retry date. Nothing runs between instants. This type is the scheduler; its wake is in
/// `WidgetHost+Wake.swift` (its steps in order), the fetches in `WidgetHost+Fetch.swift`,
/// the requests from other threads in `WidgetHost+Requests.swift` and what front ends ask
/// of the display in `WidgetHost+Display.swift`. State with rules of its own is a type of
/// its own: `QuietHours` (the display's sleep), `FullRefreshTime` (`full_at:`),
/// `StackState` (which member a stack shows), `SlotState` (a slot's timeline and fetches).
/// The rest is in parts it owns: `HostInbox` (requests from other threads), `InputRouter` (key
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
    /// Quiet hours: when the display sleeps, and whether the wakes found it asleep.
    var quiet: QuietHours
    /// `full_at:`: when the day's partial refreshes are cleared.
    var fullAt: FullRefreshTime
    /// Places that show one of several slots (`stack:`), in the order written.
    let stacks: [StackState]
    /// The stack each member belongs to.
    let stackOf: [ObjectIdentifier: StackState]
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
    let input: InputRouter
    /// Runs the intents of Buttons and Toggles.
    let intents: IntentRunner
    /// The last refresh the display carried out, and when.
    public internal(set) var lastRefresh: (at: Date, plan: RefreshPlan)?
    /// Keeps every slot's last good entry across restarts.
    let entries: EntryKeeper
    /// Slots whose widget crashed or hung the daemon (nil: none are kept out).
    let quarantine: Quarantine?
    /// The last intent run: its slot, title, and the error if it failed.
    public var lastIntent: (slot: String, title: String, error: String?)? { intents.last }
    /// The display's last failure, said once until the display works again.
    var lastDisplayFailure: String?

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
    public internal(set) var refreshCount = 0
    /// The message drawn over the slots until dismissed (`nil`: none).
    public internal(set) var notification: String?
    /// When a full refresh was last asked for from outside (`requestFullRefresh()`).
    var lastOutsideFullRefresh: Date?

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
        fullAt = FullRefreshTime(minute: config.display.fullAt, zone: config.timeZone)
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
                slot.quarantine(record)
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
        let fullAt = presenter.partialsSinceFull > 0 ? self.fullAt.instant(after: now).map { [$0] } ?? [] : []
        let next = (slots.compactMap { $0.nextInstant(after: now, minimumReloadInterval: config.minimumReloadInterval, zone: zone) }
                    + display + stackBoundaries + fullAt).min()
        // Asleep, the host wakes only when the sleep ends; an instant that falls in a sleep
        // is put off to its end (nothing wakes the host at a sleep's start).
        guard quiet.isConfigured, !showsOneFrame else { return next }
        if quiet.isAsleep(at: now) { return quiet.isSleeping || !presenter.staysOnBetweenUpdates ? quiet.nextChange(after: now) : now }
        // An LCD is put to rest as a sleep begins: that instant is a wake of its own.
        if presenter.staysOnBetweenUpdates, let start = quiet.nextChange(after: now), next.map({ start <= $0 }) ?? true {
            return start
        }
        guard let next, quiet.isAsleep(at: next) else { return next }
        return quiet.end(ofSleepAt: next)
    }

    /// A key was pressed (and let go): runs its binding at the next wake.
    public func press(key: String, long: Bool = false) { inbox.press(key: key, long: long) }
}
