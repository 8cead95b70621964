import GlanceRender
import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceHardware
import GlanceText
import GlanceUI

/// The host's end of the frame path: composes changed slots into the display's picture
/// and hands it to the one pipeline (quantise → diff → plan → show). Without an output
/// (simulations) nothing is drawn; a changed view tree counts as a change and the same
/// planner decides the refresh.
public final class FramePresenter {
    /// What draws slots and where they go; a bare planner in simulations.
    private enum Target {
        case drawing(ViewRenderer, DisplayPipeline)
        case simulating(RefreshPlanner)
    }

    private var target: Target
    /// The whole picture as last composed, in grey on panels of grey inks (nil in
    /// simulations, and while it is put away during a long sleep: `givePictureBack`).
    public private(set) var canvas: Canvas?
    /// The picture put away as runs (`givePictureBack`); unfolded by the next frame.
    private var folded: Canvas.Folded?
    var pictureGivenBack: Bool { folded != nil }

    /// The whole picture, unfolded for the reader (not kept) while it is put away.
    public var picture: Canvas? { canvas ?? folded.map(Canvas.init(unfolding:)) }
    /// Display failures in a row, and when to show the frame again.
    private var backoff = Backoff()
    private(set) var retryAt: Date?
    /// Set when the display failed in a way trying again cannot fix.
    private(set) var permanentFailure: (any Error)?
    /// Where each slot's controls were last drawn (frame pixels), by the slot's index.
    private var controlRegions: [Int: [ControlRegion]] = [:]
    /// Drawn over the slots (a notification), and where.
    private var overlay: (rect: PixelRect, content: ViewNode)?
    /// The overlay changed, or a full refresh was asked for: the next wake shows the
    /// picture even if no slot changed.
    private var pending = false

    /// Frames go to `output`, drawn with `fonts` at `scale` pixels per point, in
    /// `renderingMode` (nil: the output's palette's own).
    public init(output: any DisplayOutput, fonts: FontLibrary, scale: Double, renderingMode: InkPrinting.Mode? = nil) throws(Canvas.SizeError) {
        let printing = InkPrinting(palette: output.palette, mode: renderingMode ?? InkPrinting.defaultMode(for: output.palette))
        target = .drawing(ViewRenderer(fonts: fonts, scale: scale, emoji: EmojiStyle(for: output.palette), printing: printing),
                          DisplayPipeline(output: output))
        // One byte a pixel where the panel's inks are all greys.
        canvas = try Canvas(width: output.width, height: output.height, panel: output.palette, dither: output.dither)
    }

    /// No output: refreshes are planned from view trees alone (`glance simulate`), on a
    /// panel of `panelPixels` (a change costs its slots' areas: nothing is drawn to count).
    public init(simulating profile: RefreshProfile, panelPixels: Int = 0) {
        target = .simulating(RefreshPlanner(profile: profile, panelPixels: panelPixels))
    }

    /// A presenter that plans from here on as `other` would, without drawing (time
    /// travel): its planner, with its count of partial refreshes and any held change, a
    /// full refresh asked for, and the overlay are copied; `other` is only read.
    init(planningAs other: FramePresenter) {
        switch other.target {
        case .drawing(_, let pipeline): target = .simulating(pipeline.planner)
        case .simulating(let planner): target = .simulating(planner)
        }
        overlay = other.overlay
        pending = other.pending
        fullRequested = other.fullRequested
    }

    /// Draws `other`'s overlay (a notification) from the next frame on.
    func showOverlay(of other: FramePresenter) { overlay = other.overlay }

    /// Where frames go (nil in simulations).
    var output: (any DisplayOutput)? { pipeline?.output }

    private var pipeline: DisplayPipeline? {
        if case .drawing(_, let pipeline) = target { return pipeline }
        return nil
    }

    /// The picture's size the output expects, if there is one.
    var outputSize: (width: Int, height: Int)? { pipeline.map { ($0.output.width, $0.output.height) } }

