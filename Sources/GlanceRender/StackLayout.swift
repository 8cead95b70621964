import GlanceUI
/// Stacks: sharing the space along the axis, and lining children up across it.
extension ViewRenderer {
    /// SwiftUI's default spacing between stack children, in points.
    public static let defaultSpacing = 8.0

    /// What each child of a stack is proposed and answers for `proposal` (remembered).
    ///
    /// Along the axis, children are served least flexible first, each offered an equal
    /// share of what is left; spacers come after every other child and share only what
    /// the others leave, so a label next to a spacer keeps its full width (as in SwiftUI).
    func arrangement(_ layout: LayoutNode, _ proposal: ProposedSize) -> [LayoutNode.Measured] {
        if let known = layout.arrangements[proposal] { return known }
        guard let stack = layout.stack else { return [] }
        let children = layout.children
        let result: [LayoutNode.Measured]
        if stack.axis == .depth {
            result = children.map { LayoutNode.Measured(proposal: proposal, size: size($0, proposal)) }
        } else {
            result = share(stack, children, proposal)
        }
        layout.arrangements[proposal] = result
        return result
    }

    private func share(_ stack: StackNode, _ children: LayoutChildren, _ proposal: ProposedSize) -> [LayoutNode.Measured] {
        let vertical = stack.axis == .vertical
        let spacing = (stack.spacing ?? Self.defaultSpacing) * Double(max(0, children.count - 1))
        let offeredMain = vertical ? proposal.height : proposal.width
        let cross = vertical ? proposal.width : proposal.height
        func propose(_ main: Double?) -> ProposedSize {
            vertical ? ProposedSize(width: cross, height: main) : ProposedSize(width: main, height: cross)
        }
        func mainOf(_ size: Size) -> Double { vertical ? size.height : size.width }
        func measure(_ child: LayoutNode, main: Double?) -> LayoutNode.Measured {
            let offer = propose(main)
            switch child.node {
            case .divider:
                // A rule across the stack: 1 point along it, the offered cross size.
                let across = max(0, cross ?? 10)
                return .init(proposal: offer, size: vertical ? Size(width: across, height: 1) : Size(width: 1, height: across))
            case .spacer(let minLength):
                // Along the stack a spacer takes what it is offered; across it, nothing.
                let length = max(minLength, main ?? minLength)
                return .init(proposal: offer, size: vertical ? Size(width: 0, height: length) : Size(width: length, height: 0))
            default:
                return .init(proposal: offer, size: size(child, offer))
            }
        }
        guard let offeredMain else { return children.map { measure($0, main: nil) } }
        func isSpacer(_ index: Int) -> Bool {
            if case .spacer = children[index].node { return true }
            return false
        }
        let flexibility = children.map { child -> Double in
            switch child.node {
            case .divider, .spacer: 0
            default: self.flexibility(child, vertical: vertical)
            }
        }
        let order = children.indices.sorted {
            if isSpacer($0) != isSpacer($1) { return !isSpacer($0) }
            if flexibility[$0] != flexibility[$1] { return flexibility[$0] < flexibility[$1] }
            return $0 < $1
        }
        var remaining = max(0, offeredMain - spacing)
        let unmeasured = LayoutNode.Measured(proposal: .unspecified, size: Size(width: 0, height: 0))
        var result = [LayoutNode.Measured](repeating: unmeasured, count: children.count)
        // Higher layout priorities are served first, offered all that is left but what
        // the lower ones need at their smallest.
        let priorities = children.map(\.priority)
        let levels = priorities.allSatisfy({ $0 == 0 }) ? [0.0] : Set(priorities).sorted(by: >)
        for level in levels {
            let members = order.filter { priorities[$0] == level }
            var available = remaining
            if level != levels.last, available.isFinite {
                let reserved = children.indices.filter { priorities[$0] < level }
                    .map { mainOf(measure(children[$0], main: 0).size) }.reduce(0, +)
                available = max(0, available - reserved)
            }
            let spacers = members.filter(isSpacer).count
            var peers = (others: members.count - spacers, spacers: spacers)
            for index in members {
                let count: Int
                if isSpacer(index) {
                    count = peers.spacers
                    peers.spacers -= 1
                } else {
                    count = peers.others
                    peers.others -= 1
                }
                let measured = measure(children[index], main: available / Double(max(1, count)))
                result[index] = measured
                // An infinite offer stays infinite (infinity minus infinity would be NaN).
                if available.isFinite { available = max(0, available - mainOf(measured.size)) }
                if remaining.isFinite { remaining = max(0, remaining - mainOf(measured.size)) }
            }
        }
        return result
    }

    /// A stack's size: the children end to end along the axis (plus spacing), and across
    /// it, the extent of the children once their alignment lines coincide.
    func stackSize(_ layout: LayoutNode, _ proposal: ProposedSize) -> Size {
        let measured = arrangement(layout, proposal)
        guard let stack = layout.stack, !measured.isEmpty else { return Size(width: 0, height: 0) }
        let placed = offsets(layout, stack, measured)
        return placed.size
    }

    /// Where each child sits in the stack (points from the stack's top-left), and the
    /// stack's size.
    func offsets(_ layout: LayoutNode, _ stack: StackNode, _ measured: [LayoutNode.Measured])
        -> (positions: [(x: Double, y: Double)], size: Size) {
        let sizes = measured.map(\.size)
        let children = layout.children
        func line(_ key: AlignmentKey) -> (values: [Double], extent: Double, origin: Double) {
            // Each child's line in its own coordinates; the common line sits where the
            // furthest one needs it, and the stack spans from there to the furthest edge.
            let values = zip(children, measured).map { guide($0, $1.proposal, key, measured: $1.size) }
            let origin = values.max() ?? 0
            let after = zip(values, sizes).map { key.axis == .horizontal ? $1.width - $0 : $1.height - $0 }.max() ?? 0
            return (values, origin + after, origin)
        }
        let spacing = stack.spacing ?? Self.defaultSpacing
        switch stack.axis {
        case .vertical:
            let across = line(stack.alignment.horizontal.key)
            var y = 0.0
            var positions: [(x: Double, y: Double)] = []
            for (index, size) in sizes.enumerated() {
                positions.append((across.origin - across.values[index], y))
                y += size.height + (index < sizes.count - 1 ? spacing : 0)
            }
            return (positions, Size(width: across.extent, height: y))
        case .horizontal:
            let across = line(stack.alignment.vertical.key)
            var x = 0.0
            var positions: [(x: Double, y: Double)] = []
            for (index, size) in sizes.enumerated() {
                positions.append((x, across.origin - across.values[index]))
                x += size.width + (index < sizes.count - 1 ? spacing : 0)
            }
            return (positions, Size(width: x, height: across.extent))
        case .depth:
            let horizontal = line(stack.alignment.horizontal.key)
            let vertical = line(stack.alignment.vertical.key)
            let positions = sizes.indices.map {
                (x: horizontal.origin - horizontal.values[$0], y: vertical.origin - vertical.values[$0])
            }
            return (positions, Size(width: horizontal.extent, height: vertical.extent))
        }
    }
}
