import GlanceGraphics
import GlanceUI

/// What each effect (`EffectNode`: `.offset`, `.position`, `.anchored`, `.aspectRatio`,
/// `.layoutPriority`, `.rotationEffect`/`.scaleEffect`, `.transformEffect`, the grid cell modifiers) does to
/// layout, in one place: what it offers its child, the size it takes, its alignment
/// guides and where its child goes. Sizing, alignment and placement ask here, so a new
/// effect is a case of `EffectNode`, its modifier in `GlanceUI/Modifiers/Effects.swift`,
/// a line in each switch below, and (if it draws differently) a case in `drawEffect`.
extension ViewRenderer {
    /// What the effect offers its child when it is offered `proposal`.
    func childProposal(of effect: EffectNode, _ child: LayoutNode, _ proposal: ProposedSize) -> ProposedSize {
        switch effect {
        case .aspectRatio(let ratio, let fill): aspectProposal(child, ratio, fill: fill, proposal)
        case .offset, .position, .anchored, .layoutPriority, .zIndex, .transform, .affine, .gridCellColumns, .gridColumnAlignment, .gridRow, .accentable: proposal
        }
    }

    /// The size a view with the effect takes.
    func size(of effect: EffectNode, _ child: LayoutNode, _ proposal: ProposedSize) -> Size {
        switch effect {
        case .position, .anchored:
            // All it is offered, where it is offered something; its child's size elsewhere.
            let own = size(child, proposal)
            return Size(width: proposal.width ?? own.width, height: proposal.height ?? own.height)
        case .aspectRatio, .offset, .layoutPriority, .zIndex, .transform, .affine, .gridCellColumns, .gridColumnAlignment, .gridRow, .accentable:
            return size(child, childProposal(of: effect, child, proposal))
        }
    }

    /// The view's explicit alignment guide for `key`, if it has one.
    func explicitGuide(of effect: EffectNode, _ child: LayoutNode, _ key: AlignmentKey, _ proposal: ProposedSize) -> Double? {
        switch effect {
        // A positioned view's lines are its own, not its child's.
        case .position, .anchored: nil
        // An offset moves what is drawn, not the lines it is aligned by (as in SwiftUI).
        case .aspectRatio, .offset, .layoutPriority, .zIndex, .transform, .affine, .gridCellColumns, .gridColumnAlignment, .gridRow, .accentable:
            explicitGuide(child, key, childProposal(of: effect, child, proposal))
        }
    }

    /// Where the child's top-left corner goes, the view being at `rect`.
    func childOrigin(of effect: EffectNode, _ child: LayoutNode, in rect: Rect, _ proposal: ProposedSize) -> (x: Double, y: Double) {
        switch effect {
        case .offset(let x, let y):
            return (rect.x + x, rect.y + y)
        case .position(let x, let y):
            let own = size(child, proposal)
            return (rect.x + x - own.width / 2, rect.y + y - own.height / 2)
        case .anchored(let placement):
            let own = size(child, proposal)
            let origin = placement.origin(width: own.width, height: own.height)
            return (rect.x + origin.x, rect.y + origin.y)
        case .aspectRatio, .layoutPriority, .zIndex, .transform, .affine, .gridCellColumns, .gridColumnAlignment, .gridRow, .accentable:
            return (rect.x, rect.y)
        }
    }

    /// Draws a view whose effect changes how it is drawn; false for the effects that draw
    /// their child as it is.
    func drawEffect(_ effect: EffectNode, _ box: LayoutBox, in pixels: PixelRect, into canvas: inout Canvas,
                    offset: (x: Int, y: Int)) -> Bool {
        switch effect {
        case .transform(let radians, let scaleX, let scaleY, let anchorX, let anchorY):
            drawTransformed(box, in: pixels, radians: radians, scale: (scaleX, scaleY), anchor: (anchorX, anchorY),
                            into: &canvas, offset: offset)
            return true
        case .affine(let a, let b, let c, let d, let tx, let ty):
            drawAffine(box, in: pixels, (a, b, c, d, tx, ty), into: &canvas, offset: offset)
            return true
        case .accentable:
            accentDepth += 1
            defer { accentDepth -= 1 }
            for child in box.children { draw(child, into: &canvas, offset: offset) }
            return true
        case .offset, .position, .anchored, .aspectRatio, .layoutPriority, .zIndex, .gridCellColumns, .gridColumnAlignment, .gridRow:
            return false
        }
    }
}
