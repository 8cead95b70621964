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

/// Requests from other threads, taken at a wake: key presses and taps, `WidgetCenter`
/// reloads (this process's and other programs'), a person at the display in quiet hours.
extension WidgetHost {
    func collectRequests() {
        let now = clock.now()
        let inputs = inbox.take()
        // A person at the display while it sleeps: awake for wake_for:, from now.
        if inputs.contains(where: \.isPerson), quiet.keepAwake(at: now) {
            log("awake for \(StackState.describe(quiet.wakeFor)) (a key in quiet hours)")
        }
        let reloads = center.takePendingReloads()
        for slot in slots where reloads.all || reloads.kinds.contains(slot.kind) {
            // WidgetCenter reloads obey the same minimum interval as policy reloads.
            slot.askReloadInProcess(at: now, minimumInterval: config.minimumReloadInterval)
        }
        // From another program (the app's side): folded within the minimum interval.
        for slot in slots where reloads.outsideAll || reloads.outsideKinds.contains(slot.kind) {
            let interval = config.minimumReloadInterval
            let at = slot.askReloadFromOutside(at: now, minimumInterval: interval)
            if at > now {
                // Said, so that whoever made the change knows when it will show.
                log("slot \(slot.name): a reload asked by another program within \(Int(interval)) s of the last is folded into one at "
                    + iso8601String(at, in: config.timeZone))
            }
        }
        input.handle(inputs, slots: slots, at: now)
    }
}
