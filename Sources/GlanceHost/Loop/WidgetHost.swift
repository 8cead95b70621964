import FoundationEssentials
import GlanceGraphics
import GlanceIntents
import GlanceTime
import GlanceUI
import GlanceWidgetKit
import Synchronization

/// Runs a configuration: asks providers for timelines, shows the right entry of every
/// slot at the right instant, and otherwise sleeps in one wait on its clock.
///
/// The next instant is the earliest of every slot's next entry date, reload date and
/// retry date. Nothing runs between instants.
public final class WidgetHost {
    public let config: GlanceConfig
    private let clock: any HostClock
    /// Where frames go; `nil` shows nothing (simulations, validation).
    public var sink: (any FrameSink)?
    /// Draws slots into pixels; `nil` compares view trees only (simulations).
    public var composer: FrameComposer?
    private let center: WidgetCenter
    private let log: (String) -> Void
    private let slots: [SlotState]
    private var planner: RefreshPlanner
    /// When the display failed: the next attempt to show the frame, and the delay after it.
    private var displayRetry: (at: Date, delay: TimeInterval)?
    /// Whether the last attempt to show a frame failed (a retry is scheduled).
    public var displayFailing: Bool { displayRetry != nil }
    /// Where other threads (key lines, the control socket) drop requests.
    public let inbox: HostInbox
    private var started = false

    /// Called once per slot per wake, in slot order.
    public var onWake: ((WakeRecord) -> Void)?
    /// Called after every frame that was sent to the display.
    public var onFrame: ((Frame, RefreshMode) -> Void)?

