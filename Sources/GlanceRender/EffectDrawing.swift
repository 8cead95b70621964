import GlanceUI
import GlanceGraphics
import Glibc

/// Drawing through a layer: masks, rotations and scales.
extension ViewRenderer {
    /// The content drawn only where the mask has ink, by the mask's alpha.
    func drawMasked(_ box: LayoutBox, in pixels: PixelRect, into canvas: inout Canvas, offset: (x: Int, y: Int)) {
        guard box.children.count == 2, var layer = self.layer(for: pixels, of: canvas), var mask = self.layer(for: pixels, of: canvas)
        else { return }
        let layerOffset = (x: offset.x + pixels.x, y: offset.y + pixels.y)
        withLayerGround(under: pixels, of: canvas) {
            draw(box.children[0], into: &layer, offset: layerOffset)
            draw(box.children[1], into: &mask, offset: layerOffset)
        }
        composite(layer, in: pixels, mask: mask, into: &canvas)
    }

    /// The content drawn on a layer, then turned by `radians` (clockwise) and scaled about
    /// `anchor` (a unit point of the view's own rectangle), resampled bilinearly.
    func drawTransformed(_ box: LayoutBox, in pixels: PixelRect, radians: Double, scale factors: (x: Double, y: Double),
                         anchor: (x: Double, y: Double), into canvas: inout Canvas, offset: (x: Int, y: Int)) {
        if radians == 0 && factors.x == 1 && factors.y == 1 {
            for child in box.children { draw(child, into: &canvas, offset: offset) }
            return
        }
        guard abs(factors.x) > 1e-6, abs(factors.y) > 1e-6 else { return }  // scaled to nothing
        let centre = (x: Double(pixels.x) + anchor.x * Double(pixels.width), y: Double(pixels.y) + anchor.y * Double(pixels.height))
        let cosine = cos(radians), sine = sin(radians)
        drawMapped(box, into: &canvas, offset: offset, forward: { x, y in
            let dx = (x - centre.x) * factors.x, dy = (y - centre.y) * factors.y
            return (centre.x + cosine * dx - sine * dy, centre.y + sine * dx + cosine * dy)
        }, backward: { x, y in
            let dx = x - centre.x, dy = y - centre.y
            let ux = (cosine * dx + sine * dy) / factors.x, uy = (-sine * dx + cosine * dy) / factors.y
            return (centre.x + ux, centre.y + uy)
        })
    }

