import FoundationEssentials
import GlanceGraphics

/// What the display did for a wake.
public enum RefreshMode: String, Sendable {
    /// Nothing on the panel changed.
    case none
    /// Only the damaged region was refreshed.
    case partial
    /// The whole panel was refreshed.
    case full
}

/// The one place that decides how the display refreshes. The cadence:  the first frame and one in every
/// `fullEvery` changes are full refreshes, as is the first change after `fullAtLeastEvery`
/// seconds without one (e-paper ghosting builds up under partial refreshes); the rest
/// are partial. An unchanged frame is no refresh at all.
///
/// A panel that asks for a minimum interval between refreshes gets a change that comes
/// sooner held back: `plan` answers `.none` and `heldUntil` says when to show it.
///
/// For a device, `plan(change:forcedFull:at:on:)` turns the cadence into what is sent:
/// nothing, a partial window (aligned to the controller's RAM bytes; only on devices
/// that can, and only when less than half of the device changed), the fast waveform
/// where the device has one and a partial refresh could not be used, or a full refresh.
public struct RefreshPlanner: Sendable {
    public var fullEvery: Int
    public var fullAtLeastEvery: TimeInterval
    public var minimumInterval: TimeInterval
    /// False for panels that cannot refresh part of themselves: every change is full.
    public var partialAllowed: Bool
    /// The profile's `full_after_area`: a full refresh once partial refreshes have changed
    /// this many times `panelPixels` (0: no such limit).
    public var fullAfterArea: Double
    /// The panel's pixel count (the area `fullAfterArea` counts in).
    public var panelPixels: Int
    private var partialsSinceFull = 0
    private var pixelsSinceFull = 0
    private var lastFull: Date?
    private var lastRefresh: Date?
    /// A change waiting for the minimum interval to pass.
    public private(set) var heldUntil: Date?
    /// Why the last full refresh came (nil before any).
    public private(set) var fullReason: String?
    /// Quiet moments come (quiet hours' ends, `full_at:`): the cadence's clean-up waits
    /// for one, up to twice its count and its time.
    public var waitsForQuietMoments = false
    /// Partial refreshes since the last full one (what a clean-up would clear).
    public var partialsSinceLastFull: Int { partialsSinceFull }
    /// Pixels those partial refreshes changed, together.
    public var changedPixelsSinceLastFull: Int { pixelsSinceFull }

    public init(fullEvery: Int = 20, fullAtLeastEvery: TimeInterval = 86_400, minimumInterval: TimeInterval = 0, partialAllowed: Bool = true,
                fullAfterArea: Double = 0, panelPixels: Int = 0) {
        self.fullEvery = max(1, fullEvery)
        self.fullAfterArea = max(0, fullAfterArea)
        self.panelPixels = max(0, panelPixels)
        self.fullAtLeastEvery = fullAtLeastEvery
        self.minimumInterval = max(0, minimumInterval)
        self.partialAllowed = partialAllowed
    }

    public init(profile: RefreshProfile, panelPixels: Int = 0) {
        self.init(fullEvery: profile.fullEvery, fullAtLeastEvery: profile.fullAtLeastEvery, minimumInterval: profile.minimumInterval,
                  partialAllowed: profile.partial, fullAfterArea: profile.fullAfterArea, panelPixels: panelPixels)
    }

    /// The refresh for a frame that `changed` (or not) at `instant`, `changedPixels` of it
    /// (what a partial refresh would flip). A change held back earlier counts as a change.
    /// `interactive`: a person is at the display (a key, a tap): the cadence's full
    /// refresh, slow and flashing, waits for the next wake that is not theirs.
    public mutating func plan(changed: Bool, changedPixels: Int = 0, at instant: Date, interactive: Bool = false) -> RefreshMode {
        guard changed || heldUntil != nil else { return .none }
        if let lastRefresh, instant >= lastRefresh, instant < lastRefresh.addingTimeInterval(minimumInterval) {
            heldUntil = lastRefresh.addingTimeInterval(minimumInterval)
            return .none
        }
        heldUntil = nil
        lastRefresh = instant
        let reason: String?
        if let lastFull {
            // A clock set backwards makes `lastFull` lie in the future: treat as due.
            // The cadence's clean-up waits for a quiet moment (up to twice as long) and
            // never comes while a person is at the display.
            let waiting = waitsForQuietMoments ? 2 : 1
            let byCount = partialsSinceFull + 1 >= fullEvery * waiting
            let byTime = instant.timeIntervalSince(lastFull) >= fullAtLeastEvery * Double(waiting)
            let budget = fullAfterArea * Double(panelPixels) * Double(waiting)
            let byPixels = budget > 0 && Double(pixelsSinceFull + changedPixels) >= budget
            let waited = waitsForQuietMoments ? ", no quiet moment came" : ""
            reason = instant < lastFull ? "the clock was set back"
                : interactive && partialAllowed ? nil
                : byCount ? "\(partialsSinceFull + 1) refreshes since the last full one (full_every \(fullEvery)\(waited))"
                : byTime ? "\(Self.describe(instant.timeIntervalSince(lastFull).rounded(.down))) since the last full one\(waited)"
                : byPixels ? "partial refreshes changed \(Self.panels(pixelsSinceFull + changedPixels, of: panelPixels)) times the panel's pixels since the last full one (full_after_area \(Self.number(fullAfterArea))\(waited))"
                : nil
        } else {
            reason = "the first frame"
        }
        if let reason = reason ?? (partialAllowed ? nil : "the panel has no partial refresh") {
            partialsSinceFull = 0
            pixelsSinceFull = 0
            lastFull = instant
            fullReason = reason
            return .full
        }
        partialsSinceFull += 1
        pixelsSinceFull += changedPixels
        return .partial
    }

