import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceUI

/// Everything on the display at one instant: each slot's resolved view tree and place.
public struct Frame: Sendable {
    public var width: Int
    public var height: Int
    public var slots: [SlotFrame]
    /// The composed pixels (RGBA), when the host draws; `nil` in simulations.
    public var canvas: Canvas?

    public init(width: Int, height: Int, slots: [SlotFrame], canvas: Canvas? = nil) {
        self.width = width
        self.height = height
        self.slots = slots
        self.canvas = canvas
    }
}

/// One slot's part of a frame.
public struct SlotFrame: Sendable, Equatable {
    public var name: String
    public var kind: String
    public var rect: PixelRect
    package var content: ViewNode

    package init(name: String, kind: String, rect: PixelRect, content: ViewNode) {
        self.name = name
        self.kind = kind
        self.rect = rect
        self.content = content
    }
}
