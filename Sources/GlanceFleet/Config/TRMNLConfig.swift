import FoundationEssentials
import GlanceConfiguration
import GlanceDisplays
import GlanceSystem
import GlanceYAML
import Glibc

/// `trmnl:`: TRMNL (BYOS firmware) devices this daemon serves as displays of its own
/// (`docs/trmnl.md`).
public struct TRMNLConfig: Sendable {
    /// The address and port the device API listens on.
    public var listen = "0.0.0.0"
    public var port = 2300
    /// How devices reach this server (`http://glance.lan:2300`), for the image URLs they
    /// are given; `nil`: from each request's `Host` header.
    public var publicURL: String?
    public var devices: [TRMNLDeviceConfig] = []
    public var location: ConfigLocation

    public init(location: ConfigLocation) { self.location = location }
}

/// One TRMNL device: its MAC address, its display and its own slots.
public struct TRMNLDeviceConfig: Sendable {
    /// The MAC address the firmware sends as `ID`, upper case with colons.
    public var id: String
    /// One topic level (`hall`): its MQTT topics, its state folder, its log lines.
    public var name: String
    public var width = 800
    public var height = 480
    /// Whether the size came from the config (else the device's Width/Height headers win).
    public var sizeGiven = false
    public var colors: PanelColors = .bw
    /// Whether the colours came from the config (else the device's `Model` header
    /// chooses them: `TRMNLModel`).
    public var colorsGiven = false
    /// The largest PNG the device takes (90,000 bytes for the original TRMNL).
    public var maximumBytes = 90_000
    public var maximumBytesGiven = false
    /// What the device's button does.
    public var button: KeyBinding.Action = .reloadAll
    /// A fixed access token; `nil`: one is made at the device's first setup and kept.
    public var token: String?
    public var slots: [SlotConfig]
    public var location: ConfigLocation

    public init(id: String, name: String, slots: [SlotConfig], location: ConfigLocation) {
        self.id = id
        self.name = name
        self.slots = slots
        self.location = location
    }

    /// `aa-bb-cc-dd-ee-ff`, `AABBCCDDEEFF` and `aa:bb:…` as `AA:BB:CC:DD:EE:FF`; `nil`
    /// when it is not six bytes.
    public static func normalisedID(_ text: String) -> String? {
        let hex = text.uppercased().filter { $0.isHexDigit }
        guard hex.count == 12, text.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "-" }) else { return nil }
        return stride(from: 0, to: 12, by: 2).map { index in
            String(hex[hex.index(hex.startIndex, offsetBy: index)...].prefix(2))
        }.joined(separator: ":")
    }

    /// A configuration for this device's own display: the daemon's zone, locale and
    /// settings, this device's size, colours, slots and button.
    public func displayConfig(from main: GlanceConfig) -> GlanceConfig {
        var config = main
        config.source = "\(main.source) (trmnl device \(name))"
        var display = DisplayConfig()
        display.backend = .file
        display.path = ""
        display.width = width
        display.height = height
        display.colors = colors
        config.display = display
        config.slots = slots
        config.keys = [KeyBinding(key: "button", action: button, location: location)]
        config.inputs = []
        config.sections = [:]
        config.unservedSections = []
        return config
    }
}

extension TRMNLConfig: ConfigSection {
    /// `trmnl:`: the device API's address and each device with its own slots.
    static func parse(_ reader: YAMLReader) throws(ConfigError) -> TRMNLConfig {
        var trmnl = TRMNLConfig(location: reader.location)
        for (key, value) in try reader.mapping(allowed: ["listen", "port", "public_url", "devices"]) {
            switch key {
            case "listen":
                trmnl.listen = try value.string()
                if trmnl.listen.isEmpty { throw value.fail("expected an address to listen on, like 0.0.0.0 or 127.0.0.1") }
            case "port":
                // 0: any free port (said at start; for tests).
                trmnl.port = try value.int(in: 0...65_535)
            case "public_url":
                let url = try value.string()
                guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                    throw value.fail("expected the URL devices reach this server by, like http://glance.lan:2300, found \(quoted(url))")
                }
                trmnl.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
            case "devices":
                var ids: Set<String> = [], names: Set<String> = []
                for item in try value.sequence() {
                    let device = try TRMNLDeviceConfig.parse(item)
                    if !ids.insert(device.id).inserted { throw item.fail("device \(device.id) is listed twice") }
                    if !names.insert(device.name).inserted { throw item.fail("the name \(device.name) is used twice") }
                    trmnl.devices.append(device)
                }
            default:
                break
            }
        }
        if trmnl.devices.isEmpty { throw reader.fail("trmnl: needs devices: (each with id: its MAC address, and slots:)") }
        return trmnl
    }
}

extension TRMNLDeviceConfig {
    static func parse(_ reader: YAMLReader) throws(ConfigError) -> TRMNLDeviceConfig {
        let entries = try reader.mapping(allowed: ["id", "name", "size", "colors", "max_bytes", "button", "token", "slots"])
        guard let idValue = entries.first(where: { $0.key == "id" })?.value else {
            throw reader.fail("a device needs id: (its MAC address, as on the TRMNL's setup screen)")
        }
        let idText = try idValue.string()
        guard let id = TRMNLDeviceConfig.normalisedID(idText) else {
            throw idValue.fail("expected a MAC address like A1:B2:C3:D4:E5:F6, found \(quoted(idText))")
        }
        guard let slotsValue = entries.first(where: { $0.key == "slots" })?.value else {
            throw reader.fail("device \(id) needs slots: (what its display shows)")
        }
        var device = TRMNLDeviceConfig(id: id, name: id.filter { $0 != ":" }.lowercased(),
                                       slots: try ConfigLoader.parseSlots(slotsValue), location: reader.location)
        for (key, value) in entries {
            switch key {
            case "name":
                let name = try value.string()
                guard MQTTConfig.isTopicLevel(name) else {
                    throw value.fail("expected letters, digits, - and _ only (it names topics and a folder), found \(quoted(name))")
                }
                device.name = name
            case "size":
                (device.width, device.height) = try value.size()
                device.sizeGiven = true
            case "colors":
                let text = try value.string()
                guard let colors = PanelColors(rawValue: text), TRMNLModel.colours.contains(colors) else {
                    throw value.fail("TRMNL devices show \(TRMNLModel.colours.map(\.rawValue).joined(separator: ", ")), found \(quoted(text))")
                }
                device.colors = colors
                device.colorsGiven = true
            case "max_bytes":
                device.maximumBytes = try value.int(in: 1_000...10_000_000)
                device.maximumBytesGiven = true
            case "button":
                device.button = try ConfigLoader.parseAction(value)
            case "token":
                let token = try value.string()
                guard token.count >= 16, token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                    throw value.fail("expected a token of 16 or more letters, digits, - and _ (or leave it out: one is made at setup)")
                }
                device.token = token
            default:
                break
            }
        }
        var names: Set<String> = []
        for slot in device.slots where !names.insert(slot.name).inserted {
            throw slot.locations.slot.error("slot name '\(slot.name)' is used twice")
        }
        return device
    }
}
