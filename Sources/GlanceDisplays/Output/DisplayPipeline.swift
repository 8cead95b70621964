import FoundationEssentials
import GlanceGraphics

/// The one way a picture reaches a device, each step once and in this order:
/// quantise to the output's palette → turn to the device's orientation → diff against
/// what the device shows → plan (`RefreshPlanner`) → `output.show`.
///
/// When the output fails, what it shows is unknown: the next frame is sent whole, with
/// a full refresh.
public final class DisplayPipeline {
    public let output: any DisplayOutput
    public private(set) var planner: RefreshPlanner
    /// What the device shows (device orientation), nil when unknown (unfolded, a copy
    /// not kept, while it is put away: `putShownAway`).
    public var shown: QuantisedFrame? { kept ?? folded.map(QuantisedFrame.init(unfolding:)) }
    private var kept: QuantisedFrame?
    /// The shown frame as runs during a long sleep; the next frame unfolds it.
    private var folded: QuantisedFrame.Folded?
    /// Why it is unknown, for the full refresh that follows.
    private var unknownBecause = "the first frame"

    public init(output: any DisplayOutput) {
        self.output = output
        planner = RefreshPlanner(profile: output.profile, panelPixels: output.nativeWidth * output.nativeHeight)
    }

    /// A change held back for the device's minimum interval: when to show it.
    public var heldUntil: Date? { planner.heldUntil }

    /// Quantises `picture` (RGBA, `output.width`×`output.height`) and shows it as the
    /// planner decides. Returns what was sent, or nil when nothing was.
    @discardableResult
    public func show(_ picture: Canvas, at instant: Date, interactive: Bool = false) throws -> RefreshPlan? {
        try show(native: quantise(picture), at: instant, interactive: interactive)
    }

    /// Whether quiet moments come (quiet hours, `full_at:`): the cadence's clean-up waits
    /// for them (`RefreshPlanner.waitsForQuietMoments`).
    public var waitsForQuietMoments: Bool {
        get { planner.waitsForQuietMoments }
        set { planner.waitsForQuietMoments = newValue }
    }

    /// As `show(_:at:)` for a frame already quantised and turned (device orientation).
    /// `cadence` replaces the planner's full/partial cadence (tools, tests); the window,
    /// fast and full choice is still the planner's.
    @discardableResult
    public func show(native frame: QuantisedFrame, cadence: RefreshMode? = nil, at instant: Date = Date(), interactive: Bool = false) throws -> RefreshPlan? {
        guard frame.width == output.nativeWidth, frame.height == output.nativeHeight else {
            throw PanelConfigurationError(message: "a \(frame.width)x\(frame.height) frame for a \(output.nativeWidth)x\(output.nativeHeight) device; render at the board's size (its resolution, turned by its rotation)")
        }
        let shown = self.shown
        let change: PixelRect? = shown.map { frame.difference(from: $0) } ?? output.nativeBounds
        let plan: RefreshPlan?
        if let cadence {
            plan = RefreshPlanner.refine(cadence, change: change, forcedFull: shown == nil, on: output)
        } else {
            // What the change flips is counted only when the profile keeps that account.
            let flipped = planner.fullAfterArea > 0 ? change.flatMap { change in shown.map { frame.changedPixelCount(from: $0, within: change) } } : nil
            plan = planner.plan(change: change, changedPixels: flipped, forcedFull: shown == nil, forcedReason: unknownBecause, at: instant,
                                interactive: interactive, on: output)
        }
        guard let plan else { return nil }
        do {
            try output.show(frame, previous: shown, plan: plan, at: instant)
        } catch {
            remember(nil)
            unknownBecause = "the last refresh failed"
            throw error
        }
        remember(frame)
        return plan
    }

    private func remember(_ frame: QuantisedFrame?) {
        kept = frame
        folded = nil
    }

    /// Forgets what the device shows: the next frame is sent whole, with a full refresh
    /// (a person asked for one, to clear ghosting).
    public func forgetShown(because reason: String = "asked for") {
        remember(nil)
        unknownBecause = reason
    }

    /// Puts the shown frame away as runs of equal bytes while the display sleeps for
    /// minutes (47 KiB at 800x480 in two inks, a byte a pixel on a seven-ink panel); the
    /// next frame unfolds it for its difference. One that would fold to half its bytes or
    /// more is kept as it is.
    public func putShownAway() {
        guard let kept, let runs = kept.folded(under: kept.heldBytes / 2) else { return }
        folded = runs
        self.kept = nil
    }

    /// Whether the shown frame is put away as runs now.
    public var shownPutAway: Bool { folded != nil }

    /// `picture` in the output's colours and orientation.
    public func quantise(_ picture: Canvas) -> QuantisedFrame {
        picture.quantised(to: output.palette, dither: output.dither, inkLook: output.inkLook).rotated(clockwise: output.rotation)
    }

    /// Lets the device rest (on exit).
    public func close() throws { try output.close() }
}
