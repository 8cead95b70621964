import FoundationEssentials
import GlanceSystem
import GlanceConfiguration

/// What a thread is doing for a slot, as the note a crash leaves behind (`CrashNotes`):
/// the slot, its widget's kind, a hash of its parameters (a slot configured otherwise
/// since is not the one that crashed) and the phase. Written as one line of JSON.
struct SlotActivity: Codable, Equatable, Sendable {
    enum Phase: String, Codable, Sendable, CaseIterable {
        /// The host's thread asks the provider for its placeholder.
        case placeholder
        /// A provider's thread gets a `preview: true` slot's snapshot.
        case snapshot
        /// A provider's thread gets the timeline (and resolves the intent's parameters).
        case timeline
        /// The host's thread evaluates the view for an entry, keeps the entry, or draws it.
        case drawing
        /// An intent's thread runs a Button's or Toggle's intent.
        case intent

        /// As a sentence goes on: "crashed the daemon while …".
        var doing: String {
            switch self {
            case .placeholder: "getting its placeholder"
            case .snapshot: "getting its snapshot"
            case .timeline: "getting its timeline"
            case .drawing: "drawing"
            case .intent: "running a control's intent"
            }
        }
    }

    var slot: String
    var kind: String
    var parameters: String
    var phase: Phase

    init(slot: String, kind: String, parameters: String, phase: Phase) {
        self.slot = slot
        self.kind = kind
        self.parameters = parameters
        self.phase = phase
    }

    init(slot: SlotConfig, phase: Phase) {
        self.slot = slot.name
        kind = slot.kind
        parameters = Self.parameterHash(of: slot)
        self.phase = phase
    }

    /// The slot's parameters as the entry store names them.
    static func parameterHash(of slot: SlotConfig) -> String {
        hexHash(slot.params.map { "\($0.name)=\($0.text)" }.joined(separator: "\n"))
    }

    /// The note's bytes: one line of JSON, formatted once per slot and phase.
    var note: CrashNotes.Note {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return CrashNotes.Note((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    /// The activity a note's text describes, or nil when it is not one.
    init?(noteText: String) {
        guard let activity = try? JSONDecoder().decode(SlotActivity.self, from: Data(noteText.utf8)) else { return nil }
        self = activity
    }
}