    /// Whether the panel stays on between updates (an LCD) and so is put to rest when
    /// quiet hours begin; e-paper sleeps after every update anyway.
    var staysOnBetweenUpdates: Bool {
        switch target {
        case .drawing(_, let pipeline): !pipeline.output.profile.sleepAfterUpdate
        case .simulating: false
        }
    }

    /// Quiet hours began: the panel rests until the next frame.
    func rest() throws { try pipeline?.output.rest() }

    /// When the presenter itself needs a wake: a held change or a retry.
    var nextInstant: Date? {
        let held: Date?
        switch target {
        case .drawing(_, let pipeline): held = pipeline.heldUntil
        case .simulating(let planner): held = planner.heldUntil
        }
        return [held, retryAt].compactMap { $0 }.min()
    }

    /// Whether a held change, a retry, a new overlay or a full refresh is due at `now`.
    func isDue(at now: Date) -> Bool { pending || nextInstant.map { $0 <= now } ?? false }

    /// Draws `content` over the slots in `rect` from the next frame on (`nil`: removes it).
    func setOverlay(_ content: ViewNode?, in rect: PixelRect) {
        overlay = content.map { (rect, $0) }
        pending = true
    }

    /// The next frame goes to the device whole, with a full refresh.
    func requestFullRefresh(because reason: String = "asked for") {
        pipeline?.forgetShown(because: reason)
        pending = true
        fullRequested = reason
    }

    /// A full refresh was asked for and not yet planned, and why (simulations plan it by this).
    private var fullRequested: String?

    /// Quiet moments come (quiet hours, `full_at:`): the cadence's clean-up waits for them.
    func waitForQuietMoments(_ waits: Bool) {
        switch target {
        case .drawing(_, let pipeline): pipeline.waitsForQuietMoments = waits
        case .simulating(var planner):
            planner.waitsForQuietMoments = waits
            target = .simulating(planner)
        }
    }

    /// Partial refreshes since the last full one.
    var partialsSinceFull: Int {
        switch target {
        case .drawing(_, let pipeline): pipeline.planner.partialsSinceLastFull
        case .simulating(let planner): planner.partialsSinceLastFull
        }
    }

    /// Why the last full refresh came, as the planner says (simulations too).
    var lastFullReason: String? {
        switch target {
        case .drawing(_, let pipeline): pipeline.planner.fullReason
        case .simulating(let planner): planner.fullReason
        }
    }

    /// What the display shows, in the frame's orientation and the output's colours
    /// (`nil` before the first frame, and in simulations).
    public var shownFrame: QuantisedFrame? {
        guard let pipeline, let shown = pipeline.shown else { return nil }
        return pipeline.output.rotation == 0 ? shown : shown.rotated(clockwise: (360 - pipeline.output.rotation) % 360)
    }

    var isFailing: Bool { retryAt != nil || permanentFailure != nil }

