import GlanceSystem
import GlanceYAML
import FoundationEssentials
import Glibc
import GlanceDisplays
import GlanceGraphics
import GlanceTime

/// A parsed configuration file (the design's YAML contract).
public struct GlanceConfig: Sendable {
    /// Where the config came from, for messages ("built-in demo" for the demo).
    public var source: String
    public var timeZone: ZoneRules
    public var locale: DisplayLocale
    public var display: DisplayConfig
    public var slots: [SlotConfig]
    /// Board key name → what it does.
    public var keys: [KeyBinding]
    /// The shortest time between two reloads of one slot's timeline, in seconds.
    public var minimumReloadInterval: TimeInterval
    /// How long a provider may take to deliver a timeline before it counts as failed, in seconds.
    public var providerTimeout: TimeInterval
    /// How long an intent's `perform()` may take before it counts as failed, in seconds.
    public var intentTimeout: TimeInterval = 10
    /// How long a widget's placeholder or view may keep the daemon's thread before the
    /// daemon stops and quarantines that slot at its next start, in seconds.
    public var drawTimeout: TimeInterval = 120
    /// Quiet hours (`sleep:`): no refresh, no fetch, no wake inside them; the frame at
    /// their end is drawn once, fresh. nil: none.
    package var sleep: TimeWindows?
    /// How long a key press in quiet hours keeps the display awake (`wake_for:`).
    public var wakeFor: TimeInterval = 300
    /// How long the daemon may take to stop once asked (closing its servers, putting the
    /// panel to sleep) before it exits without finishing, in seconds.
    public var stopTimeout: TimeInterval = 10
    /// Where the control socket, `glance set` overrides and other state live
    /// (`state_dir:`; `nil`: the default, see `StateDirectory`).
    public var stateDirectory: String?
    /// Linux input devices (`input:`): keyboards whose keys bind in `keys:`, touchscreens
    /// whose taps press the control under the finger.
    public var inputs: [InputDeviceConfig] = []
    /// Where `Image("name")` finds `name.png`.
    public var imagesDirectory = "images"
    /// Where the wall hangs (`location:`): what `CLLocationManager` tells widgets.
    package var location: WallLocation.Place?
    /// `Color("Name")` → colour, from `named_colors: {Accent: "#FF3B30"}`.
    public var namedColors: [String: RGBA] = [:]
    /// Sections other modules read (`mqtt:`, `trmnl:`: GlanceFleet's), by key, as their
    /// parsers made them (`ConfigSections`).
    package var sections: [String: any ConfigSection] = [:]
    /// Sections the file has that this build has no parser for (`mqtt:` in a widget
    /// executable built without the Fleet trait): kept unread, said by `run`.
    public var unservedSections: [String] = []
    /// What the file says in each of other modules' sections (`mqtt:`, `trmnl:`, `web:`),
    /// as `YAMLNode.content`: a file read again on SIGHUP is compared with the running
    /// one by these (their parsed forms are not comparable).
    package var sectionSettings: [String: String] = [:]

    /// The top-level keys whose settings a running daemon takes in only when it starts,
    /// of `self` (a file read again) and `running`, those that differ: the devices and
    /// servers it opens once (`input:`, other modules' `mqtt:`, `trmnl:`, `web:`), where
    /// its state lives and how long stopping may take. (`display:` is compared on its
    /// own: a new one is not used at all until a restart.)
    package func startOnlyChanges(from running: GlanceConfig) -> [String] {
        var changed: [String] = []
        if inputs != running.inputs { changed.append("input") }
        if stateDirectory != running.stateDirectory { changed.append("state_dir") }
        if stopTimeout != running.stopTimeout { changed.append("stop_timeout") }
        for key in ConfigSections.owners.keys.sorted() where sectionSettings[key] != running.sectionSettings[key] {
            changed.append(key)
        }
        return changed
    }

    /// This configuration with `running`'s start-only settings, which stay in use until a
    /// restart: the rest of a file read again is used at once.
    package func keepingStartOnlySettings(of running: GlanceConfig) -> GlanceConfig {
        var kept = self
        kept.inputs = running.inputs
        kept.stateDirectory = running.stateDirectory
        kept.stopTimeout = running.stopTimeout
        kept.sections = running.sections
        kept.unservedSections = running.unservedSections
        kept.sectionSettings = running.sectionSettings
        return kept
    }

