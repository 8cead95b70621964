import GlanceGraphics
import GlanceText
import GlanceUI
import Glibc

/// The drawing pass: a laid-out `LayoutBox` tree into a canvas, in pixels.
extension ViewRenderer {
    /// Draws `box`; `offset` (pixels) is subtracted from every position, for drawing
    /// into a canvas that holds only part of the frame.
    func draw(_ box: LayoutBox, into canvas: inout Canvas, offset: (x: Int, y: Int) = (0, 0)) {
        // Edges are rounded, not sizes: two boxes that meet at a fractional boundary meet
        // at the same pixel (rounding each size left one-pixel seams between them).
        let left = Int((box.rect.x * scale).rounded()), top = Int((box.rect.y * scale).rounded())
        let right = Int(((box.rect.x + box.rect.width) * scale).rounded()), bottom = Int(((box.rect.y + box.rect.height) * scale).rounded())
        let pixels = PixelRect(x: left - offset.x, y: top - offset.y, width: right - left, height: bottom - top)
        // On a panel of few inks, what draws (text, symbols, rules, shapes) has its colours
        // chosen against its ground, each in its case below; containers are drawn as
        // they are.
        let frameRect = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        switch box.node {
        case .clip(let kind, _):
            // Draw the content on its own transparent layer, then keep what the shape covers.
            guard var layer = self.layer(for: pixels, of: canvas) else { return }
            withLayerGround(under: pixels, of: canvas) {
                for child in box.children {
                    draw(child, into: &layer, offset: (offset.x + pixels.x, offset.y + pixels.y))
                }
            }
            composite(layer, in: pixels, maskedBy: kind, into: &canvas)
        case .mask:
            drawMasked(box, in: pixels, into: &canvas, offset: offset)
        case .effect(let effect, _):
            if !drawEffect(effect, box, in: pixels, into: &canvas, offset: offset) {
                for child in box.children { draw(child, into: &canvas, offset: offset) }
            }
        case .shape(let shape):
            var printed = PrintedShape(shape: shape)
            if let printing { printed = self.printed(shape, printing, in: pixels, frameRect: frameRect, of: canvas) }
            drawShape(printed.shape, in: pixels, tonal: printed.tonal, into: &canvas)
            if let outline = printed.outline {
                // One point wide, inside the shape's edge.
                let width = 1.0
                drawShape(ShapeNode(kind: .inset(shape.kind, amount: width / 2), fill: .color(outline), stroke: StrokeStyle(lineWidth: width)),
                          in: pixels, tonal: false, into: &canvas)
            }
        case .symbol(var symbol):
            if let printing { symbol.color = printed(mark: symbol.color, printing, in: pixels, of: canvas) }
            drawSymbol(symbol, in: pixels, into: &canvas)
        case .image(let path, _):
            if pixels.width > 0, pixels.height > 0, let image = loadImage(path, covering: (pixels.width, pixels.height)) {
                canvas.drawScaled(image, into: pixels)
            }
        case .divider(var color):
            if let printing { color = printed(mark: color, printing, in: pixels, of: canvas) }
            canvas.fill(PixelRect(x: pixels.x, y: pixels.y, width: max(1, pixels.width), height: max(1, pixels.height)), color)
        case .text(var node):
            if let printing { node = printed(node, printing, in: pixels, of: canvas) }
            let laid = layoutText(node, ProposedSize(width: box.rect.width, height: box.rect.height))
            if node.redacted {
                var bar = node.color
                bar.a = UInt8(Double(bar.a) * 0.25)
                var tonal = false
                if let printing {
                    (bar, tonal) = printing.figure(bar, overGround: groundLuma(in: pixels, of: canvas), accent: isAccent)
                }
                for (index, line) in laid.lines.enumerated() {
                    let top = pixels.y + index * Int(laid.lineStep) + Int(laid.lineHeight) / 5
                    canvas.fillRoundedRect(PixelRect(x: pixels.x + Int(line.offset), y: top, width: Int(line.width),
                                                     height: Int(laid.lineHeight) * 3 / 5), radius: 3, bar, tonal: tonal)
                }
            } else {
                text.draw(laid, into: &canvas, x: pixels.x, y: pixels.y, colors: node.pieces.map(\.color),
                          decorations: node.runs.map { $0.map(\.decoration) } ?? [])
            }
        default:
            for child in box.children { draw(child, into: &canvas, offset: offset) }
        }
    }