    /// Draws each changed slot and shows the picture. Returns what the display did
    /// (`plan` nil: nothing was sent) and, when it failed, the error and the wait
    /// before the next attempt (nil when trying again cannot help). Each slot is drawn
    /// inside `drawing(slot, draw)` (the host notes whose code runs).
    func present(_ changed: [(slot: Int, rect: PixelRect, content: ViewNode)], at now: Date, interactive: Bool = false,
                 drawing: (_ slot: Int, _ draw: () -> Void) -> Void = { $1() })
        -> (plan: RefreshPlan?, mode: RefreshMode, failure: (error: any Error, retryIn: TimeInterval?)?) {
        if let folded, !changed.isEmpty || isDue(at: now) {
            // The picture put away for the sleep comes back to be drawn on.
            canvas = Canvas(unfolding: folded)
            self.folded = nil
        }
        guard case .drawing(let renderer, let pipeline) = target, var picture = canvas else {
            guard case .simulating(var planner) = target else { return (nil, .none, nil) }
            let area = changed.reduce(0) { $0 + $1.rect.width * $1.rect.height }
            let mode = fullRequested.map { planner.planFull(at: now, why: $0) }
                ?? planner.plan(changed: !changed.isEmpty, changedPixels: area, at: now, interactive: interactive)
            fullRequested = nil
            pending = false
            target = .simulating(planner)
            return (nil, mode, nil)
        }
        // Nothing redrawn and nothing held or failed: the picture is what the output
        // shows, so quantising and diffing it again would find nothing.
        guard !changed.isEmpty || isDue(at: now) else { return (nil, .none, nil) }
        pending = false
        fullRequested = nil
        // The picture held once while it is drawn on (no copy of the frame).
        canvas = nil
        for (index, rect, content) in changed where rect.width > 0 && rect.height > 0 {
            // Straight into the frame; regions in frame pixels, cut to the slot (a control
            // drawn past its slot's edge is not there).
            drawing(index) { controlRegions[index] = renderer.render(content, into: &picture, slot: rect) }
        }
        canvas = picture
        if let (rect, content) = overlay, rect.width > 0, rect.height > 0, var banner = try? Canvas(width: rect.width, height: rect.height) {
            // Over a copy: the slots' own picture stays whole for when the overlay goes.
            renderer.render(content, into: &banner,
                            in: Rect(x: 0, y: 0, width: Double(rect.width) / renderer.scale, height: Double(rect.height) / renderer.scale))
            picture.draw(banner, atX: rect.x, y: rect.y)
        }
        do {
            let plan = try pipeline.show(picture, at: now, interactive: interactive)
            backoff.succeeded()
            retryAt = nil
            return (plan, plan?.mode ?? .none, nil)
        } catch {
            guard !Self.isPermanent(error) else {
                permanentFailure = error
                retryAt = nil
                return (nil, .none, (error, nil))
            }
            // The display keeps what it showed; the frame is shown again later, with
            // the delay doubling from 30 s to 15 min while it keeps failing.
            let delay = backoff.failed()
            retryAt = now.addingTimeInterval(delay)
            return (nil, .none, (error, delay))
        }
    }

    /// Puts the picture away as runs of equal pixels (`Canvas.Folded`) while the display
    /// sleeps for minutes: a byte of grey and a byte of flags a pixel, 750 KiB at 800x480,
    /// become tens of KiB. The next frame unfolds it and draws its changed slots as ever.
    /// A picture that folds to half its bytes or more (a photo's pixels are runs of one)
    /// is kept as it is. The fonts' FreeType sizes go too, with their hinting state
    /// (`FontLibrary.releaseSizes`; the rasterised glyphs stay), and the frame the panel
    /// shows is put away as runs too (`DisplayPipeline.putShownAway`).
    func givePictureBack() {
        if case .drawing(let renderer, let pipeline) = target {
            renderer.fonts.releaseSizes()
            renderer.forgetMeasuredText()
            pipeline.putShownAway()
        }
        guard let canvas, let folded = canvas.folded(under: canvas.heldBytes / 2) else { return }
        self.folded = folded
        self.canvas = nil
    }

    /// Forgets where controls were drawn (a new host, with other slots, takes over).
    func forgetControls() { controlRegions = [:] }

    /// Where each slot's controls are drawn (frame pixels), and their intents' titles.
    var drawnControls: [(slot: Int, rect: PixelRect, title: String)] {
        controlRegions.keys.sorted().flatMap { slot in controlRegions[slot, default: []].map { (slot, $0.rect, $0.control.action.title) } }
    }

    /// Forgets where one slot's controls were drawn (another member of its stack shows now).
    func forgetControls(ofSlot index: Int) { controlRegions[index] = nil }

    /// The control drawn at frame pixel (`x`, `y`) and the index of its slot; the
    /// innermost one where controls nest.
    func control(atX x: Int, y: Int) -> (slot: Int, control: ControlNode)? {
        for (slot, regions) in controlRegions {
            if let hit = regions.last(where: { $0.rect.contains(x: x, y: y) }) { return (slot, hit.control) }
        }
        return nil
    }

    /// Lets the device rest.
    public func close() throws { try pipeline?.close() }

    /// A device that is missing, forbidden or unsuitable stays so until a person acts.
    static func isPermanent(_ error: any Error) -> Bool {
        if let device = error as? DeviceError { return device.isPermanent }
        return error is PanelConfigurationError
    }
}
