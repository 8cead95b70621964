import Foundation
import GlanceSystem
import GlanceText

extension View {
    // MARK: Text and colour (environment)

    @inlinable public consuming func font(_ font: Font?) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { if let font { $0.font = font } })
    }

    public consuming func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.fontWeight = weight })
    }

    public consuming func bold(_ isActive: Bool = true) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { if isActive { $0.fontWeight = .bold } })
    }

    public consuming func italic(_ isActive: Bool = true) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { if isActive { $0.italic = true } })
    }

    @inlinable public consuming func foregroundStyle(_ style: some ShapeStyle) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.setForeground(style._resolvedFill(in: $0)) })
    }

    public consuming func foregroundColor(_ color: Color?) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { if let color { $0.foregroundColor = color.resolved(in: $0) } })
    }

    @inlinable public consuming func lineLimit(_ limit: Int?) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.lineLimit = limit })
    }

    public consuming func minimumScaleFactor(_ factor: CGFloat) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.minimumScaleFactor = min(1, max(0.01, factor)) })
    }

    public consuming func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.multilineTextAlignment = alignment })
    }

    public consuming func redacted(reason: RedactionReasons) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.redactionReasons.formUnion(reason) })
    }

    public consuming func unredacted() -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.redactionReasons = [] })
    }

    public consuming func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0[keyPath: keyPath] = value })
    }

    // MARK: Geometry

    /// `length` points on `edges` (16 when `nil`, SwiftUI's default).
    @inlinable public consuming func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, BuiltinModifier> {
        let amount = length ?? 16
        let insets = EdgeInsets(
            top: edges.contains(.top) ? amount : 0, leading: edges.contains(.leading) ? amount : 0,
            bottom: edges.contains(.bottom) ? amount : 0, trailing: edges.contains(.trailing) ? amount : 0
        )
        return padding(insets)
    }

    @inlinable public consuming func padding(_ length: CGFloat) -> ModifiedContent<Self, BuiltinModifier> { padding(.all, length) }

    @inlinable public consuming func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .padding(insets, node) })
    }

    /// A fixed size in points on the given axes; the content is placed by `alignment`.
    @inlinable public consuming func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .frame(FrameNode(width: width?.native, height: height?.native, alignment: alignment), node) })
    }

    /// Bounds in points; `.infinity` as a maximum takes all the space offered. An ideal
    /// size is what the frame offers its content, and takes, where it is itself offered
    /// nothing on that axis (under `.fixedSize()`, or in a scroll-free ideal probe).
    public consuming func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in
            .frame(FrameNode(minWidth: minWidth?.native, idealWidth: idealWidth?.native, maxWidth: maxWidth?.native, minHeight: minHeight?.native,
                             idealHeight: idealHeight?.native, maxHeight: maxHeight?.native, alignment: alignment), node)
        })
    }

    /// The content at its ideal size on the given axes, whatever it is offered
    /// (a label that must not wrap or truncate).
    @inlinable public consuming func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .fixedSize(horizontal: horizontal, vertical: vertical, node) })
    }

    @inlinable public consuming func fixedSize() -> ModifiedContent<Self, BuiltinModifier> { fixedSize(horizontal: true, vertical: true) }

    /// Sets where a horizontal alignment line runs through this view, from its
    /// dimensions (points from its leading edge).
    public consuming func alignmentGuide(_ guide: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .alignmentGuide(AlignmentGuideNode(key: guide.key, compute: { computeValue($0).native }), node) })
    }

    /// Sets where a vertical alignment line runs through this view, from its dimensions
    /// (points from its top edge).
    public consuming func alignmentGuide(_ guide: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .alignmentGuide(AlignmentGuideNode(key: guide.key, compute: { computeValue($0).native }), node) })
    }

    // MARK: Layers

    public consuming func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> ModifiedContent<Self, BuiltinModifier> {
        let background = content()
        return ModifiedContent(self, wrap: { node, environment in
            .background(content: node, decoration: resolveNode(background, in: environment), alignment: alignment)
        })
    }

    /// The colour scheme's background behind the view (SwiftUI's `.background()`): white
    /// on paper.
    public consuming func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> ModifiedContent<Self, BuiltinModifier> {
        background(Color.white)
    }

    public consuming func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, environment in
            .background(content: node, decoration: resolveNode(background, in: environment), alignment: alignment)
        })
    }

    @_disfavoredOverload
    public consuming func background(_ style: some ShapeStyle, in shape: some Shape = Rectangle()) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, environment in
            .background(content: node, decoration: .shape(ShapeNode(kind: shape.kind, fill: style.fill(in: environment))),
                        alignment: .center)
        })
    }

    public consuming func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> ModifiedContent<Self, BuiltinModifier> {
        let overlay = content()
        return ModifiedContent(self, wrap: { node, environment in
            .overlay(content: node, decoration: resolveNode(overlay, in: environment), alignment: alignment)
        })
    }

    public consuming func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, environment in
            .overlay(content: node, decoration: resolveNode(overlay, in: environment), alignment: alignment)
        })
    }

    /// The widget's background (WidgetKit's `.containerBackground(_:for: .widget)`): drawn
    /// behind the whole widget, edge to edge, the content margins included.
    public consuming func containerBackground(_ style: some ShapeStyle, for placement: ContainerBackgroundPlacement) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, environment in
            containerBackgroundNode(node, .shape(ShapeNode(kind: .rectangle, fill: style.fill(in: environment))), environment)
        })
    }

    public consuming func containerBackground<Background: View>(for placement: ContainerBackgroundPlacement,
                                                      @ViewBuilder content: () -> Background) -> ModifiedContent<Self, BuiltinModifier> {
        let background = content()
        return ModifiedContent(self, wrap: { node, environment in
            containerBackgroundNode(node, resolveNode(background, in: environment), environment)
        })
    }

    /// Marks the content as the widget's accent (WidgetKit's `.widgetAccentable()`): in
    /// the `.accented` rendering mode (panels with colour inks besides black and white)
    /// it prints in the accent inks, the rest in black and white.
    public consuming func widgetAccentable(_ accentable: Bool = true) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in accentable ? .effect(.accentable, node) : node })
    }

    // MARK: Accepted and ignored on paper

    /// Draws the content only inside `shape` (at the content's size).
    public consuming func clipShape(_ shape: some Shape) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .clip(shape.kind, node) })
    }

    /// Draws the content only inside its own frame.
    public consuming func clipped(antialiased: Bool = false) -> ModifiedContent<Self, BuiltinModifier> { clipShape(Rectangle()) }

    public consuming func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> ModifiedContent<Self, BuiltinModifier> {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }
    public func contentTransition(_ transition: ContentTransition) -> Self { WallNoOp.note(self, "contentTransition", "a wall changes frames without transitions") }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Self { WallNoOp.note(self, "symbolRenderingMode", "symbols are drawn in one colour") }
    public func widgetURL(_ url: URL?) -> Self { WallNoOp.note(self, "widgetURL", "a wall has no touch to open the app with") }
    public func invalidatableContent(_ invalidatable: Bool = true) -> Self { WallNoOp.note(self, "invalidatableContent", "a frame is not dimmed while a button runs") }
    public func privacySensitive(_ sensitive: Bool = true) -> Self { WallNoOp.note(self, "privacySensitive", "a wall has no locked state that hides content") }
    public func id<ID: Hashable>(_ id: ID) -> Self { self }
    public func monospacedDigit() -> Self { self }

    /// Keeps the view's place in the layout and draws nothing of it.
    public consuming func hidden() -> ModifiedContent<Self, BuiltinModifier> { opacity(0) }

    /// Every text inside in the monospaced face.
    public consuming func monospaced(_ isActive: Bool = true) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { if isActive { $0.font = $0.font.monospaced() } })
    }

    /// Fills `shape` behind the view with the context's background style (white on a
    /// light widget).
    public consuming func background(in shape: some Shape, fillStyle: FillStyle = FillStyle()) -> ModifiedContent<Self, BuiltinModifier> {
        background(BackgroundStyle(), in: shape)
    }

    /// Symbols inside drawn in a variant: `.fill`, `.circle`, `.circle.fill`, `.slash`.
    public consuming func symbolVariant(_ variant: SymbolVariants) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.symbolVariants = variant })
    }

    /// The outline of bordered buttons inside: `.capsule` (the default), `.roundedRectangle`,
    /// `.roundedRectangle(radius:)` or `.circle`.
    public consuming func buttonBorderShape(_ shape: ButtonBorderShape) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.buttonBorderShape = shape })
    }
}

