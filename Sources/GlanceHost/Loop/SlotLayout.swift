import GlanceDisplays
import GlanceYAML
import FoundationEssentials
import GlanceGraphics
import GlanceWidgetKit
import GlanceConfiguration

/// Places slots on the display: an explicit `origin` is kept; the others are packed in
/// order, left to right in rows, the way a person fills a wall from the top.
enum SlotLayout {
    static func place(
        _ slots: [(config: SlotConfig, family: WidgetFamily)],
        display: DisplayConfig
    ) throws(ConfigError) -> [PixelRect] {
        var rects: [PixelRect] = []
        var cursorX = 0
        var cursorY = 0
        var rowHeight = 0
        for (config, family) in slots {
            let width = config.size?.width ?? Int((family.defaultSize.width * display.scale).rounded())
            let height = config.size?.height ?? Int((family.defaultSize.height * display.scale).rounded())
            var rect: PixelRect
            if let origin = config.origin {
                rect = PixelRect(x: origin.x, y: origin.y, width: width, height: height)
            } else {
                if cursorX + width > display.width, cursorX > 0 {
                    cursorX = 0
                    cursorY += rowHeight
                    rowHeight = 0
                }
                rect = PixelRect(x: cursorX, y: cursorY, width: width, height: height)
                cursorX += width
                rowHeight = max(rowHeight, height)
            }
            guard rect.maxX <= display.width, rect.maxY <= display.height else {
                throw config.locations.slot.error(
                    "slot '\(config.name)' (\(rect)) does not fit on the \(display.width)x\(display.height) display; give it a size:, or a smaller display scale: (now \(display.scale))"
                )
            }
            rects.append(rect)
        }
        return rects
    }
}
