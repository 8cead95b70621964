import ArgumentParser
import GlanceCalendar
import GlanceConfiguration
import GlanceFetch
import GlanceGraphics
import GlanceHardware
import GlanceHost
import GlanceSystem
import GlanceWidgets
import Glibc

/// `glance check`: loads a configuration as `glance run` does and says whether it would
/// start, touching no panel, socket, state folder or network. The package's upgrade runs
/// it (as the daemon's user, with the binary the unit runs) before it restarts the running
/// display. A widget executable has it too (`MyWidget check`), knowing its own widgets,
/// and says when no slot shows them.
package struct CheckCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a configuration loads as glance run would load it, and that what it needs is there.",
        discussion: """
        Loads the file with run's checks (widgets, slots, board, mqtt:, trmnl:, web:) and opens \
        the libraries it needs (libcurl, libmosquitto, libical); with --devices, also opens and \
        closes each device node the display would use, as this user. Prints one line and exits \
        0 when all is well. Exit codes: 2 a mistake in the file (run's line), 1 another failure \
        run would stop on, 4 a library that cannot be loaded, 5 a device this user cannot open \
        (one line each).
        """)

    static let missingLibrary: Int32 = 4
    static let unopenableDevice: Int32 = 5

    @Option(name: .shortAndLong, help: ArgumentHelp("The configuration file (YAML); without it, the built-in demo, as glance run.", valueName: "file"))
    var config: String?

    @Flag(help: "Also open (and close) each device node the display would use: SPI, GPIO chips, framebuffer, input devices.")
    var devices = false

    package init() {}

    package func run() throws {
        let configuration = try RunCommand.loadConfiguration(config)
        try RunCommand.check(configuration)
        var parts = ["\(configuration.source) loads: \(Self.describe(configuration))"]
        if let missing = Self.ownWidgetsUnshown(configuration) { parts.append(missing) }
        if RunCommand.frontEnds == nil, !configuration.unservedSections.isEmpty {
            parts.append(configuration.unservedSections.map { $0 + ":" }.joined(separator: " and ")
                         + " not served: this executable was built without the Fleet trait")
        }

        let needed = SharedLibrary.needed(by: configuration)
        let missing = needed.compactMap { need in need.library.missingLine(neededBy: need.reason) }
        if !needed.isEmpty { parts.append("opens " + needed.map(\.library.file).joined(separator: ", ")) }

        var unopenable: [String] = []
        if devices {
            let (opened, failures) = DeviceAccess.check(configuration)
            unopenable = failures.map(\.description)
            parts.append(opened.isEmpty ? "no device to open" : "opened " + opened.joined(separator: ", "))
        }
        for line in missing + unopenable { StandardStreams.error("glance: \(line)\n") }
        if !missing.isEmpty { Glibc.exit(Self.missingLibrary) }
        if !unopenable.isEmpty { Glibc.exit(Self.unopenableDevice) }
        print("glance: " + parts.joined(separator: "; "))
    }

    /// In a widget executable whose own widgets no slot (nor TRMNL device's slot) shows:
    /// `no slot shows this program's own widget (EmojiWidget): add one with kind: EmojiWidget`.
    static func ownWidgetsUnshown(_ configuration: GlanceConfig) -> String? {
        let own = WidgetCatalog.ownKinds
        guard !own.isEmpty else { return nil }
        let slots = configuration.slots + (RunCommand.frontEnds?.otherSlots(configuration) ?? [])
        guard !slots.contains(where: { own.contains($0.kind) }) else { return nil }
        let names = own.joined(separator: ", ")
        return "no slot shows this program's own widget\(own.count == 1 ? "" : "s") (\(names)): add one with kind: \(own[0])"
    }

    /// `5 slots on board waveshare-7in5-v2, 800×480 bw; with mqtt:, web:`.
    static func describe(_ configuration: GlanceConfig) -> String {
        let display = configuration.display
        let count = configuration.slots.count
        let size = display.sizeFromDevice ? "the screen's size" : "\(display.width)×\(display.height)"
        let place: String = switch display.backend {
        case .panel where display.transport == .trace: "board \(display.board?.name ?? "?") (trace to \(display.path))"
        case .panel: "board \(display.board?.name ?? "?")"
        case .framebuffer: "framebuffer \(display.path)"
        case .file: "the file backend (frames in \(display.path)\(display.board.map { ", as board \($0.name)" } ?? ""))"
        }
        let sections = configuration.sections.keys.sorted().map { $0 + ":" }
        return "\(count) slot\(count == 1 ? "" : "s") on \(place), \(size) \(display.colors.rawValue)"
            + (sections.isEmpty ? "" : "; with " + sections.joined(separator: ", "))
    }
}

extension SharedLibrary {
    static let curl = SharedLibrary(file: "libcurl.so.4", package: "libcurl4") { HTTPClient.libraryProblem }
    static let ical = SharedLibrary(file: "libical.so.3", package: "libical3") { ICalendarFeed.libraryProblem }
    static let jpeg = SharedLibrary(file: "libjpeg.so.62", package: "libjpeg62-turbo") { Picture.libraryProblems.first { $0.format == .jpeg }?.problem }
    static let webp = SharedLibrary(file: "libwebp.so.7", package: "libwebp7") { Picture.libraryProblems.first { $0.format == .webp }?.problem }
    static let heif = SharedLibrary(file: "libheif.so.1", package: "libheif1") { Picture.libraryProblems.first { $0.format == .heic }?.problem }

    /// Which libraries `configuration` needs and, for each, the first thing that needs
    /// it: libcurl for a slot that fetches (weather, stat, any http:// or https:// in its
    /// parameters: heatmap's url, agenda's calendars), libical for an agenda, libmosquitto
    /// for `mqtt:` (the front ends': `glance`'s, or a widget package's with the `Fleet`
    /// trait), libjpeg, libwebp and libheif for a photo slot. Slots with `preview: true` fetch
    /// nothing. TRMNL devices' slots count.
    static func needed(by configuration: GlanceConfig) -> [(library: SharedLibrary, reason: String)] {
        let slots = configuration.slots + (RunCommand.frontEnds?.otherSlots(configuration) ?? [])
        var result: [(library: SharedLibrary, reason: String)] = []
        let live = slots.filter { !$0.preview }
        let fetching = live.first { slot in
            slot.kind == WeatherWidget.kind || slot.kind == StatWidget.kind
                || slot.params.contains { $0.text.contains("http://") || $0.text.contains("https://") }
        }
        if let slot = fetching { result.append((curl, "slot \(slot.name) (\(slot.kind))")) }
        if let slot = live.first(where: { $0.kind == AgendaWidget.kind }) { result.append((ical, "slot \(slot.name) (\(slot.kind))")) }
        if let slot = slots.first(where: { $0.kind == PhotoWidget.kind }) {
            result.append((jpeg, "slot \(slot.name) (\(slot.kind))"))
            result.append((webp, "slot \(slot.name) (\(slot.kind))"))
            result.append((heif, "slot \(slot.name) (\(slot.kind))"))
        }
        result += RunCommand.frontEnds?.libraries(configuration) ?? []
        return result
    }
}
