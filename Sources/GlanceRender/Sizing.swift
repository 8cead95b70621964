import GlanceUI
/// Sizing: SwiftUI's proposal/response. A parent proposes a size (`nil` on an axis: "your
/// ideal size"), the child answers with the size it takes. Answers are remembered per
/// node and proposal (``LayoutNode``).
extension ViewRenderer {
    /// The offer that stands for "all you want" when a stack probes flexibility: infinity,
    /// as in SwiftUI, so that what a parent subtracts from it (spacing, padding, siblings)
    /// leaves it infinite and every level below sees the same proposal, measured once.
    static let unboundedProbe = Double.infinity

    func size(_ layout: LayoutNode, _ proposal: ProposedSize) -> Size {
        if let known = layout.sizes[proposal] { return known }
        let answer = computeSize(layout, proposal)
        statistics.sizesComputed += 1
        layout.sizes[proposal] = answer
        return answer
    }

    private func computeSize(_ layout: LayoutNode, _ proposal: ProposedSize) -> Size {
        switch layout.node {
        case .empty:
            return Size(width: 0, height: 0)
        case .text(let text):
            let laid = layoutText(text, proposal)
            let lines = max(laid.lines.count, text.reservedLines)
            return Size(width: widestLine(laid) / scale, height: laid.height(lines: lines) / scale)
        case .spacer(let minLength):
            return Size(width: max(minLength, proposal.width ?? minLength), height: max(minLength, proposal.height ?? minLength))
        case .shape:
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .divider:
            // Outside a stack a divider is a horizontal rule.
            return Size(width: proposal.width ?? 10, height: 1)
        case .image(let path, let resizable):
            guard let image = imageSize(path) else {
                return Size(width: proposal.width ?? 0, height: proposal.height ?? 0)
            }
            let natural = Size(width: Double(image.width) / scale, height: Double(image.height) / scale)
            guard resizable else { return natural }
            return Size(width: proposal.width ?? natural.width, height: proposal.height ?? natural.height)
        case .symbol(let symbol):
            if symbol.resizable {
                let side = min(proposal.width ?? symbol.pointSize, proposal.height ?? symbol.pointSize)
                return Size(width: max(0, side), height: max(0, side))
            }
            // SF Symbols sit in a box about 1.2 × the font size; MDI glyphs are square.
            let side = (symbol.pointSize * 1.2).rounded()
            return Size(width: side, height: side)
        case .padding(let insets, _):
            let inner = size(layout.children[0], paddingProposal(insets, proposal))
            return Size(width: max(0, inner.width + insets.leading + insets.trailing),
                        height: max(0, inner.height + insets.top + insets.bottom))
        case .frame(let frame, _):
            return frameSize(frame, layout.children[0], proposal)
        case .fixedSize(let horizontal, let vertical, _):
            return size(layout.children[0], fixedProposal(horizontal, vertical, proposal))
        case .background, .overlay, .clip, .alignmentGuide, .control, .mask:
            return size(layout.children[0], proposal)
        case .effect(let effect, _):
            return size(of: effect, layout.children[0], proposal)
        case .grid:
            return gridPlan(layout, proposal).size
        case .firstFitting:
            guard let chosen = chosenChild(layout, proposal) else { return Size(width: 0, height: 0) }
            return size(chosen, proposal)
        case .geometry:
            // All it is offered; 10 points where it is offered nothing, as in SwiftUI.
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .stack, .group:
            return stackSize(layout, proposal)
        }
    }

    /// What `.aspectRatio` proposes its child: the largest size of the ratio inside the
    /// offer (`fill`: the smallest covering it); where an axis is offered nothing, the
    /// other axis decides; offered nothing at all, the child's ideal width does.
    func aspectProposal(_ child: LayoutNode, _ ratio: Double?, fill: Bool, _ proposal: ProposedSize) -> ProposedSize {
        let ideal = size(child, .unspecified)
        guard let ratio = ratio ?? (ideal.width > 0 && ideal.height > 0 ? ideal.width / ideal.height : nil) else { return proposal }
        switch (proposal.width, proposal.height) {
        case (nil, nil): return ProposedSize(width: ideal.width, height: ideal.width / ratio)
        case (let width?, nil): return ProposedSize(width: width, height: width / ratio)
        case (nil, let height?): return ProposedSize(width: height * ratio, height: height)
        case (let width?, let height?):
            let wider = width / height > ratio
            return wider != fill ? ProposedSize(width: height * ratio, height: height) : ProposedSize(width: width, height: width / ratio)
        }
    }

