import GlanceSystem
import FoundationEssentials
import GlanceIntents
import GlanceTime
import GlanceWidgetKit

/// Asking a provider and waiting for its answer with a time-out: how the host, `glance
/// render` and `glance bench` all call providers. The provider runs on an executor's
/// thread, so the caller's wait is the only thing the time-out has to bound.
extension WidgetTimelineSource {
    /// The provider's timeline, waiting at most `timeout` seconds.
    func timeline(in context: TimelineProviderContext, timeout: Double,
                  on executor: ProviderExecutor = .shared) throws(ProviderCallFailure) -> AnyTimeline {
        try requestTimeline(in: context, on: executor).answer(by: .now.addingTimeInterval(timeout), timeout: timeout)
    }

    /// Asks for the timeline and returns at once; `answer(by:)` waits for it.
    func requestTimeline(in context: TimelineProviderContext, on executor: ProviderExecutor) -> PendingProviderCall<AnyTimeline> {
        let call = PendingProviderCall<AnyTimeline>()
        timeline(in: context, on: executor) { call.box.store($0.value) }
        return call
    }

    /// The provider's gallery snapshot as a timeline of one entry that never reloads
    /// (a `preview: true` slot), returning at once as `requestTimeline` does.
    func requestSnapshotTimeline(in context: TimelineProviderContext, on executor: ProviderExecutor) -> PendingProviderCall<AnyTimeline> {
        let call = PendingProviderCall<AnyTimeline>()
        snapshot(in: context, on: executor) { answer in call.box.store(answer.value.map { AnyTimeline(entries: [$0], policy: .never) }) }
        return call
    }

    /// The provider's gallery snapshot, waiting at most `timeout` seconds.
    func snapshot(in context: TimelineProviderContext, timeout: Double,
                  on executor: ProviderExecutor = .shared) throws(ProviderCallFailure) -> AnyTimelineEntry {
        let call = PendingProviderCall<AnyTimelineEntry>()
        snapshot(in: context, on: executor) { call.box.store($0.value) }
        return try call.answer(by: .now.addingTimeInterval(timeout), timeout: timeout)
    }
}

/// A provider call under way.
final class PendingProviderCall<Value>: Sendable {
    let box = DeliveryBox<Result<Value, IntentConfigurator.Failure>>()

    /// Whether the answer is in, waiting until `deadline` (real time) at most.
    func isAnswered(by deadline: Date) -> Bool { box.wait(until: deadline) != nil }

    /// What the provider gave, waiting until `deadline` (real time) at most.
    func answer(by deadline: Date, timeout: Double) throws(ProviderCallFailure) -> Value {
        guard let answer = box.wait(until: deadline) else { throw .timedOut(seconds: timeout) }
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
    private var onDelivery: (@Sendable () -> Void)?

    func store(_ newValue: Value) {
        let action: (@Sendable () -> Void)? = condition.withLock {
            value = newValue
            condition.broadcast()
            defer { onDelivery = nil }
            return onDelivery
        }
        action?()
    }

    /// Runs `action` (on the deliverer's thread) when the value comes; `false`, and
    /// nothing kept, when it is already here.
    func whenDelivered(_ action: @escaping @Sendable () -> Void) -> Bool {
        condition.withLock {
            guard value == nil else { return false }
            onDelivery = action
            return true
        }
    }

    /// The delivered value, waiting up to `seconds` for it; `nil` on time-out.
    func wait(seconds: Double) -> Value? { wait(until: .now.addingTimeInterval(seconds)) }

    /// The delivered value, waiting until `deadline` for it; `nil` if it has not come.
    func wait(until deadline: Date) -> Value? {
        condition.withLock {
            while value == nil {
                let left = deadline.timeIntervalSince(.now)
                guard left > 0 else { break }
                _ = condition.wait(seconds: left)
            }
            return value
        }
    }
}
