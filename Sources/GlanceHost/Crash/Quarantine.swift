import FoundationEssentials
import GlanceSystem
import GlanceTime
import GlanceConfiguration

/// Slots whose widget crashed or hung the daemon. Such a slot shows an error card and
/// its widget's code is not run again — no placeholder, no timeline, no view — while the
/// other slots run on. Kept in `state_dir/quarantine.json` (written whole, only when it
/// changes), so that systemd's restart or a reboot does not run it again either. A slot
/// tries again when a person asks (`glance reload SLOT`, `glance set SLOT.PARAM`), or when
/// a configuration changes it (another kind or other parameters: a record names the slot's
/// kind and a hash of its parameters, and matches only the slot as it was).
///
/// A `set` lets the slot out only with other parameters: the ones that crashed it are
/// remembered (in memory, while the daemon runs), so a page, MQTT or a widget cannot set
/// them again to crash the daemon at will; `glance reload SLOT` forgets them.
public final class Quarantine {
    package struct Record: Codable, Equatable, Sendable {
        var slot: String
        var kind: String
        /// The slot's parameters when it crashed (`SlotActivity.parameterHash`).
        var parameters: String
        var phase: SlotActivity.Phase
        /// The runtime's message ("Index out of range"), if there was one.
        var message: String?
        var site: CrashRecord.Site?
        var signal: Int32
        /// Seconds the hang guard gave before it stopped the daemon (nil: a crash).
        var hungAfter: Double?
        /// When the next start found it (ISO 8601, UTC).
        var at: String
        /// The backtracer's report.
        var backtrace: String?

        /// What failed, in a few words.
        var what: String {
            if let hungAfter { return "no return within \(CrashRecord.seconds(hungAfter)) s" }
            return message ?? CrashRecord.signalMeaning(signal)
        }

        /// "crashed the daemon while drawing: Index out of range at MyWidget.swift:42".
        var summary: String {
            "\(hungAfter == nil ? "crashed" : "hung") the daemon while \(phase.doing): \(what)" + (site.map { " at \($0)" } ?? "")
        }

        func matches(_ slot: SlotConfig) -> Bool {
            self.slot == slot.name && kind == slot.kind && parameters == SlotActivity.parameterHash(of: slot)
        }
    }

    /// The file; nil keeps the records in memory only (tests, simulations).
    package let path: String?
    package private(set) var records: [Record]
    /// Records a `set` let out, at most `rememberedPerSlot` per slot, newest last.
    private var remembered: [Record] = []
    static let rememberedPerSlot = 8
    private let log: (String) -> Void

    /// Reads `stateDirectory/quarantine.json` (a file that is not one is said and
    /// replaced at the next change).
    public init(stateDirectory: String?, log: @escaping (String) -> Void = { _ in }) {
        self.log = log
        path = stateDirectory.map { $0 + "/quarantine.json" }
        records = []
        guard let path else { return }
        let found: [UInt8]?
        do throws(StateDirectory.Untrusted) {
            found = try StateDirectory.readOwnFile(path)
        } catch {
            log(error.description)
            return
        }
        guard let bytes = found else { return }
        do {
            records = try JSONDecoder().decode([Record].self, from: Data(bytes))
        } catch {
            log("\(path): not a list of quarantined slots; ignored (it is written again when a slot is quarantined or released)")
        }
    }

    /// Quarantines the slot each crash names (what a slot configured as it is in
    /// `slots` did); a crash in no slot, or in one configured otherwise now, is said
    /// instead, once.
    package func admit(_ crashes: [CrashRecord], slots: [SlotConfig], at instant: Date) {
        var changed = false
        for crash in crashes {
            let where_ = crash.site.map { " at \($0.path):\($0.line)" } ?? ""
            let report = crash.backtracePath.map { " (backtrace: \($0))" } ?? ""
            guard let activity = crash.activity else {
                log("the last run crashed outside any widget's code: \(crash.what)\(where_)\(report)")
                continue
            }
            guard let slot = slots.first(where: { $0.name == activity.slot }), slot.kind == activity.kind,
                  SlotActivity.parameterHash(of: slot) == activity.parameters else {
                log("the last run crashed in slot \(activity.slot) (\(activity.kind)) while \(activity.phase.doing): \(crash.what)\(where_)\(report); "
                    + "that slot is configured otherwise now, so it is not quarantined")
                continue
            }
            let record = Record(slot: activity.slot, kind: activity.kind, parameters: activity.parameters, phase: activity.phase,
                                message: crash.message, site: crash.site, signal: crash.signal, hungAfter: crash.hungAfter,
                                at: iso8601String(instant, in: .utc), backtrace: crash.backtracePath)
            records.removeAll { $0.slot == record.slot }
            records.append(record)
            changed = true
        }
        if changed { save() }
    }

    /// The record that keeps `slot` out, if any.
    func record(for slot: SlotConfig) -> Record? { records.first { $0.matches(slot) } }

    /// The record of a crash or hang `slot`, configured so, caused: the one keeping it out,
    /// or one a `set` let out since.
    func crash(of slot: SlotConfig) -> Record? {
        records.first { $0.matches(slot) } ?? remembered.last { $0.matches(slot) }
    }

    /// Lets the slot named `name` run again (a person asked: `glance reload`), forgetting
    /// the parameters that crashed it; whether it was quarantined.
    @discardableResult
    func release(slot name: String) -> Bool {
        remembered.removeAll { $0.slot == name }
        guard records.contains(where: { $0.slot == name }) else { return false }
        records.removeAll { $0.slot == name }
        save()
        return true
    }

    /// Lets the slot named `name` run again with other parameters (a `set`), remembering
    /// the ones that crashed it.
    func letOut(slot name: String) {
        let leaving = records.filter { $0.slot == name }
        guard !leaving.isEmpty else { return }
        records.removeAll { $0.slot == name }
        remembered += leaving
        let mine = remembered.filter { $0.slot == name }
        if mine.count > Self.rememberedPerSlot {
            let dropped = mine.prefix(mine.count - Self.rememberedPerSlot).map(\.parameters)
            remembered.removeAll { $0.slot == name && dropped.contains($0.parameters) }
        }
        save()
    }

    /// Forgets the records no slot of `slots` matches any more (a configuration that
    /// changed the slot, or dropped it, tries it again); what a `set` let out is kept while
    /// the slot is there with the same kind.
    func keepOnly(_ slots: [SlotConfig]) {
        remembered.removeAll { record in !slots.contains { $0.name == record.slot && $0.kind == record.kind } }
        let kept = records.filter { record in slots.contains { record.matches($0) } }
        guard kept != records else { return }
        records = kept
        save()
    }

    private func save() {
        guard let path else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let bytes = try encoder.encode(records)
            try AtomicFile.write(Array(bytes) + [10], to: path, mode: 0o600)
        } catch {
            log("\(path): cannot be written (\(error)); the quarantine holds until the daemon stops")
        }
    }
}
