import GlanceRender
import GlanceUI

/// What layout tests ask of a renderer: a view laid out in a rectangle at the origin, and
/// the boxes it drew shapes and text in.
protocol LayoutProbing {
    var renderer: ViewRenderer { get }
}

extension LayoutProbing {
    func layout<V: View>(_ view: V, width: Double, height: Double) -> LayoutBox {
        renderer.layout(resolveNode(view, in: EnvironmentValues()), in: Rect(x: 0, y: 0, width: width, height: height))
    }

    /// Boxes of shapes and texts in drawing order.
    func leaves(_ box: LayoutBox) -> [LayoutBox] {
        switch box.node {
        case .shape, .text: [box]
        default: box.children.flatMap(leaves)
        }
    }
}