    /// Checks the configuration against the registry (unknown kinds, families and
    /// parameters are errors that point into the file) and makes every slot's widget.
    public init(
        config: GlanceConfig,
        registry: WidgetRegistry,
        clock: any HostClock,
        sink: (any FrameSink)? = nil,
        center: WidgetCenter = .shared,
        log: @escaping (String) -> Void = { _ in }
    ) throws(ConfigError) {
        self.config = config
        self.clock = clock
        self.sink = sink
        self.center = center
        self.log = log
        inbox = HostInbox(clock: clock)
        planner = RefreshPlanner(profile: config.display.refreshProfile)

        var resolved: [(SlotConfig, WidgetFamily, WidgetDescriptor)] = []
        for slot in config.slots {
            guard let descriptor = registry[slot.kind] else {
                throw slot.locations.kind.error(
                    "unknown widget kind '\(slot.kind)'; expected one of \(registry.kinds.joined(separator: ", "))"
                )
            }
            guard let family = WidgetFamily(rawValue: slot.family) else {
                throw slot.locations.family.error(
                    "unknown family '\(slot.family)'; expected one of \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            guard descriptor.supportedFamilies.contains(family) else {
                throw slot.locations.family.error(
                    "'\(slot.kind)' does not support \(family); it supports \(descriptor.supportedFamilies.map(\.rawValue).joined(separator: ", "))"
                )
            }
            resolved.append((slot, family, descriptor))
        }
        for binding in config.keys {
            if case .reload(let kind) = binding.action, registry[kind] == nil {
                throw binding.location.error("unknown widget kind '\(kind)'; expected one of \(registry.kinds.joined(separator: ", "))")
            }
        }
        let rects = try SlotLayout.place(resolved.map { ($0.0, $0.1) }, display: config.display)
        let decoding = ParameterDecodingContext(timeZone: config.timeZone)
        var slots: [SlotState] = []
        for ((slot, family, descriptor), rect) in zip(resolved, rects) {
            let source: any WidgetTimelineSource
            do {
                source = try descriptor.makeSource(parameters: slot.params, context: decoding)
            } catch {
                throw Self.parameterError(error, slot: slot)
            }
            slots.append(SlotState(config: slot, family: family, rect: rect, source: source))
        }
        self.slots = slots
    }

    private static func parameterError(_ failure: IntentConfigurator.Failure, slot: SlotConfig) -> ConfigError {
        switch failure {
        case .unknownParameter(let name, let known):
            let expected = known.isEmpty ? "'\(slot.kind)' takes no parameters" : "expected one of \(known.joined(separator: ", "))"
            return (slot.locations.params[name] ?? slot.locations.slot).error("unknown parameter '\(name)' for \(slot.kind); \(expected)")
        case .invalidValue(let name, let value, let expected):
            return (slot.locations.params[name] ?? slot.locations.slot).error("'\(value)' is not \(expected)")
        case .missingParameter(let name, let expected):
            return slot.locations.slot.error("missing parameter '\(name)' for \(slot.kind) (\(expected)); add it under params:")
        }
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
        return nil
    }

    /// Fetches every timeline and shows the first frame.
    public func start() {
        center.setWakeHandler { [clock] in clock.interrupt() }
        started = true
        wake(forced: .start)
    }

    /// The next instant any slot needs the host, or `nil` if none ever will.
    public func nextInstant() -> Date? {
        let now = clock.now()
        let display = [planner.heldUntil, displayRetry?.at].compactMap { $0 }
        return (slots.compactMap { $0.nextInstant(after: now, minimumReloadInterval: config.minimumReloadInterval) } + display).min()
    }

    /// A board key was pressed: runs its bound intent at the next wake.
    public func press(key: String) { inbox.press(key: key) }

    private func collectRequests() {
        let now = clock.now()
        let reloads = center.takePendingReloads()
        for slot in slots where reloads.all || reloads.kinds.contains(slot.kind) {
            // WidgetCenter reloads obey the same minimum interval as policy reloads, counted
            // from the last fetch; a fetch "in the future" (the clock was set back) counts
            // as one made now.
            let interval = config.minimumReloadInterval
            let earliest = min((slot.lastFetch ?? now).addingTimeInterval(interval), now.addingTimeInterval(interval))
            slot.requestedReload = (.reload, max(now, earliest))
        }
        for key in inbox.takeKeys() {
            guard let binding = config.keys.first(where: { $0.key == key }) else {
                log("key \(key) is not bound to anything; ignored")
                continue
            }
            for slot in slots {
                switch binding.action {
                case .reloadAll: slot.requestedReload = (.intent, now)
                case .reload(let kind) where kind == slot.kind: slot.requestedReload = (.intent, now)
                case .reload: break
                }
            }
        }
    }

    /// One wake: fetch what is due, pick each slot's entry, and show the frame if it changed.
    private func wake(forced: WakeReason?) {
        let now = clock.now()
        var woken: [(SlotState, WakeReason)] = []
        for slot in slots {
            guard let reason = forced ?? slot.dueReason(at: now, minimumReloadInterval: config.minimumReloadInterval) else {
                continue
            }
            if reason != .entry { fetch(slot, at: now) }
            woken.append((slot, reason))
        }
        // A change held for the panel's minimum interval, or a display that failed, is due.
        let retryDue = displayRetry.map { $0.at <= now } ?? false
        let heldDue = planner.heldUntil.map { $0 <= now } ?? false
        guard !woken.isEmpty || retryDue || heldDue else { return }

        var changed: [SlotState] = []
        var damage: PixelRect?
        for (slot, _) in woken {
            let index = slot.timeline?.entryIndex(at: now)
            let entry = index.flatMap { slot.timeline?.entries[$0] } ?? slot.shownEntry
                ?? slot.source.placeholder(in: providerContext(for: slot, at: now))
            slot.shownEntryIndex = index
            slot.shownEntry = entry
            let content = resolveNode(slot.source.content(for: entry), in: environment(for: slot, at: now))
            guard content != slot.shownContent else { continue }
            slot.shownContent = content
            if let composer {
                // A different tree can still draw the same pixels: only pixels count.
                guard let changedPixels = composer.update(slot.rect, with: content) else { continue }
                damage = damage?.union(changedPixels) ?? changedPixels
            } else {
                damage = damage?.union(slot.rect) ?? slot.rect
            }
            changed.append(slot)
        }

        var mode = planner.plan(changed: !changed.isEmpty || retryDue, at: now)
        // After a failure the panel's content is unknown: show the whole frame.
        if retryDue && mode == .partial { mode = .full }
        if mode != .none {
            let frame = currentFrame()
            do {
                try sink?.show(frame, refresh: mode, damage: damage, at: now)
                displayRetry = nil
            } catch {
                // The display keeps what it showed; the frame is shown again later, with
                // the delay doubling from 30 s to 15 min while the panel keeps failing.
                let delay = min(900, (displayRetry?.delay ?? 15) * 2)
                displayRetry = (now.addingTimeInterval(delay), delay)
                log("display: \(error); trying again in \(Int(delay)) s")
            }
            onFrame?(frame, mode)
        }
        for (slot, reason) in woken {
            let refresh: RefreshMode = mode == .full ? .full : (changed.contains { $0 === slot } ? mode : .none)
            onWake?(WakeRecord(at: now, slot: slot.name, kind: slot.kind, reason: reason, refresh: refresh))
        }
    }

    /// Every slot's rectangle and view tree for the entry its provider gives at
    /// `instant`, without touching the display or the schedule (for `glance bench`).
    public func contentForBenchmark(at instant: Date) -> [(PixelRect, ViewNode)] {
        slots.map { slot in
            let context = providerContext(for: slot, at: instant)
            let timeline = slot.source.timeline(in: context, timeout: config.providerTimeout).map { LoadedTimeline($0, loadedAt: instant) }
            let entry = timeline?.entry(at: instant) ?? timeline?.entries.first ?? slot.source.placeholder(in: context)
            return (slot.rect, resolveNode(slot.source.content(for: entry), in: environment(for: slot, at: instant)))
        }
    }

    /// The frame as it is now.
    public func currentFrame() -> Frame {
        Frame(
            width: config.display.width,
            height: config.display.height,
            slots: slots.map { SlotFrame(name: $0.name, kind: $0.kind, rect: $0.rect, content: $0.shownContent ?? .empty) },
            canvas: composer?.canvas
        )
    }

    /// Asks the slot's provider for a timeline, waiting at most `providerTimeout`.
    /// On failure the last good timeline stays and a retry is scheduled.
    private func fetch(_ slot: SlotState, at now: Date) {
        slot.requestedReload = nil
        slot.lastFetch = now
        guard let timeline = slot.source.timeline(in: providerContext(for: slot, at: now), timeout: config.providerTimeout) else {
            slot.failures += 1
            let delay = SlotState.retryDelay(afterFailures: slot.failures)
            slot.retryAt = now.addingTimeInterval(delay)
            log("slot \(slot.name) (\(slot.kind)): no timeline within \(config.providerTimeout) s; keeping the last one, retrying in \(Int(delay)) s")
            return
        }
        slot.failures = 0
        slot.retryAt = nil
        slot.timeline = LoadedTimeline(timeline, loadedAt: now)
        slot.shownEntryIndex = nil
    }

    private func providerContext(for slot: SlotState, at now: Date) -> TimelineProviderContext {
        TimelineProviderContext(
            family: slot.family,
            displaySize: WidgetSize(width: Double(slot.rect.width) / config.display.scale,
                                height: Double(slot.rect.height) / config.display.scale),
            isPreview: false,
            date: now,
            timeZone: config.timeZone,
            locale: config.locale
        )
    }

    private func environment(for slot: SlotState, at instant: Date) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.displayScale = config.display.scale
        environment.widgetFamily = slot.family
        environment.now = instant
        environment.timeZone = config.timeZone
        environment.locale = config.locale
        environment.imagesDirectory = config.imagesDirectory
        environment.namedColors = config.namedColors
        return environment
    }
}

/// Requests for a running host from other threads; each wakes the host's wait.
public final class HostInbox: Sendable {
    private let clock: any HostClock
    private let keys = Mutex<[String]>([])

    init(clock: any HostClock) { self.clock = clock }

    /// A board key was pressed (any thread).
    public func press(key: String) {
        keys.withLock { $0.append(key) }
        clock.interrupt()
    }

    func takeKeys() -> [String] {
        keys.withLock { keys in
            defer { keys.removeAll() }
            return keys
        }
    }
}
