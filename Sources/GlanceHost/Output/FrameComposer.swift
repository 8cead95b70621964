import GlanceGraphics
import GlanceText
import GlanceUI

/// Draws slots into the display's frame and says which pixels changed.
public final class FrameComposer {
    public let renderer: ViewRenderer
    /// The whole display, RGBA, as last composed.
    public private(set) var canvas: Canvas

    public init(width: Int, height: Int, fonts: FontLibrary, scale: Double) throws(Canvas.SizeError) {
        renderer = ViewRenderer(fonts: fonts, scale: scale)
        canvas = try Canvas(width: width, height: height)
    }

    /// Renders `content` into `rect` (pixels) and returns the bounding box of the pixels
    /// that changed, or `nil` when the slot looks exactly as before.
    public func update(_ rect: PixelRect, with content: ViewNode) -> PixelRect? {
        guard var slot = try? Canvas(width: max(1, rect.width), height: max(1, rect.height)) else { return nil }
        renderer.render(content, into: &slot,
                        in: Rect(x: 0, y: 0, width: Double(rect.width) / renderer.scale, height: Double(rect.height) / renderer.scale))
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<slot.height where rect.y + y < canvas.height {
            for x in 0..<slot.width where rect.x + x < canvas.width {
                let new = slot[x: x, y: y]
                let frameIndex = (rect.y + y) * canvas.width + rect.x + x
                if canvas.pixels[frameIndex] != new || canvas.tonal[frameIndex] != slot.tonal[y * slot.width + x] {
                    canvas.setPixel(frameIndex, new, tonal: slot.tonal[y * slot.width + x])
                    minX = min(minX, x)
                    minY = min(minY, y)
                    maxX = max(maxX, x)
                    maxY = max(maxY, y)
                }
            }
        }
        guard minX <= maxX else { return nil }
        return PixelRect(x: rect.x + minX, y: rect.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
