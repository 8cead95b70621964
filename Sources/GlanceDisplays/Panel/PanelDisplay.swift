import FoundationEssentials
import GlanceGraphics
import GlanceHardware

/// A physical panel behind a controller: quantises frames to the panel's colours,
/// turns them to its native orientation, and carries out the refresh discipline:
/// - no bus traffic at all when the quantised frame equals what the panel shows;
/// - the first update after start (or after an error) is full and writes both planes;
/// - partial refreshes only on 1-bit panels and only for the changed window, aligned
///   to the controller's RAM bytes; a fast waveform instead when most of it changed;
/// - deep sleep after every e-paper update; `close()` puts the panel to sleep.
/// When the panel fails (BUSY never releases, a bus error) the controller is reset into
/// deep sleep and the next update starts over with a full refresh.
public final class PanelDisplay {
    public let controller: any PanelController
    public let profile: RefreshProfile
    /// Degrees the picture turns clockwise to the panel's native orientation.
    public let rotation: Int
    public let dither: DitherMode
    /// What the panel shows, native orientation; nil when unknown.
    public private(set) var shown: QuantisedFrame?

    /// One update: what was sent and where.
    public struct Update: Equatable, Sendable {
        public var refresh: PanelRefresh
        /// Native pixels.
        public var window: PixelRect

        public init(refresh: PanelRefresh, window: PixelRect) {
            self.refresh = refresh
            self.window = window
        }
    }

    public init(controller: any PanelController, profile: RefreshProfile, rotation: Int = 0, dither: DitherMode = .floydSteinberg) {
        self.controller = controller
        self.profile = profile
        self.rotation = rotation
        self.dither = dither
    }

    /// The picture's size (before rotation), in pixels.
    public var logicalWidth: Int { rotation % 180 == 0 ? controller.width : controller.height }
    public var logicalHeight: Int { rotation % 180 == 0 ? controller.height : controller.width }

    /// Shows `canvas` (the picture, `logicalWidth`×`logicalHeight`); `requested` is the
    /// planner's decision. Returns what the panel did, or nil when nothing changed.
    @discardableResult
    public func show(_ canvas: Canvas, requested: RefreshMode) throws -> Update? {
        let native = canvas.quantised(to: controller.palette, dither: dither).rotated(clockwise: rotation)
        return try show(native: native, requested: requested)
    }

    /// As `show(_:requested:)`, for a frame already quantised and turned.
    @discardableResult
    public func show(native frame: QuantisedFrame, requested: RefreshMode) throws -> Update? {
        guard frame.width == controller.width, frame.height == controller.height else {
            throw PanelBusError.io("a \(frame.width)x\(frame.height) frame for a \(controller.width)x\(controller.height) \(controller.name) panel; render at the board's size (its resolution, turned by its rotation)")
        }
        if let shown, shown == frame { return nil }
        var update = Update(refresh: .full, window: controller.bounds)
        if let previous = shown, requested == .partial, let changed = frame.difference(from: previous) {
            let window = changed.aligned(horizontally: controller.windowAlignment, within: controller.bounds)
            let mostly = window.width * window.height * 2 > controller.width * controller.height
            if profile.partial && controller.refreshes.contains(.partial) && !mostly {
                update = Update(refresh: .partial, window: window)
            } else if profile.fast && controller.refreshes.contains(.fast) {
                update.refresh = .fast
            }
        }
        do {
            try controller.show(frame, previous: shown, refresh: update.refresh, window: update.window)
            if profile.sleepAfterUpdate { try controller.sleep() }
        } catch {
            controller.abandon()
            shown = nil
            throw error
        }
        shown = frame
        return update
    }

    /// Puts the panel to sleep (SIGTERM, end of `--once`).
    public func close() throws {
        if controller.isAwake { try controller.sleep() }
    }
}
