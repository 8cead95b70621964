import GlanceGraphics
import GlanceText

/// Lays out resolved view trees with SwiftUI's proposal/response model and draws them.
///
/// A parent proposes a size, the child answers with the size it takes, the parent places
/// it. Stacks offer their space to the least flexible children first. Sizes are in
/// points; `scale` turns points into pixels when drawing and measuring text.
public final class ViewRenderer {
    public let fonts: FontLibrary
    public let scale: Double
    private let text: TextLayout
    private var measured: [TextKey: LaidOutText] = [:]
    private var images: [String: Canvas?] = [:]

    /// SwiftUI's default spacing between stack children, in points.
    public static let defaultSpacing = 8.0

    public init(fonts: FontLibrary, scale: Double = 1) {
        self.fonts = fonts
        self.scale = scale
        text = TextLayout(library: fonts)
    }

    // MARK: Sizing

    public func sizeThatFits(_ node: ViewNode, _ proposal: ProposedSize) -> Size {
        switch node {
        case .empty:
            return Size(width: 0, height: 0)
        case .text(let text):
            let laid = layoutText(text, proposal)
            return Size(width: widestLine(laid) / scale, height: laid.height / scale)
        case .spacer(let minLength):
            return Size(width: max(minLength, proposal.width ?? minLength), height: max(minLength, proposal.height ?? minLength))
        case .shape:
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .divider:
            // Outside a stack a divider is a horizontal rule.
            return Size(width: proposal.width ?? 10, height: 1)
        case .image(let path, let resizable):
            guard let image = loadImage(path) else {
                return Size(width: proposal.width ?? 0, height: proposal.height ?? 0)
            }
            let natural = Size(width: Double(image.width) / scale, height: Double(image.height) / scale)
            guard resizable else { return natural }
            return Size(width: proposal.width ?? natural.width, height: proposal.height ?? natural.height)
        case .symbol(let symbol):
            if symbol.resizable {
                let side = min(proposal.width ?? symbol.pointSize, proposal.height ?? symbol.pointSize)
                return Size(width: side, height: side)
            }
            // SF Symbols sit in a box about 1.2 × the font size; MDI glyphs are square.
            let side = (symbol.pointSize * 1.2).rounded()
            return Size(width: side, height: side)
        case .padding(let insets, let child):
            let inner = ProposedSize(width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
                                     height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) })
            let size = sizeThatFits(child, inner)
            return Size(width: size.width + insets.leading + insets.trailing, height: size.height + insets.top + insets.bottom)
        case .frame(let frame, let child):
            return frameSize(frame, child, proposal)
        case .background(let content, _), .overlay(let content, _), .clip(_, let content):
            return sizeThatFits(content, proposal)
        case .group(let children):
            return sizeThatFits(.stack(StackNode(axis: .vertical, alignment: .center, spacing: nil, children: children)), proposal)
        case .stack(let stack):
            return stackLayout(stack, proposal).size
        }
    }

    private func frameSize(_ frame: FrameNode, _ child: ViewNode, _ proposal: ProposedSize) -> Size {
        func childProposal(_ fixed: Double?, _ offered: Double?, _ low: Double?, _ high: Double?) -> Double? {
            if let fixed { return fixed }
            guard var value = offered else { return nil }
            if let low { value = max(value, low) }
            if let high { value = min(value, high) }
            return value
        }
        let inner = ProposedSize(
            width: childProposal(frame.width, proposal.width, frame.minWidth, frame.maxWidth),
            height: childProposal(frame.height, proposal.height, frame.minHeight, frame.maxHeight)
        )
        let childSize = sizeThatFits(child, inner)
        func result(_ fixed: Double?, _ offered: Double?, _ low: Double?, _ high: Double?, _ own: Double) -> Double {
            if let fixed { return fixed }
            if low == nil && high == nil { return own }
            let lower = low ?? own
            let upper = high ?? own
            guard let offered else { return min(max(own, lower), max(lower, upper == .infinity ? own : upper)) }
            return max(lower, min(upper, offered))
        }
        return Size(width: result(frame.width, proposal.width, frame.minWidth, frame.maxWidth, childSize.width),
                    height: result(frame.height, proposal.height, frame.minHeight, frame.maxHeight, childSize.height))
    }

    /// Each child's size and the stack's size for a proposal.
    private func stackLayout(_ stack: StackNode, _ proposal: ProposedSize) -> (size: Size, sizes: [Size]) {
        let children = stack.children
        guard !children.isEmpty else { return (Size(width: 0, height: 0), []) }
        if stack.axis == .depth {
            let sizes = children.map { sizeThatFits($0, proposal) }
            return (Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0), sizes)
        }
        let vertical = stack.axis == .vertical
        let spacing = (stack.spacing ?? Self.defaultSpacing) * Double(children.count - 1)
        let offeredMain = vertical ? proposal.height : proposal.width
        let cross = vertical ? proposal.width : proposal.height
        func propose(_ main: Double?) -> ProposedSize {
            vertical ? ProposedSize(width: cross, height: main) : ProposedSize(width: main, height: cross)
        }
        func mainOf(_ size: Size) -> Double { vertical ? size.height : size.width }
        func size(of child: ViewNode, main: Double?) -> Size {
            if case .divider = child {
                // A rule across the stack: 1 point along it, the offered cross size.
                return vertical ? Size(width: cross ?? 10, height: 1) : Size(width: 1, height: cross ?? 10)
            }
            if case .spacer(let minLength) = child {
                // Along the stack a spacer takes what it is offered; across it, nothing.
                let length = max(minLength, main ?? minLength)
                return vertical ? Size(width: 0, height: length) : Size(width: length, height: 0)
            }
            return sizeThatFits(child, propose(main))
        }
        var sizes = [Size](repeating: Size(width: 0, height: 0), count: children.count)
        if let offeredMain {
            // Least flexible first: flexibility is how much a child grows from 0 to "all".
            let flexibility = children.map { child -> Double in
                mainOf(size(of: child, main: 1e7)) - mainOf(size(of: child, main: 0))
            }
            // Spacers come last and share only what the others leave, so a label next to
            // a spacer keeps its full width (as in SwiftUI).
            func isSpacer(_ index: Int) -> Bool {
                if case .spacer = children[index] { return true }
                return false
            }
            var remaining = max(0, offeredMain - spacing)
            let order = children.indices.sorted {
                isSpacer($0) != isSpacer($1) ? !isSpacer($0) : flexibility[$0] < flexibility[$1]
            }
            for (position, index) in order.enumerated() {
                let peers = order[position...].filter { isSpacer($0) == isSpacer(index) }.count
                let share = remaining / Double(max(1, peers))
                sizes[index] = size(of: children[index], main: share)
                remaining = max(0, remaining - mainOf(sizes[index]))
            }
        } else {
            sizes = children.map { size(of: $0, main: nil) }
        }
        let total = sizes.map(mainOf).reduce(0, +) + spacing
        let crossSize = sizes.map { vertical ? $0.width : $0.height }.max() ?? 0
        return (vertical ? Size(width: crossSize, height: total) : Size(width: total, height: crossSize), sizes)
    }

    // MARK: Placing

    /// Lays `node` out in `rect`: the node takes its size for that proposal and is
    /// centred in it, as a widget's content is in its slot.
    public func layout(_ node: ViewNode, in rect: Rect) -> LayoutBox {
        let size = sizeThatFits(node, ProposedSize(width: rect.width, height: rect.height))
        return place(node, in: rect.placing(size, alignment: .center))
    }

    /// Places `node` exactly in `rect` (its size as layout computed it).
    private func place(_ node: ViewNode, in rect: Rect) -> LayoutBox {
        let proposal = ProposedSize(width: rect.width, height: rect.height)
        switch node {
        case .empty, .text, .spacer, .shape, .divider, .symbol, .image:
            return LayoutBox(node: node, rect: rect, children: [])
        case .padding(let insets, let child):
            let inner = Rect(x: rect.x + insets.leading, y: rect.y + insets.top,
                             width: max(0, rect.width - insets.leading - insets.trailing),
                             height: max(0, rect.height - insets.top - insets.bottom))
            return LayoutBox(node: node, rect: rect, children: [place(child, in: inner)])
        case .frame(let frame, let child):
            let childSize = sizeThatFits(child, proposal)
            return LayoutBox(node: node, rect: rect, children: [place(child, in: rect.placing(childSize, alignment: frame.alignment))])
        case .background(let content, let decoration), .overlay(let content, let decoration):
            let contentBox = place(content, in: rect)
            let decorationSize = sizeThatFits(decoration, proposal)
            let decorationBox = place(decoration, in: rect.placing(decorationSize, alignment: .center))
            if case .background = node { return LayoutBox(node: node, rect: rect, children: [decorationBox, contentBox]) }
            return LayoutBox(node: node, rect: rect, children: [contentBox, decorationBox])
        case .group(let children):
            return place(.stack(StackNode(axis: .vertical, alignment: .center, spacing: nil, children: children)), in: rect)
        case .clip(_, let child):
            return LayoutBox(node: node, rect: rect, children: [place(child, in: rect)])
        case .stack(let stack):
            let (_, sizes) = stackLayout(stack, proposal)
            var boxes: [LayoutBox] = []
            var cursor = stack.axis == .vertical ? rect.y : rect.x
            let spacing = stack.spacing ?? Self.defaultSpacing
            for (child, size) in zip(stack.children, sizes) {
                let childRect: Rect
                switch stack.axis {
                case .vertical:
                    childRect = Rect(x: rect.x + (rect.width - size.width) * stack.alignment.horizontal, y: cursor,
                                     width: size.width, height: size.height)
                    cursor += size.height + spacing
                case .horizontal:
                    childRect = Rect(x: cursor, y: rect.y + (rect.height - size.height) * stack.alignment.vertical,
                                     width: size.width, height: size.height)
                    cursor += size.width + spacing
                case .depth:
                    childRect = rect.placing(size, alignment: stack.alignment)
                }
                boxes.append(place(child, in: childRect))
            }
            return LayoutBox(node: node, rect: rect, children: boxes)
        }
    }

    // MARK: Drawing

    /// Lays out and draws `node` into `rect` (points) of `canvas`.
    public func render(_ node: ViewNode, into canvas: inout Canvas, in rect: Rect) {
        draw(layout(node, in: rect), into: &canvas)
    }

    /// Draws `box`; `offset` (pixels) is subtracted from every position, for drawing
    /// into a canvas that holds only part of the frame.
    private func draw(_ box: LayoutBox, into canvas: inout Canvas, offset: (x: Int, y: Int) = (0, 0)) {
        let pixels = PixelRect(x: Int((box.rect.x * scale).rounded()) - offset.x, y: Int((box.rect.y * scale).rounded()) - offset.y,
                               width: Int((box.rect.width * scale).rounded()), height: Int((box.rect.height * scale).rounded()))
        switch box.node {
        case .clip(let kind, _):
            // Draw the content on its own transparent layer, then keep what the shape covers.
            guard pixels.width > 0, pixels.height > 0, var layer = try? Canvas(width: pixels.width, height: pixels.height, fill: .clear)
            else { return }
            for child in box.children {
                draw(child, into: &layer, offset: (offset.x + pixels.x, offset.y + pixels.y))
            }
            composite(layer, in: pixels, maskedBy: kind, into: &canvas)
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
                    let top = pixels.y + index * Int(laid.lineHeight) + Int(laid.lineHeight) / 5
                    canvas.fillRoundedRect(PixelRect(x: pixels.x + Int(line.offset), y: top, width: Int(line.width),
                                                     height: Int(laid.lineHeight) * 3 / 5), radius: 3, bar)
                }
            } else {
                text.draw(laid, into: &canvas, x: pixels.x, y: pixels.y, color: node.color)
            }
        default:
            for child in box.children { draw(child, into: &canvas, offset: offset) }
        }
    }

    /// Draws `layer` at `rect` where `kind` covers it (antialiased edges).
    private func composite(_ layer: Canvas, in rect: PixelRect, maskedBy kind: ShapeNode.Kind, into canvas: inout Canvas) {
        guard var mask = try? Canvas(width: rect.width, height: rect.height, fill: .clear) else { return }
        drawShape(ShapeNode(kind: kind, fill: .color(.black)), in: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height),
                  into: &mask)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let coverage = mask[x: x, y: y].a
                guard coverage > 0 else { continue }
                let index = y * rect.width + x
                canvas.blend(x: rect.x + x, y: rect.y + y, layer.pixels[index], coverage: coverage, tonal: layer.tonal[index])
            }
        }
    }

    private func drawShape(_ shape: ShapeNode, in rect: PixelRect, into canvas: inout Canvas) {
        switch shape.fill {
        case .color(let color):
            switch shape.kind {
            case .rectangle: canvas.fill(rect, color)
            case .roundedRectangle(let radius): canvas.fillRoundedRect(rect, radius: radius * scale, color)
            case .ellipse: canvas.fillEllipse(in: rect, color)
            case .capsule: canvas.fillRoundedRect(rect, radius: Double(min(rect.width, rect.height)) / 2, color)
            }
        case .linearGradient(let stops, let startX, let startY, let endX, let endY):
            let ramp = GradientRamp(stops: stops.map { ($0.color, $0.location) })
            if shape.kind == .rectangle {
                canvas.fillLinearGradient(rect, ramp, start: (startX, startY), end: (endX, endY))
                return
            }
            // Other outlines: the gradient on a layer, kept where the shape covers.
            guard rect.width > 0, rect.height > 0, var layer = try? Canvas(width: rect.width, height: rect.height, fill: .clear) else { return }
            layer.fillLinearGradient(layer.bounds, ramp, start: (startX, startY), end: (endX, endY))
            composite(layer, in: rect, maskedBy: shape.kind, into: &canvas)
        }
    }

    private func drawSymbol(_ symbol: SymbolNode, in rect: PixelRect, into canvas: inout Canvas) {
        let side = min(rect.width, rect.height)
        guard side > 0 else { return }
        let descriptor = FontDescriptor(family: SymbolNames.fontFamily, pixelSize: Double(side))
        guard let name = symbol.glyphName, let face = fonts.face(for: descriptor),
              face.file.family == SymbolNames.fontFamily, case let index = face.glyphIndex(named: name), index != 0 else {
            // No icon for this name: a visible box, never nothing.
            let inset = max(1, side / 8)
            canvas.stroke(PixelRect(x: rect.x + (rect.width - side) / 2 + inset, y: rect.y + (rect.height - side) / 2 + inset,
                                    width: side - 2 * inset, height: side - 2 * inset), symbol.color, lineWidth: max(1, side / 16))
            return
        }
        let glyph = face.glyph(index)
        // Centre the glyph's ink in the box.
        let x = rect.x + (rect.width - glyph.width) / 2
        let y = rect.y + (rect.height - glyph.height) / 2
        canvas.drawMask(glyph.coverage, width: glyph.width, height: glyph.height, atX: x, y: y, symbol.color)
    }

    /// A decoded PNG, cached; `nil` (logged once) when it cannot be read.
    private func loadImage(_ path: String) -> Canvas? {
        if let cached = images[path] { return cached }
        do {
            let image = try PNG.read(path)
            images[path] = image
            return image
        } catch {
            fonts.log("image \(error); drawn as an empty frame")
            images[path] = .some(nil)
            return nil
        }
    }

    // MARK: Text

    /// Sets text for a proposal: wraps to the width, keeps within the height's lines,
    /// and shrinks down to `minimumScaleFactor` before it truncates.
    private func layoutText(_ node: TextNode, _ proposal: ProposedSize) -> LaidOutText {
        let maxWidth = proposal.width.map { ($0 * scale).rounded(.down) }
        let key = TextKey(node: node, maxWidth: maxWidth)
        if let cached = measured[key] { return cached }
        var factor = 1.0
        var result: LaidOutText
        repeat {
            let descriptor = FontDescriptor(family: node.family, weight: node.weight, italic: node.italic,
                                            pixelSize: (node.pointSize * scale * factor).rounded())
            // Height proposals do not cut lines: a text's height follows from its width
            // and line limit, so stacks cannot squeeze a two-line label into one.
            let lineLimit = node.lineLimit
            result = text.layout(node.string, style: TextStyle(font: descriptor, alignment: node.alignment, lineLimit: lineLimit),
                                 maxWidth: maxWidth)
            factor -= 0.05
        } while result.truncated && factor >= node.minimumScaleFactor - 0.001
        // Bounded: a display runs for months and its texts change every day.
        if measured.count >= 1024 { measured.removeAll(keepingCapacity: true) }
        measured[key] = result
        return result
    }

    private func widestLine(_ laid: LaidOutText) -> Double {
        (laid.lines.map(\.width).max() ?? 0).rounded(.up)
    }

    private struct TextKey: Hashable {
        let node: TextNode
        let maxWidth: Double?
    }
}
