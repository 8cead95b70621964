import GlanceUI

/// Where a grid puts each of its cells: the cell's slot (points from the grid's
/// top-left), what the cell is proposed, and how it sits in its slot.
struct GridPlan {
    var slots: [Rect] = []
    var proposals: [ProposedSize] = []
    var alignments: [Alignment] = []
    var size = Size(width: 0, height: 0)
}

/// Grids: `Grid` measures its columns and rows from the cells; lazy grids take their
/// tracks from `GridItem`s and size only the lines the cells fill.
extension ViewRenderer {
    func gridPlan(_ layout: LayoutNode, _ proposal: ProposedSize) -> GridPlan {
        if let known = layout.gridPlans[proposal] { return known }
        guard case .grid(let grid) = layout.node else { return GridPlan() }
        let plan = switch grid.kind {
        case .lazy(let axis, let tracks): lazyPlan(layout, grid, vertical: axis == .vertical, tracks, proposal)
        case .table(let rows): tablePlan(layout, grid, rows, proposal)
        }
        layout.gridPlans[proposal] = plan
        return plan
    }

    // MARK: Lazy grids

    package struct Track {
        package var length: Double
        /// Points after this track.
        var spacing: Double
        var alignment: Alignment?
    }

    /// The tracks of a lazy grid offered `offer` points across them (`nil`: its ideal).
    /// Fixed items take their size; flexible and adaptive ones share the rest equally,
    /// the most constrained first, each within its bounds; an adaptive item then holds
    /// as many tracks of at least its minimum as fit in its share.
    package func lazyTracks(_ items: [GridItemNode], _ offer: Double?) -> [Track] {
        let spacings = items.map { $0.spacing ?? Self.defaultSpacing }
        let between = spacings.dropLast().reduce(0, +)
        func bounds(_ item: GridItemNode) -> (low: Double, high: Double) {
            switch item.sizing {
            case .fixed(let length): (length, length)
            case .flexible(let low, let high), .adaptive(let low, let high): (low, high)
            }
        }
        var shares = items.map { item -> Double in
            if case .fixed(let length) = item.sizing { return length }
            return 0
        }
        let sharing = items.indices.filter { if case .fixed = items[$0].sizing { false } else { true } }
        if let offer {
            let fixed = items.indices.filter { !sharing.contains($0) }.map { shares[$0] }.reduce(0, +)
            var remaining = max(0, offer - between - fixed)
            var count = sharing.count
            for index in sharing.sorted(by: { bounds(items[$0]).high < bounds(items[$1]).high }) {
                let (low, high) = bounds(items[index])
                let share = min(high, max(low, remaining / Double(max(1, count))))
                shares[index] = share
                if remaining.isFinite { remaining = max(0, remaining - share) }
                count -= 1
            }
        } else {
            for index in sharing { shares[index] = bounds(items[index]).low }
        }
        var tracks: [Track] = []
        for (index, item) in items.enumerated() {
            let spacing = spacings[index]
            guard case .adaptive(let low, let high) = item.sizing, shares[index].isFinite else {
                tracks.append(Track(length: shares[index], spacing: spacing, alignment: item.alignment))
                continue
            }
            let share = shares[index]
            let count = max(1, Int(((share + spacing) / (low + spacing)).rounded(.down)))
            let length = min(high, max(0, (share - Double(count - 1) * spacing) / Double(count)))
            for _ in 0..<count { tracks.append(Track(length: length, spacing: spacing, alignment: item.alignment)) }
        }
        return tracks
    }

