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
    let children: LayoutChildren
    /// The size answered for each proposal.
    var sizes = Memo<ProposedSize, Size>()
    /// Stacks: what each child was proposed and answered, for each proposal to the stack.
    var arrangements = Memo<ProposedSize, [Measured]>()
    /// How much the node grows along an axis from a zero to an unbounded proposal, the
    /// other axis unspecified (two fields, not an array: one allocation less a node).
    var horizontalFlexibility: Double?
    var verticalFlexibility: Double?
    /// Explicit alignment lines for a proposal (`nil` inside: the node sets none).
    var guides = Memo<GuideQuestion, Double?>()
    /// Whether the node or a view inside it is text (it has baselines).
    let holdsText: Bool
    /// The lines `.alignmentGuide` sets in the node or inside it (usually none).
    let setsGuides: [AlignmentKey]
    /// Grids: where every cell goes, for each proposal.
    var gridPlans: [ProposedSize: GridPlan] {
        get { rare?.gridPlans ?? [:] }
        _modify { yield &rareAnswers().gridPlans }
    }
    /// `ViewThatFits`: the child chosen for each proposal.
    var chosen: [ProposedSize: Int] {
        get { rare?.chosen ?? [:] }
        _modify { yield &rareAnswers().chosen }
    }
    /// `GeometryReader`: its content, built once per size.
    var geometryContent: [Size: LayoutNode] {
        get { rare?.geometryContent ?? [:] }
        _modify { yield &rareAnswers().geometryContent }
    }
    /// The answers only grids, `ViewThatFits` and `GeometryReader` keep: made when first
    /// kept, so the other nodes (nearly all) carry one empty reference, not three tables.
    private var rare: RareAnswers?

    private final class RareAnswers {
        var gridPlans: [ProposedSize: GridPlan] = [:]
        var chosen: [ProposedSize: Int] = [:]
        var geometryContent: [Size: LayoutNode] = [:]
    }

    private func rareAnswers() -> RareAnswers {
        if let rare { return rare }
        let made = RareAnswers()
        rare = made
        return made
    }

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
        // What the children hold is gathered as they are made (not by walking them after).
        var text = false, keys: [AlignmentKey] = []
        @inline(__always) func made(_ child: ViewNode) -> LayoutNode {
            let child = LayoutNode(child)
            if child.holdsText { text = true }
            if !child.setsGuides.isEmpty {
                for key in child.setsGuides where !keys.contains(key) { keys.append(key) }
            }
            return child
        }
        switch node {
        case .text:
            text = true
            children = LayoutChildren()
        case .alignmentGuide(let guide, let child):
            keys = [guide.key]
            children = LayoutChildren(made(child))
        case .geometry:
            text = true  // its content is built later: assume anything
            children = LayoutChildren()
        case .empty, .spacer, .shape, .divider, .symbol, .image:
            children = LayoutChildren()
        case .stack(let stack):
            children = LayoutChildren(stack.children.map(made))
        case .group(let nodes):
            children = LayoutChildren(nodes.map(made))
        case .padding(_, let child), .frame(_, let child), .clip(_, let child), .fixedSize(_, _, let child),
             .control(_, let child), .effect(_, let child):
            children = LayoutChildren(made(child))
        case .background(let content, let decoration, _), .overlay(let content, let decoration, _), .mask(let content, let decoration, _):
            children = LayoutChildren(made(content), made(decoration))
        case .grid(let grid):
            children = LayoutChildren(grid.cells.map(made))
        case .firstFitting(let fit):
            children = LayoutChildren(fit.children.map(made))
        }
        holdsText = text
        setsGuides = keys
    }

    /// Whether the node may set `key` (a text baseline, or a line `.alignmentGuide`
    /// sets): when not, its explicit guide is nil without asking.
    func maySet(_ key: AlignmentKey) -> Bool {
        if holdsText, key == VerticalAlignment.firstTextBaseline.key || key == VerticalAlignment.lastTextBaseline.key { return true }
        return setsGuides.contains(key)
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

/// A layout node's children. Most nodes are a modifier around one view (a frame, an
/// offset, padding) or a pair (a background, an overlay): up to two are kept in the
/// value itself, so such a node allocates no array; more are kept in an array.
struct LayoutChildren: RandomAccessCollection {
    private let first: LayoutNode?
    private let second: LayoutNode?
    private let many: [LayoutNode]
    let count: Int

    init() {
        (first, second, many, count) = (nil, nil, [], 0)
    }

    init(_ only: LayoutNode) {
        (first, second, many, count) = (only, nil, [], 1)
    }

    init(_ first: LayoutNode, _ second: LayoutNode) {
        (self.first, self.second, many, count) = (first, second, [], 2)
    }

    init(_ nodes: [LayoutNode]) {
        switch nodes.count {
        case 0: self.init()
        case 1: self.init(nodes[0])
        case 2: self.init(nodes[0], nodes[1])
        default: self.init(many: nodes)
        }
    }

    private init(many nodes: [LayoutNode]) {
        (first, second, many, count) = (nil, nil, nodes, nodes.count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> LayoutNode {
        precondition(index >= 0 && index < count, "a layout node's child out of range")
        if count > 2 { return many[index] }
        return index == 0 ? first.unsafelyUnwrapped : second.unsafelyUnwrapped
    }
}

/// Answers kept per question for one node in one layout pass. A node is asked about a
/// handful of proposals, most often one, so the first answer is kept in the node itself
/// and the rest in one array searched in order: no allocation for a node asked once, and
/// cheaper than hashing every question.
struct Memo<Key: Equatable, Value> {
    private var first: (key: Key, value: Value)?
    private var more: [(key: Key, value: Value)] = []

    subscript(key: Key) -> Value? {
        get {
            guard let first else { return nil }
            if first.key == key { return first.value }
            for entry in more where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let held = first, held.key == key {
                if let newValue {
                    first = (key, newValue)
                } else {
                    // The first answer goes: an older one from the array takes its place.
                    first = more.isEmpty ? nil : more.removeLast()
                }
            } else if let index = more.firstIndex(where: { $0.key == key }) {
                if let newValue { more[index].value = newValue } else { more.remove(at: index) }
            } else if let newValue {
                if first == nil { first = (key, newValue) } else { more.append((key, newValue)) }
            }
        }
    }
}
