import GlanceUI
import GlanceGraphics
import GlanceText
import Glibc

/// Lays out resolved view trees with SwiftUI's proposal/response model and draws them.
///
/// A parent proposes a size, the child answers with the size it takes, the parent places
/// it. Stacks offer their space to the least flexible children first. Sizes are in
/// points; `scale` turns points into pixels when drawing and measuring text.
///
/// Two passes over a tree: layout (`Sizing`, `StackLayout`, `GridLayout`,
/// `AlignmentGuides`, `EffectLayout`, ending in `Placement`: a `LayoutBox` tree), then
/// drawing (`Drawing`, `EffectDrawing`) of those boxes. What both remember lives beside
/// them: `TextMeasuring` (text set per width) and `ImageCache` (pictures by file version).
public final class ViewRenderer {
    public let fonts: FontLibrary
    public let scale: Double
    /// Emoji in colour or as outlines: what the display's palette can show.
    public let emoji: EmojiStyle
    let text: TextLayout
    var measured: [TextKey: LaidOutText] = [:]
    var images: [String: CachedPicture] = [:]
    /// Picture files read for layout, decoded by the drawing that follows it; emptied when
    /// each frame is drawn.
    var readForLayout: [String: PictureRead] = [:]
    /// Small strokes' coverage by shape, place and clip (`drawPath`).
    var strokeMasks: [StrokeMaskKey: StrokeCoverage] = [:]
    /// Symbol names already logged as unknown.
    var unknownSymbols: Set<String> = []
    /// Work done since the renderer was made.
    public internal(set) var statistics = LayoutStatistics()
    /// How colours are chosen for a panel of few inks (`InkDrawing`); nil: as drawn.
    public let printing: InkPrinting?
    /// The current frame's text and symbol centres (frame pixels), for telling grounds.
    var marks: [(x: Int, y: Int)] = []
    /// The ground's luma under each layer being drawn, innermost last.
    var layerGrounds: [Int] = []
    /// How many `.widgetAccentable()` views the drawing is inside.
    var accentDepth = 0
    /// The whole picture being drawn (the root box, pixels).
    var frameArea = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// - Parameter emoji: `EmojiStyle(for:)` the palette the picture is shown in.
    /// - Parameter printing: the panel's inks and rendering mode, where the picture is
    ///   drawn for a panel of few inks; nil for a colour picture.
    public init(fonts: FontLibrary, scale: Double = 1, emoji: EmojiStyle = .color, printing: InkPrinting? = nil) {
        self.fonts = fonts
        self.scale = scale
        self.emoji = emoji
        self.printing = printing
        text = TextLayout(library: fonts)
    }

    /// Draws a laid-out tree: the frame's marks found first where colours are chosen
    /// against their grounds.
    func drawFrame(_ box: LayoutBox, into canvas: inout Canvas, offset: (x: Int, y: Int) = (0, 0)) {
        defer { readForLayout.removeAll() }
        guard let printing else { return draw(box, into: &canvas, offset: offset) }
        marks = []
        collectMarks(box, into: &marks)
        frameArea = PixelRect(x: Int((box.rect.x * scale).rounded()), y: Int((box.rect.y * scale).rounded()),
                              width: Int((box.rect.width * scale).rounded()), height: Int((box.rect.height * scale).rounded()))
        layerGrounds = []
        accentDepth = 0
        let edge = canvas.glyphEdge
        canvas.glyphEdge = printing.cutsGlyphEdges ? InkPrinting.glyphEdge : nil
        defer {
            canvas.glyphEdge = edge
            marks = []
        }
        draw(box, into: &canvas, offset: offset)
    }

    // MARK: Layout

    /// The size `node` takes when offered `proposal` (points).
    package func sizeThatFits(_ node: ViewNode, _ proposal: ProposedSize) -> Size {
        size(LayoutNode(node), proposal)
    }

    /// Lays `node` out in `rect`: the node takes its size for that proposal and is
    /// centred in it, as a widget's content is in its slot.
    package func layout(_ node: ViewNode, in rect: Rect) -> LayoutBox {
        let root = LayoutNode(node)
        let proposal = ProposedSize(width: max(0, rect.width), height: max(0, rect.height))
        let size = size(root, proposal)
        let origin = (x: rect.x + (rect.width - size.width) / 2, y: rect.y + (rect.height - size.height) / 2)
        return place(root, at: origin, proposal)
    }

    // MARK: Drawing

    /// Lays out and draws `node` into `rect` (points) of `canvas`. Returns where its
    /// controls were drawn, in pixels of `canvas`, in reading order.
    @discardableResult
    package func render(_ node: ViewNode, into canvas: inout Canvas, in rect: Rect) -> [ControlRegion] {
        let box = layout(node, in: rect)
        drawFrame(box, into: &canvas)
        var regions: [ControlRegion] = []
        collectRegions(box, into: &regions)
        return regions
    }

    /// Draws `node` as `render(_:into:in:)` does and answers the texts it shows as laid
    /// out (`LayoutBox.textLines`: what a reader of the picture should find).
    package func renderReadingTexts(_ node: ViewNode, into canvas: inout Canvas, in rect: Rect) -> [String] {
        let box = layout(node, in: rect)
        drawFrame(box, into: &canvas)
        return box.textLines
    }

    /// Draws `node` as a slot of `frame`: the slot's rectangle (pixels) is cleared to
    /// white and the view is laid out at the slot's size and drawn straight into the
    /// frame, clipped to the slot, with the pixels a canvas of the slot's own would hold.
    /// Returns where its controls were drawn, in frame pixels, cut to the slot.
    @discardableResult
    package func render(_ node: ViewNode, into frame: inout Canvas, slot: PixelRect) -> [ControlRegion] {
        let area = slot.intersection(frame.bounds)
        guard !area.isEmpty else { return [] }
        let previous = frame.clip
        defer { frame.clip = previous }
        frame.clip = area
        frame.fill(slot, .white)
        let box = layout(node, in: Rect(x: 0, y: 0, width: Double(slot.width) / scale, height: Double(slot.height) / scale))
        drawFrame(box, into: &frame, offset: (-slot.x, -slot.y))
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
}

/// What a small stroke's mask is kept by: the shape, its rectangle (pixels), the canvas's
/// clip and the stroke (the renderer's scale is its own).
struct StrokeMaskKey: Hashable {
    let kind: ShapeNode.Kind
    let rect: PixelRect
    let clip: PixelRect
    let stroke: StrokeStyle
}

/// Where a control was drawn: what a tap inside `rect` (pixels) runs.
public struct ControlRegion: Hashable, Sendable {
    package var control: ControlNode
    public var rect: PixelRect

    package init(control: ControlNode, rect: PixelRect) {
        self.control = control
        self.rect = rect
    }
}
