import GlanceGraphics
import GlanceRender
import GlanceText
import GlanceUI
import Testing

/// Slots are drawn straight into the frame: the pixels must be those a canvas of the
/// slot's own size would hold, and nothing may land outside the slot.
@Suite struct SlotRenderTests {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    /// Text, a grey (dithered) fill, a ring, a gradient, a button and a rectangle pushed
    /// past the slot's right and bottom edges by an offset.
    var content: some View {
        ZStack(alignment: .topLeading) {
            LinearGradient(colors: [.black, .white], startPoint: .top, endPoint: .bottom)
            VStack(alignment: .leading, spacing: 4) {
                Text("Slot 42°").font(.title)
                Circle().stroke(Color.black, lineWidth: 5).frame(width: 40, height: 40)
                Button("Press", intent: NoteIntent(text: "slot"))
            }
            Color.gray.frame(width: 120, height: 60).offset(x: 100, y: 70)
            Text("overflowing text past the edge").offset(x: 90, y: 20)
        }
    }

    @Test func aSlotDrawnIntoTheFrameHasTheSlotsOwnPixelsAndStaysInside() throws {
        let node = resolveNode(content, in: EnvironmentValues())
        let slot = PixelRect(x: 37, y: 21, width: 160, height: 110)
        // As before: a slot canvas of its own, copied into the frame.
        var own = try Canvas(width: slot.width, height: slot.height)
        let ownRegions = renderer.render(node, into: &own, in: Rect(x: 0, y: 0, width: Double(slot.width), height: Double(slot.height)))

        // A frame that already holds something everywhere (black, flat), to see what changes.
        var frame = try Canvas(width: 260, height: 170, fill: .black)
        let regions = renderer.render(node, into: &frame, slot: slot)
        #expect(frame.clip == frame.bounds, "the frame's clip is given back")
        var inside = 0, outside = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                if x >= slot.x, x < slot.maxX, y >= slot.y, y < slot.maxY {
                    let index = (y - slot.y) * slot.width + (x - slot.x)
                    if frame[x: x, y: y] != own.pixels[index] || frame.isTonal(at: y * frame.width + x) != own.isTonal(at: index)
                        || frame.isGlyph(at: y * frame.width + x) != own.isGlyph(at: index) { inside += 1 }
                } else if frame[x: x, y: y] != .black {
                    outside += 1
                }
            }
        }
        #expect(inside == 0, "\(inside) pixels of the slot differ from the slot's own canvas")
        #expect(outside == 0, "\(outside) pixels outside the slot were drawn on")
        #expect(!regions.isEmpty)
        #expect(regions.map(\.rect) == ownRegions.map { $0.rect.offsetBy(slot.x, slot.y).intersection(slot) })
    }

    @Test func aSlotPastTheFramesEdgeIsCutToTheFrame() throws {
        let node = resolveNode(content, in: EnvironmentValues())
        var frame = try Canvas(width: 100, height: 80, fill: .black)
        renderer.render(node, into: &frame, slot: PixelRect(x: 60, y: 50, width: 160, height: 110))
        #expect(frame[x: 59, y: 79] == .black)
        #expect(frame[x: 99, y: 49] == .black)
        #expect(frame.clip == frame.bounds)
    }
}

private extension PixelRect {
    func offsetBy(_ dx: Int, _ dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }
}
