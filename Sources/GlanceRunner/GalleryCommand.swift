import ArgumentParser
import FoundationEssentials
import GlanceGraphics
import GlanceHost
import GlanceSystem
import GlanceText
import GlanceTime
import GlanceWidgetKit
import Glibc

/// `glance gallery --out DIR`: every widget in every family it supports, from its gallery
/// snapshot (no network), in full colour and as a 1-bit panel shows it, with an
/// `index.html` contact sheet.
package struct GalleryCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every widget in every family it supports, from its snapshot, in colour and bw, with an index.html.",
        discussion: """
        Example: glance gallery --out gallery --at 2026-11-23T09:00:00+09:00 --timezone Asia/Seoul --locale en_US
        Widgets take their first recommendation's parameters (AppIntentTimelineProvider.recommendations()); one \
        that cannot be configured without parameters is drawn as its placeholder, and the sheet says so.
        """
    )

    @Option(help: ArgumentHelp("The folder to write (made if missing; its PNGs and index.html are replaced).", valueName: "dir"))
    var out: String

    @Option(name: .customLong("kind"), help: ArgumentHelp("Only this widget kind (repeatable); default: all.", valueName: "kind"))
    var kinds: [String] = []

    @Option(help: ArgumentHelp("The instant the snapshots are taken at, ISO 8601 with an offset; default: now.", valueName: "instant"))
    var at: String?

    @Option(help: ArgumentHelp("IANA zone; default: the system's.", valueName: "zone"))
    var timezone: String?

    @Option(help: ArgumentHelp("Language for names of days and months, like ko_KR; default: the system's.", valueName: "locale"))
    var locale: String?

    @Option(parsing: .unconditional, help: "Pixels per point (0.25 to 8).")
    var scale: Double = 1

    @Option(help: ArgumentHelp("Also one PNG of every widget's small family side by side, colour above 1-bit (for a README).", valueName: "file"))
    var strip: String?

    package init() {}

    /// One picture of the sheet.
    struct Picture {
        let kind: String
        let family: WidgetFamily
        let colorFile: String
        let bwFile: String
        let width: Int
        let height: Int
        /// Why the placeholder was drawn instead of the snapshot, if it was.
        let note: String?
    }

    package func run() throws {
        WidgetCenter.shared.setWakeHandler {}
        guard scale >= 0.25, scale <= 8 else { throw UsageError(message: "--scale must be between 0.25 and 8") }
        let registry = WidgetCatalog.registry
        let available = WidgetCatalog.ownKinds.isEmpty ? registry.kinds : WidgetCatalog.ownKinds
        for kind in kinds where registry[kind] == nil {
            throw UsageError(message: "--kind: unknown widget kind '\(kind)'; expected one of \(available.joined(separator: ", "))")
        }
        var instant = Date.now
        if let at {
            guard let parsed = parseISO8601Instant(at) else {
                throw UsageError(message: "--at: '\(at)' is not an ISO 8601 instant like 2026-12-31T09:00:00+09:00")
            }
            instant = parsed
        }
        var zone = ZoneRules.current()
        if let timezone {
            do { zone = try ZoneRules(identifier: timezone) } catch { throw UsageError(message: "--timezone: \(error)") }
        }
        let displayLocale = locale.map(DisplayLocale.init(identifier:)) ?? .current()
        if let locale, displayLocale.foundationLocale.language.languageCode == nil {
            throw UsageError(message: "--locale: unknown locale '\(locale)'; expected a language and region like ko_KR, de_DE or en_GB")
        }
        do {
            try AtomicFile.makeFolders(out)
        } catch {
            throw RuntimeError(message: "--out: \(error.path): \(error.reason)")
        }
        let fonts: FontLibrary
        do {
            fonts = try FontLibrary(applicationFontDirectory: FontLocations.applicationDirectory, log: { StandardStreams.error("glance: \($0)\n") })
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        let renderer = WidgetSnapshotRenderer(registry: registry, fonts: fonts)
        var pictures: [Picture] = []
        var stripParts: [(colour: Canvas, panel: Canvas)] = []
        for kind in kinds.isEmpty ? available : kinds {
            guard let descriptor = registry[kind] else { continue }
            for family in descriptor.supportedFamilies {
                let colour: Canvas, panel: Canvas, note: String?
                do {
                    let picture = try renderer.galleryPicture(kind: kind, family: family, instant: instant, timeZone: zone,
                                                              locale: displayLocale, scale: scale)
                    colour = picture.canvas
                    note = picture.placeholderBecause.map { "placeholder (\($0))" }
                    // As a 1-bit panel shows it: emoji as outlines, tones dithered.
                    panel = try renderer.galleryPicture(kind: kind, family: family, instant: instant, timeZone: zone, locale: displayLocale,
                                                        scale: scale, panel: (.bw, .floydSteinberg))
                        .canvas.quantised(to: .bw, dither: .floydSteinberg).canvas()
                } catch {
                    throw RuntimeError(message: "\(kind) \(family.rawValue): \(error.message)")
                }
                let name = "\(fileSafe(kind))-\(family.rawValue)"
                do {
                    try PNG.write(colour, to: "\(out)/\(name).png")
                    try PNG.write(panel, to: "\(out)/\(name)-bw.png")
                } catch {
                    throw RuntimeError(message: "\(error)")
                }
                pictures.append(Picture(kind: kind, family: family, colorFile: "\(name).png", bwFile: "\(name)-bw.png",
                                        width: colour.width, height: colour.height, note: note))
                if family == (descriptor.supportedFamilies.contains(.systemSmall) ? .systemSmall : descriptor.supportedFamilies.first) {
                    stripParts.append((colour, panel))
                }
            }
        }
        do {
            try AtomicFile.write(Array(Self.sheet(pictures, registry: registry, instant: instant, zone: zone).utf8), to: "\(out)/index.html")
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        if let strip {
            do {
                try PNG.write(try Self.strip(stripParts), to: strip)
            } catch {
                throw RuntimeError(message: "\(strip): \(error)")
            }
        }
        StandardStreams.error("glance: wrote \(pictures.count * 2) pictures of \(Set(pictures.map(\.kind)).count) widgets and \(out)/index.html\n")
    }

    /// Pictures side by side on a light grey ground, colour in the top row and the 1-bit
    /// versions under them, 16 pixels apart.
    static func strip(_ parts: [(colour: Canvas, panel: Canvas)]) throws -> Canvas {
        let gap = 16
        let width = parts.reduce(gap) { $0 + $1.colour.width + gap }
        let rowHeight = parts.map(\.colour.height).max() ?? 0
        var sheet = try Canvas(width: width, height: 2 * rowHeight + 3 * gap, fill: RGBA(236, 236, 232))
        var x = gap
        for part in parts {
            sheet.draw(part.colour, atX: x, y: gap)
            sheet.draw(part.panel, atX: x, y: 2 * gap + rowHeight)
            x += part.colour.width + gap
        }
        return sheet
    }

    private func fileSafe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }

    /// The contact sheet: one section per widget, its families side by side, colour above bw.
    static func sheet(_ pictures: [Picture], registry: WidgetRegistry, instant: Date, zone: ZoneRules) -> String {
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Glance widget gallery</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f4f4f2; color: #222; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin: 28px 0 4px; } p.about { margin: 0 0 10px; color: #555; }
        .row { display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #555; margin-top: 4px; }
        img { display: block; image-rendering: pixelated; box-shadow: 0 0 0 1px #ccc; background: #fff; }
        img + img { margin-top: 6px; } .note { color: #a33; }
        </style></head><body>
        <h1>Glance widget gallery</h1>
        <p>Snapshots at \(escape(iso8601String(instant, in: zone))) (\(escape(zone.identifier))); each family in colour and as a 1-bit panel shows it.</p>

        """
        var seen: [String] = []
        for picture in pictures where !seen.contains(picture.kind) { seen.append(picture.kind) }
        for kind in seen {
            let descriptor = registry[kind]
            html += "<h2>\(escape(descriptor?.displayName ?? kind)) <code>\(escape(kind))</code></h2>\n"
            if let about = descriptor?.description, !about.isEmpty { html += "<p class=\"about\">\(escape(about))</p>\n" }
            html += "<div class=\"row\">\n"
            for picture in pictures where picture.kind == kind {
                html += """
                <figure><img src="\(picture.colorFile)" width="\(picture.width)" height="\(picture.height)" alt="\(escape(kind)) \(picture.family.rawValue)">\
                <img src="\(picture.bwFile)" width="\(picture.width)" height="\(picture.height)" alt="\(escape(kind)) \(picture.family.rawValue), 1-bit">\
                <figcaption>\(picture.family.rawValue)\(picture.note.map { " <span class=\"note\">\(escape($0))</span>" } ?? "")</figcaption></figure>

                """
            }
            html += "</div>\n"
        }
        return html + "</body></html>\n"
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
