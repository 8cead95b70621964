import FoundationEssentials
import GlanceWidgetKit

/// Keeps every slot's last good entry across restarts in the state folder (`EntryStore`):
/// written when a good timeline's entry is shown and its bytes changed, read back at
/// start so that a display without a network shows its last data at once. A store that
/// cannot be written is said once, and the display goes on without it.
final class EntryKeeper {
    /// `nil`: entries are not kept (simulations, tests).
    let store: EntryStore?
    private let log: (String) -> Void
    /// Why the store could not be written, said once until it works again.
    private var failure: String?

    init(store: EntryStore?, log: @escaping (String) -> Void) {
        self.store = store
        self.log = log
    }

    /// The slot now shows `entry` from a good timeline: providers see it as their last
    /// entry, and the store keeps it (written only when its bytes change).
    func keep(_ entry: AnyTimelineEntry, of slot: SlotState) {
        slot.keep(entry)
        // Sample data is nobody's last good entry.
        guard !slot.config.preview, let store, let bytes = slot.source.encodeEntry(entry), bytes != slot.savedEntry else { return }
        do {
            try store.save(slot: slot.name, identity: EntryStore.identity(of: slot.config, entryType: slot.source.entryTypeName), entry: bytes)
            slot.saved(bytes)
            failure = nil
        } catch {
            // A full or read-only disk is said once; the display goes on without it.
            if failure == nil { log("slot \(slot.name): its last entry cannot be kept: \(error); the display goes on, but a restart without a network will show the placeholder (state_dir must be writable by the daemon's user)") }
            failure = "\(error)"
        }
    }

    /// Shows each slot's stored last good entry until its provider answers.
    func loadStored(into slots: [SlotState]) {
        guard let store else { return }
        for slot in slots where !slot.config.preview {
            let (bytes, problem) = store.load(slot: slot.name, identity: EntryStore.identity(of: slot.config, entryType: slot.source.entryTypeName))
            if let problem { log("slot \(slot.name): \(problem)") }
            guard let bytes else { continue }
            guard let entry = slot.source.decodeEntry(bytes) else {
                log("slot \(slot.name): \(store.path(forSlot: slot.name)): the entry does not read as \(slot.source.entryTypeName) any more; ignored")
                continue
            }
            slot.restore(entry, bytes: bytes)
        }
    }
}
