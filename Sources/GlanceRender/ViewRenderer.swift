import GlanceUI
import GlanceGraphics
import GlanceText
import Glibc

/// Lays out resolved view trees with SwiftUI's proposal/response model and draws them.
///
/// A parent proposes a size, the child answers with the size it takes, the parent places
/// it. Stacks offer their space to the least flexible children first. Sizes are in
/// points; `scale` turns points into pixels when drawing and measuring text.
public final class ViewRenderer {
    public let fonts: FontLibrary
    public let scale: Double
    /// Emoji in colour or as outlines: what the display's palette can show.
    public let emoji: EmojiStyle
    private let text: TextLayout
    private var measured: [TextKey: LaidOutText] = [:]
    private var images: [String: (version: FileVersion?, image: Canvas?)] = [:]
    /// Symbol names already logged as unknown.
    private var unknownSymbols: Set<String> = []
    /// Work done since the renderer was made.
    public internal(set) var statistics = LayoutStatistics()

    /// - Parameter emoji: `EmojiStyle(for:)` the palette the picture is shown in.
    public init(fonts: FontLibrary, scale: Double = 1, emoji: EmojiStyle = .color) {
        self.fonts = fonts
        self.scale = scale
        self.emoji = emoji
        text = TextLayout(library: fonts)
    }

    // MARK: Layout

    /// The size `node` takes when offered `proposal` (points).
    public func sizeThatFits(_ node: ViewNode, _ proposal: ProposedSize) -> Size {
        size(LayoutNode(node), proposal)
    }

    /// Lays `node` out in `rect`: the node takes its size for that proposal and is
    /// centred in it, as a widget's content is in its slot.
    public func layout(_ node: ViewNode, in rect: Rect) -> LayoutBox {
        let root = LayoutNode(node)
        let proposal = ProposedSize(width: max(0, rect.width), height: max(0, rect.height))
        let size = size(root, proposal)
        let origin = (x: rect.x + (rect.width - size.width) / 2, y: rect.y + (rect.height - size.height) / 2)
        return place(root, at: origin, proposal)
    }

    /// Places `layout` with its top-left at `origin`, at the size it answered `proposal`;
    /// every child is placed at the size it answered when this node measured it.
    private func place(_ layout: LayoutNode, at origin: (x: Double, y: Double), _ proposal: ProposedSize) -> LayoutBox {
        let size = size(layout, proposal)
        let rect = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        func box(_ children: [LayoutBox]) -> LayoutBox { LayoutBox(node: layout.node, rect: rect, children: children) }
        switch layout.node {
        case .empty, .text, .spacer, .shape, .divider, .symbol, .image:
            return box([])
        case .padding(let insets, _):
            return box([place(layout.children[0], at: (rect.x + insets.leading, rect.y + insets.top),
                              paddingProposal(insets, proposal))])
        case .frame(let frame, _):
            let child = layout.children[0]
            let offset = frameChildOrigin(frame, layout, child, proposal)
            return box([place(child, at: (rect.x + offset.x, rect.y + offset.y), frameChildProposal(frame, proposal))])
        case .fixedSize(let horizontal, let vertical, _):
            return box([place(layout.children[0], at: origin, fixedProposal(horizontal, vertical, proposal))])
        case .clip, .alignmentGuide, .control:
            return box([place(layout.children[0], at: origin, proposal)])
        case .effect(let effect, _):
            let child = layout.children[0]
            return box([place(child, at: childOrigin(of: effect, child, in: rect, proposal), childProposal(of: effect, child, proposal))])
        case .grid:
            let plan = gridPlan(layout, proposal)
            return box(layout.children.indices.map { index in
                let child = layout.children[index], slot = plan.slots[index], offer = plan.proposals[index]
                let alignment = plan.alignments[index]
                let x = alignment.horizontal.key.defaultValue(width: slot.width, height: slot.height) - guide(child, offer, alignment.horizontal.key)
                let y = alignment.vertical.key.defaultValue(width: slot.width, height: slot.height) - guide(child, offer, alignment.vertical.key)
                return place(child, at: (rect.x + slot.x + x, rect.y + slot.y + y), offer)
            })
        case .firstFitting:
            guard let chosen = chosenChild(layout, proposal) else { return box([]) }
            return box([place(chosen, at: origin, proposal)])
        case .geometry:
            guard let content = geometryContent(layout, size) else { return box([]) }
            return box([place(content, at: origin, ProposedSize(width: size.width, height: size.height))])
        case .background(_, _, let alignment), .overlay(_, _, let alignment), .mask(_, _, let alignment):
            // The decoration is offered the content's size and put on the content's
            // alignment lines.
            let content = layout.children[0], decoration = layout.children[1]
            let decorationProposal = ProposedSize(width: size.width, height: size.height)
            let x = guide(content, proposal, alignment.horizontal.key) - guide(decoration, decorationProposal, alignment.horizontal.key)
            let y = guide(content, proposal, alignment.vertical.key) - guide(decoration, decorationProposal, alignment.vertical.key)
            let contentBox = place(content, at: origin, proposal)
            let decorationBox = place(decoration, at: (rect.x + x, rect.y + y), decorationProposal)
            if case .background = layout.node { return box([decorationBox, contentBox]) }
            return box([contentBox, decorationBox])
        case .stack, .group:
            guard let stack = layout.stack else { return box([]) }
            let measured = arrangement(layout, proposal)
            let placed = offsets(layout, stack, measured)
            return box(layout.children.indices.map { index in
                let child = layout.children[index]
                let at = (x: rect.x + placed.positions[index].x, y: rect.y + placed.positions[index].y)
                // A divider's size is the stack's (a rule across it: upright in an HStack),
                // not the horizontal rule it is alone.
                if case .divider = child.node {
                    let size = measured[index].size
                    return LayoutBox(node: child.node, rect: Rect(x: at.x, y: at.y, width: size.width, height: size.height), children: [])
                }
                return place(child, at: at, measured[index].proposal)
            })
        }
    }

