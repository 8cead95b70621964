import GlanceGraphics
import GlanceUI

/// Drawing for a panel of few inks (`ViewRenderer.printing`): before a node is drawn its
/// colours are chosen against the ground it lands on (`InkPrinting`'s rules). The ground
/// is what the canvas already holds under the node; which fills are grounds is decided
/// once a frame, from where the frame's text and symbols are.
extension ViewRenderer {
    /// Where the frame's text and symbols are: the centre of each, in frame pixels.
    func collectMarks(_ box: LayoutBox, into marks: inout [(x: Int, y: Int)]) {
        switch box.node {
        case .text(let node) where !node.redacted:
            marks.append(centre(of: box))
        case .symbol:
            marks.append(centre(of: box))
        case .mask:
            // What a mask draws is never seen; only its content's marks count.
            if let content = box.children.first { collectMarks(content, into: &marks) }
        default:
            for child in box.children { collectMarks(child, into: &marks) }
        }
    }

    private func centre(of box: LayoutBox) -> (x: Int, y: Int) {
        (Int(((box.rect.x + box.rect.width / 2) * scale).rounded()), Int(((box.rect.y + box.rect.height / 2) * scale).rounded()))
    }

    /// Whether a fill at `rect` (frame pixels) has text or a symbol on it.
    func carriesMarks(_ rect: PixelRect) -> Bool {
        marks.contains { $0.x >= rect.x && $0.x < rect.maxX && $0.y >= rect.y && $0.y < rect.maxY }
    }

    /// The mean luma (0–255) of what `canvas` holds in `rect` (its pixels), where a
    /// layer's transparent pixels show the ground under the layer.
    func groundLuma(in rect: PixelRect, of canvas: Canvas) -> Int {
        canvas.meanLuma(in: rect, under: layerGrounds.last ?? 255)
    }

    /// Runs `body` with the ground under a layer about to be drawn at `rect` (pixels of
    /// `canvas`) known to the layer's marks.
    func withLayerGround(under rect: PixelRect, of canvas: Canvas, _ body: () -> Void) {
        guard printing != nil else { return body() }
        layerGrounds.append(groundLuma(in: rect, of: canvas))
        defer { layerGrounds.removeLast() }
        body()
    }

    /// A transparent layer the size of `rect` for drawing into `canvas`, cutting glyph
    /// edges as it does.
    func layer(for rect: PixelRect, of canvas: Canvas) -> Canvas? {
        guard rect.width > 0, rect.height > 0, var layer = try? Canvas(width: rect.width, height: rect.height, fill: .clear) else { return nil }
        layer.glyphEdge = canvas.glyphEdge
        return layer
    }

    var isAccent: Bool { accentDepth > 0 }

    /// A shape as it is printed.
    struct PrintedShape {
        var shape: ShapeNode
        /// Whether its fill is a tone (to be dithered) or flat; nil: by its colour.
        var tonal: Bool?
        /// A ground printed in the same ink as what lies under it, which in colour stood
        /// apart from it (a light card, a bordered button): its outline, in this ink.
        var outline: RGBA?
    }

    /// Text with its colours as `printing` prints them where it is drawn (`pixels` in
    /// `canvas`). Placeholder bars are drawn as shapes (`Drawing`) and left as they are.
    func printed(_ text: TextNode, _ printing: InkPrinting, in pixels: PixelRect, of canvas: Canvas) -> TextNode {
        if text.redacted { return text }
        var text = text
        let ground = groundLuma(in: pixels, of: canvas)
        text.color = printing.mark(text.color, overGround: ground, accent: isAccent)
        if let runs = text.runs {
            text.runs = runs.map { run in
                var run = run
                run.color = printing.mark(run.color, overGround: ground, accent: isAccent)
                return run
            }
        }
        return text
    }

    /// A mark's colour (a symbol, a rule) as `printing` prints it where it is drawn.
    func printed(mark color: RGBA, _ printing: InkPrinting, in pixels: PixelRect, of canvas: Canvas) -> RGBA {
        printing.mark(color, overGround: groundLuma(in: pixels, of: canvas), accent: isAccent)
    }

