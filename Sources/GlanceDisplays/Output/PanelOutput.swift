import FoundationEssentials
import GlanceGraphics
import GlanceHardware

/// A physical panel behind a controller. It sends what the pipeline planned and keeps
/// the panel safe:
/// - deep sleep after every e-paper update (`profile.sleepAfterUpdate`); `close()`
///   puts the panel to sleep;
/// - when the panel fails (BUSY never releases, a bus error) the controller is reset
///   into deep sleep, so it is not left driven; the pipeline then starts over with a
///   full refresh.
public final class PanelOutput: DisplayOutput {
    public let controller: any PanelController
    public let profile: RefreshProfile
    public let rotation: Int
    public let dither: DitherMode
    public private(set) var inkLook: [RGBA]?

    public func useInkLook(_ look: [RGBA]?) { inkLook = look }

    public init(controller: any PanelController, profile: RefreshProfile, rotation: Int = 0, dither: DitherMode = .floydSteinberg,
                inkLook: [RGBA]? = nil) {
        self.controller = controller
        self.profile = profile
        self.rotation = rotation
        self.dither = dither
        self.inkLook = inkLook
    }

    public var nativeWidth: Int { controller.width }
    public var nativeHeight: Int { controller.height }
    public var palette: Palette { controller.palette }
    public var windowAlignment: Int { controller.windowAlignment }

    /// What the controller can do and the board's discipline allows.
    public var refreshes: Set<PanelRefresh> {
        controller.refreshes.filter { refresh in
            switch refresh {
            case .full: true
            case .partial: profile.partial
            case .fast: profile.fast
            }
        }
    }

    public func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {
        do {
            try controller.show(frame, previous: previous, refresh: plan.refresh, window: plan.window)
            if profile.sleepAfterUpdate { try controller.sleep() }
        } catch {
            controller.abandon()
            throw error
        }
    }

    /// An LCD in quiet hours: display off and sleep in (its next frame wakes it); an
    /// e-paper panel is asleep already after every update.
    public func rest() throws {
        if controller.isAwake { try controller.sleep() }
    }

    public func close() throws {
        if controller.isAwake { try controller.sleep() }
    }
}

extension DisplayPipeline {
    /// A pipeline to `controller`'s panel (tests and tools that have no board file).
    public convenience init(controller: any PanelController, profile: RefreshProfile, rotation: Int = 0, dither: DitherMode = .floydSteinberg) {
        self.init(output: PanelOutput(controller: controller, profile: profile, rotation: rotation, dither: dither))
    }
}