    // MARK: Drawing

    /// Lays out and draws `node` into `rect` (points) of `canvas`. Returns where its
    /// controls were drawn, in pixels of `canvas`, in reading order.
    @discardableResult
    public func render(_ node: ViewNode, into canvas: inout Canvas, in rect: Rect) -> [ControlRegion] {
        let box = layout(node, in: rect)
        draw(box, into: &canvas)
        var regions: [ControlRegion] = []
        collectRegions(box, into: &regions)
        return regions
    }

    /// Draws `node` as a slot of `frame`: the slot's rectangle (pixels) is cleared to
    /// white and the view is laid out at the slot's size and drawn straight into the
    /// frame, clipped to the slot, with the pixels a canvas of the slot's own would hold.
    /// Returns where its controls were drawn, in frame pixels, cut to the slot.
    @discardableResult
    public func render(_ node: ViewNode, into frame: inout Canvas, slot: PixelRect) -> [ControlRegion] {
        let area = slot.intersection(frame.bounds)
        guard !area.isEmpty else { return [] }
        let previous = frame.clip
        defer { frame.clip = previous }
        frame.clip = area
        frame.fill(slot, .white)
        let box = layout(node, in: Rect(x: 0, y: 0, width: Double(slot.width) / scale, height: Double(slot.height) / scale))
        draw(box, into: &frame, offset: (-slot.x, -slot.y))
        var regions: [ControlRegion] = []
        collectRegions(box, into: &regions)
        return regions.compactMap { region in
            let moved = PixelRect(x: region.rect.x + slot.x, y: region.rect.y + slot.y, width: region.rect.width, height: region.rect.height)
            let visible = moved.intersection(area)
            return visible.isEmpty ? nil : ControlRegion(control: region.control, rect: visible)
        }
    }

    private func collectRegions(_ box: LayoutBox, into regions: inout [ControlRegion]) {
        if case .control(let control, _) = box.node {
            let x = Int((box.rect.x * scale).rounded(.down)), y = Int((box.rect.y * scale).rounded(.down))
            let right = Int(((box.rect.x + box.rect.width) * scale).rounded(.up))
            let bottom = Int(((box.rect.y + box.rect.height) * scale).rounded(.up))
            regions.append(ControlRegion(control: control, rect: PixelRect(x: x, y: y, width: right - x, height: bottom - y)))
        }
        for child in box.children { collectRegions(child, into: &regions) }
    }