    /// `shape` with its colours as `printing` prints it where it is drawn: `pixels` in
    /// `canvas`, `frameRect` the same rectangle in frame pixels.
    func printed(_ shape: ShapeNode, _ printing: InkPrinting, in pixels: PixelRect, frameRect: PixelRect, of canvas: Canvas) -> PrintedShape {
        // Nothing to print (`Color.clear` as a background).
        if shape.fill.isTransparent { return PrintedShape(shape: shape) }
        var shape = shape
        let carries = shape.stroke == nil && carriesMarks(frameRect)
        switch shape.fill {
        case .color(let color):
            if carries { return printedGround(shape, color, printing, in: pixels, frameRect: frameRect, of: canvas) }
            // Strokes and narrow shapes (rings, bars, dots) are marks by hue too.
            let thin = shape.stroke != nil || Double(min(pixels.width, pixels.height)) <= 8 * scale
            let figure = printing.figure(color, overGround: groundLuma(in: pixels, of: canvas), accent: isAccent, thin: thin)
            shape.fill = .color(figure.color)
            return PrintedShape(shape: shape, tonal: figure.tonal)
        case .gradient(var gradient):
            if carries { return printedGround(shape, Self.meanColor(of: gradient), printing, in: pixels, frameRect: frameRect, of: canvas) }
            gradient.stops = gradient.stops.map { stop in
                var stop = stop
                stop.color = printing.tone(stop.color, accent: isAccent)
                return stop
            }
            shape.fill = .gradient(gradient)
            return PrintedShape(shape: shape)
        }
    }

    /// A fill with text on it, printed flat in one ink; outlined where that ink is the
    /// one it stands on although its colour stood apart (by at least `apart` of luma),
    /// unless it covers nearly all of what is drawn (a whole widget's background).
    private func printedGround(_ shape: ShapeNode, _ color: RGBA, _ printing: InkPrinting, in pixels: PixelRect, frameRect: PixelRect,
                               of canvas: Canvas) -> PrintedShape {
        var shape = shape
        // A translucent ground is seen over what it is drawn on.
        let under = groundLuma(in: pixels, of: canvas)
        let seen = color.a == 255 ? color : color.over(RGBA(UInt8(under), UInt8(under), UInt8(under)))
        let ink = printing.ground(seen, accent: isAccent)
        shape.fill = .color(ink)
        let surroundings = printing.ground(RGBA(UInt8(under), UInt8(under), UInt8(under)))
        let apart = 24
        let area = frameRect.intersection(frameArea)
        let covers = area.width * area.height * 10 >= frameArea.width * frameArea.height * 9
        guard ink == surroundings, abs(seen.luma - under) >= apart, !covers else { return PrintedShape(shape: shape, tonal: false) }
        return PrintedShape(shape: shape, tonal: false, outline: printing.mark(.black, overGround: ink.luma))
    }

    /// A gradient's colour averaged along its stops (each stretch between two stops
    /// weighted by its length).
    static func meanColor(of gradient: GradientFill) -> RGBA {
        let stops = gradient.stops.sorted { $0.location < $1.location }
        guard let first = stops.first, let last = stops.last else { return .white }
        var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0, weight = 0.0
        func add(_ color: RGBA, _ share: Double) {
            red += Double(color.r) * share
            green += Double(color.g) * share
            blue += Double(color.b) * share
            alpha += Double(color.a) * share
            weight += share
        }
        add(first.color, max(0, first.location))
        add(last.color, max(0, 1 - last.location))
        for (a, b) in zip(stops, stops.dropFirst()) {
            let length = max(0, b.location - a.location)
            add(a.color, length / 2)
            add(b.color, length / 2)
        }
        guard weight > 0 else { return first.color }
        func channel(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value / weight).rounded()))) }
        return RGBA(channel(red), channel(green), channel(blue), channel(alpha))
    }
}

extension ShapeNode.Fill {
    /// A colour with no alpha (`Color.clear`).
    var isTransparent: Bool {
        if case .color(let color) = self { return color.a == 0 }
        return false
    }
}