    /// `4.2`: pixels as a multiple of the panel's, one decimal.
    static func panels(_ pixels: Int, of panel: Int) -> String {
        number((Double(pixels) / Double(max(1, panel)) * 10).rounded() / 10)
    }

    /// `4`, `2.5`: a number without a needless `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A full refresh at `instant` whatever the cadence says (after quiet hours, asked for).
    public mutating func planFull(at instant: Date, why: String) -> RefreshMode {
        heldUntil = nil
        lastRefresh = instant
        partialsSinceFull = 0
        lastFull = instant
        pixelsSinceFull = 0
        fullReason = why
        return .full
    }

    /// "24 h", "90 min", "45 s".
    static func describe(_ seconds: TimeInterval) -> String {
        if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600)) h" }
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(Int(seconds)) s"
    }

    /// What to send to `output` for a frame whose pixels differ from what the device
    /// shows inside `change` (device pixels; nil when nothing differs). `forcedFull`
    /// when what the device shows is unknown (the first frame, after an error).
    /// Returns nil when nothing is to be sent (no change, or a change held back).
    /// `forcedFull`'s reason says why what the device shows is unknown ("the first
    /// frame", "after quiet hours", "the last refresh failed").
    /// `changedPixels`: how many pixels inside `change` differ (nil: all of it).
    public mutating func plan(change: PixelRect?, changedPixels: Int? = nil, forcedFull: Bool, forcedReason: String = "what the panel shows is unknown",
                              at instant: Date, interactive: Bool = false, on output: any DisplayOutput) -> RefreshPlan? {
        guard change != nil else {
            // Nothing differs from what the device shows: a held change went back to it.
            heldUntil = nil
            return nil
        }
        let cadence = plan(changed: true, changedPixels: changedPixels ?? change.map { $0.width * $0.height } ?? 0, at: instant, interactive: interactive)
        guard var plan = Self.refine(cadence, change: change, forcedFull: forcedFull, on: output) else { return nil }
        if plan.refresh == .full && cadence == .partial {
            // A full refresh in place of a partial one clears ghosting all the same.
            partialsSinceFull = 0
            pixelsSinceFull = 0
            lastFull = instant
            fullReason = forcedFull ? forcedReason
                : output.refreshes.contains(.partial) ? "most of the panel changed" : "the panel has no partial refresh"
        } else if plan.refresh == .full && forcedFull {
            fullReason = forcedReason
        }
        if plan.refresh == .full { plan.why = fullReason }
        return plan
    }

    /// The refresh that carries out `cadence` on `output` for a change inside `change`.
    public static func refine(_ cadence: RefreshMode, change: PixelRect?, forcedFull: Bool, on output: any DisplayOutput) -> RefreshPlan? {
        guard let change, cadence != .none else { return nil }
        let bounds = output.nativeBounds
        var plan = RefreshPlan(refresh: .full, window: bounds)
        guard cadence == .partial, !forcedFull else { return plan }
        let window = change.aligned(horizontally: output.windowAlignment, within: bounds)
        let mostly = window.width * window.height * 2 > bounds.width * bounds.height
        if output.refreshes.contains(.partial) && !mostly {
            plan = RefreshPlan(refresh: .partial, window: window)
        } else if output.refreshes.contains(.fast) {
            plan.refresh = .fast
        }
        return plan
    }
}
