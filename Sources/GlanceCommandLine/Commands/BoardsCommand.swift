import GlanceDisplays
import ArgumentParser
import GlanceHost
import GlanceRunner

/// `glance boards`: the supported boards and HATs, one a line.
struct BoardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boards",
        abstract: "List the supported boards (boards/*.yaml); a config names one with display: {board: NAME}."
    )

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
                print("\(padded)  \(board.controller.rawValue.uppercased()) \(board.width)x\(board.height) \(board.colors.rawValue)\(keys) — \(board.description)")
            } catch {
                print("\(name)  (unreadable: \(error))")
            }
        }
    }
}
