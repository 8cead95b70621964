import GlanceSystem
import FoundationEssentials
import GlanceTime
import GlanceWidgetKit

/// Asking a provider and waiting for its answer on the calling thread, with a time-out:
/// how the host, `glance render` and `glance bench` all call providers.
extension WidgetTimelineSource {
    /// The provider's timeline, or `nil` when it gave none within `timeout` seconds.
    func timeline(in context: TimelineProviderContext, timeout: Double) -> AnyTimeline? {
        let box = DeliveryBox<AnyTimeline>()
        timeline(in: context) { box.store($0.value) }
        return box.wait(seconds: timeout)
    }

    /// The provider's gallery snapshot, or `nil` when it gave none within `timeout` seconds.
    func snapshot(in context: TimelineProviderContext, timeout: Double) -> AnyTimelineEntry? {
        let box = DeliveryBox<AnyTimelineEntry>()
        snapshot(in: context) { box.store($0.value) }
        return box.wait(seconds: timeout)
    }
}

/// Holds what a provider delivers on its own thread until the caller takes it.
/// A delivery after the caller gave up lands here and is dropped with the box.
final class DeliveryBox<Value>: @unchecked Sendable {
    private let condition = ConditionLock()
    private var value: Value?

    func store(_ newValue: Value) {
        condition.withLock {
            value = newValue
            condition.broadcast()
        }
    }

    /// The delivered value, waiting up to `seconds` for it; `nil` on time-out.
    func wait(seconds: Double) -> Value? {
        let deadline = Date.now.addingTimeInterval(seconds)
        return condition.withLock {
            while value == nil {
                let left = deadline.timeIntervalSince(.now)
                guard left > 0 else { break }
                _ = condition.wait(seconds: left)
            }
            return value
        }
    }
}