/// SwiftUI's `SymbolVariants`: a symbol's name with the variant's suffixes added in SF
/// Symbols' order (shape, then fill, then slash), each only once.
public struct SymbolVariants: Hashable, Sendable {
    var shape: String?
    var filled = false
    var slashed = false

    public static let none = SymbolVariants()
    public static let circle = SymbolVariants(shape: "circle")
    public static let square = SymbolVariants(shape: "square")
    public static let rectangle = SymbolVariants(shape: "rectangle")
    public static let fill = SymbolVariants(filled: true)
    public static let slash = SymbolVariants(slashed: true)

    public var circle: SymbolVariants { var copy = self; copy.shape = "circle"; return copy }
    public var square: SymbolVariants { var copy = self; copy.shape = "square"; return copy }
    public var rectangle: SymbolVariants { var copy = self; copy.shape = "rectangle"; return copy }
    public var fill: SymbolVariants { var copy = self; copy.filled = true; return copy }
    public var slash: SymbolVariants { var copy = self; copy.slashed = true; return copy }

    public func contains(_ other: SymbolVariants) -> Bool {
        (other.shape == nil || other.shape == shape) && (!other.filled || filled) && (!other.slashed || slashed)
    }

    /// "heart" with `.circle.fill` is "heart.circle.fill".
    func applied(to name: String) -> String {
        var parts = name.split(separator: ".").map(String.init)
        guard !parts.isEmpty else { return name }
        let hadFill = parts.last == "fill"
        if hadFill { parts.removeLast() }
        let hadSlash = parts.last == "slash"
        if hadSlash { parts.removeLast() }
        if let shape, !["circle", "square", "rectangle"].contains(parts.last ?? "") { parts.append(shape) }
        if slashed || hadSlash { parts.append("slash") }
        if filled || hadFill { parts.append("fill") }
        return parts.joined(separator: ".")
    }
}

