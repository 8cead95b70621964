import Foundation
import GlanceGraphics
import GlanceText

/// A resolved view tree: what is left of a `View` once every `body` has been evaluated
/// and every environment value applied. Layout and drawing work on nodes; the host
/// compares them to know whether a slot changed.
@usableFromInline package indirect enum ViewNode: Hashable, Sendable {
    case empty
    case text(TextNode)
    case stack(StackNode)
    /// Flexible space; `minLength` in points.
    case spacer(minLength: Double)
    /// A filled shape that takes the space it is offered.
    case shape(ShapeNode)
    /// A 1-point rule across the enclosing stack.
    case divider(RGBA)
    /// An icon from the symbol font (`Image(systemName:)`).
    case symbol(SymbolNode)
    /// A picture from a file (`Image("name")`): its path and whether it fills its frame.
    case image(path: String, resizable: Bool)
    /// Content drawn only inside a shape (`.clipShape`).
    case clip(ShapeNode.Kind, ViewNode)
    case padding(EdgeInsets, ViewNode)
    case frame(FrameNode, ViewNode)
    /// The child proposed `nil` (its ideal size) on the fixed axes (`.fixedSize()`).
    case fixedSize(horizontal: Bool, vertical: Bool, ViewNode)
    /// The child with one alignment line set by a closure (`.alignmentGuide`).
    case alignmentGuide(AlignmentGuideNode, ViewNode)
    /// `content` sized by itself, then `decoration` proposed that size and placed on it by
    /// `alignment`, drawn behind (or in front).
    case background(content: ViewNode, decoration: ViewNode, alignment: Alignment)
    case overlay(content: ViewNode, decoration: ViewNode, alignment: Alignment)
    /// Children of a builder block before a stack absorbs them.
    case group([ViewNode])
    /// A `Button(intent:)` or `Toggle(isOn:intent:)` around what it draws: laid out and
    /// drawn as its child; a tap inside its rectangle runs its intent.
    case control(ControlNode, ViewNode)
    /// A grid: `Grid`/`GridRow` (columns measured from the cells) or `LazyVGrid`/`LazyHGrid`
    /// (tracks from `GridItem`s); its cells are the node's children.
    case grid(GridNode)
    /// `GeometryReader`: takes the space offered and builds its content for that size.
    case geometry(GeometryNode)
    /// `ViewThatFits`: the first child whose ideal size fits the offer on the given axes.
    case firstFitting(FitNode)
    /// The child laid out as usual, with one change to where or how it is drawn.
    case effect(EffectNode, ViewNode)
    /// `content` drawn only where `mask` has ink (its alpha), the mask placed on the
    /// content like an overlay.
    case mask(content: ViewNode, mask: ViewNode, alignment: Alignment)

    /// The text a person would read, one entry per text run, in reading order.
    package var textLines: [String] {
        switch self {
        case .empty, .spacer, .shape, .divider, .symbol, .image: []
        case .text(let text): [text.string]
        case .group(let children): children.flatMap(\.textLines)
        case .stack(let stack): stack.children.flatMap(\.textLines)
        case .padding(_, let child), .frame(_, let child), .clip(_, let child), .fixedSize(_, _, let child),
             .alignmentGuide(_, let child), .control(_, let child), .effect(_, let child), .mask(let child, _, _):
            child.textLines
        case .background(let content, let decoration, _): decoration.textLines + content.textLines
        case .overlay(let content, let decoration, _): content.textLines + decoration.textLines
        case .grid(let grid): grid.cells.flatMap(\.textLines)
        // What a geometry reader shows depends on its size; a fitting view's choice on
        // the space. The preferred (first) choice is reported.
        case .geometry: []
        case .firstFitting(let fit): fit.children.first?.textLines ?? []
        }
    }
}

/// Text with everything the environment said about it.
@usableFromInline package struct TextNode: Hashable, Sendable {
    package var string: String
    /// Size in points (the display's scale maps it to pixels).
    package var pointSize: Double
    package var weight: Font.Weight
    package var italic: Bool
    package var family: String?
    package var color: RGBA
    package var lineLimit: Int?
    package var alignment: TextAlignment
    package var minimumScaleFactor: Double
    /// Placeholder bars instead of glyphs (`.redacted(reason: .placeholder)`).
    package var redacted: Bool
    /// Pieces in their own fonts and colours (`Text + Text`); `nil` when the whole text
    /// has the style above.
    package var runs: [TextRunNode]? = nil
    /// Points between lines.
    package var lineSpacing: Double = 0
    /// At least this many lines tall.
    package var reservedLines = 0
    /// Points after every character (of the runs that set none of their own).
    package var tracking: Double = 0
    /// Where the text is cut when it does not fit.
    package var truncation: Truncation = .tail
    /// Letters may sit up to 5 % closer before the text is cut or scaled.
    package var allowsTightening = false

    /// The pieces to lay out: the runs, or the whole text as one piece in its style.
    package var pieces: [TextRunNode] {
        runs ?? [TextRunNode(string: string, pointSize: pointSize, weight: weight, italic: italic, family: family, color: color,
                             tracking: tracking)]
    }
}

