import GlanceDisplays
import GlanceEmulators
import ArgumentParser
import FoundationEssentials
import GlanceGraphics
import GlanceHardware
import GlanceHost
import GlanceRunner
import GlanceSystem

/// `glance trace decode`: a bus trace back into the images the panel would show.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Work with bus traces (the trace transport's files).",
        subcommands: [Decode.self]
    )

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a trace into the board's controller emulator and write each refresh as a PNG.",
            discussion: """
            Writes DIR/refresh-N-KIND.png (the picture, turned back from the panel's native \
            orientation) for every refresh in the trace, and for a board whose inks were \
            measured (inks: in its file) DIR/refresh-N-KIND-as-seen.png, the same picture \
            in the colours its inks show; prints one line per refresh, and \
            reports protocol errors (a command while BUSY, a write outside the RAM window, \
            no deep sleep at the end) with exit code 1.
            """
        )

        @Argument(help: "The trace file (JSON lines).")
        var trace: String

        @Option(help: "The board whose controller produced the trace (see glance boards).")
        var board: String

        @Option(help: ArgumentHelp("The colours the display asked of the board (its colors:), when not the board's own: gray4 on a board with a grey waveform.", valueName: "colors"))
        var colors: String?

        @Option(help: "Directory for the PNG files.")
        var out: String = "trace-frames"

        func run() throws {
            var board = try BoardCatalog.load(self.board)
            if let colors { board.colors = try BoardChoice.colors(colors, on: board) }
            let text: String
            do {
                text = try String(contentsOfFile: trace, encoding: .utf8)
            } catch {
                throw UsageError(message: "\(trace): cannot be read")
            }
            let records: [(line: Int, record: BusTraceRecord)]
            do {
                records = try BusTraceRecord.parseNumbered(text)
            } catch {
                throw UsageError(message: "\(trace): \(error)")
            }
            guard !records.isEmpty else {
                throw UsageError(message: "\(trace): the trace is empty; record one with display: {board: NAME, transport: trace, path: FILE}")
            }
            let emulator = TraceDecoding.emulator(for: board)
            var failure: String?
            do {
                try BusTraceRecord.replay(records, into: emulator)
                try emulator.checkAsleep()
            } catch PanelBusError.busyTimeout {
                // A replay never waits for real: a controller that stays busy is one that
                // was sent another controller's commands.
                failure = "replaying \(trace) as board \(board.name) (\(board.controller.rawValue.uppercased())): the controller stayed busy where the trace expected it to be done; is the trace from another board?"
            } catch {
                failure = "\(trace): \(error)"
            }
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            for (index, update) in emulator.updates.enumerated() {
                let path = "\(out)/refresh-\(index + 1)-\(update.kind.rawValue).png"
                let picture = update.image.rotated(clockwise: 360 - board.rotation)
                try PNG.write(picture, to: path)
                print("\(update.at) ms: \(update.kind.rawValue) refresh → \(path)")
                if let look = board.inkLook {
                    let seen = "\(out)/refresh-\(index + 1)-\(update.kind.rawValue)-as-seen.png"
                    try AtomicFile.write(try PNG.encode(picture, colours: look), to: seen)
                    print("  as its inks show it (saturation \(board.saturation)) → \(seen)")
                }
            }
            let count = emulator.updates.count
            print("\(records.count) records, \(emulator.bytesReceived) bytes on the bus, \(count) refresh\(count == 1 ? "" : "es")")
            if let failure { throw RuntimeError(message: failure) }
        }
    }
}
