import FoundationEssentials
import GlanceGraphics
import GlanceHardware
import GlanceYAML

/// The fields of a board, shared by board files and a config's overrides, so that a
/// mistake in either points at its own file and line.
package enum BoardFields {
    package static let boardKeys = ["description", "controller", "resolution", "colors", "rotation", "spi", "chip_select", "gpio_chips",
                            "pins", "busy", "keys", "refresh", "options", "inks", "saturation"]

    package static func apply(_ key: String, _ value: YAMLReader, to board: inout Board) throws(ConfigError) {
        switch key {
        case "description":
            board.description = try value.string()
        case "controller":
            let text = try value.string()
            guard let controller = Board.Controller(rawValue: text.lowercased()) else {
                throw value.fail("unknown controller \(quoted(text)); expected one of \(Board.Controller.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            board.controller = controller
        case "resolution":
            (board.nativeWidth, board.nativeHeight) = try value.size()
        case "colors":
            let text = try value.string()
            guard let colors = PanelColors(rawValue: text) else {
                throw value.fail("unknown colors \(quoted(text)); expected one of \(PanelColors.allCases.map(\.rawValue).joined(separator: ", "))")
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
            guard let mode = Board.ChipSelect(rawValue: text) else { throw value.fail("expected kernel or gpio, found \(quoted(text))") }
            board.chipSelect = mode
        case "gpio_chips":
            board.gpioChips = try value.sequence().map { item throws(ConfigError) in try item.string() }
        case "pins":
            for (role, item) in try value.mapping(allowed: PanelLine.allCases.map(\.rawValue)) {
                board.pins[PanelLine(rawValue: role)!] = try line(item)
            }
        case "busy":
            for (field, item) in try value.mapping(allowed: ["active", "command_ms", "full_ms", "fast_ms", "partial_ms"]) {
                switch field {
                case "active":
                    let text = try item.string()
                    guard let level = BusyLevel(rawValue: text) else { throw item.fail("expected high or low, found \(quoted(text))") }
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
            let allowed = ["partial", "fast", "full_every", "full_at_least_every", "full_after_area", "minimum_interval", "sleep_after_update"]
            for (field, item) in try value.mapping(allowed: allowed) {
                switch field {
                case "partial": board.refresh.partial = try bool(item)
                case "fast": board.refresh.fast = try bool(item)
                case "full_every": board.refresh.fullEvery = try item.int(in: 1...100_000)
                case "full_at_least_every": board.refresh.fullAtLeastEvery = try item.double(in: 60...31_536_000)
                case "full_after_area": board.refresh.fullAfterArea = try item.double(in: 0...10_000)
                case "minimum_interval": board.refresh.minimumInterval = try item.double(in: 0...86_400)
                default: board.refresh.sleepAfterUpdate = try bool(item)
                }
            }
        case "inks":
            let names = board.colors.palette.inkNames
            guard !names.isEmpty else { throw value.fail("\(board.colors.rawValue) panels show every colour; inks: is for panels of a few inks") }
            for (field, item) in try value.mapping(allowed: ["measured", "ideal", "source"]) {
                if field == "source" {
                    board.inkSource = try item.string()
                    continue
                }
                var colours = field == "ideal" ? board.idealInks ?? board.colors.palette.colors : board.measuredInks ?? board.colors.palette.colors
                var seen: Set<String> = []
                for (name, colour) in try item.freeMapping() {
                    guard let index = names.firstIndex(of: name) else {
                        throw colour.fail("\(board.colors.rawValue) panels have no \(quoted(name)) ink; their inks are \(names.joined(separator: ", "))")
                    }
                    colours[index] = try rgb(colour)
                    seen.insert(name)
                }
                if field == "measured", board.measuredInks == nil, let missing = names.first(where: { !seen.contains($0) }) {
                    throw item.fail("no measured colour for \(missing): give every ink (\(names.joined(separator: ", ")))")
                }
                if field == "ideal" { board.idealInks = colours } else { board.measuredInks = colours }
            }
        case "saturation":
            board.saturation = try value.double(in: 0...1)
        case "options":
            for (field, item) in try value.mapping(allowed: ["column_offset_bytes", "madctl", "column_offset", "row_offset", "sequence", "grey_waveform"]) {
                switch field {
                case "grey_waveform":
                    let text = try item.string()
                    guard let waveform = GreyWaveform(rawValue: text) else {
                        throw item.fail("unknown grey_waveform \(quoted(text)); expected \(GreyWaveform.allCases.map(\.rawValue).joined(separator: " or "))")
                    }
                    board.greyWaveform = waveform
                case "sequence":
                    let text = try item.string()
                    guard let sequence = ColourEPaperController.Sequence(rawValue: text) else {
                        throw item.fail("unknown sequence \(quoted(text)); expected \(ColourEPaperController.Sequence.allCases.map(\.rawValue).joined(separator: " or "))")
                    }
                    board.sequence = sequence
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
            throw item.fail("expected a line offset (BCM number) or a line name like GPIO17, found \(quoted(text))")
        }
        return .name(text)
    }

    /// A colour as `[red, green, blue]`, 0–255 each.
    private static func rgb(_ item: YAMLReader) throws(ConfigError) -> RGBA {
        let channels = try item.sequence()
        guard channels.count == 3 else { throw item.fail("expected [red, green, blue], 0–255 each, found \(channels.count) numbers") }
        let values = try channels.map { channel throws(ConfigError) in UInt8(try channel.int(in: 0...255)) }
        return RGBA(values[0], values[1], values[2])
    }

    private static func bool(_ item: YAMLReader) throws(ConfigError) -> Bool {
        switch try item.string().lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let text: throw item.fail("expected true or false, found \(quoted(text))")
        }
    }

    /// Checks that hold between fields: pins the controller needs, a CS pin when Glance
    /// drives chip select, and a resolution and colours the controller accepts.
    package static func check(_ board: Board, at reader: YAMLReader) throws(ConfigError) {
        let name = board.controller.rawValue.uppercased()
        for role in board.controller.requiredPins where board.pins[role] == nil {
            let needed = board.controller.requiredPins.map(\.rawValue).joined(separator: ", ")
            throw reader.fail("board \(board.name): missing pin \(role.rawValue) under pins: (\(name) needs \(needed))")
        }
        if board.chipSelect == .gpio && board.pins[.chipSelect] == nil {
            throw reader.fail("board \(board.name): chip_select: gpio needs a CS pin under pins:")
        }
        if board.sequence != .pimoroni && !board.controller.hasSequences {
            throw reader.fail("board \(board.name): \(name) has one register sequence; options: sequence: is for E673 and EL133UF1 boards")
        }
        if board.pins[.chipSelect1] != nil && board.chipSelect != .gpio {
            throw reader.fail("board \(board.name): a second controller's CS1 is driven as a GPIO: set chip_select: gpio (and dtoverlay=spi0-0cs)")
        }
        // One line, one use (the hardware check repeats this for lines given by name).
        var users: [LineReference: String] = [:]
        let kernelCS = board.chipSelect == .kernel
        let lines = board.pins.filter { !(kernelCS && $0.key == .chipSelect) }.map { ("pins.\($0.key.rawValue)", $0.value) }
            + board.keys.map { ("keys.\($0.key)", $0.value) }
        for (use, line) in lines.sorted(by: { $0.0 < $1.0 }) {
            if let other = users[line] { throw reader.fail("board \(board.name): \(other) and \(use) are both \(line); give each its own line") }
            users[line] = use
        }
        // The controller's own checks decide what it can drive: one place for its limits.
        do {
            _ = try board.makeController(bus: DiscardingBus())
        } catch {
            throw reader.fail("board \(board.name): \(error)")
        }
    }
}

