import GlanceDisplays
import GlanceGraphics

/// Frames for panel tests: deterministic patterns in a palette's values.
enum PanelTestFrames {
    /// Blocks, stripes and a diagonal: every row and column differs, so an addressing or
    /// bit-order mistake shows.
    static func pattern(width: Int, height: Int, palette: Palette = .bw, seed: Int = 0) -> QuantisedFrame {
        var values = [UInt32](repeating: 1, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let stripe = (x / 3 + y / 5 + seed) % 4 == 0
                let diagonal = (x + seed) % max(1, height) == y % max(1, height)
                var value: UInt32 = stripe || diagonal ? 0 : 1
                if palette.colors.count == 3, (x / 7 + y / 11 + seed) % 6 == 0 { value = 2 }
                values[y * width + x] = value
            }
        }
        return QuantisedFrame(width: width, height: height, palette: palette, values: values)
    }

    /// `frame` with the rectangle `rect` inverted (a digit changing, say).
    static func changed(_ frame: QuantisedFrame, in rect: PixelRect) -> QuantisedFrame {
        var values = frame.values
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { values[y * frame.width + x] = values[y * frame.width + x] == 0 ? 1 : 0 }
        }
        return QuantisedFrame(width: frame.width, height: frame.height, palette: frame.palette, values: values)
    }
}
