import Foundation
import GlanceGraphics
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWidgetKit
import Testing
import GlanceConfiguration

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
