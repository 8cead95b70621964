import GlanceYAML
import ArgumentParser
import FoundationEssentials
import GlanceGraphics
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWidgetKit
import GlanceWidgets
import GlanceConfiguration
import GlanceSystem

package struct RenderCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one widget to a PNG: the entry its timeline gives for an instant.",
        discussion: """
        Example: glance render countdown --family systemMedium --param title=Launch \
        --param target=2027-01-03 --at 2026-12-31T09:00:00+09:00 --out x.png
        """
    )

    @Argument(help: "The widget kind (countdown, weather, stat, heatmap, weekday); in a widget's own executable, its own by default.")
    var kind: String?

    package init() {}

    @Option(help: ArgumentHelp("The WidgetKit family (systemSmall, systemMedium, …).", valueName: "family"))
    var family: String

    @Option(help: ArgumentHelp("Size in pixels, like 364x170; default: the family's size × --scale.", valueName: "WxH"))
    var size: String?

    @Flag(help: "Allow --size above 4096x4096 (up to 8192x8192).")
    var largeSize = false

    @Option(parsing: .unconditional, help: "Pixels per point (0.25 to 8).")
    var scale: Double = 1

    @Option(name: .customLong("param"), help: ArgumentHelp("A widget parameter (repeatable).", valueName: "name=value"))
    var parameters: [String] = []

    @Option(help: ArgumentHelp("The instant to render, ISO 8601 with an offset; default: now.", valueName: "instant"))
    var at: String?

    @Option(help: ArgumentHelp("IANA zone the widget lives in; default: the --at offset's zone is not enough, so the system's.", valueName: "zone"))
    var timezone: String?

    @Option(help: ArgumentHelp("Language for names of days and months, like ko_KR.", valueName: "locale"))
    var locale: String?

    @Option(help: ArgumentHelp("Palette of the output: bw, gray4, gray16, bwr, bwy, bwry, acep7, spectra6, rgb565, rgb888.", valueName: "palette"))
    var colors: String = "bw"

    @Option(help: ArgumentHelp("Dithering of gradients and images: none, floydSteinberg, atkinson, bayer.", valueName: "mode"))
    var dither: String = "floydSteinberg"

    @Option(help: ArgumentHelp("How the widget is drawn on the palette: full_color, accented or vibrant; default: the palette's own (full_color for rgb565/rgb888, accented where it has colour inks, else vibrant), or the config's rendering_mode.", valueName: "mode"))
    var renderingMode: String?

    @Flag(help: "Render the widget's gallery snapshot instead of its timeline entry.")
    var snapshot = false

    @Flag(help: "Render the widget's placeholder (redacted) instead of its timeline entry.")
    var placeholder = false

    @Flag(help: "When the provider cannot get its data, write what it gives for the meantime (often its placeholder) and exit 0; the failure is still said.")
    var allowPlaceholder = false

    @Option(help: ArgumentHelp("The PNG to write ('-' for standard output).", valueName: "file"))
    var out: String

    @Option(help: ArgumentHelp("Also write the widget's texts, one a line, as its views say them (for checking what a reader finds in the picture).", valueName: "file"))
    var text: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("A configuration whose named_colors:, images folder, timezone and locale the widget sees (as on the display).", valueName: "file"))
    var config: String?

    package func run() throws {
        // A provider's WidgetCenter calls stay in this process (no daemon is poked).
        WidgetCenter.shared.setWakeHandler {}
        guard let kind = kind ?? WidgetCatalog.defaultKind else {
            throw UsageError(message: "name the widget kind: glance render KIND --family F --out FILE.png")
        }
        // Everything is checked before anything is written.
        guard let widgetFamily = WidgetFamily(rawValue: family) else {
            throw UsageError(message: "--family: unknown family '\(family)'; expected one of \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let palette = Palette.named(colors) else {
            throw UsageError(message: "--colors: unknown palette '\(colors)'; expected one of \(Palette.all.map(\.name).joined(separator: ", "))")
        }
        guard let mode = DitherMode(rawValue: dither) else {
            throw UsageError(message: "--dither: unknown mode '\(dither)'; expected one of \(DitherMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let modes = ["full_color": InkPrinting.Mode.fullColor, "accented": .accented, "vibrant": .vibrant]
        if let renderingMode, modes[renderingMode] == nil {
            throw UsageError(message: "--rendering-mode: unknown mode '\(renderingMode)'; expected full_color, accented or vibrant")
        }
        guard !(snapshot && placeholder) else { throw UsageError(message: "--snapshot and --placeholder exclude each other") }
        guard !allowPlaceholder || !(snapshot || placeholder) else {
            throw UsageError(message: "--allow-placeholder is for a timeline entry; --snapshot and --placeholder never ask the provider for data")
        }
        guard scale >= 0.25, scale <= 8 else { throw UsageError(message: "--scale must be between 0.25 and 8") }
        var pixelSize: (Int, Int)?
        if let size {
            let parts = size.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
                throw UsageError(message: "--size: expected a size like 364x170, found \(quoted(size))")
            }
            guard (1...Canvas.maximumSide).contains(width), (1...Canvas.maximumSide).contains(height) else {
                throw UsageError(message: "--size \(width)x\(height) is out of range; each side must be 1 to \(Canvas.maximumSide) pixels")
            }
            guard largeSize || (width <= DisplayConfig.defaultMaximumSide && height <= DisplayConfig.defaultMaximumSide) else {
                throw UsageError(message: "--size \(width)x\(height) is above \(DisplayConfig.defaultMaximumSide)x\(DisplayConfig.defaultMaximumSide) (\(width * height * 4 / 1_048_576) MiB of pixels); add --large-size if that is meant")
            }
            pixelSize = (width, height)
        }
        var instant = Date.now
        if let at {
            guard let parsed = parseISO8601Instant(at) else {
                throw UsageError(message: "--at: '\(at)' is not an ISO 8601 instant like 2026-12-31T09:00:00+09:00")
            }
            instant = parsed
        }
        let configuration = try config.map { try ConfigLoader.load(path: $0) }
        var zone = configuration?.timeZone ?? ZoneRules.current()
        if let timezone {
            do {
                zone = try ZoneRules(identifier: timezone)
            } catch {
                throw UsageError(message: "--timezone: \(error)")
            }
        } else if configuration == nil, let at, let offsetZone = Self.fixedZone(fromISO8601: at) {
            // No zone named: the --at offset's fixed zone is the best guess at "local".
            zone = offsetZone
        }
        var parameterPairs: [(name: String, text: String)] = []
        for parameter in parameters {
            guard let equals = parameter.firstIndex(of: "="), equals != parameter.startIndex else {
                throw UsageError(message: "--param: expected name=value, found \(quoted(parameter))")
            }
            let name = String(parameter[..<equals]), text = String(parameter[parameter.index(after: equals)...])
            // A list parameter takes `a,b` as well as a repeated --param.
            parameterPairs += WidgetCatalog.registry[kind]?.commandLineValues(name: name, text: text) ?? [(name, text)]
        }

        var request = WidgetSnapshotRenderer.Request(kind: kind, family: widgetFamily, instant: instant, timeZone: zone,
                                                     locale: locale.map(DisplayLocale.init(identifier:)) ?? configuration?.locale ?? .current())
        if let configuration { request.assets = configuration.assets }
        request.size = pixelSize
        request.scale = scale
        request.parameters = parameterPairs
        request.content = snapshot ? .snapshot : (placeholder ? .placeholder : .timeline)
        request.emoji = EmojiStyle(for: palette)
        request.panel = (palette, mode)
        request.renderingMode = renderingMode.flatMap { modes[$0] } ?? configuration?.display.chosenRenderingMode

        let fonts: FontLibrary
        do {
            fonts = try FontLibrary(applicationFontDirectory: FontLocations.applicationDirectory,
                                    log: { StandardStreams.error("glance: \($0)\n") })
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        let rendering: WidgetSnapshotRenderer.Rendering
        do {
            rendering = try WidgetSnapshotRenderer(registry: WidgetCatalog.registry, fonts: fonts).rendering(request)
        } catch {
            throw UsageError(message: "\(error)")
        }
        // A provider that could not get its data gives a placeholder or old data: said in
        // the daemon's words, and not taken for the widget's picture unless asked.
        if let failure = rendering.providerFailure {
            guard allowPlaceholder else {
                throw RuntimeError(message: "\(kind): \(failure); nothing written (--allow-placeholder writes what its provider gives meanwhile)")
            }
            StandardStreams.error("glance: \(kind): \(failure); writing what its provider gives meanwhile\n")
        }
        let canvas = rendering.canvas
        let output = palette == .rgb888 ? canvas : canvas.quantised(to: palette, dither: mode).canvas()
        do {
            if out == "-" || out == "/dev/stdout" {
                // Streamed where the user asked, not renamed over the device node.
                StandardStreams.output(try PNG.encode(output))
            } else {
                try PNG.write(output, to: out)
            }
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        if let text {
            do {
                try AtomicFile.write(Array((rendering.texts.map { $0.split(separator: "\n").joined(separator: " ") }.joined(separator: "\n") + "\n").utf8),
                                     to: text)
            } catch {
                throw RuntimeError(message: "--text \(text): \(error)")
            }
        }
        StandardStreams.error("glance: wrote \(out) (\(canvas.width)x\(canvas.height), \(palette.name))\n")
    }

    /// A zone with the fixed offset written at the end of an ISO 8601 instant.
    static func fixedZone(fromISO8601 text: String) -> ZoneRules? {
        if text.hasSuffix("Z") { return .utc }
        let tail = text.suffix(6)
        guard tail.count == 6, let sign = tail.first, sign == "+" || sign == "-",
              let hours = Int(tail.dropFirst().prefix(2)), let minutes = Int(tail.suffix(2)) else { return nil }
        let seconds = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
        return ZoneRules.fixed(secondsEast: seconds)
    }
}