/// The outline of a bordered button (SwiftUI's `ButtonBorderShape`).
public struct ButtonBorderShape: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case automatic, capsule, circle, roundedRectangle(Double?)
    }
    let kind: Kind

    public static let automatic = ButtonBorderShape(kind: .automatic)
    public static let capsule = ButtonBorderShape(kind: .capsule)
    public static let circle = ButtonBorderShape(kind: .circle)
    public static let roundedRectangle = ButtonBorderShape(kind: .roundedRectangle(nil))
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(kind: .roundedRectangle(Double(radius))) }

    /// SwiftUI's bordered buttons: a capsule unless told, 6 points of rounding for
    /// `.roundedRectangle`.
    var shapeKind: ShapeNode.Kind {
        switch kind {
        case .automatic, .capsule: .capsule
        case .circle: .circle
        case .roundedRectangle(let radius): .roundedRectangle(cornerRadius: radius ?? 6)
        }
    }
}

/// The content fills the widget; its background reaches out over the content margins
/// to the widget's edges.
/// Where the display hides container backgrounds (`showsWidgetContainerBackground` is
/// false), the content alone.
private func containerBackgroundNode(_ content: ViewNode, _ background: ViewNode, _ environment: EnvironmentValues) -> ViewNode {
    let margins = environment.widgetContentMargins
    let filling = ViewNode.frame(FrameNode(maxWidth: .infinity, maxHeight: .infinity), content)
    guard environment.containerBackgroundShown else { return filling }
    return .background(content: filling,
                       decoration: margins.isZero ? background : .padding(margins.negated, background), alignment: .center)
}

extension EnvironmentValues {
    /// The foreground colour `fill` stands for (a gradient's representative colour):
    /// `View.foregroundStyle`'s work, apart from its generic shell.
    @usableFromInline package mutating func setForeground(_ fill: _ResolvedFill) {
        foregroundColor = fill.fill.representativeColor
    }
}

/// `node` with a border of `fill` (a colour; other fills draw none) `width` points wide
/// inside its frame: `View.border`'s work, apart from its generic shell.
@usableFromInline package func bordered(_ node: ViewNode, _ fill: _ResolvedFill, width: CGFloat) -> ViewNode {
    guard case .color(let color) = fill.fill else { return node }
    return .overlay(content: node, decoration: .shape(ShapeNode(kind: .inset(.rectangle, amount: width.native / 2), fill: .color(color),
                                                                stroke: StrokeStyle(lineWidth: width))), alignment: .center)
}

extension View {
    /// A border inside the view's frame (SwiftUI's `.border`).
    @inlinable public consuming func border(_ style: some ShapeStyle, width: CGFloat = 1) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, environment in bordered(node, style._resolvedFill(in: environment), width: width) })
    }

    /// Accepted for source compatibility: a shadow has no place on paper.
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
    /// Accepted: widgets have no safe area to ignore.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }
    /// Accepted: the font's width (condensed, expanded) is not chosen; Glance's font has one.
    public func fontWidth(_ width: Font.Width?) -> Self { self }

    /// The font's design (`.monospaced` picks the monospaced family; serif and rounded
    /// fall back to the default family).
    public consuming func fontDesign(_ design: Font.Design?) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { environment in
            if design == .monospaced { environment.font.family = "DejaVu Sans Mono" }
        })
    }

    /// Icons drawn smaller or larger than the text around them.
    public consuming func imageScale(_ scale: Image.Scale) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.imageScale = scale.factor })
    }
}

/// Parts of a screen's safe area (SwiftUI's `SafeAreaRegions`); widgets have none.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}
