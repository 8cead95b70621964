import FoundationEssentials
import GlanceUI

/// Why a slot shows an error card instead of its widget.
enum SlotProblem: Equatable {
    /// Its widget crashed or hung the daemon: its code is not run until a person lets it.
    case quarantined(Quarantine.Record)
    /// Its provider did not answer in time and there is nothing good to show meanwhile.
    case notAnswering(phase: SlotActivity.Phase, seconds: Double, retryAt: Date)
    /// Its view for the entry draws nothing (an empty view).
    case drewNothing

    /// One line for the log and `glance status`.
    func summary(slot: String) -> String {
        switch self {
        case .quarantined(let record):
            "quarantined: it \(record.summary) (glance reload \(slot) tries it again)"
        case .notAnswering(let phase, let seconds, _):
            "not answering: no answer within \(CrashRecord.seconds(seconds)) s while \(phase.doing)"
        case .drewNothing:
            "its view draws nothing (an empty view)"
        }
    }
}

/// What a slot shows for a `SlotProblem`: the widget's kind, what happened and where, and
/// what a person can do, in black on white with a border, so that it reads on every panel.
/// Drawn by the host, not by the widget's code.
enum ErrorCard {
    static func view(for problem: SlotProblem, slot: String, kind: String) -> AnyView {
        switch problem {
        case .quarantined(let record):
            card(title: "\(kind) stopped", message: record.what, site: record.site?.description,
                 note: "\(record.hungAfter == nil ? "crashed" : "hung") while \(record.phase.doing); glance reload \(slot) tries again")
        case .notAnswering(let phase, let seconds, let retryAt):
            card(title: "\(kind) is not answering", message: "no answer within \(CrashRecord.seconds(seconds)) s while \(phase.doing)",
                 note: "trying again at", date: retryAt)
        case .drewNothing:
            card(title: "\(kind) drew nothing", message: "its view for this entry is empty", note: "the widget's body shows no text, shape or image")
        }
    }

    private static func card(title: String, message: String, site: String? = nil, note: String, date: Date? = nil) -> AnyView {
        AnyView(
            VStack(alignment: .leading, spacing: 4) {
                HStack(spacing: 4) {
                    Image(systemName: "exclamationmark.triangle")
                    Text(title).font(.headline)
                }
                Text(message).font(.subheadline).lineLimit(3)
                if let site { Text(site).font(.subheadline) }
                Spacer(minLength: 0)
                if let date {
                    Text(note + " ") + Text(date, style: .time)
                } else {
                    Text(note)
                }
            }
            .font(.caption)
            .lineLimit(2)
            .minimumScaleFactor(0.5)
            .foregroundStyle(Color.black)
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(Color.white)
            .border(Color.black, width: 2)
        )
    }
}

extension ViewNode {
    /// Whether nothing in the tree puts ink anywhere: empty views, spacers, empty texts,
    /// and containers and modifiers of only those. A geometry reader's content depends on
    /// its size and counts as drawing.
    var drawsNothing: Bool {
        switch self {
        case .empty, .spacer: true
        case .text(let text): text.pieces.allSatisfy { $0.string.isEmpty }
        case .shape, .divider, .symbol, .image, .geometry: false
        case .group(let children): children.allSatisfy(\.drawsNothing)
        case .stack(let stack): stack.children.allSatisfy(\.drawsNothing)
        case .grid(let grid): grid.cells.allSatisfy(\.drawsNothing)
        case .firstFitting(let fit): fit.children.allSatisfy(\.drawsNothing)
        case .padding(_, let child), .frame(_, let child), .clip(_, let child), .fixedSize(_, _, let child),
             .alignmentGuide(_, let child), .control(_, let child), .effect(_, let child), .mask(let child, _, _):
            child.drawsNothing
        case .background(let content, let decoration, _), .overlay(let content, let decoration, _):
            content.drawsNothing && decoration.drawsNothing
        }
    }
}
