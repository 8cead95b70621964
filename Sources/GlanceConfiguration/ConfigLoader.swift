import GlanceSystem
import GlanceDisplays
import GlanceYAML
import FoundationEssentials
import GlanceGraphics
import GlanceTime
import Glibc
import GlanceHardware

/// Reads configuration YAML into a `GlanceConfig`, or fails with one `ConfigError`.
public enum ConfigLoader {
    /// Reads the file at `path`; other modules' sections with `sections` (by default the
    /// parsers this program installed).
    public static func load(path: String) throws(ConfigError) -> GlanceConfig {
        try parse(try TextFile.read(path), file: path)
    }

    /// Reads the file at `path`, other modules' sections with `sections`.
    package static func load(path: String, sections: [ConfigSectionParser]) throws(ConfigError) -> GlanceConfig {
        try parse(try TextFile.read(path), file: path, sections: sections)
    }

    /// Parses `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> GlanceConfig {
        try parse(text, file: file, sections: ConfigSections.installed)
    }

    /// Parses `text` with `sections` for other modules' sections; a section with no
    /// parser among them is kept unread (`GlanceConfig.unservedSections`).
    package static func parse(_ text: String, file: String, sections: [ConfigSectionParser]) throws(ConfigError) -> GlanceConfig {
        let root: YAMLNode
        do {
            guard let node = try YAMLComposer.compose(text) else {
                throw ConfigError(file: file, message: "the file is empty; it needs at least 'slots:'")
            }
            root = node
        } catch let error as ConfigError {
            throw error
        } catch let error as YAMLSyntaxError {
            throw ConfigError(file: file, line: error.mark?.line ?? 0, column: error.mark?.column ?? 0,
                              message: "YAML syntax: \(error.problem)")
        } catch {
            throw ConfigError(file: file, message: "not valid YAML: \(error)")
        }

        let reader = YAMLReader(file: file, node: root, path: "")
        let topKeys = ["timezone", "locale", "display", "slots", "keys", "minimum_reload_interval", "provider_timeout", "images", "named_colors",
                       "intent_timeout", "draw_timeout", "stop_timeout", "sleep", "wake_for", "state_dir", "input", "location"] + ConfigSections.owners.keys.sorted()
        var config = GlanceConfig(source: file, timeZone: ZoneRules.current(), locale: DisplayLocale.current(),
                                  display: DisplayConfig(), slots: [])
        var sawSlots = false
        for (key, value) in try reader.mapping(allowed: topKeys) {
            switch key {
            case "timezone":
                let identifier = try value.string()
                do {
                    config.timeZone = try ZoneRules(identifier: identifier)
                } catch .notFound, .invalidIdentifier {
                    throw value.fail("unknown time zone '\(identifier)'; expected an IANA name like Asia/Seoul or Europe/London")
                } catch {
                    throw value.fail("\(error)")
                }
            case "locale":
                let locale = DisplayLocale(identifier: try value.string())
                guard locale.isAvailable else {
                    throw value.fail("unknown locale '\(locale.identifier)'; expected a language and region like ko_KR, de_DE or en_GB")
                }
                config.locale = locale
            case "display":
                config.display = try parseDisplay(value)
            case "slots":
                config.slots = try parseSlots(value)
                sawSlots = true
            case "keys":
                config.keys = try parseKeys(value)
            case "minimum_reload_interval":
                config.minimumReloadInterval = try value.double(in: 1...86_400)
            case "provider_timeout":
                config.providerTimeout = try value.double(in: 0.01...600)
            case "intent_timeout":
                config.intentTimeout = try value.double(in: 0.01...600)
            case "draw_timeout":
                config.drawTimeout = try value.double(in: 0.01...3600)
            case "stop_timeout":
                config.stopTimeout = try value.double(in: 0.01...600)
            case "sleep":
                config.sleep = try windows(value)
            case "wake_for":
                config.wakeFor = try duration(value, in: 10...86_400)
            case "state_dir":
                // Relative to the file, so that `glance status --config FILE` finds the
                // daemon's socket from any folder.
                config.stateDirectory = try path(value, besideFile: file, kind: "a folder")
            case "input":
                config.inputs = try parseInputs(value)
            case _ where ConfigSections.owners[key] != nil:
                // Another module's section: read by its parser, or kept unread when this
                // build has none (said by `run`).
                config.sectionSettings[key] = value.node.content
                if let parser = sections.first(where: { $0.key == key }) {
                    config.sections[key] = try parser.parse(value, file)
                } else {
                    config.unservedSections.append(key)
                }
            case "images":
                config.imagesDirectory = try value.string()
            case "location":
                config.location = try parseLocation(value)
            case "named_colors":
                for (name, colorValue) in try value.freeMapping() {
                    let text = try colorValue.string()
                    guard let color = RGBA(configText: text) else {
                        throw colorValue.fail("expected a colour like \"#FF3B30\" or \"#FF3B3080\", found \(quoted(text))")
                    }
                    config.namedColors[name] = color
                }
            default:
                break
            }
        }
        if !sawSlots || config.slots.isEmpty {
            throw reader.fail("no slots: add a 'slots:' list with at least one widget")
        }
        // Keyboard keys bind by their Linux names in any spelling (f1, KEY_F1, BTN_SOUTH);
        // the device reports one name for each, so the binding takes that one.
        if !config.inputs.isEmpty {
            let boardKeys = config.display.backend == .panel ? config.display.board?.keys ?? [:] : [:]
            for index in config.keys.indices where boardKeys[config.keys[index].key] == nil {
                if let code = EvdevKeyNames.code(of: config.keys[index].key) { config.keys[index].key = EvdevKeyNames.name(of: code) }
            }
        }
        if let board = config.display.board, config.display.backend == .panel {
            for binding in config.keys where board.keys[binding.key] == nil && (config.inputs.isEmpty || EvdevKeyNames.code(of: binding.key) == nil) {
                let known = board.keys.keys.sorted()
                throw binding.location.error("board \(board.name) has \(known.isEmpty ? "no keys" : "no key \(binding.key); its keys are \(known.joined(separator: ", "))")")
            }
        }
        var names: Set<String> = []
        for slot in config.slots where !names.insert(slot.name).inserted {
            throw slot.locations.slot.error("slot name '\(slot.name)' is used twice")
        }
        for binding in config.keys {
            for case .press(let slot, _) in [binding.action, binding.long].compactMap({ $0 }) where !names.contains(slot) {
                throw binding.location.error("no slot named '\(slot)'; the slots are \(config.slots.map(\.name).joined(separator: ", "))")
            }
        }
        return config
    }

    /// A path the config gives, relative to the config file's folder unless absolute.
    package static func path(_ value: YAMLReader, besideFile file: String, kind: String) throws(ConfigError) -> String {
        let text = try value.string()
        if text.isEmpty { throw value.fail("expected \(kind), found nothing") }
        if text.hasPrefix("/") { return text }
        let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
        return folder + "/" + text
    }

    private static func parseDisplay(_ reader: YAMLReader) throws(ConfigError) -> DisplayConfig {
        var display = DisplayConfig()
        let displayKeys = ["backend", "path", "size", "colors", "scale", "dither", "rendering_mode", "board", "transport", "max_size", "full_at"]
        let entries = try reader.mapping(allowed: displayKeys + BoardFields.boardKeys)
        // The board first, so that the fields after it override its file.
        if let (_, value) = entries.first(where: { $0.key == "board" }) {
            display.board = try BoardCatalog.load(try value.string(), reference: value.location)
            display.backend = .panel
        }
        var size: (Int, Int, YAMLReader)?
        var colors: YAMLReader?
        var path: YAMLReader?
        for (key, value) in entries {
            switch key {
            case "board", "max_size":
                break
            case "backend":
                let text = try value.string()
                guard let backend = DisplayConfig.Backend(rawValue: text) else {
                    throw value.fail("unknown backend \(quoted(text)); expected one of \(DisplayConfig.Backend.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                if backend == .panel && display.board == nil { throw value.fail("the panel backend needs a board: add board: NAME (glance boards lists them)") }
                display.backend = backend
            case "transport":
                let text = try value.string()
                guard let transport = DisplayConfig.Transport(rawValue: text) else {
                    throw value.fail("unknown transport \(quoted(text)); expected spi or trace")
                }
                guard display.board != nil else { throw value.fail("a transport needs a board: add board: NAME") }
                display.transport = transport
            case "path":
                display.path = try value.string()
                if display.path.isEmpty { throw value.fail("expected a path, found nothing") }
                path = value
            case "size":
                let (width, height) = try value.size()
                display.width = width
                display.height = height
                size = (width, height, value)
            case "colors":
                let text = try value.string()
                guard let parsed = PanelColors(rawValue: text) else {
                    throw value.fail("unknown colors \(quoted(text)); expected one of \(PanelColors.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                display.colors = parsed
                colors = value
            case "scale":
                display.scale = try value.double(in: 0.25...8)
            case "full_at":
                let text = try value.string()
                let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
                guard pieces.count == 2, pieces[1].count == 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]),
                      (0...23).contains(hour), (0...59).contains(minute) else {
                    throw value.fail("expected a time like 04:00 (24-hour clock), found \(quoted(text))")
                }
                display.fullAt = hour * 60 + minute
            case "rendering_mode":
                let text = try value.string()
                let modes = ["full_color": InkPrinting.Mode.fullColor, "accented": .accented, "vibrant": .vibrant]
                guard let mode = modes[text] else {
                    throw value.fail("unknown rendering_mode \(quoted(text)); expected full_color, accented or vibrant")
                }
                display.chosenRenderingMode = mode
            case "dither":
                let text = try value.string()
                guard let mode = DitherMode(rawValue: text) else {
                    throw value.fail("unknown dither \(quoted(text)); expected one of \(DitherMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                display.dither = mode
            default:
                guard var board = display.board else { throw value.fail("'\(key)' is a board field; name a board first (board: NAME)") }
                try BoardFields.apply(key, value, to: &board)
                display.board = board
            }
        }
        // Sizes beyond the limit are refused before a pixel is allocated (a typo of
        // 80000x480 would otherwise cost gigabytes on a board with 512 MB).
        if let (_, value) = entries.first(where: { $0.key == "max_size" }) {
            (display.maximumWidth, display.maximumHeight) = try value.size()
        }
        if let (width, height, value) = size, width > display.maximumWidth || height > display.maximumHeight {
            throw value.fail("size \(width)x\(height) is above the limit of \(display.maximumWidth)x\(display.maximumHeight); if the screen really has that many pixels, raise it with max_size: \(width)x\(height) under display:")
        }
        if display.backend == .framebuffer {
            // The screen says its own size and takes full colour unless told otherwise.
            if path == nil { display.path = "/dev/fb0" }
            if colors == nil { display.colors = .rgb888 }
            display.sizeFromDevice = size == nil
        }
        guard var board = display.board else { return display }
        // Colours the board's controller can also show (a four-grey waveform's gray4)
        // replace the board's.
        if let colors, display.colors != board.colors {
            var other = board
            other.colors = display.colors
            if (try? BoardFields.check(other, at: reader)) != nil {
                board = other
                display.board = other
            }
        }
        try BoardFields.check(board, at: reader)
        if let (width, height, value) = size, (width, height) != (board.width, board.height) {
            throw value.fail("size \(width)x\(height) does not match board \(board.name) (\(board.width)x\(board.height) after rotation); remove size:")
        }
        if let colors, display.colors != board.colors {
            throw colors.fail("board \(board.name) shows \(board.colors.rawValue), not \(display.colors.rawValue); remove colors:")
        }
        display.width = board.width
        display.height = board.height
        display.colors = board.colors
        if let (_, value) = entries.first(where: { $0.key == "transport" }), display.backend != .panel {
            throw value.fail("a transport is for the panel backend; remove it, or remove backend: \(display.backend.rawValue)")
        }
        if display.transport == .trace && display.backend == .panel && path == nil {
            throw reader.fail("the trace transport needs path: FILE (where the bus traffic is written)")
        }
        return display
    }

    package static func parseSlots(_ reader: YAMLReader) throws(ConfigError) -> [SlotConfig] {
        var slots: [SlotConfig] = []
        for (index, item) in try reader.sequence().enumerated() {
            var name = String(index)
            var family: (String, ConfigLocation)?
            var origin: (Int, Int)?
            var size: (Int, Int)?
            var stack: YAMLReader?
            var rotate: TimeInterval?
            var hold: TimeInterval?
            var member = Member()
            let fields = try item.mapping(allowed: ["name", "kind", "family", "origin", "size", "params", "settable", "preview", "when", "stack", "rotate", "hold"])
            for (key, value) in fields {
                switch key {
                case "name":
                    name = try value.string()
                    if name.isEmpty { throw value.fail("expected a name, found nothing") }
                case "family":
                    family = (try value.string(), value.location)
                case "origin":
                    let coordinates = try value.sequence()
                    guard coordinates.count == 2 else { throw value.fail("expected [x, y] in pixels") }
                    origin = (try coordinates[0].int(in: 0...8191), try coordinates[1].int(in: 0...8191))
                case "size":
                    size = try value.size()
                case "stack":
                    stack = value
                case "rotate":
                    rotate = try duration(value, in: 60...86_400)
                case "hold":
                    hold = try duration(value, in: 10...86_400)
                default:
                    try member.read(key, value)
                }
            }
            guard let family else { throw item.fail("missing 'family' (systemSmall, systemMedium, …)") }
            let locations = SlotConfig.Locations(slot: item.location, kind: item.location, family: family.1, params: [:])
            let base = SlotConfig(name: name, kind: "", family: family.0, origin: origin, size: size, params: [], locations: locations)
            guard let stack else {
                if let (key, value) = fields.first(where: { ["rotate", "hold"].contains($0.key) }) {
                    throw value.fail("\(key): is for a stack (a slot with stack:); this slot shows one widget")
                }
                if let when = fields.first(where: { $0.key == "when" }) {
                    throw when.value.fail("when: is for a member of a stack; this slot shows its widget at all times")
                }
                slots.append(try member.slot(from: base, at: item))
                continue
            }
            if let (key, value) = fields.first(where: { ["kind", "params", "settable", "preview", "when"].contains($0.key) }) {
                throw value.fail("\(key): belongs to each member under stack:, not to the stack")
            }
            let items = try stack.sequence()
            guard items.count >= 2 else {
                throw stack.fail("a stack needs at least two members (it has \(items.count)); for one widget write kind: and params: in the slot")
            }
            var members: [(slot: SlotConfig, named: Bool)] = []
            for (position, memberItem) in items.enumerated() {
                var member = Member()
                for (key, value) in try memberItem.mapping(allowed: ["name", "kind", "params", "settable", "preview", "when"]) {
                    if key == "name" {
                        let given = try value.string()
                        if given.isEmpty { throw value.fail("expected a name, found nothing") }
                        member.name = given
                    } else {
                        try member.read(key, value)
                    }
                }
                var slot = try member.slot(from: base, at: memberItem)
                slot.name = member.name ?? ""
                slot.locations.slot = memberItem.location
                slot.stack = StackMembership(name: name, index: position, count: items.count, rotate: rotate, hold: hold ?? 600)
                members.append((slot, member.name != nil))
            }
            // Unnamed members are STACK-KIND, numbered where a kind comes more than once.
            let kinds = members.map(\.slot.kind)
            for index in members.indices where !members[index].named {
                let kind = kinds[index]
                let same = kinds.indices.filter { kinds[$0] == kind }
                members[index].slot.name = "\(name)-\(kind)" + (same.count > 1 ? "-\(same.firstIndex(of: index)! + 1)" : "")
            }
            slots += members.map(\.slot)
            continue
        }
        return slots
    }

    /// What one widget of a slot (or of a stack) says: its kind, params, preview, when.
    private struct Member {
        var name: String?
        var kind: (String, ConfigLocation)?
        var params: [(String, String)] = []
        var paramLocations: [String: ConfigLocation] = [:]
        var settable: [(String, ConfigLocation)] = []
        var preview = false
        var when: TimeWindows?

        mutating func read(_ key: String, _ value: YAMLReader) throws(ConfigError) {
            switch key {
            case "kind":
                kind = (try value.string(), value.location)
            case "preview":
                switch try value.string().lowercased() {
                case "true", "yes", "on": preview = true
                case "false", "no", "off": preview = false
                case let other: throw value.fail("expected true or false, found \(quoted(other))")
                }
            case "params":
                for (paramName, paramValue) in try value.freeMapping() {
                    if case .sequence = paramValue.node {
                        // A list parameter: each item one value, in order.
                        for item in try paramValue.sequence() { params.append((paramName, try item.scalarText())) }
                    } else {
                        params.append((paramName, try paramValue.scalarText()))
                    }
                    paramLocations[paramName] = paramValue.location
                }
            case "when":
                when = try ConfigLoader.windows(value)
            case "settable":
                // The parameters naming places (paths, URLs, headers) that the page, MQTT
                // and `glance set` may change: `settable: [url]`.
                let items: [YAMLReader]
                if case .sequence = value.node { items = try value.sequence() } else { items = [value] }
                for item in items { settable.append((try item.string(), item.location)) }
            default:
                break
            }
        }

        func slot(from base: SlotConfig, at item: YAMLReader) throws(ConfigError) -> SlotConfig {
            guard let kind else { throw item.fail("missing 'kind' (the widget to show, like countdown)") }
            var slot = base
            slot.kind = kind.0
            slot.params = params
            slot.preview = preview
            slot.when = when
            slot.locations.kind = kind.1
            slot.locations.params = paramLocations
            slot.settable = settable.map(\.0)
            slot.locations.settable = Dictionary(settable.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
            return slot
        }
    }

    /// A list of windows (`[mon-fri 23:00-07:00, sat,sun 23:00-09:00]`) or one.
    package static func windows(_ value: YAMLReader) throws(ConfigError) -> TimeWindows {
        let texts: [String]
        if case .sequence = value.node {
            var list: [String] = []
            for item in try value.sequence() { list.append(try item.string()) }
            texts = list
        } else {
            texts = [try value.string()]
        }
        guard !texts.isEmpty else { throw value.fail("expected at least one window like 23:00-07:00") }
        do throws(TimeWindows.Problem) {
            return try TimeWindows.parse(texts)
        } catch {
            throw value.fail(error.description)
        }
    }

    /// `90s`, `15m`, `2h` or a number of seconds.
    package static func duration(_ value: YAMLReader, in range: ClosedRange<Double>) throws(ConfigError) -> TimeInterval {
        let text = try value.string().lowercased()
        let units: [(String, Double)] = [("s", 1), ("m", 60), ("h", 3600)]
        var seconds: Double?
        if let (suffix, scale) = units.first(where: { text.hasSuffix($0.0) }), let number = Double(text.dropLast(suffix.count)) {
            seconds = number * scale
        } else if let number = Double(text) {
            seconds = number
        }
        guard let seconds, seconds.isFinite, range.contains(seconds) else {
            throw value.fail("expected a duration like 90s, 15m or 2h from \(Int(range.lowerBound)) s to \(Int(range.upperBound / 3600)) h, found \(quoted(text))")
        }
        return seconds
    }

    private static func parseKeys(_ reader: YAMLReader) throws(ConfigError) -> [KeyBinding] {
        var bindings: [KeyBinding] = []
        for (key, value) in try reader.freeMapping() {
            guard case .mapping = value.node else {
                bindings.append(KeyBinding(key: key, action: try parseAction(value), location: value.location))
                continue
            }
            // {action: press dday, long: reload-all}
            var action: KeyBinding.Action?
            var long: KeyBinding.Action?
            for (field, actionValue) in try value.mapping(allowed: ["action", "long"]) {
                if field == "action" { action = try parseAction(actionValue) } else { long = try parseAction(actionValue) }
            }
            guard let action else { throw value.fail("missing 'action' (what a short press does)") }
            bindings.append(KeyBinding(key: key, action: action, long: long, location: value.location))
        }
        return bindings
    }

    /// `reload-all`, `reload KIND`, `press SLOT` or `press SLOT N`.
    package static func parseAction(_ value: YAMLReader) throws(ConfigError) -> KeyBinding.Action {
        let text = try value.string()
        guard let action = KeyBinding.Action(text) else {
            throw value.fail("unknown action \(quoted(text)); expected reload-all, 'reload KIND', 'press SLOT', 'press SLOT N', 'next STACK' or 'previous STACK'")
        }
        return action
    }

    private static func parseInputs(_ reader: YAMLReader) throws(ConfigError) -> [InputDeviceConfig] {
        // One device as a mapping, or a list of them.
        let items = if case .sequence = reader.node { try reader.sequence() } else { [reader] }
        var inputs: [InputDeviceConfig] = []
        for item in items {
            var device: String?
            var range: (ClosedRange<Int>, ClosedRange<Int>)?
            for (key, value) in try item.mapping(allowed: ["device", "range"]) {
                if key == "device" {
                    device = try value.string()
                    if device?.isEmpty ?? true { throw value.fail("expected a device like /dev/input/event0, found nothing") }
                } else {
                    let sides = try value.sequence()
                    guard sides.count == 2 else { throw value.fail("expected [largest x, largest y], like [4095, 4095]") }
                    range = (0...(try sides[0].int(in: 1...1_000_000)), 0...(try sides[1].int(in: 1...1_000_000)))
                }
            }
            guard let device else { throw item.fail("missing 'device' (like /dev/input/event0 or /dev/input/by-id/…)") }
            inputs.append(InputDeviceConfig(device: device, range: range, location: item.location))
        }
        return inputs
    }
}

extension ConfigLoader {
    /// `location: {latitude: 37.57, longitude: 126.98, name: Seoul}`: where the wall hangs.
    static func parseLocation(_ value: YAMLReader) throws(ConfigError) -> WallLocation.Place {
        var latitude: Double?, longitude: Double?, altitude = 0.0, name: String?
        for (key, field) in try value.mapping(allowed: ["latitude", "longitude", "altitude", "name"]) {
            switch key {
            case "latitude": latitude = try field.double(in: -90...90)
            case "longitude": longitude = try field.double(in: -180...180)
            case "altitude": altitude = try field.double(in: -500...9000)
            case "name": name = try field.string()
            default: break
            }
        }
        guard let latitude, let longitude else {
            throw value.fail("location needs latitude and longitude in degrees, like {latitude: 37.57, longitude: 126.98, name: Seoul}")
        }
        return WallLocation.Place(latitude: latitude, longitude: longitude, altitude: altitude, name: name)
    }
}