    /// `vertical` (a `LazyVGrid`): tracks are columns and cells fill rows downwards; else
    /// tracks are rows and cells fill columns rightwards. A cell is offered its track's
    /// length across and its ideal size along; each line is as long as its longest cell.
    private func lazyPlan(_ layout: LayoutNode, _ grid: GridNode, vertical: Bool, _ items: [GridItemNode],
                          _ proposal: ProposedSize) -> GridPlan {
        let tracks = lazyTracks(items, vertical ? proposal.width : proposal.height)
        guard !tracks.isEmpty else { return GridPlan() }
        let lineSpacing = (vertical ? grid.verticalSpacing : grid.horizontalSpacing) ?? Self.defaultSpacing
        var plan = GridPlan()
        var lines: [Double] = []
        for (index, cell) in layout.children.enumerated() {
            let track = tracks[index % tracks.count]
            let offer = vertical ? ProposedSize(width: track.length, height: nil) : ProposedSize(width: nil, height: track.length)
            let measured = size(cell, offer)
            let along = vertical ? measured.height : measured.width
            let line = index / tracks.count
            if line == lines.count { lines.append(along) } else { lines[line] = max(lines[line], along) }
            plan.proposals.append(offer)
            plan.alignments.append(track.alignment ?? grid.alignment)
        }
        let trackOrigins = origins(tracks.map(\.length), spacings: tracks.map(\.spacing))
        let lineOrigins = origins(lines, spacings: lines.map { _ in lineSpacing })
        for index in layout.children.indices {
            let track = index % tracks.count, line = index / tracks.count
            plan.slots.append(vertical
                ? Rect(x: trackOrigins.positions[track], y: lineOrigins.positions[line], width: tracks[track].length, height: lines[line])
                : Rect(x: lineOrigins.positions[line], y: trackOrigins.positions[track], width: lines[line], height: tracks[track].length))
        }
        plan.size = vertical ? Size(width: trackOrigins.extent, height: lineOrigins.extent)
                             : Size(width: lineOrigins.extent, height: trackOrigins.extent)
        return plan
    }

    /// Where each of `lengths` starts when laid end to end with `spacings[i]` after the
    /// i-th, and how long they are together.
    private func origins(_ lengths: [Double], spacings: [Double]) -> (positions: [Double], extent: Double) {
        var positions: [Double] = []
        var position = 0.0
        for (index, length) in lengths.enumerated() {
            positions.append(position)
            position += length + (index < lengths.count - 1 ? spacings[index] : 0)
        }
        return (positions, position)
    }

    // MARK: Grid

    /// A cell of a `Grid`: its row, first column and how many columns it spans (0: all).
    private struct TableCell {
        let row: Int
        let column: Int
        let span: Int
    }

