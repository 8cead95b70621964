import ArgumentParser
import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceHardware
import GlanceHost
import GlanceRunner
import GlanceConfiguration

/// `glance gpio`: the machine's GPIO chips and who holds which line, for wiring up a
/// board (what `gpiodetect` and `gpioinfo` show, through Glance's own libgpiod adapter).
struct GPIOCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gpio",
        abstract: "List the GPIO chips (label, lines) and the named or claimed lines.",
        discussion: "Boards find their chip by label (gpio_chips:) and their lines by offset or name."
    )

    @Flag(help: "List every line, not only the named or claimed ones.")
    var all = false

    func run() throws {
        let system = LibgpiodSystem()
        let paths = system.chipPaths()
        guard !paths.isEmpty else {
            throw RuntimeError(message: "no GPIO chips (/dev/gpiochip*) on this machine: run this on the board (a Raspberry Pi or similar) the panel is wired to; \(LibgpiodSystem.version)")
        }
        print(LibgpiodSystem.version)
        for path in paths {
            let chip: GPIOChip
            do {
                chip = try system.openChip(path: path)
            } catch {
                print("\(path)  (\(error))")
                continue
            }
            defer { chip.close() }
            print("\(path)  \(chip.label)  \(chip.lineCount) lines")
            for offset in 0..<chip.lineCount {
                let name = (try? chip.name(ofLine: offset)) ?? ""
                let holder = (try? chip.holder(ofLine: offset)) ?? nil
                guard all || !name.isEmpty || holder != nil else { continue }
                let number = String(repeating: " ", count: max(0, 4 - String(offset).count)) + String(offset)
                let padded = name + String(repeating: " ", count: max(0, 14 - name.count))
                print("  \(number)  \(padded)\(holder.map { "used by '\($0)'" } ?? "")")
            }
        }
    }
}

/// `glance panel check|clear|test`: a board's panel without a widget config, for wiring
/// it up, for clearing an e-paper panel before it is stored, and for a look at its colours.
struct PanelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "panel",
        abstract: "Check a board's wiring, clear its panel, or show a test card.",
        subcommands: [PanelCheck.self, PanelClear.self, PanelTest.self]
    )
}

/// Which board, from `--board` or a config's `display:` (with its overrides).
struct BoardChoice: ParsableArguments {
    @Option(help: ArgumentHelp("The board (see glance boards).", valueName: "name"))
    var board: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Take the board and its overrides from this config's display:.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("With --board: the colours to show, when not the board's own (gray4 on a board with a grey waveform).", valueName: "colors"))
    var colors: String?

    /// `name` as colours `board` shows: its own, or gray4 where it has a grey waveform.
    static func colors(_ name: String, on board: Board) throws -> PanelColors {
        guard let colors = PanelColors(rawValue: name) else {
            throw UsageError(message: "unknown colors \(name); expected \(PanelColors.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard colors == board.colors || (colors == .gray4 && board.greyWaveform != nil) else {
            throw UsageError(message: "board \(board.name) shows \(board.colors.rawValue)\(board.greyWaveform == nil ? "" : " or gray4"), not \(name); leave out --colors, or see glance boards for the boards with gray4")
        }
        return colors
    }

    /// The board, and the trace file when a config sends its panel to one.
    func resolve() throws -> (board: Board, trace: String?) {
        if colors != nil && board == nil { throw UsageError(message: "--colors goes with --board; a config gives its colours in display:") }
        switch (board, config) {
        case let (name?, nil):
            var board = try BoardCatalog.load(name)
            if let colors { board.colors = try Self.colors(colors, on: board) }
            return (board, nil)
        case let (nil, path?):
            let loaded = try ConfigLoader.load(path: path)
            guard let board = loaded.display.board else { throw UsageError(message: "\(path): display: names no board; add board: NAME there, or use --board NAME") }
            let display = loaded.display
            return (board, display.backend == .panel && display.transport == .trace ? display.path : nil)
        default:
            throw UsageError(message: "give either --board NAME or --config FILE")
        }
    }
}

struct PanelCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run the start-up checks (SPI enabled, permissions, GPIO chip, free lines) without sending a byte."
    )

    @OptionGroup var choice: BoardChoice

    func run() throws {
        let (board, configTrace) = try choice.resolve()
        if let configTrace { throw UsageError(message: "the config sends the panel to a trace (\(configTrace)); there are no wires to check; use --board \(board.name) to check the board's own") }
        let bus: WiredBus
        do {
            bus = try WiredBus.open(board.wiring)
        } catch {
            throw RuntimeError(message: "\(board.name): \(error)")
        }
        defer { bus.close() }
        let lines = board.pins.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: " ")
        let keys = bus.keyLines.map(\.name).joined(separator: " ")
        print("\(board.name): ok — \(board.spiDevice) at \(board.spiSpeedHz / 1000) kHz, chip select by \(board.chipSelect.rawValue), lines \(lines)\(keys.isEmpty ? "" : ", keys \(keys)"); \(LibgpiodSystem.version)")
    }
}