/// One piece of a text with several styles.
package struct TextRunNode: Hashable, Sendable {
    package var string: String
    package var pointSize: Double
    package var weight: Font.Weight
    package var italic: Bool
    package var family: String?
    package var color: RGBA
    /// Points after every character.
    package var tracking: Double = 0
    /// Lines under or through it, in their colours.
    package var decoration = TextDecoration()

    func looksLike(_ other: TextRunNode) -> Bool {
        pointSize == other.pointSize && weight == other.weight && italic == other.italic && family == other.family && color == other.color
            && tracking == other.tracking && decoration == other.decoration
    }
}


/// An icon: a glyph of the symbol font, sized like text of `pointSize`.
@usableFromInline package struct SymbolNode: Hashable, Sendable {
    /// The SF Symbols name asked for.
    package var systemName: String
    /// Glyph names in the symbol font that could stand for it, best first.
    package var glyphNames: [String]
    package var pointSize: Double
    package var color: RGBA
    /// `.resizable()`: fill the space offered (as a square) instead of the font's size.
    package var resizable: Bool
}

/// The direction a stack places its children in.
public enum StackAxis: Hashable, Sendable {
    case vertical, horizontal, depth
}

@usableFromInline package struct StackNode: Hashable, Sendable {
    package var axis: StackAxis
    /// Cross-axis alignment: 0 leading/top, 0.5 centre, 1 trailing/bottom (per axis for ZStack).
    package var alignment: Alignment
    /// Points between children; `nil` for the default.
    package var spacing: Double?
    package var children: [ViewNode]

    package init(axis: StackAxis, alignment: Alignment, spacing: Double?, children: [ViewNode]) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.children = children
    }
}

@usableFromInline package struct ShapeNode: Hashable, Sendable {
    /// The outline: one of SwiftUI's shapes (drawn exactly), a shape of the widget's own
    /// (drawn from its `path(in:)`), or one of those trimmed or inset.
    @usableFromInline package enum Kind: Hashable, Sendable {
        case rectangle
        case roundedRectangle(cornerRadius: Double)
        case ellipse
        /// The largest circle centred in the rectangle.
        case circle
        case capsule
        case custom(CustomShape)
        /// The part of the outline between two fractions of its length.
        indirect case trimmed(Kind, from: Double, to: Double)
        /// The outline of the rectangle inset by `amount` points on every side.
        indirect case inset(Kind, amount: Double)

        /// The outline in `rect` (points).
        package func path(in rect: Rect) -> Path {
            switch self {
            case .rectangle: return Path(rect.cgRect)
            case .roundedRectangle(let radius): return Path(roundedRect: rect.cgRect, cornerRadius: radius)
            case .ellipse: return Path(ellipseIn: rect.cgRect)
            case .circle:
                let side = max(0, min(rect.width, rect.height))
                return Path(ellipseIn: Rect(x: rect.x + (rect.width - side) / 2, y: rect.y + (rect.height - side) / 2,
                                            width: side, height: side).cgRect)
            case .capsule: return Path(roundedRect: rect.cgRect, cornerRadius: max(0, min(rect.width, rect.height)) / 2)
            case .custom(let shape): return shape.path(rect)
            case .trimmed(let kind, let from, let to): return kind.path(in: rect).trimmedPath(from: from, to: to)
            case .inset(let kind, let amount):
                return kind.path(in: Rect(x: rect.x + amount, y: rect.y + amount,
                                          width: max(0, rect.width - 2 * amount), height: max(0, rect.height - 2 * amount)))
            }
        }
    }

    package var kind: Kind
    package var fill: Fill
    /// Drawn as an outline of this style instead of filled.
    package var stroke: StrokeStyle?
    /// Filled by the even-odd rule (`FillStyle(eoFill: true)`): a point is inside where
    /// the outline winds around it an odd number of times; else by the non-zero rule.
    package var evenOdd = false

    package init(kind: Kind, fill: Fill, stroke: StrokeStyle? = nil, evenOdd: Bool = false) {
        self.kind = kind
        self.fill = fill
        self.stroke = stroke
        self.evenOdd = evenOdd
    }

    /// How a shape is painted.
    package enum Fill: Hashable, Sendable {
        case color(RGBA)
        case gradient(GradientFill)
    }
}