    /// Columns are shared out like an `HStack`'s children (each column as wide as its
    /// widest one-column cell for the share it is offered, least flexible first), then
    /// rows like a `VStack`'s; every cell is offered its column's width and its row's
    /// height, and sits in that slot by the grid's alignment (the row's vertical one,
    /// the column's horizontal one where they set their own).
    private func tablePlan(_ layout: LayoutNode, _ grid: GridNode, _ rows: [GridRowNode], _ proposal: ProposedSize) -> GridPlan {
        let cells = layout.children
        let horizontalSpacing = grid.horizontalSpacing ?? Self.defaultSpacing
        let verticalSpacing = grid.verticalSpacing ?? Self.defaultSpacing
        var table: [TableCell] = []
        var columnCount = 0
        for (rowIndex, row) in rows.enumerated() {
            if row.spansAllColumns {
                table.append(TableCell(row: rowIndex, column: 0, span: 0))
                continue
            }
            var column = 0
            for _ in 0..<row.count {
                let span = Self.effects(of: cells[table.count].node).compactMap { effect -> Int? in
                    if case .gridCellColumns(let count) = effect { return count }
                    return nil
                }.first ?? 1
                table.append(TableCell(row: rowIndex, column: column, span: span))
                column += span
            }
            columnCount = max(columnCount, column)
        }
        guard table.count == cells.count else { return GridPlan() }

        // Columns.
        let columnCells = (0..<columnCount).map { column in table.indices.filter { table[$0].span == 1 && table[$0].column == column } }
        let widths = share(count: columnCount, offered: proposal.width, spacing: horizontalSpacing,
                           flexibility: { column in columnCells[column].map { self.flexibility(cells[$0], vertical: false) }.max() ?? 0 },
                           length: { column, offer in
                               columnCells[column].map { self.size(cells[$0], ProposedSize(width: offer, height: nil)).width }.max() ?? 0
                           })
        let columns = origins(widths, spacings: widths.map { _ in horizontalSpacing })
        var totalWidth = columns.extent
        if columnCount == 0 {
            totalWidth = table.indices.map { size(cells[$0], ProposedSize(width: proposal.width, height: nil)).width }.max() ?? 0
        }
        func width(of cell: TableCell) -> Double {
            guard cell.span > 0, cell.column < columnCount else { return totalWidth }
            let last = min(columnCount, cell.column + cell.span) - 1
            return columns.positions[last] + widths[last] - columns.positions[cell.column]
        }

        // Rows.
        let rowCells = rows.indices.map { row in table.indices.filter { table[$0].row == row } }
        let heights = share(count: rows.count, offered: proposal.height, spacing: verticalSpacing,
                            flexibility: { row in rowCells[row].map { self.flexibility(cells[$0], vertical: true) }.max() ?? 0 },
                            length: { row, offer in
                                rowCells[row].map { self.size(cells[$0], ProposedSize(width: width(of: table[$0]), height: offer)).height }.max() ?? 0
                            })
        let rowOrigins = origins(heights, spacings: heights.map { _ in verticalSpacing })

        // Column alignments set by a cell (`.gridColumnAlignment`).
        var columnAlignment: [Int: HorizontalAlignment] = [:]
        for (index, cell) in table.enumerated() where cell.span > 0 {
            for effect in Self.effects(of: cells[index].node) {
                if case .gridColumnAlignment(let alignment) = effect { columnAlignment[cell.column] = alignment }
            }
        }
        var plan = GridPlan()
        for (index, cell) in table.enumerated() {
            let x = cell.span > 0 && cell.column < columnCount ? columns.positions[cell.column] : 0
            let slot = Rect(x: x, y: rowOrigins.positions[cell.row], width: width(of: cell), height: heights[cell.row])
            plan.slots.append(slot)
            plan.proposals.append(ProposedSize(width: slot.width, height: slot.height))
            var alignment = grid.alignment
            if let vertical = rows[cell.row].alignment { alignment.vertical = vertical }
            if cell.span > 0, let horizontal = columnAlignment[cell.column] { alignment.horizontal = horizontal }
            plan.alignments.append(alignment)
        }
        plan.size = Size(width: totalWidth, height: rowOrigins.extent)
        return plan
    }

    /// Lengths for `count` lines sharing `offered` points (`nil`: each its ideal) as a
    /// stack shares them: least flexible first, each offered an equal share of the rest.
    private func share(count: Int, offered: Double?, spacing: Double, flexibility: (Int) -> Double,
                       length: (Int, Double?) -> Double) -> [Double] {
        guard let offered else { return (0..<count).map { length($0, nil) } }
        let flexibilities = (0..<count).map(flexibility)
        let order = (0..<count).sorted { (a: Int, b: Int) -> Bool in
            flexibilities[a] != flexibilities[b] ? flexibilities[a] < flexibilities[b] : a < b
        }
        var remaining = max(0, offered - spacing * Double(max(0, count - 1)))
        var left = count
        var lengths = [Double](repeating: 0, count: count)
        for index in order {
            lengths[index] = length(index, remaining / Double(max(1, left)))
            if remaining.isFinite { remaining = max(0, remaining - lengths[index]) }
            left -= 1
        }
        return lengths
    }

    /// The effects wrapped around a node, outermost first.
    static func effects(of node: ViewNode) -> [EffectNode] {
        var found: [EffectNode] = []
        var current = node
        while case .effect(let effect, let child) = current {
            found.append(effect)
            current = child
        }
        return found
    }
}
