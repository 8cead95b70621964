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

/// The host's side of a fetch: asking a slot's provider on its thread, and taking the answer.
extension WidgetHost {
    /// Asks the slot's provider for a timeline on the slot's thread and returns at once;
    /// `nil` when earlier calls still block too many threads to make another.
    func startFetch(_ slot: SlotState, at now: Date) -> PendingProviderCall<AnyTimeline>? {
        slot.asked(at: now)
        if slot.tooManyBlockedCalls() { return nil }
        var context = SlotFactory.providerContext(family: slot.family, pixels: slot.rect, scale: config.display.scale,
                                                  isPreview: slot.config.preview, at: now, timeZone: config.timeZone, locale: config.locale)
        context.lastEntry = slot.lastGoodEntry?.base
        context.resources = slot.resources
        let ask = { [context] in
            slot.config.preview ? slot.source.requestSnapshotTimeline(in: context, on: slot.executor)
                : slot.source.requestTimeline(in: context, on: slot.executor)
        }
        guard fetchesOffline else { return ask() }
        // The provider's task (and the tasks it starts) inherits the task-local from here.
        let fetches = OfflineFetches()
        slot.asksOffline(fetches, at: now)
        return HTTPClient.$offline.withValue(fetches, operation: ask)
    }

    /// Takes the answer of a fetch, waiting until `deadline` at most. On failure the last
    /// good timeline stays (or the placeholder, if there never was one), the log names
    /// the slot, and a retry is scheduled.
    func finishFetch(_ slot: SlotState, _ call: PendingProviderCall<AnyTimeline>?, by deadline: Date, at now: Date) {
        let failure: String
        // It did not answer (in time, or its thread is still blocked from before).
        var timedOut = call == nil
        if let call {
            do {
                let timeline = try call.answer(by: deadline, timeout: config.providerTimeout)
                guard let reason = timeline.policy.retryReason else {
                    if slot.took(timeline, at: now) { log("slot \(slot.name) (\(slot.kind)): its provider answers again") }
                    return
                }
                // The provider says its fetch failed; what it gives for the meantime is shown.
                slot.tookFallback(timeline, at: now)
                failure = reason.isEmpty ? "its provider's fetch failed" : reason
            } catch {
                // A time-out that left the provider blocking its thread: the next call gets another.
                if case .timedOut = error {
                    slot.abandonBlockedExecutor()
                    timedOut = true
                }
                // A parameter that cannot be resolved fails this slot too.
                failure = "\(error)"
            }
        } else {
            failure = "its provider still blocks \(slot.stuckExecutors.count) threads from earlier calls; not asked again until one returns"
        }
        let delay = slot.fetchFailed(timedOut: timedOut, at: now, timeout: config.providerTimeout)
        // A provider that stays stuck is said once, not at every retry.
        if call == nil, !slot.saysStuck() { return }
        let shown = slot.lastGoodEntry != nil ? "keeping the last good entry"
            : slot.timelineIsFallback ? "showing what its provider gave meanwhile"
            : slot.timeline == nil && timedOut && !slot.isQuarantined ? "the slot says it does not answer"
            : slot.timeline == nil && slot.shownEntry == nil ? "showing its placeholder" : "keeping the last one"
        log("slot \(slot.name) (\(slot.kind)): \(failure); \(shown), retrying in \(Int(delay)) s")
    }

    func providerContext(for slot: SlotState, at now: Date) -> TimelineProviderContext {
        SlotFactory.providerContext(family: slot.family, pixels: slot.rect, scale: config.display.scale, isPreview: false, at: now,
                                    timeZone: config.timeZone, locale: config.locale)
    }

    func environment(family: WidgetFamily) -> EnvironmentValues {
        SlotFactory.environment(family: family, scale: config.display.scale, at: clock.now(), timeZone: config.timeZone,
                                locale: config.locale, assets: config.assets, renderingMode: config.display.renderingMode)
    }

    func environment(for slot: SlotState, at instant: Date) -> EnvironmentValues {
        SlotFactory.environment(family: slot.family, scale: config.display.scale, at: instant, timeZone: config.timeZone,
                                locale: config.locale, assets: config.assets, renderingMode: config.display.renderingMode)
    }
}