/// A gradient across a shape's rectangle: its colour stops and how a point of the
/// rectangle maps to a place between them.
package struct GradientFill: Hashable, Sendable {
    package enum Geometry: Hashable, Sendable {
        /// Along the line between two unit points of the rectangle.
        case linear(startX: Double, startY: Double, endX: Double, endY: Double)
        /// Circles about a unit point, from `startRadius` to `endRadius` points.
        case radial(centerX: Double, centerY: Double, startRadius: Double, endRadius: Double)
        /// Ellipses about a unit point with the rectangle's proportions; radii as
        /// fractions of half the rectangle's size.
        case elliptical(centerX: Double, centerY: Double, startFraction: Double, endFraction: Double)
        /// Around a unit point, clockwise from `startRadians` (0 = trailing) to `endRadians`.
        case angular(centerX: Double, centerY: Double, startRadians: Double, endRadians: Double)
    }

    package var stops: [GradientStop]
    package var geometry: Geometry

    package init(stops: [GradientStop], geometry: Geometry) {
        self.stops = stops
        self.geometry = geometry
    }
}

/// A widget's own shape, kept by its `path(in:)`. Closures cannot be compared, so two of
/// these are equal only when they are the same object; a tree holding one counts as
/// changed each time it is resolved, and the frame's pixels decide.
@usableFromInline package struct CustomShape: Hashable, Sendable {
    final class Box: Sendable {
        let path: @Sendable (Rect) -> Path
        init(_ path: @escaping @Sendable (Rect) -> Path) { self.path = path }
    }

    let box: Box

    init(_ path: @escaping @Sendable (Rect) -> Path) { box = Box(path) }

    /// A shape drawn from its `path(in:)`.
    init(_ shape: some Shape) { self.init { rect in shape.path(in: rect.cgRect) } }

    func path(_ rect: Rect) -> Path { box.path(rect) }

    @usableFromInline package static func == (a: CustomShape, b: CustomShape) -> Bool { a.box === b.box }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}

package struct GradientStop: Hashable, Sendable {
    package var color: RGBA
    package var location: Double

    package init(color: RGBA, location: Double) {
        self.color = color
        self.location = location
    }
}

/// Fixed or flexible frame bounds in points; `nil` = no constraint.
@usableFromInline package struct FrameNode: Hashable, Sendable {
    package var width: Double?
    package var height: Double?
    package var minWidth: Double?
    /// The size taken on an axis proposed `nil` (`.fixedSize()`, an ideal-size probe).
    package var idealWidth: Double?
    package var maxWidth: Double?
    package var minHeight: Double?
    package var idealHeight: Double?
    package var maxHeight: Double?
    package var alignment: Alignment

    @usableFromInline package init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, idealWidth: Double? = nil,
                maxWidth: Double? = nil, minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                alignment: Alignment = .center) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// An alignment line computed from the view's dimensions (`.alignmentGuide(_:computeValue:)`).
/// Two nodes are equal only when they hold the same closure object: closures cannot be
/// compared, so a tree with guides counts as changed each time it is resolved.
@usableFromInline package struct AlignmentGuideNode: Hashable, @unchecked Sendable {
    package let key: AlignmentKey
    package let compute: Compute

    package final class Compute {
        package let value: (ViewDimensions) -> Double
        init(_ value: @escaping (ViewDimensions) -> Double) { self.value = value }
    }

    init(key: AlignmentKey, compute: @escaping (ViewDimensions) -> Double) {
        self.key = key
        self.compute = Compute(compute)
    }

    @usableFromInline package static func == (a: AlignmentGuideNode, b: AlignmentGuideNode) -> Bool { a.key == b.key && a.compute === b.compute }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// Insets in points (SwiftUI's `EdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same on every edge.
    public init(_ all: CGFloat) { self.init(top: all, leading: all, bottom: all, trailing: all) }

    /// Outwards by as much as these go inwards.
    public var negated: EdgeInsets { EdgeInsets(top: -top, leading: -leading, bottom: -bottom, trailing: -trailing) }

    public var isZero: Bool { self == EdgeInsets() }
}