    /// The content drawn on a layer, then mapped by an affine transform of its own
    /// coordinates (origin at its top-left corner; `tx`, `ty` in points), resampled
    /// bilinearly (`.transformEffect`).
    func drawAffine(_ box: LayoutBox, in pixels: PixelRect, _ m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double),
                    into canvas: inout Canvas, offset: (x: Int, y: Int)) {
        if m == (1, 0, 0, 1, 0, 0) {
            for child in box.children { draw(child, into: &canvas, offset: offset) }
            return
        }
        let determinant = m.a * m.d - m.b * m.c
        guard abs(determinant) > 1e-12 else { return }  // squashed onto a line
        let origin = (x: Double(pixels.x), y: Double(pixels.y)), shift = (x: m.tx * scale, y: m.ty * scale)
        drawMapped(box, into: &canvas, offset: offset, forward: { x, y in
            let u = x - origin.x, v = y - origin.y
            return (origin.x + m.a * u + m.c * v + shift.x, origin.y + m.b * u + m.d * v + shift.y)
        }, backward: { x, y in
            let u = x - origin.x - shift.x, v = y - origin.y - shift.y
            return (origin.x + (m.d * u - m.c * v) / determinant, origin.y + (m.a * v - m.b * u) / determinant)
        })
    }

    /// The content drawn on a layer, then into `canvas` through `forward` (a layer point
    /// to a canvas point, pixels) and its inverse `backward`, resampled bilinearly.
    private func drawMapped(_ box: LayoutBox, into canvas: inout Canvas, offset: (x: Int, y: Int),
                            forward: (Double, Double) -> (x: Double, y: Double), backward: (Double, Double) -> (x: Double, y: Double)) {
        // The layer holds everything the content's boxes cover (text may overflow its own).
        let extent = self.extent(box)
        let left = Int((extent.x * scale).rounded(.down)) - offset.x - 1, top = Int((extent.y * scale).rounded(.down)) - offset.y - 1
        let right = Int((extent.maxX * scale).rounded(.up)) - offset.x + 1, bottom = Int((extent.maxY * scale).rounded(.up)) - offset.y + 1
        let source = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        guard var layer = self.layer(for: source, of: canvas) else { return }
        withLayerGround(under: source, of: canvas) {
            for child in box.children { draw(child, into: &layer, offset: (offset.x + source.x, offset.y + source.y)) }
        }

        let corners = [forward(Double(source.x), Double(source.y)), forward(Double(source.maxX), Double(source.y)),
                       forward(Double(source.x), Double(source.maxY)), forward(Double(source.maxX), Double(source.maxY))]
        let minX = Int(corners.map(\.x).min()!.rounded(.down)), maxX = Int(corners.map(\.x).max()!.rounded(.up))
        let minY = Int(corners.map(\.y).min()!.rounded(.down)), maxY = Int(corners.map(\.y).max()!.rounded(.up))
        let target = PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(canvas.clip)
        guard !target.isEmpty else { return }
        for y in target.y..<target.maxY {
            for x in target.x..<target.maxX {
                // Back from the frame's pixel centre to the layer's pixel grid.
                let back = backward(Double(x) + 0.5, Double(y) + 0.5)
                let sx = back.x - Double(source.x) - 0.5, sy = back.y - Double(source.y) - 0.5
                guard let sample = layer.sample(x: sx, y: sy) else { continue }
                canvas.blend(x: x, y: y, sample.color, coverage: sample.coverage, tonal: sample.tonal, glyph: sample.glyph)
            }
        }
    }

    /// The rectangle (points) covering a box and everything inside it.
    func extent(_ box: LayoutBox) -> Rect {
        var minX = box.rect.x, minY = box.rect.y, maxX = box.rect.maxX, maxY = box.rect.maxY
        for child in box.children {
            let inner = extent(child)
            minX = min(minX, inner.x)
            minY = min(minY, inner.y)
            maxX = max(maxX, inner.maxX)
            maxY = max(maxY, inner.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Canvas {
    /// The colour at a point between pixel centres (bilinear, by alpha), with the flags of
    /// the nearest pixel; `nil` where nothing is drawn.
    func sample(x: Double, y: Double) -> (color: RGBA, coverage: UInt8, tonal: Bool, glyph: Bool)? {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0
        for (cx, cy, weight) in [(x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)),
                                 (x0, y0 + 1, (1 - fx) * fy), (x0 + 1, y0 + 1, fx * fy)]
            where weight > 0 && cx >= 0 && cy >= 0 && cx < width && cy < height {
            let pixel = self.pixel(at: cy * width + cx)
            let share = Double(pixel.a) / 255 * weight
            red += Double(pixel.r) * share
            green += Double(pixel.g) * share
            blue += Double(pixel.b) * share
            alpha += share
        }
        guard alpha > 0.002 else { return nil }
        let nearestX = min(width - 1, max(0, Int(x.rounded()))), nearestY = min(height - 1, max(0, Int(y.rounded())))
        let index = nearestY * width + nearestX
        func channel(_ value: Double) -> UInt8 { UInt8(min(255, max(0, (value / alpha).rounded()))) }
        return (RGBA(channel(red), channel(green), channel(blue), 255), UInt8(min(255, (alpha * 255).rounded())), isTonal(at: index),
                isGlyph(at: index))
    }
}
