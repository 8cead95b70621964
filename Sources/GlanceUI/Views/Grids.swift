import Foundation

/// A lazy grid's column or row (SwiftUI's `GridItem`).
public struct GridItem: Hashable, Sendable {
    /// How wide a column (or tall a row) is.
    public enum Size: Hashable, Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many tracks of at least `minimum` points as fit.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }

    var node: GridItemNode {
        let sizing: GridItemNode.Sizing = switch size {
        case .fixed(let length): .fixed(max(0, length.native))
        case .flexible(let minimum, let maximum): .flexible(minimum: max(0, minimum.native), maximum: max(minimum.native, maximum.native))
        case .adaptive(let minimum, let maximum): .adaptive(minimum: max(1, minimum.native), maximum: max(minimum.native, maximum.native))
        }
        return GridItemNode(sizing: sizing, spacing: spacing?.native, alignment: alignment)
    }
}

/// Views that a grid pins while scrolling (SwiftUI's `PinnedScrollableViews`): a wall
/// display does not scroll, so nothing is pinned.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// Cells in rows under fixed columns (SwiftUI's `LazyVGrid`). Nothing scrolls on a wall:
/// every cell is laid out, and those beyond the space offered are cut off by the frame.
public struct LazyVGrid<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing?.native
        self.content = content()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .grid(GridNode(kind: .lazy(axis: .vertical, tracks: columns.map(\.node)), cells: flattenedChildren(content, in: environment),
                       alignment: Alignment(horizontal: alignment, vertical: .center), horizontalSpacing: nil,
                       verticalSpacing: spacing))
    }
}

/// Cells in columns across fixed rows (SwiftUI's `LazyHGrid`).
public struct LazyHGrid<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing?.native
        self.content = content()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .grid(GridNode(kind: .lazy(axis: .horizontal, tracks: rows.map(\.node)), cells: flattenedChildren(content, in: environment),
                       alignment: Alignment(horizontal: .center, vertical: alignment), horizontalSpacing: spacing,
                       verticalSpacing: nil))
    }
}

/// Rows and columns sized to their cells (SwiftUI's `Grid`): each column as wide as its
/// widest cell, each row as tall as its tallest, flexible cells sharing what is left as
/// in a stack. A view outside any `GridRow` spans every column.
public struct Grid<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let alignment: Alignment
    let horizontalSpacing: Double?
    let verticalSpacing: Double?
    let content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing?.native
        self.verticalSpacing = verticalSpacing?.native
        self.content = content()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        var rows: [GridRowNode] = []
        var cells: [ViewNode] = []
        for child in flattenedChildren(content, in: environment) {
            if case .effect(.gridRow(let alignment), let row) = child {
                let rowCells: [ViewNode]
                if case .stack(let stack) = row { rowCells = stack.children } else { rowCells = [row] }
                rows.append(GridRowNode(count: rowCells.count, spansAllColumns: false, alignment: alignment))
                cells += rowCells
            } else {
                rows.append(GridRowNode(count: 1, spansAllColumns: true, alignment: nil))
                cells.append(child)
            }
        }
        return .grid(GridNode(kind: .table(rows: rows), cells: cells, alignment: alignment, horizontalSpacing: horizontalSpacing,
                              verticalSpacing: verticalSpacing))
    }
}

/// One row of a `Grid` (SwiftUI's `GridRow`); outside a grid, its cells side by side.
public struct GridRow<Content: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let alignment: VerticalAlignment?
    let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        .effect(.gridRow(alignment), .stack(StackNode(axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment ?? .center),
                                                      spacing: nil, children: flattenedChildren(content, in: environment))))
    }
}

extension View {
    /// In a `Grid`: this cell spans `count` columns.
    public consuming func gridCellColumns(_ count: Int) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .effect(.gridCellColumns(max(1, count)), node) })
    }

    /// In a `Grid`: every cell of this cell's column sits this way across it.
    public consuming func gridColumnAlignment(_ alignment: HorizontalAlignment) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .effect(.gridColumnAlignment(alignment), node) })
    }

    /// Accepted: the cell is sized on every axis (Glance does not leave axes unsized).
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> Self { self }
}

/// Axes (SwiftUI's `Axis`).
public enum Axis: Hashable, Sendable {
    case horizontal, vertical

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}
