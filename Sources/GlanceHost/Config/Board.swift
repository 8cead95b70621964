import FoundationEssentials
import GlanceHardware
import Glibc
import GlanceDisplays
import GlanceGraphics

/// A supported board or HAT, from `boards/NAME.yaml`: which controller drives which
/// panel, how it is wired, and how it may be refreshed. A config names a board and may
/// override any field (`display: {board: NAME, rotation: 0, pins: {BUSY: 23}}`).
public struct Board: Sendable, Equatable {
    public enum Controller: String, Sendable, CaseIterable {
        case ssd1680, ssd1683, uc8179, uc8159, st7789

        /// The level BUSY holds while the controller works; nil: no BUSY line.
        public var busyLevel: BusyLevel? {
            switch self {
            case .ssd1680, .ssd1683: .high
            case .uc8179, .uc8159: .low
            case .st7789: nil
            }
        }

        /// Lines the driver cannot work without.
        public var requiredPins: [String] { self == .st7789 ? ["DC"] : ["RST", "DC", "BUSY"] }
    }

    public enum ChipSelect: String, Sendable, CaseIterable {
        /// The SPI controller drives CE0/CE1 (`/dev/spidev0.0`, `0.1`).
        case kernel
        /// Glance drives the `CS` pin as a GPIO line (boards that need `dtoverlay=spi0-0cs`).
        case gpio
    }

    public var name: String
    public var description = ""
    public var controller: Controller = .ssd1680
    /// The controller's native pixels: source lines × gate lines.
    public var nativeWidth = 0
    public var nativeHeight = 0
    public var colors: DisplayConfig.Colors = .bw
    /// Degrees the picture turns clockwise to the panel's native orientation.
    public var rotation = 0
    public var spiDevice = "/dev/spidev0.0"
    public var spiSpeedHz = 4_000_000
    public var spiMode = 0
    public var chipSelect: ChipSelect = .kernel
    /// GPIO chip labels to look for, in order (the Pi 5's `pinctrl-rp1`, the Pi 4's
    /// `pinctrl-bcm2711`, …), so that `/dev/gpiochipN` numbers never matter.
    public var gpioChips = ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"]
    /// Role (`RST`, `DC`, `BUSY`, `CS`, `PWR`, `BL`) → line: an offset on the chip (the
    /// BCM number) or the line's name (`GPIO17`).
    public var pins: [String: LineReference] = [:]
    public var busyTimeouts = BusyTimeouts()
    /// Key name → line; keys read low when pressed (pull-up).
    public var keys: [String: LineReference] = [:]
    public var refresh = RefreshProfile()
    /// Leftmost RAM byte of the visible area (SSD1680 boards that start at byte 1).
    public var columnOffsetBytes = 0
    /// ST7789 memory access control byte and RAM offsets.
    public var madctl = 0
    public var columnOffset = 0
    public var rowOffset = 0
    /// The file it came from, for messages.
    public var file = ""

    public init(name: String) { self.name = name }

    /// The picture's size after rotation, in pixels.
    public var width: Int { rotation % 180 == 0 ? nativeWidth : nativeHeight }
    public var height: Int { rotation % 180 == 0 ? nativeHeight : nativeWidth }
}

/// Finds and reads board files.
public enum BoardCatalog {
    /// Where board files are looked for, in order: `$GLANCE_BOARDS`, `./boards`, the
    /// source checkout's `boards/` (for `swift run` from anywhere), then the installed
    /// `/usr/local/share/glance/boards` and `/usr/share/glance/boards`.
    public static var directories: [String] {
        var result: [String] = []
        if let path = getenv("GLANCE_BOARDS").map({ String(cString: $0) }), !path.isEmpty { result.append(path) }
        result.append("boards")
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("boards").path
        result.append(source)
        result += ["/usr/local/share/glance/boards", "/usr/share/glance/boards"]
        return result
    }

    /// Every board name found (file names without `.yaml`), sorted.
    public static func names() -> [String] {
        var names: Set<String> = []
        for directory in directories {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for file in files where file.hasSuffix(".yaml") { names.insert(String(file.dropLast(5))) }
            if !names.isEmpty { break }
        }
        return names.sorted()
    }

