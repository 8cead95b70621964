import GlanceGraphics
import GlanceText
import GlanceUI
import Glibc

/// The layout pass: every node placed at the size it answered its proposal, into a
/// `LayoutBox` tree that drawing then walks.
extension ViewRenderer {
    /// Places `layout` with its top-left at `origin`, at the size it answered `proposal`;
    /// every child is placed at the size it answered when this node measured it.
    func place(_ layout: LayoutNode, at origin: (x: Double, y: Double), _ proposal: ProposedSize) -> LayoutBox {
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
}
