import GlanceDisplays
import GlanceGraphics
import ArgumentParser
import GlanceHost
import GlanceRunner

/// `glance boards`: the supported boards and HATs, one a line.
struct BoardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boards",
        abstract: "List the supported boards (boards/*.yaml); a config names one with display: {board: NAME}."
    )

    @Option(help: ArgumentHelp("Write each measured board's inks as a swatch, NAME-inks.png, into this folder: each ink's ideal colour over the colour it really shows.", valueName: "folder"))
    var inks: String?

    func run() throws {
        let names = BoardCatalog.names()
        guard !names.isEmpty else {
            throw RuntimeError(message: "no board files found in \(BoardCatalog.directories.joined(separator: ", ")); set GLANCE_BOARDS to the boards/ folder")
        }
        let width = names.map(\.count).max() ?? 0
        for name in names {
            do {
                let board = try BoardCatalog.load(name)
                let keys = board.keys.isEmpty ? "" : ", keys \(board.keys.keys.sorted().joined(separator: " "))"
                let padded = name + String(repeating: " ", count: width - name.count)
                let measured = board.measuredInks == nil ? "" : "; inks measured (\(board.inkSource)), saturation \(board.saturation)"
                print("\(padded)  \(board.controller.rawValue.uppercased()) \(board.width)x\(board.height) \(board.colors.rawValue)\(keys) — \(board.description)\(measured)")
                if let inks, let measuredInks = board.measuredInks {
                    try Self.writeSwatch(ideal: board.idealInks ?? board.colors.palette.colors, measured: measuredInks, to: "\(inks)/\(name)-inks.png")
                }
            } catch let error as PNG.Failure {
                throw RuntimeError(message: "\(error)")
            } catch {
                print("\(name)  (unreadable: \(error))")
            }
        }
    }

    /// One column an ink: its ideal colour over the colour it really shows, 40 pixels each.
    static func writeSwatch(ideal: [RGBA], measured: [RGBA], to path: String) throws {
        let side = 40
        var canvas = try Canvas(width: side * measured.count, height: 2 * side)
        for (index, (top, bottom)) in zip(ideal, measured).enumerated() {
            canvas.fill(PixelRect(x: index * side, y: 0, width: side, height: side), top)
            canvas.fill(PixelRect(x: index * side, y: side, width: side, height: side), bottom)
        }
        try PNG.write(canvas, to: path)
    }
}
