import GlanceUI
/// Alignment lines: where a view says a line runs through it (a text's baseline, a value
/// from `.alignmentGuide`), passed up through the views that contain it.
extension ViewRenderer {
    /// The line's position in `layout` as sized for `proposal`, in points from its
    /// leading or top edge: the value the view sets, else the line's default.
    /// `measured` is the size the parent measured, where it measured the child itself
    /// (a stack's spacers and dividers).
    func guide(_ layout: LayoutNode, _ proposal: ProposedSize, _ key: AlignmentKey, measured: Size? = nil) -> Double {
        if let explicit = explicitGuide(layout, key, proposal) { return explicit }
        let size = measured ?? size(layout, proposal)
        return key.defaultValue(width: size.width, height: size.height)
    }

    func dimensions(_ layout: LayoutNode, _ proposal: ProposedSize) -> ViewDimensions {
        let size = size(layout, proposal)
        return ViewDimensions(width: size.width, height: size.height, explicit: { self.explicitGuide(layout, $0, proposal) })
    }

    /// The line's position where the view (or a view inside it) sets it; `nil` otherwise.
    func explicitGuide(_ layout: LayoutNode, _ key: AlignmentKey, _ proposal: ProposedSize) -> Double? {
        guard layout.maySet(key) else { return nil }
        let question = LayoutNode.GuideQuestion(key: key, proposal: proposal)
        if let known = layout.guides[question] { return known }
        let answer = computeExplicitGuide(layout, key, proposal)
        layout.guides[question] = answer
        return answer
    }

    private func computeExplicitGuide(_ layout: LayoutNode, _ key: AlignmentKey, _ proposal: ProposedSize) -> Double? {
        let horizontal = key.axis == .horizontal
        switch layout.node {
        case .text(let text):
            let first = key == VerticalAlignment.firstTextBaseline.key
            guard first || key == VerticalAlignment.lastTextBaseline.key else { return nil }
            let laid = layoutText(text, proposal)
            guard !laid.lines.isEmpty else { return nil }
            let line = first ? 0 : Double(laid.lines.count - 1)
            return (line * laid.lineStep + laid.ascent) / scale
        case .alignmentGuide(let guideNode, _):
            let child = layout.children[0]
            guard guideNode.key == key else { return explicitGuide(child, key, proposal) }
            return guideNode.compute.value(dimensions(child, proposal))
        case .padding(let insets, _):
            return explicitGuide(layout.children[0], key, paddingProposal(insets, proposal))
                .map { $0 + (horizontal ? insets.leading : insets.top) }
        case .frame(let frame, _):
            let child = layout.children[0]
            let childProposal = frameChildProposal(frame, proposal)
            guard let inner = explicitGuide(child, key, childProposal) else { return nil }
            let offset = frameChildOrigin(frame, layout, child, proposal)
            return inner + (horizontal ? offset.x : offset.y)
        case .fixedSize(let fixedWidth, let fixedHeight, _):
            return explicitGuide(layout.children[0], key, fixedProposal(fixedWidth, fixedHeight, proposal))
        case .clip, .background, .overlay, .control, .mask:
            return explicitGuide(layout.children[0], key, proposal)
        case .effect(let effect, _):
            return explicitGuide(of: effect, layout.children[0], key, proposal)
        case .firstFitting:
            return chosenChild(layout, proposal).flatMap { explicitGuide($0, key, proposal) }
        case .grid, .geometry:
            return nil
        case .stack, .group:
            guard let stack = layout.stack else { return nil }
            let measured = arrangement(layout, proposal)
            let placed = offsets(layout, stack, measured)
            var values: [Double] = []
            for (index, child) in layout.children.enumerated() {
                guard let value = explicitGuide(child, key, measured[index].proposal) else { continue }
                values.append(value + (horizontal ? placed.positions[index].x : placed.positions[index].y))
            }
            guard !values.isEmpty else { return nil }
            // Baselines: the first line of text is the topmost one, the last the lowest.
            if key == VerticalAlignment.firstTextBaseline.key { return stack.axis == .vertical ? values.first : values.min() }
            if key == VerticalAlignment.lastTextBaseline.key { return stack.axis == .vertical ? values.last : values.max() }
            return values.first
        case .empty, .spacer, .shape, .divider, .symbol, .image:
            return nil
        }
    }

    /// Where a frame puts its child: the child's alignment line on the frame's.
    func frameChildOrigin(_ frame: FrameNode, _ layout: LayoutNode, _ child: LayoutNode, _ proposal: ProposedSize)
        -> (x: Double, y: Double) {
        let frameSize = size(layout, proposal)
        let childProposal = frameChildProposal(frame, proposal)
        return (frame.alignment.horizontal.key.defaultValue(width: frameSize.width, height: frameSize.height)
                    - guide(child, childProposal, frame.alignment.horizontal.key),
                frame.alignment.vertical.key.defaultValue(width: frameSize.width, height: frameSize.height)
                    - guide(child, childProposal, frame.alignment.vertical.key))
    }
}
