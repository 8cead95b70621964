import Foundation
import GlanceRender
import GlanceGraphics
import GlanceText
import GlanceUI
import Testing

/// The layout engine's contracts, as sizes and positions (no pixels): linear time in
/// nesting depth, alignment guides, overlay and background alignment, ideal sizes, view
/// modifiers, and layouts that cannot fit.
@Suite(.serialized) struct LayoutEngineTests: LayoutProbing {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }


    struct Resolved: View, PrimitiveView {
        let node: ViewNode
        func makeNode(in environment: EnvironmentValues) -> ViewNode { node }
    }

    /// VStack { Text; HStack { Text; <deeper>; Text } }, `depth` times.
    func nested(_ depth: Int) -> ViewNode {
        var node = resolveNode(Text("leaf"), in: EnvironmentValues())
        for level in 0..<depth {
            let inner = node
            node = resolveNode(VStack {
                Text("Level \(level)")
                HStack { Text("left"); Resolved(node: inner); Text("right").frame(maxWidth: .infinity) }
            }, in: EnvironmentValues())
        }
        return node
    }

    // MARK: Linear time

    @Test func sizesComputedGrowLinearlyWithNestingDepth() throws {
        var counts: [Int] = []
        for depth in [4, 8, 16] {
            let fresh = ViewRenderer(fonts: renderer.fonts)
            _ = fresh.layout(nested(depth), in: Rect(x: 0, y: 0, width: 400, height: 400))
            counts.append(fresh.statistics.sizesComputed)
        }
        // Each level adds five nodes; each node is measured at a bounded number of
        // proposals, so doubling the depth about doubles the work (exponential layout
        // multiplied it by thousands).
        print("sizes computed at depths 4, 8, 16: \(counts)")
        #expect(Double(counts[1]) / Double(counts[0]) < 2.6, "\(counts)")
        #expect(Double(counts[2]) / Double(counts[1]) < 2.6, "\(counts)")
        #expect(counts[2] < 16 * 5 * 12, "\(counts)")
    }

    @Test func placementReusesTheSizesMeasured() {
        let fresh = ViewRenderer(fonts: renderer.fonts)
        let node = nested(6)
        let rect = Rect(x: 0, y: 0, width: 400, height: 400)
        _ = fresh.sizeThatFits(node, ProposedSize(width: 400, height: 400))
        let measuring = fresh.statistics.sizesComputed
        _ = fresh.layout(node, in: rect)
        // Layout on a new tree measures the same again, and placing adds nothing.
        #expect(fresh.statistics.sizesComputed == 2 * measuring)
    }

    @Test func tenThousandChildrenFinishAndKeepWhatFits() {
        let view = VStack(spacing: 0) {
            ForEach(0..<10_000) { _ in Color.black.frame(height: 1) }
        }
        let box = layout(view, width: 50, height: 100)
        let shapes = leaves(box)
        #expect(shapes.count == 10_000)
        #expect(shapes[0].rect.height == 1 && shapes[9_999].rect.y == shapes[0].rect.y + 9_999)
    }

    @Test func negativeAndZeroSpaceGiveEmptyBoxesNotNegativeOnes() {
        let box = layout(HStack { Text("Hello"); Color.black }.padding(30).frame(width: 0, height: 0), width: -20, height: -5)
        for leaf in leaves(box) {
            #expect(leaf.rect.width >= 0 && leaf.rect.height >= 0, "\(leaf.rect)")
        }
        #expect(box.rect.width == 0 && box.rect.height == 0)
        // Padding wider than the offer leaves the content no room; the padding itself stays.
        let squeezed = layout(Color.black.padding(40), width: 50, height: 50)
        #expect(squeezed.rect.size == Size(width: 80, height: 80))
        #expect(leaves(squeezed).map(\.rect.size) == [Size(width: 0, height: 0)])
    }

    // MARK: Alignment guides

    @Test func firstTextBaselineLinesUpTextsOfDifferentSizes() {
        let box = layout(HStack(alignment: .firstTextBaseline) {
            Text("Big").font(.system(size: 40))
            Text("small").font(.system(size: 12))
        }, width: 300, height: 100)
        let texts = leaves(box)
        let big = renderer.fonts.face(for: FontDescriptor(pixelSize: 40))!.ascent.rounded()
        let small = renderer.fonts.face(for: FontDescriptor(pixelSize: 12))!.ascent.rounded()
        #expect(texts[0].rect.y + big == texts[1].rect.y + small)
        // Centred, the small label would sit halfway down instead.
        let centred = leaves(layout(HStack {
            Text("Big").font(.system(size: 40))
            Text("small").font(.system(size: 12))
        }, width: 300, height: 100))
        #expect(centred[0].rect.y + big != centred[1].rect.y + small)
    }

    @Test func lastTextBaselineUsesTheLastLineAndViewsWithoutTextUseTheirBottom() {
        let box = layout(HStack(alignment: .lastTextBaseline) {
            Text("one\ntwo").font(.system(size: 20))
            Color.black.frame(width: 10, height: 10)
        }, width: 300, height: 200)
        let parts = leaves(box)
        let face = renderer.fonts.face(for: FontDescriptor(pixelSize: 20))!
        let lastBaseline = parts[0].rect.y + face.lineHeight.rounded() + face.ascent.rounded()
        #expect(parts[1].rect.y + 10 == lastBaseline)
    }

    enum Quarter: AlignmentID {
        static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 4 }
    }

    @Test func customAlignmentIDsAndAlignmentGuides() {
        let quarter = HorizontalAlignment(Quarter.self)
        let box = layout(VStack(alignment: quarter, spacing: 0) {
            Color.black.frame(width: 40, height: 10)  // line at 10
            Color.black.frame(width: 80, height: 10)  // line at 20
            Color.black.frame(width: 20, height: 10).alignmentGuide(quarter) { d in d.width }  // line at 20
        }, width: 200, height: 100)
        let xs = leaves(box).map(\.rect.x)
        // The lines coincide: x + line is the same for all three.
        #expect(xs[0] + 10 == xs[1] + 20 && xs[1] + 20 == xs[2] + 20)
        // The stack spans from the leftmost edge to the rightmost.
        #expect(box.rect.width == 80)

        let leading = leaves(layout(VStack(alignment: .leading, spacing: 0) {
            Color.black.frame(width: 40, height: 10)
            Color.black.frame(width: 40, height: 10).alignmentGuide(.leading) { _ in -15 }
        }, width: 200, height: 100)).map(\.rect.x)
        #expect(leading[1] - leading[0] == 15)
    }

    @Test func alignmentGuideClosuresSeeTheViewsDimensionsAndExplicitLines() {
        var seen: (CGFloat, CGFloat, CGFloat?)?
        _ = layout(HStack(alignment: .center) {
            Text("Hi").font(.system(size: 20)).frame(width: 60, height: 30, alignment: .top)
                .alignmentGuide(VerticalAlignment.center) { d in
                    seen = (d.width, d.height, d[explicit: VerticalAlignment.firstTextBaseline])
                    return d[VerticalAlignment.firstTextBaseline]
                }
            Color.black.frame(width: 10, height: 10)
        }, width: 200, height: 100)
        let ascent = renderer.fonts.face(for: FontDescriptor(pixelSize: 20))!.ascent.rounded()
        #expect(seen?.0 == 60 && seen?.1 == 30 && seen?.2 == ascent)
    }

    // MARK: Overlay, background, ideal sizes

    @Test func overlayAndBackgroundFollowTheirAlignment() {
        let box = layout(Color.black.frame(width: 100, height: 60)
            .overlay(alignment: .topTrailing) { Color.red.frame(width: 10, height: 10) }
            .background(alignment: .bottomLeading) { Color.blue.frame(width: 20, height: 20) }, width: 100, height: 60)
        let rects = leaves(box).map(\.rect)
        // Drawing order: background, content, overlay.
        #expect(rects == [Rect(x: 0, y: 40, width: 20, height: 20), Rect(x: 0, y: 0, width: 100, height: 60),
                          Rect(x: 90, y: 0, width: 10, height: 10)])
        let centred = leaves(layout(Color.black.frame(width: 100, height: 60).overlay(Color.red.frame(width: 10, height: 10)),
                                    width: 100, height: 60)).map(\.rect)
        #expect(centred[1] == Rect(x: 45, y: 25, width: 10, height: 10))
    }

    @Test func overlayOnTheContentsBaseline() {
        let box = layout(Text("Label").font(.system(size: 30))
            .overlay(alignment: .leadingFirstTextBaseline) { Color.red.frame(width: 4, height: 4) }, width: 300, height: 100)
        let parts = leaves(box)
        let ascent = renderer.fonts.face(for: FontDescriptor(pixelSize: 30))!.ascent.rounded()
        #expect(parts[1].rect.y + 4 == parts[0].rect.y + ascent && parts[1].rect.x == parts[0].rect.x)
    }

    @Test func idealSizesApplyWhereNothingIsOffered() {
        let frame = Color.black.frame(idealWidth: 120, idealHeight: 30)
        #expect(renderer.sizeThatFits(resolveNode(frame, in: EnvironmentValues()), .unspecified) == Size(width: 120, height: 30))
        // An offer overrides the ideal...
        #expect(renderer.sizeThatFits(resolveNode(frame, in: EnvironmentValues()), ProposedSize(width: 50, height: 40))
            == Size(width: 50, height: 40))
        // ...unless the view is fixed at its ideal size.
        let fixed = leaves(layout(frame.fixedSize(), width: 50, height: 40))
        #expect(fixed[0].rect.size == Size(width: 120, height: 30))
        // Ideal sizes stay within the frame's bounds.
        let bounded = Color.black.frame(minWidth: 10, idealWidth: 500, maxWidth: 200)
        #expect(renderer.sizeThatFits(resolveNode(bounded, in: EnvironmentValues()), .unspecified).width == 200)
    }

    @Test func fixedSizeKeepsTextFromWrapping() {
        let text = "A label that would wrap"
        let wrapped = renderer.sizeThatFits(resolveNode(Text(text), in: EnvironmentValues()), ProposedSize(width: 60, height: nil))
        let fixed = renderer.sizeThatFits(resolveNode(Text(text).fixedSize(horizontal: true, vertical: false), in: EnvironmentValues()),
                                          ProposedSize(width: 60, height: nil))
        let ideal = renderer.sizeThatFits(resolveNode(Text(text), in: EnvironmentValues()), .unspecified)
        #expect(wrapped.width <= 60 && fixed == ideal)
    }

    // MARK: View modifiers

    struct Card: ViewModifier {
        let inset: Double
        func body(content: Content) -> some View {
            content
                .padding(inset)
                .background(Color.gray)
        }
    }

    struct Caption: ViewModifier {
        func body(content: Content) -> some View {
            content.font(.caption).foregroundStyle(Color.red)
        }
    }

    @Test func viewModifiersWrapTheirContent() {
        let box = layout(Color.black.frame(width: 20, height: 10).modifier(Card(inset: 5)), width: 100, height: 100)
        #expect(leaves(box).map(\.rect) == [Rect(x: 35, y: 40, width: 30, height: 20), Rect(x: 40, y: 45, width: 20, height: 10)])
        // Environment changes inside a modifier's body reach the content.
        let node = resolveNode(Text("x").modifier(Caption()), in: EnvironmentValues())
        guard case .text(let text) = node else { Issue.record("not text: \(node)"); return }
        #expect(text.pointSize == 12 && text.color == RGBA(hex: 0xFF3B30))
    }

    /// A divider in an HStack is an upright rule as tall as the stack; in a VStack, a
    /// rule as wide as it.
    @Test func dividersRunAcrossTheirStack() {
        func dividers(_ box: LayoutBox) -> [Rect] {
            if case .divider = box.node { return [box.rect] }
            return box.children.flatMap(dividers)
        }
        let row = layout(HStack(spacing: 10) { Text("a"); Divider(); Text("b") }.frame(height: 50), width: 200, height: 100)
        #expect(dividers(row).map { Size(width: $0.width, height: $0.height) } == [Size(width: 1, height: 50)])
        let column = layout(VStack(spacing: 10) { Text("a"); Divider(); Text("b") }.frame(width: 80), width: 200, height: 100)
        #expect(dividers(column).map { Size(width: $0.width, height: $0.height) } == [Size(width: 80, height: 1)])
    }
}