    /// `ViewThatFits`: the first child whose ideal size (on the axes it checks) fits the
    /// offer, else the last.
    func chosenChild(_ layout: LayoutNode, _ proposal: ProposedSize) -> LayoutNode? {
        guard case .firstFitting(let fit) = layout.node, !layout.children.isEmpty else { return nil }
        if let known = layout.chosen[proposal] { return layout.children[known] }
        var chosen = layout.children.count - 1
        for (index, child) in layout.children.enumerated() {
            let ideal = size(child, ProposedSize(width: fit.horizontal ? nil : proposal.width, height: fit.vertical ? nil : proposal.height))
            let fitsWidth = !fit.horizontal || proposal.width.map { ideal.width <= $0 + 0.001 } ?? true
            let fitsHeight = !fit.vertical || proposal.height.map { ideal.height <= $0 + 0.001 } ?? true
            if fitsWidth && fitsHeight {
                chosen = index
                break
            }
        }
        layout.chosen[proposal] = chosen
        return layout.children[chosen]
    }

    /// A `GeometryReader`'s content for `size`, built once.
    func geometryContent(_ layout: LayoutNode, _ size: Size) -> LayoutNode? {
        guard case .geometry(let geometry) = layout.node else { return nil }
        if let known = layout.geometryContent[size] { return known }
        let finite = Size(width: size.width.isFinite ? size.width : 10, height: size.height.isFinite ? size.height : 10)
        let content = LayoutNode(geometry.content.build(finite))
        layout.geometryContent[size] = content
        return content
    }

    func paddingProposal(_ insets: EdgeInsets, _ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
                     height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) })
    }

    func fixedProposal(_ horizontal: Bool, _ vertical: Bool, _ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    /// What a frame offers its child: fixed sizes as they are, the ideal size where the
    /// frame itself was offered nothing, otherwise the offer within the frame's bounds.
    func frameChildProposal(_ frame: FrameNode, _ proposal: ProposedSize) -> ProposedSize {
        func axis(_ fixed: Double?, _ offered: Double?, _ ideal: Double?, _ low: Double?, _ high: Double?) -> Double? {
            if let fixed { return max(0, fixed) }
            guard var value = offered ?? ideal else { return nil }
            if let low { value = max(value, low) }
            if let high { value = min(value, high) }
            return max(0, value)
        }
        return ProposedSize(width: axis(frame.width, proposal.width, frame.idealWidth, frame.minWidth, frame.maxWidth),
                            height: axis(frame.height, proposal.height, frame.idealHeight, frame.minHeight, frame.maxHeight))
    }

    private func frameSize(_ frame: FrameNode, _ child: LayoutNode, _ proposal: ProposedSize) -> Size {
        let childSize = size(child, frameChildProposal(frame, proposal))
        func axis(_ fixed: Double?, _ offered: Double?, _ ideal: Double?, _ low: Double?, _ high: Double?, _ own: Double) -> Double {
            if let fixed { return max(0, fixed) }
            if low == nil && high == nil { return own }
            let lower = low ?? own
            let upper = high ?? own
            guard let offered = offered ?? ideal else {
                return max(0, min(max(own, lower), max(lower, upper == .infinity ? own : upper)))
            }
            return max(0, max(lower, min(upper, offered)))
        }
        return Size(width: axis(frame.width, proposal.width, frame.idealWidth, frame.minWidth, frame.maxWidth, childSize.width),
                    height: axis(frame.height, proposal.height, frame.idealHeight, frame.minHeight, frame.maxHeight,
                                 childSize.height))
    }

    /// How much `layout` grows along the axis between a zero and an unbounded offer, the
    /// other axis left to the view. Stacks serve their least flexible children first.
    /// Asked with the cross axis unspecified so that it is one number per node: probing
    /// at every cross size a parent is offered would make the probes multiply with depth.
    func flexibility(_ layout: LayoutNode, vertical: Bool) -> Double {
        if let known = vertical ? layout.verticalFlexibility : layout.horizontalFlexibility { return known }
        func along(_ main: Double) -> Double {
            let proposal = vertical ? ProposedSize(width: nil, height: main) : ProposedSize(width: main, height: nil)
            let answer = size(layout, proposal)
            return vertical ? answer.height : answer.width
        }
        let value = along(Self.unboundedProbe) - along(0)  // infinite for views that take any offer
        if vertical { layout.verticalFlexibility = value } else { layout.horizontalFlexibility = value }
        return value
    }
}