    /// Draws `box`; `offset` (pixels) is subtracted from every position, for drawing
    /// into a canvas that holds only part of the frame.
    func draw(_ box: LayoutBox, into canvas: inout Canvas, offset: (x: Int, y: Int) = (0, 0)) {
        // Edges are rounded, not sizes: two boxes that meet at a fractional boundary meet
        // at the same pixel (rounding each size left one-pixel seams between them).
        let left = Int((box.rect.x * scale).rounded()), top = Int((box.rect.y * scale).rounded())
        let right = Int(((box.rect.x + box.rect.width) * scale).rounded()), bottom = Int(((box.rect.y + box.rect.height) * scale).rounded())
        let pixels = PixelRect(x: left - offset.x, y: top - offset.y, width: right - left, height: bottom - top)
        switch box.node {
        case .clip(let kind, _):
            // Draw the content on its own transparent layer, then keep what the shape covers.
            guard pixels.width > 0, pixels.height > 0, var layer = try? Canvas(width: pixels.width, height: pixels.height, fill: .clear)
            else { return }
            for child in box.children {
                draw(child, into: &layer, offset: (offset.x + pixels.x, offset.y + pixels.y))
            }
            composite(layer, in: pixels, maskedBy: kind, into: &canvas)
        case .mask:
            drawMasked(box, in: pixels, into: &canvas, offset: offset)
        case .effect(let effect, _):
            if !drawEffect(effect, box, in: pixels, into: &canvas, offset: offset) {
                for child in box.children { draw(child, into: &canvas, offset: offset) }
            }
        case .shape(let shape):
            drawShape(shape, in: pixels, into: &canvas)
        case .symbol(let symbol):
            drawSymbol(symbol, in: pixels, into: &canvas)
        case .image(let path, _):
            if let image = loadImage(path) { canvas.drawScaled(image, into: pixels) }
        case .divider(let color):
            canvas.fill(PixelRect(x: pixels.x, y: pixels.y, width: max(1, pixels.width), height: max(1, pixels.height)), color)
        case .text(let node):
            let laid = layoutText(node, ProposedSize(width: box.rect.width, height: box.rect.height))
            if node.redacted {
                var bar = node.color
                bar.a = UInt8(Double(bar.a) * 0.25)
                for (index, line) in laid.lines.enumerated() {
                    let top = pixels.y + index * Int(laid.lineStep) + Int(laid.lineHeight) / 5
                    canvas.fillRoundedRect(PixelRect(x: pixels.x + Int(line.offset), y: top, width: Int(line.width),
                                                     height: Int(laid.lineHeight) * 3 / 5), radius: 3, bar)
                }
            } else {
                text.draw(laid, into: &canvas, x: pixels.x, y: pixels.y, colors: node.pieces.map(\.color))
            }
        default:
            for child in box.children { draw(child, into: &canvas, offset: offset) }
        }
    }