    public init(
        source: String,
        timeZone: ZoneRules,
        locale: DisplayLocale,
        display: DisplayConfig,
        slots: [SlotConfig],
        keys: [KeyBinding] = [],
        minimumReloadInterval: TimeInterval = 60,
        providerTimeout: TimeInterval = 30
    ) {
        self.source = source
        self.timeZone = timeZone
        self.locale = locale
        self.display = display
        self.slots = slots
        self.keys = keys
        self.minimumReloadInterval = minimumReloadInterval
        self.providerTimeout = providerTimeout
    }
}

/// Where frames go.
public struct DisplayConfig: Sendable, Equatable {
    public enum Backend: String, CaseIterable, Sendable {
        case file, framebuffer, panel
    }

    /// How a board's bus is reached: real wires, or a trace file of its traffic.
    public enum Transport: String, CaseIterable, Sendable {
        case spi, trace
    }

    public var backend: Backend = .file
    /// `full_at:`: the minute of the day (wall clock) at which the clean-up full refresh
    /// comes, when partial refreshes happened since the last one (nil: none).
    public var fullAt: Int?
    /// File backend: the directory frames go to; trace transport: the trace file;
    /// framebuffer: the device (`/dev/fb0` unless given).
    public var path: String = "out"
    /// The board from `boards/` (with the config's overrides), for `panel`, or for `file`
    /// at the board's resolution, rotation and colours.
    public var board: Board?
    public var transport: Transport = .spi
    /// Pixels.
    public var width: Int = 800
    public var height: Int = 480
    /// The largest display this configuration accepts (`max_size:`; 4096x4096 unless raised,
    /// up to 8192x8192): checked before any picture is allocated.
    public var maximumWidth = DisplayConfig.defaultMaximumSide
    public var maximumHeight = DisplayConfig.defaultMaximumSide
    public static let defaultMaximumSide = 4096
    /// Framebuffer backend without `size:`: the device's own size is used.
    public var sizeFromDevice = false
    public var colors: PanelColors = .bw
    /// Pixels per point: a family's point size times this is its size in pixels.
    public var scale: Double = 1
    /// How gradients and images are spread over the palette (text is never dithered).
    public var dither: DitherMode = .floydSteinberg

    /// The rendering mode widgets are drawn in (`rendering_mode:`); nil: the palette's
    /// own (`InkPrinting.defaultMode(for:)`).
    public var chosenRenderingMode: InkPrinting.Mode?

    /// The palette `colors` names.
    public var palette: Palette { colors.palette }

    /// The rendering mode widgets are drawn in.
    public var renderingMode: InkPrinting.Mode { chosenRenderingMode ?? InkPrinting.defaultMode(for: palette) }

    /// How colours are chosen for the panel's inks (nil where it shows every colour).
    public var printing: InkPrinting? { InkPrinting(palette: palette, mode: renderingMode) }

    /// How the host plans refreshes: the board's discipline, or the file backend's default.
    public var refreshProfile: RefreshProfile { board?.refresh ?? RefreshProfile() }

    public init() {}
}

/// One widget placed on the display.
public struct SlotConfig: Sendable {
    public var name: String
    public var kind: String
    public var family: String
    /// Top-left corner in pixels; `nil` = packed after the previous slot.
    public var origin: (x: Int, y: Int)?
    /// Size in pixels; `nil` = the family's default size times the display scale.
    public var size: (width: Int, height: Int)?
    /// Parameter name → text, in file order.
    public var params: [(name: String, text: String)]
    /// `settable:`: the parameters that name places (paths, URLs, headers: a widget's
    /// `@Parameter(role:)`) which the page, MQTT and `glance set` may change; none by
    /// default, so that nobody outside the config file points the daemon at a file or host.
    public var settable: [String] = []
    /// `preview: true`: the slot shows its widget's gallery snapshot (sample data, no
    /// network) instead of fetching; for demos and for laying out a wall.
    public var preview = false
    /// Where the slot is one member of a stack (`stack:`): which stack, this member's
    /// place in it, and the stack's rules; nil for a slot of its own.
    public var stack: StackMembership?
    /// `when:`: the times of the week this member may show (nil: at any time).
    package var when: TimeWindows?
    /// Where each part was written, for errors found after parsing.
    public var locations: Locations

