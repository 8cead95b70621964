import Foundation

/// Modifiers that move, turn, scale, mask or prioritise a view without changing how it
/// lays itself out.
extension View {
    /// Drawn `x`, `y` points away from where layout put it; siblings do not move.
    @inlinable public consuming func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .effect(.offset(x: x.native, y: y.native), node) })
    }

    public consuming func offset(_ offset: CGSize) -> ModifiedContent<Self, BuiltinModifier> { self.offset(x: offset.width, y: offset.height) }

    /// Takes the space offered and centres the view on this point of it.
    public consuming func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .effect(.position(x: x.native, y: y.native), node) })
    }

    public consuming func position(_ position: CGPoint) -> ModifiedContent<Self, BuiltinModifier> { self.position(x: position.x, y: position.y) }

    /// Takes the space offered and puts the view's `anchor` on `point` of it, moved the
    /// least that keeps it inside `bounds` (where it fits): the package's own placement for
    /// views that are measured only when laid out (a chart's annotations).
    package consuming func _anchored(_ anchor: UnitPoint, at point: CGPoint, inside bounds: CGRect?) -> ModifiedContent<Self, BuiltinModifier> {
        let placement = AnchoredPlacement(x: point.x.native, y: point.y.native, anchorX: anchor.x.native, anchorY: anchor.y.native,
                                          inside: bounds.map { [$0.minX.native, $0.minY.native, $0.maxX.native, $0.maxY.native] })
        return ModifiedContent(self, wrap: { node, _ in .effect(.anchored(placement), node) })
    }

    /// Drawn turned clockwise by `angle` about `anchor`; its layout is unchanged.
    public consuming func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent<Self, BuiltinModifier> {
        transformed(radians: angle.radians, scaleX: 1, scaleY: 1, anchor: anchor)
    }

    /// Drawn scaled about `anchor`; its layout is unchanged.
    public consuming func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, BuiltinModifier> {
        transformed(radians: 0, scaleX: scale.native, scaleY: scale.native, anchor: anchor)
    }

    public consuming func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> ModifiedContent<Self, BuiltinModifier> {
        transformed(radians: 0, scaleX: scale.width.native, scaleY: scale.height.native, anchor: anchor)
    }

    public consuming func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent<Self, BuiltinModifier> {
        transformed(radians: 0, scaleX: x.native, scaleY: y.native, anchor: anchor)
    }

    /// Drawn with `transform` applied to its own coordinates (origin at its top-left
    /// corner, points); its layout is unchanged.
    public consuming func transformEffect(_ transform: CGAffineTransform) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in
            .effect(.affine(a: transform.a.native, b: transform.b.native, c: transform.c.native, d: transform.d.native,
                            tx: transform.tx.native, ty: transform.ty.native), node)
        })
    }

    private consuming func transformed(radians: Double, scaleX: Double, scaleY: Double, anchor: UnitPoint) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in
            .effect(.transform(radians: radians, scaleX: scaleX, scaleY: scaleY, anchorX: anchor.x.native, anchorY: anchor.y.native), node)
        })
    }

    /// Drawn only where `mask` has ink, by its opacity (SwiftUI's `.mask`).
    public consuming func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> ModifiedContent<Self, BuiltinModifier> {
        let mask = mask()
        return ModifiedContent(self, wrap: { node, environment in
            .mask(content: node, mask: resolveNode(mask, in: environment), alignment: alignment)
        })
    }

    public consuming func mask<Mask: View>(_ mask: Mask) -> ModifiedContent<Self, BuiltinModifier> { self.mask(alignment: .center) { mask } }

    /// A stack offers space to higher priorities first (default 0).
    /// Drawn above the siblings of its `ZStack` with a lower value (in their order where equal).
    public consuming func zIndex(_ value: Double) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .effect(.zIndex(value), node) })
    }

    public consuming func layoutPriority(_ value: Double) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in .effect(.layoutPriority(value), node) })
    }

    /// Proposes the view a size of `aspectRatio` (width ÷ height; `nil`: its own ideal
    /// proportions) that fits in (`.fit`) or covers (`.fill`) the space offered.
    public consuming func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in
            .effect(.aspectRatio(aspectRatio.flatMap { $0 > 0 && $0.isFinite ? $0.native : nil }, fill: contentMode == .fill), node)
        })
    }

    public consuming func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> ModifiedContent<Self, BuiltinModifier> {
        self.aspectRatio(aspectRatio.height > 0 ? aspectRatio.width / aspectRatio.height : nil, contentMode: contentMode)
    }

    public consuming func scaledToFit() -> ModifiedContent<Self, BuiltinModifier> { aspectRatio(contentMode: .fit) }
    public consuming func scaledToFill() -> ModifiedContent<Self, BuiltinModifier> { aspectRatio(contentMode: .fill) }

    /// Points added between the lines of text in the view.
    public consuming func lineSpacing(_ lineSpacing: CGFloat) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.lineSpacing = lineSpacing })
    }

    /// Points added after every character of text in the view (`.kerning` and
    /// `.tracking` are the same on a panel: Glance's fonts have no ligatures to keep).
    public consuming func kerning(_ kerning: CGFloat) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.tracking = kerning })
    }

    public consuming func tracking(_ tracking: CGFloat) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.tracking = tracking })
    }

    /// At most `limit` lines; with `reservesSpace`, as tall as `limit` lines even when
    /// the text is shorter (so that neighbours do not move as the text changes).
    public consuming func lineLimit(_ limit: Int, reservesSpace: Bool) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: {
            $0.lineLimit = limit
            $0.reservedLines = reservesSpace ? limit : 0
        })
    }

    /// Where text that does not fit its lines is cut: `.tail` ("Long na…"), `.head`
    /// ("…ng name") or `.middle` ("Lon…ame").
    public consuming func truncationMode(_ mode: Text.TruncationMode) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.truncationMode = mode })
    }

    /// Lets letters sit up to 5 % of the size closer before text is cut or made smaller.
    public consuming func allowsTightening(_ flag: Bool) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.allowsTightening = flag })
    }

    /// Between `range.lowerBound` lines (reserved) and `range.upperBound` lines.
    public consuming func lineLimit(_ range: ClosedRange<Int>) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: {
            $0.lineLimit = range.upperBound
            $0.reservedLines = range.lowerBound
        })
    }

    public consuming func lineLimit(_ range: PartialRangeThrough<Int>) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.lineLimit = range.upperBound })
    }

    public consuming func lineLimit(_ range: PartialRangeFrom<Int>) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: {
            $0.lineLimit = nil
            $0.reservedLines = range.lowerBound
        })
    }
}
