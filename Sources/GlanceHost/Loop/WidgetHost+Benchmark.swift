import FoundationEssentials
import GlanceGraphics
import GlanceUI
import GlanceWidgetKit

extension WidgetHost {
    /// Every slot's rectangle and view tree for the entry its provider gives at
    /// `instant`, without touching the display or the schedule (for `glance bench`).
    package func contentForBenchmark(at instant: Date) -> [(PixelRect, ViewNode)] {
        slots.map { slot in
            let context = providerContext(for: slot, at: instant)
            let timeline: LoadedTimeline?
            if slot.config.preview {
                timeline = (try? slot.source.snapshot(in: context, timeout: config.providerTimeout, on: slot.executor))
                    .map { LoadedTimeline(AnyTimeline(entries: [$0], policy: .never), loadedAt: instant) }
            } else {
                timeline = (try? slot.source.timeline(in: context, timeout: config.providerTimeout, on: slot.executor))
                    .map { LoadedTimeline($0, loadedAt: instant) }
            }
            let entry = timeline?.entry(at: instant) ?? timeline?.entries.first ?? slot.source.placeholder(in: context)
            return (slot.rect, SlotFactory.content(slot.source.content(for: entry), margins: slot.contentMargins,
                                                   in: environment(for: slot, at: instant)))
        }
    }
}
