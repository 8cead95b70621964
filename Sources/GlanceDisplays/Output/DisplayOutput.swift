import FoundationEssentials
import GlanceGraphics

/// Where frames end up: a file, a framebuffer, a panel's controller, a test's recorder.
/// An output only moves what it is given; the pipeline (`DisplayPipeline`) quantises,
/// diffs and plans, once, before any output sees the frame.
public protocol DisplayOutput: AnyObject {
    /// Device pixels, in the device's own orientation.
    var nativeWidth: Int { get }
    var nativeHeight: Int { get }
    /// Degrees the picture turns clockwise to the device's orientation (0, 90, 180, 270).
    var rotation: Int { get }
    /// The colours each pixel can show, and how pictures are spread over them.
    var palette: Palette { get }
    var dither: DitherMode { get }
    /// The colours the palette's inks really show (measured, blended by the board's
    /// `saturation:`), which pictures are dithered against; nil: the palette's own.
    var inkLook: [RGBA]? { get }
    /// Dithers pictures against `look` from the next frame on (the page's saturation,
    /// tuned); outputs that do not dither against measured inks ignore it.
    func useInkLook(_ look: [RGBA]?)
    /// The refresh discipline (cadence of full refreshes, minimum interval, sleep).
    var profile: RefreshProfile { get }
    /// What the device can do besides a full refresh (`.partial` windows, `.fast`).
    var refreshes: Set<PanelRefresh> { get }
    /// Partial windows start and end on multiples of this many device pixels horizontally.
    var windowAlignment: Int { get }
    /// Shows `frame` (device orientation, `palette`'s values) as `plan` says.
    /// `previous` is what the device showed before (nil when unknown).
    func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws
    /// Lets the device rest (panel deep sleep); called once when the display stops.
    func close() throws
    /// Lets the device rest while the display sleeps (quiet hours); the next frame wakes
    /// it. Outputs that rest after every update, or cannot rest, do nothing.
    func rest() throws
}

extension DisplayOutput {
    public func rest() throws {}
    public var inkLook: [RGBA]? { nil }
    public func useInkLook(_ look: [RGBA]?) {}
}

extension DisplayOutput {
    /// The picture's size before rotation, in pixels.
    public var width: Int { rotation % 180 == 0 ? nativeWidth : nativeHeight }
    public var height: Int { rotation % 180 == 0 ? nativeHeight : nativeWidth }
    public var nativeBounds: PixelRect { PixelRect(x: 0, y: 0, width: nativeWidth, height: nativeHeight) }
}

/// One refresh as planned: how the device redraws and which of its pixels (device
/// orientation; the whole device unless partial).
public struct RefreshPlan: Equatable, Sendable {
    public var refresh: PanelRefresh
    public var window: PixelRect
    /// Why a full refresh came ("the first frame", "after quiet hours", "20 partial
    /// refreshes since the last full one"); nil for other refreshes.
    public var why: String?

    public init(refresh: PanelRefresh, window: PixelRect, why: String? = nil) {
        self.refresh = refresh
        self.window = window
        self.why = why
    }

    /// As `glance simulate` and the wake log say it: a fast refresh redraws everything.
    public var mode: RefreshMode { refresh == .partial ? .partial : .full }
}
