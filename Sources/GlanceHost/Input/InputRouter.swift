import FoundationEssentials
import GlanceUI
import GlanceConfiguration

/// What a person did, turned into what the host does: a key's binding (short, or long
/// when it has one), a tap on a control, `glance press`. Runs on the host's thread at a
/// wake; the actions mark slots for reloading or run a control's intent.
final class InputRouter {
    private let keys: [KeyBinding]
    private let intents: IntentRunner
    private let log: (String) -> Void
    /// Which slot and control was drawn at a point of the display (for taps).
    private let control: (_ x: Int, _ y: Int) -> (slot: Int, control: ControlNode)?
    /// Keys with a long binding that are down, and since when (nanoseconds, the input's clock).
    private var keysDown: [String: UInt64] = [:]
    /// Called for each key press acted on, with whether it was long.
    var onKeyPress: ((String, Bool) -> Void)?
    /// Turns a stack by a step (`next`, `previous`); set by the host.
    var turnStack: ((_ stack: String, _ step: Int, _ now: Date) -> Void)?

    init(keys: [KeyBinding], intents: IntentRunner, log: @escaping (String) -> Void,
         control: @escaping (_ x: Int, _ y: Int) -> (slot: Int, control: ControlNode)?) {
        self.keys = keys
        self.intents = intents
        self.log = log
        self.control = control
    }

    /// Acts on `inputs`, in the order they came.
    func handle(_ inputs: [HostInbox.Input], slots: [SlotState], at now: Date) {
        for input in inputs {
            switch input {
            case .press(let key, let long):
                guard let binding = binding(of: key) else { continue }
                onKeyPress?(key, long)
                run(long ? binding.long ?? binding.action : binding.action, slots: slots, at: now)
            case .keyDown(let key, let at):
                guard let binding = binding(of: key) else { continue }
                // Without a long binding the key acts as it goes down, the quickest answer.
                if binding.long == nil {
                    onKeyPress?(key, false)
                    run(binding.action, slots: slots, at: now)
                } else {
                    keysDown[key] = at
                }
            case .keyUp(let key, let at):
                guard let binding = keys.first(where: { $0.key == key }), let long = binding.long,
                      let down = keysDown.removeValue(forKey: key) else { continue }
                let isLong = at &- down >= KeyBinding.longPressNanoseconds
                onKeyPress?(key, isLong)
                run(isLong ? long : binding.action, slots: slots, at: now)
            case .tap(let x, let y):
                // Taps outside every control do nothing.
                guard let (index, control) = control(x, y), slots.indices.contains(index) else { continue }
                intents.perform(control, of: slots[index], at: now)
            case .pressControl(let slot, let control):
                run(.press(slot: slot, control: control), slots: slots, at: now)
            }
        }
    }

    private func binding(of key: String) -> KeyBinding? {
        guard let binding = keys.first(where: { $0.key == key }) else {
            log("key \(key) is not bound to anything; ignored")
            return nil
        }
        return binding
    }

    /// Carries out a key's action.
    private func run(_ action: KeyBinding.Action, slots: [SlotState], at now: Date) {
        switch action {
        case .reloadAll:
            for slot in slots { slot.askReload(.intent, notBefore: now) }
        case .reload(let kind):
            for slot in slots where slot.kind == kind { slot.askReload(.intent, notBefore: now) }
        case .press(let name, let index):
            guard let slot = slots.first(where: { $0.name == name }) else {
                log("press \(name): no such slot")
                return
            }
            let controls = slot.shownContent?.controls ?? []
            guard controls.indices.contains(index - 1) else {
                log("press \(name) \(index): the slot shows \(controls.isEmpty ? "no Button or Toggle" : "\(controls.count) control\(controls.count == 1 ? "" : "s")"); nothing to press")
                return
            }
            intents.perform(controls[index - 1], of: slot, at: now)
        case .turn(let stack, let step):
            turnStack?(stack, step, now)
        }
    }
}
