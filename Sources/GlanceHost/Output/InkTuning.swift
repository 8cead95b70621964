import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceSystem

/// The saturation a person tuned on the web page for a board whose inks were measured
/// (`inks:`): how far pictures are dithered against the inks as they look (1) rather than
/// as their ideal colours (0). Kept in the state folder (`inks.json`), over the board
/// file's `saturation:`, until tuned again.
package enum InkTuning {
    static func file(in stateDirectory: String) -> String { stateDirectory + "/inks.json" }

    private struct Saved: Decodable { let saturation: Double }

    /// The saturation kept in `stateDirectory`, if one was tuned (and reads).
    package static func saved(in stateDirectory: String) -> Double? {
        guard let bytes = try? RegularFile.read(file(in: stateDirectory), limit: 4_096),
              let saved = try? JSONDecoder().decode(Saved.self, from: Data(bytes)), isValid(saved.saturation) else { return nil }
        return saved.saturation
    }

    /// Keeps `saturation` (0–1) in `stateDirectory`, written whole.
    package static func save(_ saturation: Double, in stateDirectory: String) throws(AtomicFile.WriteError) {
        let text = "{\"saturation\": \(saturation)}\n"
        try AtomicFile.write(Array(text.utf8), to: file(in: stateDirectory), mode: 0o644)
    }

    /// `board`'s inks blended by `saturation`, or nil where it gives no measurement.
    package static func look(of board: Board, saturation: Double) -> [RGBA]? {
        guard let measured = board.measuredInks else { return nil }
        return Palette.blend(ideal: board.idealInks ?? board.colors.palette.colors, measured: measured, saturation: saturation)
    }

    /// The values the page offers, a twentieth apart.
    package static func isValid(_ saturation: Double) -> Bool { saturation.isFinite && (0...1).contains(saturation) }
}

extension WidgetHost {
    /// The board whose inks were measured, if the display has one.
    package var measuredBoard: Board? {
        guard let board = config.display.board, board.measuredInks != nil, board.colors.palette == config.display.palette else { return nil }
        return board
    }

    /// Pictures are dithered against the inks blended by `saturation` from the next frame,
    /// which comes at once, whole (a full refresh).
    package func tune(saturation: Double) {
        guard let board = measuredBoard else { return }
        presenter.output?.useInkLook(InkTuning.look(of: board, saturation: saturation))
        presenter.requestFullRefresh(because: "the inks' saturation was tuned")
        clock.interrupt()
    }

    /// The frame now as the panel would show it were its pictures dithered against the
    /// inks blended by `saturation`: each ink in the colour it really shows. Nil before the
    /// first frame or without measured inks.
    package func previewPNG(saturation: Double) -> [UInt8]? {
        guard let board = measuredBoard, let look = InkTuning.look(of: board, saturation: saturation),
              let canvas = currentFrame().canvas, let output = presenter.output else { return nil }
        let frame = canvas.quantised(to: output.palette, dither: output.dither, inkLook: look)
        return try? PNG.encode(frame, colours: board.measuredInks ?? look)
    }
}