    /// The path of board `name`'s file, if any directory has it.
    public static func path(of name: String) -> String? {
        for directory in directories {
            let path = directory + "/" + name + ".yaml"
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// Reads board `name`; `reference` is where the config named it (for "no such board").
    public static func load(_ name: String, reference: ConfigLocation? = nil) throws(ConfigError) -> Board {
        guard let path = path(of: name) else {
            let known = names()
            let message = "unknown board '\(name)'; expected one of \(known.isEmpty ? "(no boards/ folder found; set GLANCE_BOARDS)" : known.joined(separator: ", "))"
            throw reference?.error(message) ?? ConfigError(file: "boards", message: message)
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(file: path, message: "cannot be read as UTF-8 text")
        }
        return try parse(text, name: name, file: path)
    }

    /// Parses a board file's text.
    public static func parse(_ text: String, name: String, file: String) throws(ConfigError) -> Board {
        let root: YAMLNode
        do {
            guard let node = try YAMLComposer.compose(text) else { throw ConfigError(file: file, message: "the board file is empty") }
            root = node
        } catch let error as ConfigError {
            throw error
        } catch let error as YAMLSyntaxError {
            throw ConfigError(file: file, line: error.mark?.line ?? 0, column: error.mark?.column ?? 0, message: "YAML syntax: \(error.problem)")
        } catch {
            throw ConfigError(file: file, message: "not valid YAML: \(error)")
        }
        var board = Board(name: name)
        board.file = file
        let reader = YAMLReader(file: file, node: root, path: "")
        var sawController = false, sawResolution = false
        for (key, value) in try reader.mapping(allowed: BoardFields.boardKeys) {
            try BoardFields.apply(key, value, to: &board)
            sawController = sawController || key == "controller"
            sawResolution = sawResolution || key == "resolution"
        }
        if !sawController { throw reader.fail("missing 'controller' (one of \(Board.Controller.allCases.map(\.rawValue).joined(separator: ", ")))") }
        if !sawResolution { throw reader.fail("missing 'resolution' (the controller's native pixels, like 122x250)") }
        try BoardFields.check(board, at: reader)
        return board
    }
}

/// The fields of a board, shared by board files and a config's overrides, so that a
/// mistake in either points at its own file and line.
enum BoardFields {
    static let boardKeys = ["description", "controller", "resolution", "colors", "rotation", "spi", "chip_select", "gpio_chips",
                            "pins", "busy", "keys", "refresh", "options"]

    static func apply(_ key: String, _ value: YAMLReader, to board: inout Board) throws(ConfigError) {
        switch key {
        case "description":
            board.description = try value.string()
        case "controller":
            let text = try value.string()
            guard let controller = Board.Controller(rawValue: text.lowercased()) else {
                throw value.fail("unknown controller '\(text)'; expected one of \(Board.Controller.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            board.controller = controller
        case "resolution":
            (board.nativeWidth, board.nativeHeight) = try ConfigLoader.parseSize(value)
        case "colors":
            let text = try value.string()
            guard let colors = DisplayConfig.Colors(rawValue: text) else {
                throw value.fail("unknown colors '\(text)'; expected one of \(DisplayConfig.Colors.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            board.colors = colors
        case "rotation":
            let degrees = try value.int(in: 0...270)
            guard degrees % 90 == 0 else { throw value.fail("expected 0, 90, 180 or 270, found \(degrees)") }
            board.rotation = degrees
        case "spi":
            for (field, item) in try value.mapping(allowed: ["device", "speed_hz", "mode"]) {
                switch field {
                case "device": board.spiDevice = try item.string()
                case "speed_hz": board.spiSpeedHz = try item.int(in: 10_000...125_000_000)
                default: board.spiMode = try item.int(in: 0...3)
                }
            }
        case "chip_select":
            let text = try value.string()
            guard let mode = Board.ChipSelect(rawValue: text) else { throw value.fail("expected kernel or gpio, found '\(text)'") }
            board.chipSelect = mode
        case "gpio_chips":
            board.gpioChips = try value.sequence().map { item throws(ConfigError) in try item.string() }
        case "pins":
            for (role, item) in try value.mapping(allowed: ["RST", "DC", "BUSY", "CS", "PWR", "BL"]) {
                board.pins[role] = try line(item)
            }
        case "busy":
            for (field, item) in try value.mapping(allowed: ["active", "command_ms", "full_ms", "fast_ms", "partial_ms"]) {
                switch field {
                case "active":
                    let text = try item.string()
                    guard let level = BusyLevel(rawValue: text) else { throw item.fail("expected high or low, found '\(text)'") }
                    if let expected = board.controller.busyLevel, level != expected {
                        throw item.fail("\(board.controller.rawValue.uppercased()) holds BUSY \(expected.rawValue) while busy, not \(level.rawValue)")
                    }
                case "command_ms": board.busyTimeouts.command = try item.int(in: 1...600_000)
                case "full_ms": board.busyTimeouts.full = try item.int(in: 1...600_000)
                case "fast_ms": board.busyTimeouts.fast = try item.int(in: 1...600_000)
                default: board.busyTimeouts.partial = try item.int(in: 1...600_000)
                }
            }
        case "keys":
            for (name, item) in try value.freeMapping() { board.keys[name] = try line(item) }
        case "refresh":
            let allowed = ["partial", "fast", "full_every", "full_at_least_every", "minimum_interval", "sleep_after_update"]
            for (field, item) in try value.mapping(allowed: allowed) {
                switch field {
                case "partial": board.refresh.partial = try bool(item)
                case "fast": board.refresh.fast = try bool(item)
                case "full_every": board.refresh.fullEvery = try item.int(in: 1...100_000)
                case "full_at_least_every": board.refresh.fullAtLeastEvery = try item.double(in: 60...31_536_000)
                case "minimum_interval": board.refresh.minimumInterval = try item.double(in: 0...86_400)
                default: board.refresh.sleepAfterUpdate = try bool(item)
                }
            }
        case "options":
            for (field, item) in try value.mapping(allowed: ["column_offset_bytes", "madctl", "column_offset", "row_offset"]) {
                switch field {
                case "column_offset_bytes": board.columnOffsetBytes = try item.int(in: 0...8)
                case "madctl": board.madctl = try item.int(in: 0...255)
                case "column_offset": board.columnOffset = try item.int(in: 0...320)
                default: board.rowOffset = try item.int(in: 0...320)
                }
            }
        default:
            break
        }
    }

    /// A line: a number is the offset on the chip (BCM), text is the line's name.
    private static func line(_ item: YAMLReader) throws(ConfigError) -> LineReference {
        let text = try item.string()
        if let offset = Int(text) {
            guard (0...511).contains(offset) else { throw item.fail("expected a line offset 0…511 or a line name, found \(offset)") }
            return .offset(offset)
        }
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
            throw item.fail("expected a line offset (BCM number) or a line name like GPIO17, found '\(text)'")
        }
        return .name(text)
    }

    private static func bool(_ item: YAMLReader) throws(ConfigError) -> Bool {
        switch try item.string().lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let text: throw item.fail("expected true or false, found '\(text)'")
        }
    }

    /// Checks that hold between fields: pins the controller needs, a CS pin when Glance
    /// drives chip select, and a resolution and colours the controller accepts.
    static func check(_ board: Board, at reader: YAMLReader) throws(ConfigError) {
        let name = board.controller.rawValue.uppercased()
        for role in board.controller.requiredPins where board.pins[role] == nil {
            throw reader.fail("board \(board.name): missing pin \(role) under pins: (\(name) needs \(board.controller.requiredPins.joined(separator: ", ")))")
        }
        if board.chipSelect == .gpio && board.pins["CS"] == nil {
            throw reader.fail("board \(board.name): chip_select: gpio needs a CS pin under pins:")
        }
        // One line, one use (the hardware check repeats this for lines given by name).
        var users: [LineReference: String] = [:]
        let kernelCS = board.chipSelect == .kernel
        let lines = board.pins.filter { !(kernelCS && $0.key == "CS") }.map { ("pins.\($0.key)", $0.value) }
            + board.keys.map { ("keys.\($0.key)", $0.value) }
        for (use, line) in lines.sorted(by: { $0.0 < $1.0 }) {
            if let other = users[line] { throw reader.fail("board \(board.name): \(other) and \(use) are both \(line); give each its own line") }
            users[line] = use
        }
        // The controller's own checks decide what it can drive: one place for its limits.
        let controller: any PanelController
        do {
            controller = try board.makeController(bus: DiscardingBus())
        } catch {
            throw reader.fail("board \(board.name): \(error)")
        }
        if controller.palette.name != board.colors.rawValue {
            throw reader.fail("board \(board.name): \(name) panels are \(controller.palette.name), not \(board.colors.rawValue)")
        }
    }
}

extension Board {
    /// How the panel and keys are wired, for `WiredBus.open`.
    public var wiring: PanelWiring {
        PanelWiring(spiDevice: spiDevice, spiSpeedHz: spiSpeedHz, spiMode: spiMode, chipSelectByGPIO: chipSelect == .gpio,
                    chipLabels: gpioChips, lines: pins, keys: keys)
    }

    /// The bus to this board's panel: a trace file when `trace` is given, else the real
    /// wires, opened after the start-up checks (`wires` then holds them, for keys and
    /// for closing).
    public func openBus(trace: String?) throws -> (bus: any PanelBus, wires: WiredBus?) {
        if let trace { return (try TraceBus(path: trace), nil) }
        let wires = try WiredBus.open(wiring)
        return (wires, wires)
    }

    /// The controller this board names, configured from its file, speaking to `bus`.
    public func makeController(bus: any PanelBus) throws(PanelConfigurationError) -> any PanelController {
        let palette = Palette.named(colors.rawValue) ?? .bw
        switch controller {
        case .ssd1680, .ssd1683:
            return try SSD168xController(bus: bus, model: controller == .ssd1680 ? .ssd1680 : .ssd1683, width: nativeWidth,
                                         height: nativeHeight, palette: palette, timeouts: busyTimeouts, columnOffsetBytes: columnOffsetBytes)
        case .uc8179:
            return try UC8179Controller(bus: bus, width: nativeWidth, height: nativeHeight, timeouts: busyTimeouts)
        case .uc8159:
            return try UC8159Controller(bus: bus, width: nativeWidth, height: nativeHeight, timeouts: busyTimeouts)
        case .st7789:
            return try ST7789Controller(bus: bus, width: nativeWidth, height: nativeHeight, madctl: UInt8(madctl),
                                        columnOffset: columnOffset, rowOffset: rowOffset)
        }
    }
}

/// A bus that goes nowhere: controllers are made on it only to check a board.
private final class DiscardingBus: PanelBus {
    func command(_ code: UInt8) throws {}
    func data(_ bytes: [UInt8]) throws {}
    func setLine(_ line: String, high: Bool) throws {}
    func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws {}
    func delay(milliseconds: Int) {}
}
