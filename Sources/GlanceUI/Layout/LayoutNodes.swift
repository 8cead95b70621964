import GlanceGraphics

/// A grid's cells and how they are arranged.
@usableFromInline package struct GridNode: Hashable, Sendable {
    @usableFromInline package enum Kind: Hashable, Sendable {
        /// `Grid`: rows of cells; column widths and row heights measured from the cells.
        case table(rows: [GridRowNode])
        /// `LazyVGrid` (`axis` vertical: tracks are columns, cells fill rows downwards) or
        /// `LazyHGrid` (`axis` horizontal: tracks are rows, cells fill columns rightwards).
        case lazy(axis: StackAxis, tracks: [GridItemNode])
    }

    package var kind: Kind
    /// Every cell, row after row (a table) or in order (a lazy grid).
    package var cells: [ViewNode]
    /// Where a cell sits in the space its row and column give it.
    package var alignment: Alignment
    /// Points between columns and between rows; `nil` for the default (8).
    package var horizontalSpacing: Double?
    package var verticalSpacing: Double?

    package init(kind: Kind, cells: [ViewNode], alignment: Alignment, horizontalSpacing: Double?, verticalSpacing: Double?) {
        self.kind = kind
        self.cells = cells
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }
}

/// One row of a `Grid`: how many of the grid's cells it holds, or a lone view that spans
/// every column (a view put in a `Grid` outside any `GridRow`).
@usableFromInline package struct GridRowNode: Hashable, Sendable {
    package var count: Int
    package var spansAllColumns: Bool
    /// The row's own vertical alignment (`GridRow(alignment:)`).
    package var alignment: VerticalAlignment?

    package init(count: Int, spansAllColumns: Bool, alignment: VerticalAlignment?) {
        self.count = count
        self.spansAllColumns = spansAllColumns
        self.alignment = alignment
    }
}

/// A lazy grid's track (SwiftUI's `GridItem`).
@usableFromInline package struct GridItemNode: Hashable, Sendable {
    package enum Sizing: Hashable, Sendable {
        case fixed(Double)
        case flexible(minimum: Double, maximum: Double)
        /// As many tracks of at least `minimum` as fit in this item's share.
        case adaptive(minimum: Double, maximum: Double)
    }

    package var sizing: Sizing
    /// Points after this track; `nil` for the default (8).
    package var spacing: Double?
    package var alignment: Alignment?

    package init(sizing: Sizing, spacing: Double?, alignment: Alignment?) {
        self.sizing = sizing
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// A `GeometryReader`'s content, built when its size is known. Equal only to itself: a
/// tree holding one counts as changed each time it is resolved (the frame's pixels decide).
@usableFromInline package struct GeometryNode: Hashable, @unchecked Sendable {
    package final class Content {
        package let build: (Size) -> ViewNode
        init(_ build: @escaping (Size) -> ViewNode) { self.build = build }
    }

    package let content: Content

    package init(_ build: @escaping (Size) -> ViewNode) { content = Content(build) }

    @usableFromInline package static func == (a: GeometryNode, b: GeometryNode) -> Bool { a.content === b.content }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(content)) }
}

/// `ViewThatFits(in:)`: the axes on which a child's ideal size must fit, and the choices.
@usableFromInline package struct FitNode: Hashable, Sendable {
    package var horizontal: Bool
    package var vertical: Bool
    package var children: [ViewNode]

    package init(horizontal: Bool, vertical: Bool, children: [ViewNode]) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.children = children
    }
}

/// A change to where or how a view is drawn that leaves its own layout as it is.
@usableFromInline package enum EffectNode: Hashable, Sendable {
    /// Drawn moved by this many points; its place in the layout is unchanged (`.offset`).
    case offset(x: Double, y: Double)
    /// Takes the space offered and centres the child on this point of it (`.position`).
    case position(x: Double, y: Double)
    /// Takes the space offered and puts a point of the child (its anchor) on a point of it,
    /// moved the least that keeps the child inside a box of the space where it fits (a
    /// chart's annotations, which must not run off the panel: `_anchored`).
    case anchored(AnchoredPlacement)
    /// Served before its siblings in a stack (`.layoutPriority`).
    case layoutPriority(Double)
    /// Drawn above the siblings of a `ZStack` with lower values (`.zIndex`); elsewhere nothing.
    case zIndex(Double)
    /// The child proposed the largest (`fill`: smallest covering) size of this width to
    /// height ratio; `nil`: the child's own ideal proportions (`.aspectRatio`).
    case aspectRatio(Double?, fill: Bool)
    /// Drawn rotated by `radians` and scaled about `anchor` (`.rotationEffect`, `.scaleEffect`).
    case transform(radians: Double, scaleX: Double, scaleY: Double, anchorX: Double, anchorY: Double)
    /// Drawn with each point (x, y) of its own, from its top-left corner, moved to
    /// (a·x + c·y + tx, b·x + d·y + ty), translations in points (`.transformEffect`).
    case affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)
    /// A grid cell spanning this many columns (`.gridCellColumns`).
    case gridCellColumns(Int)
    /// How every cell of this cell's column sits across it (`.gridColumnAlignment`).
    case gridColumnAlignment(HorizontalAlignment)
    /// A `GridRow`: its child is the row's cells (outside a `Grid`, an `HStack`'s worth).
    case gridRow(VerticalAlignment?)
    /// Content a widget marks as its accent (`.widgetAccentable()`): drawn in a panel's
    /// accent inks in the `.accented` rendering mode; no change to layout.
    case accentable
}

/// Where `EffectNode.anchored` puts its child: the child's point at (`anchorX`, `anchorY`)
/// of its own size (0…1 from its top-left corner) goes on (`x`, `y`) of the space offered;
/// then, with `inside` (min x, min y, max x, max y in the space), the child moves the least
/// that keeps it inside on each axis where it is no larger than the box.
@usableFromInline package struct AnchoredPlacement: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var anchorX: Double
    package var anchorY: Double
    package var inside: [Double]?

    package init(x: Double, y: Double, anchorX: Double, anchorY: Double, inside: [Double]?) {
        (self.x, self.y, self.anchorX, self.anchorY, self.inside) = (x, y, anchorX, anchorY, inside)
    }

    /// The child's top-left corner for a child of this size.
    package func origin(width: Double, height: Double) -> (x: Double, y: Double) {
        var left = x - anchorX * width, top = y - anchorY * height
        if let inside, inside.count == 4 {
            if width <= inside[2] - inside[0] { left = min(max(left, inside[0]), inside[2] - width) }
            if height <= inside[3] - inside[1] { top = min(max(top, inside[1]), inside[3] - height) }
        }
        return (left, top)
    }
}
