import Foundation
import GlanceGraphics
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWidgetKit
import Testing
import GlanceConfiguration
import GlanceYAML

/// `glance render` resolves views in the host's own environment: named colours and
/// images from the configuration reach it (they did not, and `Color("Accent")` was clear).
@Suite struct SnapshotEnvironmentTests {
    @Test func namedColoursReachTheSnapshotRenderer() throws {
        let config = try ConfigLoader.parse("""
            timezone: UTC
            named_colors: {Accent: "#FF3B30"}
            slots:
              - {kind: accent, family: systemSmall}
            """, file: "wall.yaml")
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry([AccentWidget.self]), fonts: try FontLibrary())
        var request = WidgetSnapshotRenderer.Request(kind: "accent", family: .systemSmall, instant: t0, timeZone: .utc,
                                                     locale: DisplayLocale(identifier: "en_US"))
        let bare = try renderer.render(request)
        #expect(bare[x: 80, y: 80] == .white)
        request.assets = config.assets
        let painted = try renderer.render(request)
        #expect(painted[x: 80, y: 80] == RGBA(hex: 0xFF3B30))
    }
}

/// WidgetKit's content margins: 16 points around a system widget's content, with the
/// container background reaching past them to the edges; none for accessory families;
/// none with `.contentMarginsDisabled()` (which was accepted and never read).
@Suite struct ContentMarginTests {
    func render(_ kind: String, _ family: WidgetFamily, scale: Double = 1) throws -> Canvas {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry([MarginProbeWidget.self, MarginlessProbeWidget.self]), fonts: try FontLibrary())
        var request = WidgetSnapshotRenderer.Request(kind: kind, family: family, instant: t0, timeZone: .utc, locale: DisplayLocale(identifier: "en_US"))
        request.scale = scale
        return try renderer.render(request)
    }

    /// Where the black content is: its bounding box in pixels.
    func blackBox(_ canvas: Canvas) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x: x, y: y] == .black {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func systemFamiliesHaveSixteenPointMargins() throws {
        let canvas = try render("margins", .systemSmall, scale: 2)
        #expect(blackBox(canvas) == PixelRect(x: 32, y: 32, width: canvas.width - 64, height: canvas.height - 64))
        let grey = RGBA(128, 128, 128)
        #expect(canvas[x: 0, y: 0] == grey && canvas[x: canvas.width - 1, y: canvas.height - 1] == grey && canvas[x: 31, y: 100] == grey)
    }

    @Test func disabledMarginsLetTheContentFillTheWidget() throws {
        let canvas = try render("marginless", .systemSmall)
        #expect(blackBox(canvas) == PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
    }

    @Test func accessoryFamiliesHaveNone() throws {
        let canvas = try render("margins", .accessoryRectangular)
        #expect(blackBox(canvas) == PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
    }
}

/// The rendering mode and the container background as the display decides them:
/// `.fullColor` with its background on colour panels, `.vibrant` on black-and-white and
/// grey ones, `.accented` where the panel has colour inks, both without the background;
/// a display's `rendering_mode:` chooses another.
@Suite struct RenderingModeTests {
    /// The probe's bar: its width and height in points, and the colour of a corner.
    func probe(_ palette: Palette?, mode: InkPrinting.Mode? = nil) throws -> (width: Int, height: Int, corner: RGBA) {
        let renderer = WidgetSnapshotRenderer(registry: WidgetRegistry([RenderingModeProbeWidget.self]), fonts: try FontLibrary())
        var request = WidgetSnapshotRenderer.Request(kind: "modes", family: .systemSmall, instant: t0, timeZone: .utc,
                                                     locale: DisplayLocale(identifier: "en_US"))
        request.panel = palette.map { ($0, .floydSteinberg) }
        request.renderingMode = mode
        let canvas = try renderer.render(request)
        let black = (0..<canvas.width * canvas.height).filter { canvas[x: $0 % canvas.width, y: $0 / canvas.width] == .black }
        let columns = Set(black.map { $0 % canvas.width }), rows = Set(black.map { $0 / canvas.width })
        return (columns.count, rows.count, canvas[x: 0, y: 0])
    }

    @Test func eachPanelDecidesTheModeAndTheBackground() throws {
        let grey = RGBA(128, 128, 128)
        #expect(try probe(nil) == (20, 30, grey))
        #expect(try probe(.rgb888) == (20, 30, grey))
        #expect(try probe(.bw) == (60, 50, .white))
        #expect(try probe(.gray4) == (60, 50, .white))
        #expect(try probe(.bwr) == (40, 50, .white))
        #expect(try probe(.acep7) == (40, 50, .white))
        // Chosen by the display: full colour on a black-and-white panel draws the
        // background (with no text on it, a grey tone to be dithered).
        #expect(try probe(.bw, mode: .fullColor) == (20, 30, grey))
        #expect(try probe(.acep7, mode: .vibrant).width == 60)
    }

    @Test func aDisplayChoosesItsRenderingMode() throws {
        let config = try ConfigLoader.parse("""
            display: {colors: acep7, rendering_mode: full_color}
            slots:
              - {kind: countdown, family: systemSmall, params: {title: A, date: 2027-01-01}}
            """, file: "wall.yaml")
        #expect(config.display.renderingMode == .fullColor)
        #expect(config.display.printing?.mode == .fullColor)
        let plain = try ConfigLoader.parse("""
            display: {colors: bwr}
            slots:
              - {kind: countdown, family: systemSmall, params: {title: A, date: 2027-01-01}}
            """, file: "wall.yaml")
        #expect(plain.display.renderingMode == .accented)
        #expect(throws: ConfigError.self) {
            try ConfigLoader.parse("""
                display: {colors: bw, rendering_mode: mono}
                slots: []
                """, file: "wall.yaml")
        }
        do {
            _ = try ConfigLoader.parse("display: {colors: bw, rendering_mode: mono}\nslots: []\n", file: "wall.yaml")
        } catch {
            #expect("\(error)".contains("wall.yaml:1") && "\(error)".contains("rendering_mode"), "\(error)")
        }
    }
}
