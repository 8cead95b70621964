import FoundationEssentials
import GlanceDisplays
import GlanceFetch
import GlanceGraphics
import GlanceText
import GlanceTime
import GlanceWake
import GlanceWidgetKit

/// The display at a coming instant, as time travel computes it (`GET /ui/travel`).
package struct TravelResult: Sendable {
    /// The instant traveled to.
    package let at: Date
    /// The frame as the panel would show it, in its palette (PNG).
    package let panelPNG: [UInt8]
    /// The picture before it is quantised to the palette (PNG; in grey on panels of grey inks).
    package let colourPNG: [UInt8]
    /// Every slot's view tree and place at `at`, and the picture.
    package let frame: Frame
    /// The wakes from now to `at`, in order.
    package let wakes: [TravelWake]
    /// Why the way stopped before the instant asked for (too many wakes, too long, the
    /// client gone), if it did: `at` is then where it stopped.
    package var cutShort: String? = nil
}

/// One slot's part of one wake on the way.
package struct TravelWake: Sendable, Equatable {
    package var record: WakeRecord
    /// The slot's provider asked the network at this wake and was refused (travel does not
    /// fetch): the slot shows its last good entry, where the display would fetch anew.
    /// Retries that follow such a refusal happen only because travel is offline and are
    /// left out of the list.
    package var offline: Bool
}

/// Why time travel was refused.
package enum TravelError: Error, CustomStringConvertible {
    /// The instant is not after now.
    case notAhead(Date, now: Date, zone: ZoneRules)
    /// The instant is more than `TimeTravel.reach` ahead.
    case tooFar(Date, latest: Date, zone: ZoneRules)
    /// The configuration as the slots have it now no longer makes a host (a widget
    /// missing from the registry), or the picture could not be made.
    case failed(String)

    package var description: String {
        switch self {
        case .notAhead(let instant, let now, let zone):
            "\(iso8601String(instant, in: zone)) is not after now (\(iso8601String(now, in: zone))); time travel goes forward only, up to 7 days"
        case .tooFar(let instant, let latest, let zone):
            "\(iso8601String(instant, in: zone)) is more than 7 days ahead; the latest is \(iso8601String(latest, in: zone))"
        case .failed(let message):
            message
        }
    }
}

/// Time travel's limits.
package enum TimeTravel {
    /// How far ahead travel goes, in seconds.
    package static let reach: TimeInterval = 7 * 86_400
    /// Wakes on the way before travel stops short (a minute clock makes 10,080 in a week).
    package static let maximumWakes = 50_000
    /// Seconds a journey may take on the web page's travel thread before it stops short.
    package static let maximumSeconds: TimeInterval = 10
    /// Seconds a provider may take in travel: with the network refused, one that takes
    /// longer is stuck, and travel should not wait the configured time-out for it.
    static let providerTimeout: TimeInterval = 5
}

extension WidgetHost {
    /// The frame this display will show at `instant` (now < `instant` ≤ now + 7 days), and
    /// the wakes on the way, computed on this thread: `prepareTravel` then `run`.
    package func travel(to instant: Date, fonts: FontLibrary, registry: WidgetRegistry) throws(TravelError) -> TravelResult {
        try prepareTravel(to: instant, registry: registry).run(fonts: fonts)
    }

    /// A journey to `instant` (now < `instant` ≤ now + 7 days), made by a second host on a
    /// simulated clock that starts as this one is now: its slots' timelines, shown and last
    /// good entries, retries, stacks, quiet hours and refresh planner. Call it on this
    /// host's thread (it reads the host's state); the journey then runs on any one thread,
    /// this host only read before it goes: nothing is written to its state folder, entry
    /// store, display or clock.
    package func prepareTravel(to instant: Date, registry: WidgetRegistry) throws(TravelError) -> TravelJourney {
        let now = clock.now()
        let zone = config.timeZone
        guard instant > now else { throw .notAhead(instant, now: now, zone: zone) }
        let latest = now.addingTimeInterval(TimeTravel.reach)
        guard instant <= latest else { throw .tooFar(instant, latest: latest, zone: zone) }

        var travelConfig = config
        // The slots as they are now (`glance set` changes their parameters).
        travelConfig.slots = slots.map(\.config)
        travelConfig.providerTimeout = min(config.providerTimeout, TimeTravel.providerTimeout)
        let traveller: WidgetHost
        do {
            traveller = try WidgetHost(config: travelConfig, registry: registry, clock: SimulatedClock(start: now),
                                       presenter: FramePresenter(planningAs: presenter), center: WidgetCenter())
        } catch {
            throw .failed("time travel: \(error)")
        }
        traveller.takeState(of: self)
        traveller.fetchesOffline = true
        // The inks as the wall dithers against them now (a saturation tuned on the page too).
        return TravelJourney(traveller: traveller, instant: instant, palette: presenter.output?.palette ?? config.display.palette,
                             dither: presenter.output?.dither ?? config.display.dither,
                             inkLook: presenter.output.map { $0.inkLook } ?? config.display.board?.inkLook)
    }

    /// Takes up `running`'s state, so that this host goes on from where it is: each slot's
    /// timeline, entries, shown content, retries and reloads; the stacks' choices; quiet
    /// hours. A fetch `running` still waits for is asked again here (its answer is not
    /// this host's).
    fileprivate func takeState(of running: WidgetHost) {
        for (slot, source) in zip(slots, running.slots) { slot.takeState(of: source, at: running.clock.now()) }
        for (stack, source) in zip(stacks, running.stacks) {
            stack.shown = source.shown
            stack.why = source.why
            stack.hand = source.hand
        }
        quiet = running.quiet
        fullAt = running.fullAt
        // Going on, not starting: no start wake, no fetch of every slot.
        started = true
    }

