import FoundationEssentials
import GlanceText

extension View {
    // MARK: Text and colour (environment)

    public func font(_ font: Font?) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { if let font { $0.font = font } })
    }

    public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { $0.fontWeight = weight })
    }

    public func bold(_ isActive: Bool = true) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { if isActive { $0.fontWeight = .bold } })
    }

    public func italic(_ isActive: Bool = true) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { if isActive { $0.italic = true } })
    }

    public func foregroundStyle(_ style: some ShapeStyle) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { $0.foregroundColor = style.resolveFill(in: $0).representativeColor })
    }

    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { if let color { $0.foregroundColor = color.resolved(in: $0) } })
    }

    public func lineLimit(_ limit: Int?) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { $0.lineLimit = limit })
    }

    public func minimumScaleFactor(_ factor: Double) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { $0.minimumScaleFactor = min(1, max(0.01, factor)) })
    }

    public func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { $0.multilineTextAlignment = alignment })
    }

    public func redacted(reason: RedactionReasons) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { $0.redactionReasons.formUnion(reason) })
    }

    public func unredacted() -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { $0.redactionReasons = [] })
    }

    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> ModifiedContent<Self> {
        ModifiedContent(self, environment: { $0[keyPath: keyPath] = value })
    }

    // MARK: Geometry

    /// `length` points on `edges` (16 when `nil`, SwiftUI's default).
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> ModifiedContent<Self> {
        let amount = length ?? 16
        let insets = EdgeInsets(
            top: edges.contains(.top) ? amount : 0, leading: edges.contains(.leading) ? amount : 0,
            bottom: edges.contains(.bottom) ? amount : 0, trailing: edges.contains(.trailing) ? amount : 0
        )
        return padding(insets)
    }

    public func padding(_ length: Double) -> ModifiedContent<Self> { padding(.all, length) }

    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self> {
        ModifiedContent(self, wrap: { node, _ in .padding(insets, node) })
    }

    /// A fixed size in points on the given axes; the content is placed by `alignment`.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> ModifiedContent<Self> {
        ModifiedContent(self, wrap: { node, _ in
            .frame(FrameNode(width: width, height: height, minWidth: nil, maxWidth: nil, minHeight: nil, maxHeight: nil,
                             alignment: alignment), node)
        })
    }

    /// Bounds in points; `.infinity` as a maximum takes all the space offered.
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> ModifiedContent<Self> {
        ModifiedContent(self, wrap: { node, _ in
            .frame(FrameNode(width: nil, height: nil, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
                             maxHeight: maxHeight, alignment: alignment), node)
        })
    }

    // MARK: Layers

    public func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> ModifiedContent<Self> {
        let background = content()
        return ModifiedContent(self, wrap: { node, environment in
            .background(content: node, decoration: resolveNode(background, in: environment))
        })
    }

    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> ModifiedContent<Self> {
        ModifiedContent(self, wrap: { node, environment in
            .background(content: node, decoration: resolveNode(background, in: environment))
        })
    }

    @_disfavoredOverload
    public func background(_ style: some ShapeStyle, in shape: some Shape = Rectangle()) -> ModifiedContent<Self> {
        ModifiedContent(self, wrap: { node, environment in
            .background(content: node, decoration: .shape(ShapeNode(kind: shape.kind, fill: style.resolveFill(in: environment))))
        })
    }

    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> ModifiedContent<Self> {
        let overlay = content()
        return ModifiedContent(self, wrap: { node, environment in
            .overlay(content: node, decoration: resolveNode(overlay, in: environment))
        })
    }

    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> ModifiedContent<Self> {
        ModifiedContent(self, wrap: { node, environment in
            .overlay(content: node, decoration: resolveNode(overlay, in: environment))
        })
    }

    /// The widget's background (WidgetKit's `.containerBackground(_:for: .widget)`): drawn
    /// behind the whole widget, edge to edge.
    public func containerBackground(_ style: some ShapeStyle, for placement: ContainerBackgroundPlacement) -> ModifiedContent<Self> {
        ModifiedContent(self, wrap: { node, environment in
            .background(content: .frame(FrameNode(width: nil, height: nil, minWidth: nil, maxWidth: .infinity, minHeight: nil,
                                                  maxHeight: .infinity, alignment: .center), node),
                        decoration: .shape(ShapeNode(kind: .rectangle, fill: style.resolveFill(in: environment))))
        })
    }

    public func containerBackground<Background: View>(for placement: ContainerBackgroundPlacement,
                                                      @ViewBuilder content: () -> Background) -> ModifiedContent<Self> {
        let background = content()
        return ModifiedContent(self, wrap: { node, environment in
            .background(content: .frame(FrameNode(width: nil, height: nil, minWidth: nil, maxWidth: .infinity, minHeight: nil,
                                                  maxHeight: .infinity, alignment: .center), node),
                        decoration: resolveNode(background, in: environment))
        })
    }

    // MARK: Accepted and ignored on paper

    /// Draws the content only inside `shape` (at the content's size).
    public func clipShape(_ shape: some Shape) -> ModifiedContent<Self> {
        ModifiedContent(self, wrap: { node, _ in .clip(shape.kind, node) })
    }

    public func cornerRadius(_ radius: Double) -> ModifiedContent<Self> {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }
    public func contentTransition(_ transition: ContentTransition) -> Self { self }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Self { self }
    public func widgetURL(_ url: URL?) -> Self { self }
    public func widgetAccentable(_ accentable: Bool = true) -> Self { self }
    public func invalidatableContent(_ invalidatable: Bool = true) -> Self { self }
    public func privacySensitive(_ sensitive: Bool = true) -> Self { self }
    public func id<ID: Hashable>(_ id: ID) -> Self { self }
    public func monospacedDigit() -> Self { self }
}
