import GlanceDisplays
import GlanceSystem
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

/// What front ends (the page, MQTT, TRMNL, the control socket) ask of the display.
extension WidgetHost {
    /// Whether a provider's answer is still awaited (a fetch going on while the host sleeps).
    public var isFetching: Bool { slots.contains { $0.pending != nil } }

    /// Full refreshes asked for from outside (the page, MQTT): at most one in this many
    /// seconds, for all of them together. Each flashes an e-paper panel and wears it; the
    /// ones asked for within the interval are folded into the last (370 in 20 s from 50
    /// addresses were all made before this bound).
    public static let outsideFullRefreshInterval: TimeInterval = 60

    /// The next frame is sent whole with a full refresh (clears an e-paper panel's
    /// ghosting); false, and nothing asked, within `outsideFullRefreshInterval` of the
    /// last one asked for.
    @discardableResult
    public func requestFullRefresh() -> Bool {
        let now = clock.now()
        if let last = lastOutsideFullRefresh, last <= now, now.timeIntervalSince(last) < Self.outsideFullRefreshInterval { return false }
        lastOutsideFullRefresh = now
        presenter.requestFullRefresh()
        clock.interrupt()
        return true
    }

    /// Shows `message` over the slots, along the bottom edge, until it is dismissed
    /// (`nil` or empty); a frame follows at once.
    public func showNotification(_ message: String?) {
        let message = message.flatMap { $0.trimmedOfSpaces.isEmpty ? nil : $0 }
        guard message != notification else { return }
        notification = message
        let rect = NotificationBanner.rect(width: config.display.width, height: config.display.height)
        presenter.setOverlay(message.map { NotificationBanner.content($0, in: environment(family: .systemLarge)) }, in: rect)
        clock.interrupt()
    }

    /// What the display shows now as a PNG in its own colours (`nil` before the first
    /// frame, or in simulations).
    public func shownFramePNG() -> [UInt8]? {
        guard let frame = presenter.shownFrame else { return nil }
        return try? PNG.encode(frame)
    }

    /// Every slot's name, kind, parameter listing and current parameter values (as the
    /// config writes them, secrets masked: `ParameterRole`), in slot order: what front ends
    /// offer to change (`isSettable`) and show.
    package var slotParameters: [(slot: String, kind: String, parameters: [IntentConfigurator.ParameterInfo], values: [String: [String]])] {
        slots.map { slot in
            let parameters = slot.descriptor.parameters.map { parameter in
                var parameter = parameter
                parameter.isSettable = parameter.role == nil || slot.config.settable.contains(parameter.name)
                return parameter
            }
            var values: [String: [String]] = [:]
            for (name, text) in slot.config.params {
                let shown = parameters.first { $0.name == name }?.shown([text]).first ?? text
                values[name, default: []].append(shown)
            }
            return (slot.name, slot.kind, parameters, values)
        }
    }

    /// The controls on the display: each one's slot, where it is drawn (frame pixels) and
    /// its intent's title (what a tap there runs).
    package var drawnControls: [(slot: String, rect: PixelRect, title: String)] {
        presenter.drawnControls.compactMap { control in
            slots.indices.contains(control.slot) ? (slots[control.slot].name, control.rect, control.title) : nil
        }
    }

    /// The frame as it is now.
    public func currentFrame() -> Frame {
        Frame(
            width: config.display.width,
            height: config.display.height,
            slots: slots.filter { slot in stackOf[ObjectIdentifier(slot)].map { $0.members[$0.shown ?? 0] === slot } ?? true }
                .map { SlotFrame(name: $0.name, kind: $0.kind, rect: $0.rect, content: $0.shownContent ?? .empty) },
            // Unfolded for the reader, not kept, while the picture is put away for a long sleep.
            canvas: presenter.picture
        )
    }

    /// Puts the frame's picture away as runs until the next frame (the daemon, before a
    /// sleep of minutes: `givesPictureBackBefore`): 750 KiB at 800x480 become tens.
    public func givePictureBack() { presenter.givePictureBack() }

    /// A sleep at least this long puts the picture away: folding it and unfolding it at
    /// the next frame cost about a millisecond at 800x480 (ten on a Pi Zero), a minute's
    /// sleep at least, so a clock that changes every minute pays under 0.02 % of a core.
    public static let givesPictureBackBefore: TimeInterval = 60
}
