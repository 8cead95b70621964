import FoundationEssentials
import GlanceGraphics

extension View {
    /// The view and everything in it drawn at `opacity` (colours' alpha scaled; pictures
    /// from files are drawn as they are).
    public consuming func opacity(_ opacity: Double) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, wrap: { node, _ in node.fading(by: max(0, min(1, opacity))) })
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