    /// Draws `layer` at `rect` where `kind` covers it (antialiased edges).
    private func composite(_ layer: Canvas, in rect: PixelRect, maskedBy kind: ShapeNode.Kind, stroke: StrokeStyle? = nil,
                           into canvas: inout Canvas) {
        guard var mask = try? Canvas(width: rect.width, height: rect.height, fill: .clear) else { return }
        drawShape(ShapeNode(kind: kind, fill: .color(.black), stroke: stroke), in: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height),
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

    private func drawShape(_ shape: ShapeNode, in rect: PixelRect, into canvas: inout Canvas) {
        switch shape.fill {
        case .color(let color):
            if let stroke = shape.stroke {
                if drawBorderBands(shape, stroke: stroke, in: rect, color, into: &canvas) { return }
                return drawPath(shape, in: rect, color, into: &canvas)
            }
            // A grey fill is a tone: dithered on a few-ink panel, so that text on it keeps
            // its contrast (a threshold would make it solid black or white).
            let tonal = color.isMidGrey
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
            guard rect.width > 0, rect.height > 0, var layer = try? Canvas(width: rect.width, height: rect.height, fill: .clear) else { return }
            fillGradient(gradient, in: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height), into: &layer)
            composite(layer, in: rect, maskedBy: shape.kind, stroke: shape.stroke, into: &canvas)
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
        let path = shape.kind.path(in: Rect(x: 0, y: 0, width: Double(rect.width) / scale, height: Double(rect.height) / scale))
            .applying(scale: scale, dx: Double(rect.x), dy: Double(rect.y))
        let polylines = path.flattened(tolerance: 0.2)
        let polygons: [[(x: Double, y: Double)]]
        if let stroke = shape.stroke {
            polygons = StrokeOutline.polygons(polylines, style: stroke, width: stroke.lineWidth * scale)
        } else {
            polygons = polylines.map { $0.points.map { (x: $0.x, y: $0.y) } }
        }
        canvas.fillPolygons(polygons, color, tonal: tonal)
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

    /// A decoded PNG, cached; `nil` (logged once) when it cannot be read.
    /// The file is read again when it changes on disk (its modification time, size or
    /// inode), so a picture another program rewrites shows its new content.
    func loadImage(_ path: String) -> Canvas? {
        let version = FileVersion(path: path)
        if let cached = images[path], cached.version == version { return cached.image }
        do {
            let image = try PNG.read(path)
            images[path] = (version, image)
            return image
        } catch {
            // Logged once per version of the file, not once per frame.
            fonts.log("image \(error); drawn as an empty frame")
            images[path] = (version, nil)
            return nil
        }
    }

    // MARK: Text

    /// Sets text for a proposal: wraps to the width, keeps within the height's lines,
    /// and shrinks down to `minimumScaleFactor` before it truncates.
    func layoutText(_ node: TextNode, _ proposal: ProposedSize) -> LaidOutText {
        // An unbounded offer (a flexibility probe) is no limit at all.
        let maxWidth = proposal.width.flatMap { $0.isFinite ? ($0 * scale).rounded(.down) : nil }
        let key = TextKey(node: node, maxWidth: maxWidth)
        if let cached = measured[key] { return cached }
        // `minimumScaleFactor`: the largest of 1, 0.95, 0.90, … (down to the minimum)
        // at which the text is not cut, found by bisection (a smaller size never cuts
        // more), or the smallest when every size is cut. Full size is tried first: most
        // texts fit.
        var factors = [1.0]
        var next = 1.0 - 0.05
        while next >= node.minimumScaleFactor - 0.001 {
            factors.append(next)
            next -= 0.05
        }
        func laidOut(_ factor: Double) -> LaidOutText {
            statistics.textLayouts += 1
            let descriptor = FontDescriptor(family: node.family, weight: node.weight, italic: node.italic,
                                            pixelSize: (node.pointSize * scale * factor).rounded())
            // Height proposals do not cut lines: a text's height follows from its width
            // and line limit, so stacks cannot squeeze a two-line label into one.
            let style = TextStyle(font: descriptor, alignment: node.alignment, lineLimit: node.lineLimit,
                                  lineSpacing: node.lineSpacing * scale * factor, emoji: emoji)
            let spans = node.pieces.map { run in
                TextSpan(run.string, font: FontDescriptor(family: run.family, weight: run.weight, italic: run.italic,
                                                          pixelSize: (run.pointSize * scale * factor).rounded()),
                         tracking: run.tracking * scale * factor)
            }
            return text.layout(spans, style: style, maxWidth: maxWidth)
        }
        var result = laidOut(factors[0])
        if result.truncated, factors.count > 1 {
            // The first uncut factor lies in low...high (high: the smallest, used cut or not).
            var low = 1, high = factors.count - 1
            var best = laidOut(factors[high])
            // Cut even at the smallest: so at every size.
            while !best.truncated, low < high {
                let middle = (low + high) / 2
                let attempt = laidOut(factors[middle])
                if attempt.truncated {
                    low = middle + 1
                } else {
                    high = middle
                    best = attempt
                }
            }
            result = best
        }
        // Bounded: a display runs for months and its texts change every day.
        if measured.count >= 1024 { measured.removeAll(keepingCapacity: true) }
        measured[key] = result
        return result
    }

    func widestLine(_ laid: LaidOutText) -> Double {
        (laid.lines.map(\.width).max() ?? 0).rounded(.up)
    }

    private struct TextKey: Hashable {
        let node: TextNode
        let maxWidth: Double?
    }
}

/// What identifies one version of a file's content without reading it.
struct FileVersion: Equatable {
    let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    /// `nil` when the file cannot be examined (missing, no permission).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}

/// Where a control was drawn: what a tap inside `rect` (pixels) runs.
public struct ControlRegion: Hashable, Sendable {
    public var control: ControlNode
    public var rect: PixelRect

    public init(control: ControlNode, rect: PixelRect) {
        self.control = control
        self.rect = rect
    }
}
