import Foundation
import GlanceGraphics
import GlanceHost
import GlanceText
import GlanceTime
import Testing

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
