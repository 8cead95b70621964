import FoundationEssentials
import GlanceGraphics

/// Views side by side in their container, as if written there (SwiftUI's `Group`).
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode { resolveNode(content, in: environment) }
}

/// A title with an icon (SwiftUI's `Label`).
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let titleNode = resolveNode(title, in: environment), iconNode = resolveNode(icon, in: environment)
        switch environment.labelStyle.look {
        case .titleOnly: return titleNode
        case .iconOnly: return iconNode
        case .automatic, .titleAndIcon:
            return .stack(StackNode(axis: .horizontal, alignment: .center, spacing: 6, children: [iconNode, titleNode]))
        }
    }
}

extension Label where Title == Text, Icon == Image {
    public init(_ title: LocalizedStringKey, systemImage: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) })
    }

    @_disfavoredOverload
    public init(_ title: some StringProtocol, systemImage: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) })
    }

    /// An icon from the config's `images:` folder.
    public init(_ title: LocalizedStringKey, image: String) {
        self.init(title: { Text(title) }, icon: { Image(image) })
    }
}

/// How labels show (SwiftUI's label styles): `.labelStyle(.iconOnly)`.
public struct LabelStyleConfiguration: Hashable, Sendable {
    enum Look: Hashable, Sendable {
        case automatic, titleOnly, iconOnly, titleAndIcon
    }

    let look: Look

    public static let automatic = LabelStyleConfiguration(look: .automatic)
    public static let titleOnly = LabelStyleConfiguration(look: .titleOnly)
    public static let iconOnly = LabelStyleConfiguration(look: .iconOnly)
    public static let titleAndIcon = LabelStyleConfiguration(look: .titleAndIcon)
}

/// A link (SwiftUI's `Link`): on a wall display nothing opens a URL, so it draws its
/// label and does nothing.
public struct Link<Label: View>: View, PrimitiveView {
    let label: Label

    public init(destination: URL, @ViewBuilder label: () -> Label) { self.label = label() }

    public func makeNode(in environment: EnvironmentValues) -> ViewNode { resolveNode(label, in: environment) }
}

extension Link where Label == Text {
    public init(_ title: LocalizedStringKey, destination: URL) { self.init(destination: destination) { Text(title) } }
}

extension View {
    public func labelStyle(_ style: LabelStyleConfiguration) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.labelStyle = style })
    }

    /// The view and everything in it drawn at `opacity` (colours' alpha scaled; pictures
    /// from files are drawn as they are).
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in node.fading(by: max(0, min(1, opacity))) })
    }

    /// A border inside the view's frame (SwiftUI's `.border`).
    public func border(_ style: some ShapeStyle, width: Double = 1) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, environment in
            guard case .color(let color) = style.resolveFill(in: environment) else { return node }
            return .overlay(content: node, decoration: .shape(ShapeNode(kind: .inset(.rectangle, amount: width / 2), fill: .color(color),
                                                                        stroke: StrokeStyle(lineWidth: width))), alignment: .center)
        })
    }

    /// Accepted for source compatibility: a shadow has no place on paper.
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0) -> Self { self }
    /// Accepted: widgets have no safe area to ignore.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }
    /// Accepted: the font's width (condensed, expanded) is not chosen; Glance's font has one.
    public func fontWidth(_ width: Font.Width?) -> Self { self }

    /// The font's design (`.monospaced` picks the monospaced family; serif and rounded
    /// fall back to the default family).
    public func fontDesign(_ design: Font.Design?) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { environment in
            if design == .monospaced { environment.font.family = "DejaVu Sans Mono" }
        })
    }

    /// Icons drawn smaller or larger than the text around them.
    public func imageScale(_ scale: Image.Scale) -> ModifiedContent<Self, BuiltinModifier> {
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

extension Image {
    /// How large icons are beside text (SwiftUI's `Image.Scale`).
    public enum Scale: Sendable {
        case small, medium, large

        var factor: Double {
            switch self {
            case .small: 0.8
            case .medium: 1
            case .large: 1.25
            }
        }
    }

    /// How an image takes colour (SwiftUI's `Image.TemplateRenderingMode`).
    public enum TemplateRenderingMode: Sendable {
        case template, original
    }

    /// Accepted: icons are one colour on paper, pictures are drawn as they are.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
}

extension Font {
    /// A font's width (SwiftUI's `Font.Width`): accepted, not applied.
    public struct Width: Hashable, Sendable {
        let value: Double
        public static let compressed = Width(value: -0.3)
        public static let condensed = Width(value: -0.2)
        public static let standard = Width(value: 0)
        public static let expanded = Width(value: 0.2)
    }
}

extension ViewNode {
    /// The tree with every colour's alpha scaled by `opacity`.
    func fading(by opacity: Double) -> ViewNode {
        guard opacity < 1 else { return self }
        func fade(_ color: RGBA) -> RGBA {
            var copy = color
            copy.a = UInt8((Double(color.a) * opacity).rounded())
            return copy
        }
        func fade(_ fill: ShapeNode.Fill) -> ShapeNode.Fill {
            switch fill {
            case .color(let color): return .color(fade(color))
            case .gradient(var gradient):
                gradient.stops = gradient.stops.map { GradientStop(color: fade($0.color), location: $0.location) }
                return .gradient(gradient)
            }
        }
        switch self {
        case .empty, .spacer, .image: return self
        case .text(var text):
            text.color = fade(text.color)
            text.runs = text.runs?.map { run in
                var copy = run
                copy.color = fade(run.color)
                return copy
            }
            return .text(text)
        case .stack(var stack):
            stack.children = stack.children.map { $0.fading(by: opacity) }
            return .stack(stack)
        case .shape(var shape):
            shape.fill = fade(shape.fill)
            return .shape(shape)
        case .divider(let color): return .divider(fade(color))
        case .symbol(var symbol):
            symbol.color = fade(symbol.color)
            return .symbol(symbol)
        case .clip(let kind, let child): return .clip(kind, child.fading(by: opacity))
        case .padding(let insets, let child): return .padding(insets, child.fading(by: opacity))
        case .frame(let frame, let child): return .frame(frame, child.fading(by: opacity))
        case .fixedSize(let horizontal, let vertical, let child): return .fixedSize(horizontal: horizontal, vertical: vertical, child.fading(by: opacity))
        case .alignmentGuide(let guide, let child): return .alignmentGuide(guide, child.fading(by: opacity))
        case .background(let content, let decoration, let alignment):
            return .background(content: content.fading(by: opacity), decoration: decoration.fading(by: opacity), alignment: alignment)
        case .overlay(let content, let decoration, let alignment):
            return .overlay(content: content.fading(by: opacity), decoration: decoration.fading(by: opacity), alignment: alignment)
        case .group(let children): return .group(children.map { $0.fading(by: opacity) })
        case .control(let control, let child): return .control(control, child.fading(by: opacity))
        case .grid(var grid):
            grid.cells = grid.cells.map { $0.fading(by: opacity) }
            return .grid(grid)
        case .geometry(let geometry): return .geometry(GeometryNode { geometry.content.build($0).fading(by: opacity) })
        case .firstFitting(var fit):
            fit.children = fit.children.map { $0.fading(by: opacity) }
            return .firstFitting(fit)
        case .effect(let effect, let child): return .effect(effect, child.fading(by: opacity))
        // The mask's alpha is where the content shows, not how strongly: only the content fades.
        case .mask(let content, let mask, let alignment): return .mask(content: content.fading(by: opacity), mask: mask, alignment: alignment)
        }
    }
}
