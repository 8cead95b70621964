import GlanceUI
/// One node of a tree being laid out, with everything measured about it so far.
///
/// Layout asks a node for its size many times: a stack probes each child for how much
/// it can grow, then offers it a share, and the stack's own parent does the same to the
/// stack. Without memory that is exponential in nesting depth (six nested stacks took
/// seconds). Each node therefore keeps its answer per proposal, its flexibility per axis,
/// how its children were sized for each proposal, and the alignment lines it reported,
/// so every question is answered once per layout pass.
final class LayoutNode {
    let node: ViewNode
    let children: [LayoutNode]
    /// The size answered for each proposal.
    var sizes: [ProposedSize: Size] = [:]
    /// Stacks: what each child was proposed and answered, for each proposal to the stack.
    var arrangements: [ProposedSize: [Measured]] = [:]
    /// How much the node grows along an axis from a zero to an unbounded proposal
    /// (index 0 horizontal, 1 vertical), the other axis unspecified.
    var flexibility: [Double?] = [nil, nil]
    /// Explicit alignment lines for a proposal (`nil` inside: the node sets none).
    var guides: [GuideQuestion: Double?] = [:]
    /// Grids: where every cell goes, for each proposal.
    var gridPlans: [ProposedSize: GridPlan] = [:]
    /// `ViewThatFits`: the child chosen for each proposal.
    var chosen: [ProposedSize: Int] = [:]
    /// `GeometryReader`: its content, built once per size.
    var geometryContent: [Size: LayoutNode] = [:]

    struct Measured {
        let proposal: ProposedSize
        let size: Size
    }

    struct GuideQuestion: Hashable {
        let key: AlignmentKey
        let proposal: ProposedSize
    }

    init(_ node: ViewNode) {
        self.node = node
        switch node {
        case .empty, .text, .spacer, .shape, .divider, .symbol, .image:
            children = []
        case .stack(let stack):
            children = stack.children.map(LayoutNode.init)
        case .group(let nodes):
            children = nodes.map(LayoutNode.init)
        case .padding(_, let child), .frame(_, let child), .clip(_, let child), .fixedSize(_, _, let child),
             .alignmentGuide(_, let child), .control(_, let child), .effect(_, let child):
            children = [LayoutNode(child)]
        case .background(let content, let decoration, _), .overlay(let content, let decoration, _), .mask(let content, let decoration, _):
            children = [LayoutNode(content), LayoutNode(decoration)]
        case .grid(let grid):
            children = grid.cells.map(LayoutNode.init)
        case .firstFitting(let fit):
            children = fit.children.map(LayoutNode.init)
        case .geometry:
            children = []
        }
    }

    /// The layout priority a stack gives this child (`.layoutPriority`).
    var priority: Double {
        if case .effect(.layoutPriority(let value), _) = node { return value }
        return 0
    }

    /// The stack this node lays its children out as, if it is one (a bare group of
    /// views is a centred `VStack`, as SwiftUI treats several views at the top level).
    var stack: StackNode? {
        switch node {
        case .stack(let stack): stack
        case .group(let nodes): StackNode(axis: .vertical, alignment: .center, spacing: nil, children: nodes)
        default: nil
        }
    }
}