    /// The frame as it stands, drawn whole as the running host draws (its palette and
    /// dither, the configured scale and rendering mode, its notification over the slots,
    /// which this host's presenter took at the start).
    fileprivate func picture(at instant: Date, palette: Palette, dither: DitherMode, inkLook: [RGBA]?, fonts: FontLibrary,
                             wakes: [TravelWake]) throws(TravelError) -> TravelResult {
        // The board's ink look, where the travel draws in the board's own colours: the
        // frame the wall would show.
        let look = palette == config.display.palette ? inkLook : nil
        let output = PictureOutput(width: config.display.width, height: config.display.height, palette: palette, dither: dither, inkLook: look)
        var frame = currentFrame()
        do {
            let painter = try FramePresenter(output: output, fonts: fonts, scale: config.display.scale,
                                             renderingMode: config.display.chosenRenderingMode)
            painter.showOverlay(of: presenter)
            let drawn = frame.slots.compactMap { shown in slots.first { $0.name == shown.name }.map { (slot: $0, frame: shown) } }
            let shown = painter.present(drawn.enumerated().map { (slot: $0.offset, rect: $0.element.frame.rect, content: $0.element.frame.content) },
                                        at: instant) { index, draw in
                // A widget's view runs its code as it is drawn: noted for a crash, under the hang guard, as at any wake.
                let slot = drawn[index].slot
                if slot.showsCard { draw() } else { during(.drawing, of: slot, draw) }
            }
            if let failure = shown.failure { throw failure.error }
            guard let canvas = painter.canvas, let quantised = painter.shownFrame else { throw TravelError.failed("time travel: nothing was drawn") }
            frame.canvas = canvas
            return TravelResult(at: instant, panelPNG: try PNG.encode(quantised), colourPNG: try PNG.encode(canvas), frame: frame, wakes: wakes)
        } catch let error as TravelError {
            throw error
        } catch {
            throw .failed("time travel: the picture could not be made: \(error)")
        }
    }
}

/// A journey made ready on the running host's thread (`WidgetHost.prepareTravel`): a
/// host of its own on a simulated clock, which one thread at a time may run.
///
/// Unchecked Sendable: the traveller shares nothing mutable with the running host once
/// made (its state was copied), and is used by one thread at a time.
package final class TravelJourney: @unchecked Sendable {
    private let traveller: WidgetHost
    package let instant: Date
    private let palette: Palette
    private let dither: DitherMode
    private let inkLook: [RGBA]?

    fileprivate init(traveller: WidgetHost, instant: Date, palette: Palette, dither: DitherMode, inkLook: [RGBA]?) {
        self.traveller = traveller
        self.instant = instant
        self.palette = palette
        self.dither = dither
        self.inkLook = inkLook
    }

    /// Steps the way and draws the frame at `instant` with `fonts` (which no other thread
    /// may use meanwhile). Stops short, drawing where it got to, after
    /// `TimeTravel.maximumWakes` wakes, at `deadline`, or when `shouldStop` (asked
    /// between wakes) says so.
    package func run(fonts: FontLibrary, deadline: Date = .distantFuture, shouldStop: () -> Bool = { false }) throws(TravelError) -> TravelResult {
        let traveller = traveller
        let zone = traveller.config.timeZone
        var wakes: [TravelWake] = []
        traveller.onWake = { [unowned traveller] record in
            guard let slot = traveller.slots.first(where: { $0.name == record.slot }) else { return }
            let offline = slot.offlineFetch.map { $0.at == record.at && $0.fetches.refused > 0 } ?? false
            // Asked again only because the last fetch was refused: not the display's future.
            if offline, record.reason == .retry { return }
            wakes.append(TravelWake(record: record, offline: offline))
        }
        // Whatever else the travel host runs on this thread (placeholders, views) is offline too.
        let stop: String? = HTTPClient.$offline.withValue(OfflineFetches()) {
            for _ in 0..<TimeTravel.maximumWakes {
                if traveller.step(until: instant) != nil { return nil }
                if shouldStop() { return "the page that asked went away" }
                if Date() >= deadline { return "it took more than \(Int(TimeTravel.maximumSeconds)) s" }
            }
            return "the display wakes more than \(TimeTravel.maximumWakes) times on the way"
        }
        let reached = stop == nil ? instant : min(traveller.clock.now(), instant)
        var result = try traveller.picture(at: reached, palette: palette, dither: dither, inkLook: inkLook, fonts: fonts, wakes: wakes)
        if let stop {
            result.cutShort = "stopped at \(iso8601String(reached, in: zone)): \(stop); travel less far"
        }
        return result
    }
}

/// An output that keeps nothing: time travel's frame is drawn and quantised, never shown.
private final class PictureOutput: DisplayOutput {
    let nativeWidth: Int
    let nativeHeight: Int
    let rotation = 0
    let palette: Palette
    let dither: DitherMode
    let inkLook: [RGBA]?
    let profile = RefreshProfile()
    let refreshes: Set<PanelRefresh> = [.full]
    let windowAlignment = 1

    init(width: Int, height: Int, palette: Palette, dither: DitherMode, inkLook: [RGBA]?) {
        nativeWidth = width
        nativeHeight = height
        self.palette = palette
        self.dither = dither
        self.inkLook = inkLook
    }

    func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {}

    func close() throws {}
}
