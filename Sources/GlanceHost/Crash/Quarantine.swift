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

    /// Lets the slot named `name` run again; whether it was quarantined.
    @discardableResult
    func release(slot name: String) -> Bool {
        guard records.contains(where: { $0.slot == name }) else { return false }
        records.removeAll { $0.slot == name }
        save()
        return true
    }

    /// Forgets the records no slot of `slots` matches any more (a configuration that
    /// changed the slot, or dropped it, tries it again).
    func keepOnly(_ slots: [SlotConfig]) {
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