    /// Draws `layer` at `rect` where `kind` covers it (antialiased edges).
    private func composite(_ layer: Canvas, in rect: PixelRect, maskedBy kind: ShapeNode.Kind, stroke: StrokeStyle? = nil,
                           evenOdd: Bool = false, into canvas: inout Canvas) {
        guard var mask = try? Canvas(width: rect.width, height: rect.height, fill: .clear) else { return }
        drawShape(ShapeNode(kind: kind, fill: .color(.black), stroke: stroke, evenOdd: evenOdd),
                  in: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height),
                  into: &mask)
        composite(layer, in: rect, mask: mask, into: &canvas)
    }

    /// Draws `layer` at `rect` by the alpha of `mask` (both `rect`'s size).
    func composite(_ layer: Canvas, in rect: PixelRect, mask: Canvas, into canvas: inout Canvas) {
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let coverage = mask[x: x, y: y].a
                guard coverage > 0 else { continue }
                let index = y * rect.width + x
                canvas.blend(x: rect.x + x, y: rect.y + y, layer.pixel(at: index), coverage: coverage, tonal: layer.isTonal(at: index),
                             glyph: layer.isGlyph(at: index))
            }
        }
    }

    /// `tonal`: whether a colour fill is a tone (to be dithered) or flat, where the ink
    /// rules decided it; else a mid grey is a tone.
    private func drawShape(_ shape: ShapeNode, in rect: PixelRect, tonal decided: Bool? = nil, into canvas: inout Canvas) {
        switch shape.fill {
        case .color(let color):
            // A clear colour that is not a tone draws nothing (`Canvas.fill`): no band,
            // outline or coverage is worked out for it.
            if color.a == 0 && decided != true { return }
            if let stroke = shape.stroke {
                if decided != true, drawBorderBands(shape, stroke: stroke, in: rect, color, into: &canvas) { return }
                return drawPath(shape, in: rect, color, tonal: decided ?? false, into: &canvas)
            }
            // A grey fill is a tone: dithered on a few-ink panel, so that text on it keeps
            // its contrast (a threshold would make it solid black or white).
            let tonal = decided ?? color.isMidGrey
            switch shape.kind {
            case .rectangle: canvas.fill(rect, color, tonal: tonal)
            case .roundedRectangle(let radius): canvas.fillRoundedRect(rect, radius: radius * scale, color, tonal: tonal)
            case .ellipse: canvas.fillEllipse(in: rect, color, tonal: tonal)
            case .circle:
                let side = min(rect.width, rect.height)
                canvas.fillEllipse(in: PixelRect(x: rect.x + (rect.width - side) / 2, y: rect.y + (rect.height - side) / 2,
                                                 width: side, height: side), color, tonal: tonal)
            case .capsule: canvas.fillRoundedRect(rect, radius: Double(min(rect.width, rect.height)) / 2, color, tonal: tonal)
            case .custom, .trimmed, .inset: drawPath(shape, in: rect, color, tonal: tonal, into: &canvas)
            }
        case .gradient(let gradient):
            if shape.kind == .rectangle && shape.stroke == nil {
                fillGradient(gradient, in: rect, into: &canvas)
                return
            }
            // Other outlines: the gradient on a layer, kept where the shape covers.
            guard var layer = self.layer(for: rect, of: canvas) else { return }
            fillGradient(gradient, in: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height), into: &layer)
            composite(layer, in: rect, maskedBy: shape.kind, stroke: shape.stroke, evenOdd: shape.evenOdd, into: &canvas)
        }
    }

    /// A solid rectangle border (`.border`, `strokeBorder` on a `Rectangle`) whose width is
    /// a whole number of pixels: four bands filled directly, the pixels the stroke's
    /// outline would cover in full (it covers no pixel in part), without rasterising it.
    private func drawBorderBands(_ shape: ShapeNode, stroke: StrokeStyle, in rect: PixelRect, _ color: RGBA,
                                 into canvas: inout Canvas) -> Bool {
        guard case .inset(.rectangle, let amount) = shape.kind, stroke.dash.isEmpty, stroke.lineJoin == .miter,
              stroke.miterLimit >= 2, abs(amount * 2 - stroke.lineWidth) < 1e-9 else { return false }
        let width = stroke.lineWidth * scale
        guard width >= 1, width == width.rounded(), Int(width) * 2 <= min(rect.width, rect.height) else { return false }
        let band = Int(width)
        canvas.fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: band), color)
        canvas.fill(PixelRect(x: rect.x, y: rect.maxY - band, width: rect.width, height: band), color)
        canvas.fill(PixelRect(x: rect.x, y: rect.y + band, width: band, height: rect.height - 2 * band), color)
        canvas.fill(PixelRect(x: rect.maxX - band, y: rect.y + band, width: band, height: rect.height - 2 * band), color)
        return true
    }

    /// Fills `rect` (pixels) with `gradient`, its geometry relative to `rect`.
    private func fillGradient(_ gradient: GradientFill, in rect: PixelRect, into canvas: inout Canvas) {
        let ramp = GradientRamp(stops: gradient.stops.map { ($0.color, $0.location) })
        let width = Double(rect.width), height = Double(rect.height)
        func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (Double(rect.x) + x * width, Double(rect.y) + y * height) }
        switch gradient.geometry {
        case .linear(let startX, let startY, let endX, let endY):
            canvas.fillLinearGradient(rect, ramp, start: (startX, startY), end: (endX, endY))
        case .radial(let centerX, let centerY, let startRadius, let endRadius):
            canvas.fillRadialGradient(rect, ramp, center: point(centerX, centerY), startRadius: startRadius * scale, endRadius: endRadius * scale)
        case .elliptical(let centerX, let centerY, let start, let end):
            canvas.fillEllipticalGradient(rect, ramp, center: point(centerX, centerY), radii: (width / 2, height / 2), start: start, end: end)
        case .angular(let centerX, let centerY, let start, let end):
            canvas.fillAngularGradient(rect, ramp, center: point(centerX, centerY), startRadians: start, endRadians: end)
        }
    }

    /// A shape from its path: filled by the non-zero rule, or its outline stroked.
    private func drawPath(_ shape: ShapeNode, in rect: PixelRect, _ color: RGBA, tonal: Bool = false, into canvas: inout Canvas) {
        if let stroke = shape.stroke {
            // Drawn segment by segment (`StrokeCoverage`), never as a polygon of its outline.
            // A small outline's coverage is kept by its shape, place and the clip it was
            // cut to (`strokeMasks`): the same ring, icon or gauge in the next frame is the
            // same mask. (A mask is not moved to another place: worked out at one origin
            // and moved, a few pixels' coverage differs where a join's cut lands.) A large
            // one and a widget's own shape (made anew with its view each time: never the
            // same key) are worked out each time.
            if rect.width <= Self.keptStrokeSide, rect.height <= Self.keptStrokeSide, !shape.kind.isCustom {
                let key = StrokeMaskKey(kind: shape.kind, rect: rect, clip: canvas.clip, stroke: stroke)
                let coverage = strokeMasks[key] ?? {
                    let made = StrokeCoverage(polylines(shape, in: rect), style: strokeGeometry(stroke), clip: canvas.clip)
                    if strokeMasks.count >= Self.keptStrokeMasks { strokeMasks.removeAll(keepingCapacity: true) }
                    strokeMasks[key] = made
                    return made
                }()
                canvas.draw(coverage, color, tonal: tonal)
                return
            }
            canvas.strokePolylines(polylines(shape, in: rect), style: strokeGeometry(stroke), color, tonal: tonal)
            return
        }
        canvas.fillPolygons(polylines(shape, in: rect).map(\.points), color, tonal: tonal, evenOdd: shape.evenOdd)
    }

    /// Strokes kept as masks are at most this many pixels wide and high (a mask of about
    /// 5 KiB at most, with the stroke's reach around it), and at most this many are kept.
    static let keptStrokeSide = 64, keptStrokeMasks = 64
    /// `shape`'s outline in `rect` (pixels), flattened.
    private func polylines(_ shape: ShapeNode, in rect: PixelRect) -> [(points: [(x: Double, y: Double)], closed: Bool)] {
        let path = shape.kind.path(in: Rect(x: 0, y: 0, width: Double(rect.width) / scale, height: Double(rect.height) / scale))
            .applying(scale: scale, dx: Double(rect.x), dy: Double(rect.y))
        return path.flattened(tolerance: 0.2).map { (points: $0.points.map { (x: $0.x, y: $0.y) }, closed: $0.closed) }
    }

    /// SwiftUI's stroke style in pixels.
    private func strokeGeometry(_ stroke: StrokeStyle) -> StrokeGeometry {
        let width = stroke.lineWidth * scale, unit = width / max(stroke.lineWidth, 1e-9)
        return StrokeGeometry(width: width, cap: stroke.lineCap == .round ? .round : stroke.lineCap == .square ? .square : .butt,
                              join: stroke.lineJoin == .round ? .round : stroke.lineJoin == .bevel ? .bevel : .miter,
                              miterLimit: stroke.miterLimit, dash: stroke.dash.map { $0 * unit }, dashPhase: stroke.dashPhase * unit)
    }

    private func drawSymbol(_ symbol: SymbolNode, in rect: PixelRect, into canvas: inout Canvas) {
        let side = min(rect.width, rect.height)
        guard side > 0 else { return }
        let descriptor = FontDescriptor(family: SymbolNames.fontFamily, pixelSize: Double(side))
        guard let face = fonts.face(for: descriptor), face.file.family == SymbolNames.fontFamily,
              let index = symbol.glyphNames.lazy.map({ face.glyphIndex(named: $0) }).first(where: { $0 != 0 }) else {
            // No icon for this name: a box with a question mark, logged once per name.
            if unknownSymbols.insert(symbol.systemName).inserted {
                fonts.log("Image(systemName: \"\(symbol.systemName)\"): no icon for this name; drawn as a boxed question mark")
            }
            let inset = max(1, side / 8)
            let box = PixelRect(x: rect.x + (rect.width - side) / 2 + inset, y: rect.y + (rect.height - side) / 2 + inset,
                                width: side - 2 * inset, height: side - 2 * inset)
            canvas.stroke(box, symbol.color, lineWidth: max(1, side / 16))
            let mark = text.layout("?", style: TextStyle(font: FontDescriptor(family: nil, weight: .bold, pixelSize: Double(box.height) * 0.8)))
            text.draw(mark, into: &canvas, x: box.x + (box.width - Int(widestLine(mark))) / 2, y: box.y + (box.height - Int(mark.height)) / 2,
                      color: symbol.color)
            return
        }
        let glyph = face.glyph(index)
        // Centre the glyph's ink in the box.
        let x = rect.x + (rect.width - glyph.width) / 2
        let y = rect.y + (rect.height - glyph.height) / 2
        canvas.drawMask(glyph.coverage, width: glyph.width, height: glyph.height, atX: x, y: y, symbol.color, glyph: true)
    }
}

extension ShapeNode.Kind {
    /// Whether the outline is (or is cut from) a widget's own shape.
    var isCustom: Bool {
        switch self {
        case .custom: true
        case .trimmed(let kind, _, _), .inset(let kind, _): kind.isCustom
        default: false
        }
    }
}