    public struct Locations: Sendable {
        public var slot: ConfigLocation
        public var kind: ConfigLocation
        public var family: ConfigLocation
        public var params: [String: ConfigLocation]
        /// Each `settable:` name's place.
        public var settable: [String: ConfigLocation] = [:]
    }
}

/// A slot of several widgets, one shown at a time (WidgetKit's Smart Stack): each member
/// is a `SlotConfig` of its own (its kind, params, `when:`), in the stack's place.
public struct StackMembership: Sendable, Equatable {
    /// The stack's name, as `name:` gives it (members are named `STACK-KIND` unless they
    /// have a `name:` of their own).
    public var name: String
    /// This member's place in the stack (from 0) and how many there are.
    public var index: Int
    public var count: Int
    /// `rotate:`: members tied for the most relevant take turns, each this long (nil:
    /// the first written shows).
    public var rotate: TimeInterval?
    /// `hold:`: how long a member turned to by hand stays before the rule takes over.
    public var hold: TimeInterval = 600

    public init(name: String, index: Int, count: Int, rotate: TimeInterval? = nil, hold: TimeInterval = 600) {
        self.name = name
        self.index = index
        self.count = count
        self.rotate = rotate
        self.hold = hold
    }
}

/// What a key does when pressed (a board key, a keyboard's key, `glance press KEY`).
public struct KeyBinding: Sendable, Equatable {
    public enum Action: Sendable, Equatable, CustomStringConvertible {
        /// `reload-all`: every slot asks its provider again.
        case reloadAll
        /// `reload KIND`: the slots of one widget kind.
        case reload(kind: String)
        /// `press SLOT [N]`: the slot's N-th Button or Toggle in reading order (from 1).
        case press(slot: String, control: Int)
        /// `next STACK`, `previous STACK`: the stack turns by one member (+1 or -1).
        case turn(stack: String, by: Int)

        public var description: String {
            switch self {
            case .reloadAll: "reload-all"
            case .reload(let kind): "reload \(kind)"
            case .press(let slot, let control): control == 1 ? "press \(slot)" : "press \(slot) \(control)"
            case .turn(let stack, let step): "\(step > 0 ? "next" : "previous") \(stack)"
            }
        }
    }

    public var key: String
    /// What a press does.
    public var action: Action
    /// What a press held for `KeyBinding.longPress` or longer does (`long:`); without
    /// one, `action` runs as soon as the key goes down.
    public var long: Action?
    public var location: ConfigLocation

    public init(key: String, action: Action, long: Action? = nil, location: ConfigLocation) {
        self.key = key
        self.action = action
        self.long = long
        self.location = location
    }

    /// How long a press must be held to count as long.
    public static let longPressNanoseconds: UInt64 = 600_000_000
}

/// One Linux input device (`/dev/input/event*`).
public struct InputDeviceConfig: Sendable, Equatable {
    public var device: String
    /// A touchscreen's coordinate range (`range: [4095, 4095]`), when the device cannot
    /// say (a pipe in tests, a driver without ABS info); `nil`: asked from the device.
    public var range: (x: ClosedRange<Int>, y: ClosedRange<Int>)?
    public var location: ConfigLocation

    public init(device: String, range: (x: ClosedRange<Int>, y: ClosedRange<Int>)? = nil, location: ConfigLocation) {
        self.device = device
        self.range = range
        self.location = location
    }

    public static func == (a: InputDeviceConfig, b: InputDeviceConfig) -> Bool {
        a.device == b.device && a.range?.x == b.range?.x && a.range?.y == b.range?.y
    }
}

extension KeyBinding.Action {
    /// Reads `reload-all`, `reload KIND`, `press SLOT` or `press SLOT N` (N from 1).
    public init?(_ text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch words.first {
        case "reload-all" where words.count == 1: self = .reloadAll
        case "reload" where words.count == 2: self = .reload(kind: words[1])
        case "next" where words.count == 2: self = .turn(stack: words[1], by: 1)
        case "previous" where words.count == 2: self = .turn(stack: words[1], by: -1)
        case "press" where words.count == 2: self = .press(slot: words[1], control: 1)
        case "press" where words.count == 3:
            guard let index = Int(words[2]), index >= 1 else { return nil }
            self = .press(slot: words[1], control: index)
        default: return nil
        }
    }
}
