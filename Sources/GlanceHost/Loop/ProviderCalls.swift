import GlanceSystem
import FoundationEssentials
import GlanceIntents
import GlanceTime
import GlanceWidgetKit

/// Asking a provider and waiting for its answer on the calling thread, with a time-out:
/// how the host, `glance render` and `glance bench` all call providers.
extension WidgetTimelineSource {
    /// The provider's timeline, waiting at most `timeout` seconds.
    func timeline(in context: TimelineProviderContext, timeout: Double) throws(ProviderCallFailure) -> AnyTimeline {
        let box = DeliveryBox<Result<AnyTimeline, IntentConfigurator.Failure>>()
        timeline(in: context) { box.store($0.value) }
        guard let answer = box.wait(seconds: timeout) else { throw .timedOut(seconds: timeout) }
        do { return try answer.get() } catch { throw .configuration(error) }
    }

    /// The provider's gallery snapshot, waiting at most `timeout` seconds.
    func snapshot(in context: TimelineProviderContext, timeout: Double) throws(ProviderCallFailure) -> AnyTimelineEntry {
        let box = DeliveryBox<Result<AnyTimelineEntry, IntentConfigurator.Failure>>()
        snapshot(in: context) { box.store($0.value) }
        guard let answer = box.wait(seconds: timeout) else { throw .timedOut(seconds: timeout) }
        do { return try answer.get() } catch { throw .configuration(error) }
    }
}

/// Why a provider call gave nothing.
enum ProviderCallFailure: Error, CustomStringConvertible {
    /// The provider did not deliver in time.
    case timedOut(seconds: Double)
    /// The widget's parameters could not be resolved (an entity id names nothing, its
    /// query threw): the provider was not asked.
    case configuration(IntentConfigurator.Failure)

    var description: String {
        switch self {
        case .timedOut(let seconds): "no timeline within \(seconds) s"
        case .configuration(let failure): "\(failure)"
        }
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
