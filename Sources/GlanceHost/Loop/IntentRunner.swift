import FoundationEssentials
import GlanceUI
import GlanceWidgetKit

/// Runs the intents of Buttons and Toggles off the host's thread, waiting a bounded
/// time; when one succeeds its slot reloads at once (as WidgetKit reloads the widget
/// whose button ran). An intent that throws or takes too long changes nothing.
final class IntentRunner {
    private let timeout: TimeInterval
    private let log: (String) -> Void
    /// Where intents run (replaced after one hangs).
    private var executor = ProviderExecutor()
    /// The last intent run: its slot, title, and the error if it failed.
    private(set) var last: (slot: String, title: String, error: String?)?

    init(timeout: TimeInterval, log: @escaping (String) -> Void) {
        self.timeout = timeout
        self.log = log
    }

    // The intents' thread ends with the host that ran them.
    deinit { executor.retire() }

    /// Runs `control`'s intent, waiting at most the timeout.
    func perform(_ control: ControlNode, of slot: SlotState, at now: Date) {
        let action = control.action
        let box = DeliveryBox<Result<Void, any Error>>()
        // A crash on the intent's thread is this slot's.
        executor.crashNote = slot.notes[.intent]
        executor.slotName = slot.config.name
        executor.log = log
        Task(executorPreference: executor) {
            do {
                try await action.perform()
                box.store(.success(()))
            } catch {
                box.store(.failure(error))
            }
        }
        switch box.wait(seconds: timeout) {
        case .success?:
            slot.askReload(.intent, notBefore: now)
            last = (slot.name, action.title, nil)
        case .failure(let error)?:
            log("slot \(slot.name): \(action.title) failed: \(error); the frame stays as it is")
            last = (slot.name, action.title, "\(error)")
        case nil:
            // Its thread may stay blocked: the next intent gets a thread of its own, and
            // the blocked one ends once the intent returns.
            log("slot \(slot.name): \(action.title) did not finish within \(timeout) s; the frame stays as it is")
            executor.retire()
            executor = ProviderExecutor()
            last = (slot.name, action.title, "timed out")
        }
    }
}
