import Foundation

// Layout and drawing work in these three plain types; the public API speaks Core
// Graphics' `CGPoint`, `CGSize` and `CGRect` (Foundation's on Linux) and converts at the
// boundary, so a widget's geometry code compiles as it does on iOS.

/// A size offered to a view, in points; `nil` on an axis means "your ideal size".
package struct ProposedSize: Hashable, Sendable {
    package var width: Double?
    package var height: Double?

    package init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    package static let unspecified = ProposedSize(width: nil, height: nil)
}

/// A size in points.
package struct Size: Hashable, Sendable, CustomStringConvertible {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    package init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }

    package var cgSize: CGSize { CGSize(width: width, height: height) }

    package var description: String { "\(width)x\(height)" }
}

/// A point in points, top-left origin.
package struct Point: Hashable, Sendable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    package init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }

    package var cgPoint: CGPoint { CGPoint(x: x, y: y) }

    package static let zero = Point(x: 0, y: 0)
}

/// A rectangle in points, top-left origin.
package struct Rect: Hashable, Sendable, CustomStringConvertible {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle as given (not standardised: a negative size stays negative).
    package init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }

    package var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }

    package var size: Size { Size(width: width, height: height) }
    package var minX: Double { x }
    package var midX: Double { x + width / 2 }
    package var maxX: Double { x + width }
    package var minY: Double { y }
    package var midY: Double { y + height / 2 }
    package var maxY: Double { y + height }

    package var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A node with the rectangle layout gave it, and its children's.
package struct LayoutBox {
    package let node: ViewNode
    package let rect: Rect
    package let children: [LayoutBox]

    package init(node: ViewNode, rect: Rect, children: [LayoutBox]) {
        self.node = node
        self.rect = rect
        self.children = children
    }

    /// The texts the laid-out view shows, in layout order: unlike `ViewNode.textLines`,
    /// a geometry reader's content as it was built for its size (a chart's axis labels and
    /// legend) and the child a `ViewThatFits` chose.
    package var textLines: [String] {
        if case .text(let text) = node { return [text.string] }
        return children.flatMap(\.textLines)
    }
}