/// Shared by `clear` and `test`: one full refresh of `canvas`; e-paper then sleeps (the
/// picture stays), an LCD keeps showing it unless `sleep` (it would go dark).
private func showOnce(_ choice: BoardChoice, trace: String?, sleep: Bool, _ draw: (Board, Palette) throws -> Canvas) throws {
    let (board, configTrace) = try choice.resolve()
    let trace = trace ?? configTrace
    var wired: WiredBus?
    defer { wired?.close() }
    do {
        let (bus, wires) = try board.openBus(trace: trace)
        wired = wires
        let pipeline = DisplayPipeline(output: try OutputFactory.panel(board: board, bus: bus, dither: .floydSteinberg))
        let canvas = try draw(board, pipeline.output.palette)
        let update = try pipeline.show(native: pipeline.quantise(canvas), cadence: .full)
        if sleep || board.refresh.sleepAfterUpdate { try pipeline.close() }
        print("\(board.name): \(update?.refresh.rawValue ?? "no") refresh of \(board.width)x\(board.height)\(trace.map { "; bus traffic in \($0)" } ?? "")")
    } catch let error as UsageError {
        throw error
    } catch {
        throw RuntimeError(message: "\(board.name): \(error)")
    }
}

struct PanelClear: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Turn the whole panel white and put it to sleep (before storing an e-paper panel; an LCD goes dark)."
    )

    @OptionGroup var choice: BoardChoice

    @Option(help: ArgumentHelp("Write the bus traffic to this trace file instead of driving the panel.", valueName: "file"))
    var trace: String?

    func run() throws {
        try showOnce(choice, trace: trace, sleep: true) { board, _ in try Canvas(width: board.width, height: board.height) }
    }
}

struct PanelTest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Show a test card: a border, the panel's colours, a checkerboard, a grey ramp, an arrow to the top (an LCD stays on)."
    )

    @OptionGroup var choice: BoardChoice

    @Option(help: ArgumentHelp("Write the bus traffic to this trace file instead of driving the panel.", valueName: "file"))
    var trace: String?

    func run() throws {
        try showOnce(choice, trace: trace, sleep: false) { board, palette in try PanelTestCard.draw(width: board.width, height: board.height, palette: palette) }
    }
}

/// A picture that shows at a glance whether a panel is wired, turned and coloured right.
enum PanelTestCard {
    static func draw(width: Int, height: Int, palette: Palette) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height)
        let border = max(2, min(width, height) / 60)
        canvas.fill(PixelRect(x: 0, y: 0, width: width, height: border), .black)
        canvas.fill(PixelRect(x: 0, y: height - border, width: width, height: border), .black)
        canvas.fill(PixelRect(x: 0, y: 0, width: border, height: height), .black)
        canvas.fill(PixelRect(x: width - border, y: 0, width: border, height: height), .black)
        // The panel's colours as bars across the top half (or primaries on RGB screens).
        let colors = palette.colors.isEmpty ? [.black, .white, RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(255, 255, 0)] : palette.colors
        let inner = PixelRect(x: border * 2, y: border * 2, width: width - border * 4, height: height - border * 4)
        let barHeight = inner.height / 3
        for (index, color) in colors.enumerated() {
            let x = inner.x + inner.width * index / colors.count
            let next = inner.x + inner.width * (index + 1) / colors.count
            canvas.fill(PixelRect(x: x, y: inner.y, width: next - x, height: barHeight), color)
        }
        // A checkerboard of 8-pixel squares (partial-window alignment shows in it).
        let checkerTop = inner.y + barHeight + border
        for y in checkerTop..<min(inner.maxY, checkerTop + barHeight / 2) {
            for x in inner.x..<(inner.x + inner.width / 2) where ((x - inner.x) / 8 + (y - checkerTop) / 8) % 2 == 0 {
                canvas.setPixel(y * width + x, .black)
            }
        }
        // A grey ramp, dithered on panels with few colours.
        let rampTop = checkerTop + barHeight / 2 + border
        canvas.fillLinearGradient(PixelRect(x: inner.x, y: rampTop, width: inner.width, height: max(1, inner.maxY - rampTop)),
                                  GradientRamp(colors: [.black, .white]), start: (0, 0.5), end: (1, 0.5))
        // An arrow pointing up in the right half of the checker band: "this way up".
        let arrowX = inner.x + inner.width * 3 / 4, arrowTop = checkerTop, arrowHeight = barHeight / 2
        for row in 0..<arrowHeight {
            let half = row * max(1, inner.width / 8) / max(1, arrowHeight)
            canvas.fill(PixelRect(x: arrowX - half, y: arrowTop + row, width: half * 2 + 1, height: 1), .black)
        }
        return canvas
    }
}
