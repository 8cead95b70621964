/// A size offered to a view, in points; `nil` on an axis means "your ideal size".
public struct ProposedSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public static let unspecified = ProposedSize(width: nil, height: nil)
}

/// A size in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// A rectangle in points, top-left origin.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: Size { Size(width: width, height: height) }
    public var minX: Double { x }
    public var midX: Double { x + width / 2 }
    public var maxX: Double { x + width }
    public var minY: Double { y }
    public var midY: Double { y + height / 2 }
    public var maxY: Double { y + height }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
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
}
