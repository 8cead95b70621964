import Foundation
import GlanceRender
import GlanceGraphics
import GlanceTestSupport
import GlanceText
import GlanceUI
import Glibc
import Testing

/// Shapes of a widget's own (`path(in:)`), strokes, trims and border strokes.
@Suite(.serialized) struct ShapeTests {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    struct Triangle: Shape {
        func path(in rect: CGRect) -> Path {
            Path { path in
                path.move(to: CGPoint(x: rect.midX, y: rect.minY))
                path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                path.closeSubpath()
            }
        }
    }

    func draw<V: View>(_ view: V, width: Int, height: Int) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas,
                        in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        return canvas
    }

    func inked(_ canvas: Canvas) -> Int { canvas.pixels.filter { $0 != .white }.count }

    /// A whole-pixel border is filled as four bands (no rasterising); the pixels are the
    /// ones the stroke's outline covers, as a border the fast path does not take (a miter
    /// limit under 2, still mitred at right angles) draws them.
    @Test(arguments: [1.0, 2.0, 3.0])
    func wholePixelBordersAreTheBandsTheStrokeCovers(width: Double) throws {
        let fast = try draw(Rectangle().fill(Color(white: 0.6)).border(Color.black, width: width).frame(width: 23, height: 17)
                                .padding(5), width: 33, height: 27)
        let outlined = try draw(Rectangle().fill(Color(white: 0.6))
                                    .overlay(Rectangle().strokeBorder(Color.black, style: StrokeStyle(lineWidth: width, miterLimit: 1.9)))
                                    .frame(width: 23, height: 17).padding(5), width: 33, height: 27)
        #expect(fast.pixels == outlined.pixels)
        #expect(fast.tonal == outlined.tonal && fast.glyph == outlined.glyph)
        #expect(inked(fast) == 33 * 27 - (33 * 27 - 23 * 17))
    }

    /// A shape gets its frame's rectangle as a `CGRect`, as on iOS.
    struct LeftHalf: Shape {
        func path(in rect: CGRect) -> Path { Path(CGRect(x: rect.minX, y: rect.minY, width: rect.width / 2, height: rect.height)) }
    }

    @Test func aShapeGetsTheFramesRectangle() throws {
        let canvas = try draw(LeftHalf().fill(Color.black), width: 40, height: 20)
        #expect(canvas[x: 5, y: 10] == .black && canvas[x: 19, y: 1] == .black)
        #expect(canvas[x: 21, y: 10] == .white && canvas[x: 35, y: 18] == .white)
        #expect(inked(canvas) == 400)
    }

    @Test func aCustomShapeFillsItsPath() throws {
        let canvas = try draw(Triangle().fill(Color.black), width: 40, height: 40)
        #expect(canvas[x: 20, y: 30] == .black)
        #expect(canvas[x: 2, y: 2] == .white && canvas[x: 37, y: 2] == .white)
        // Half the square, give or take the antialiased edge.
        #expect(abs(inked(canvas) - 800) < 60, "\(inked(canvas))")
    }

    @Test func customShapesTakeTheForegroundAndLayOutLikeAnyShape() {
        let size = renderer.sizeThatFits(resolveNode(Triangle(), in: EnvironmentValues()), ProposedSize(width: 30, height: 20))
        #expect(size == Size(width: 30, height: 20))
    }

    @Test func strokeDrawsTheOutlineOnly() throws {
        let canvas = try draw(Rectangle().stroke(Color.black, lineWidth: 4).frame(width: 30, height: 30), width: 40, height: 40)
        // The line is centred on the outline: 2 px inside, 2 px outside the frame at x = 5.
        #expect(canvas[x: 4, y: 20] == .black && canvas[x: 6, y: 20] == .black)
        #expect(canvas[x: 2, y: 20] == .white && canvas[x: 8, y: 20] == .white)
        #expect(canvas[x: 20, y: 20] == .white)
    }

    @Test func strokeBorderStaysInsideTheFrame() throws {
        let canvas = try draw(Circle().strokeBorder(Color.black, lineWidth: 6).frame(width: 40, height: 40), width: 40, height: 40)
        #expect(canvas[x: 2, y: 20] == .black && canvas[x: 37, y: 20] == .black)
        #expect(canvas[x: 20, y: 20] == .white && canvas[x: 10, y: 20] == .white)
        let stroked = try draw(Circle().stroke(Color.black, lineWidth: 6).frame(width: 40, height: 40), width: 40, height: 40)
        // A plain stroke spills half its width out of the 40-point frame.
        #expect(inked(stroked) < inked(canvas))
    }

    @Test func trimDrawsTheRequestedShareOfTheOutline() throws {
        let full = inked(try draw(Circle().stroke(Color.black, lineWidth: 6).padding(5), width: 60, height: 60))
        let quarter = try draw(Circle().trim(from: 0, to: 0.25).stroke(Color.black, lineWidth: 6).padding(5), width: 60, height: 60)
        let share = Double(inked(quarter)) / Double(full)
        #expect(share > 0.2 && share < 0.3, "\(share)")
        // A circle's path starts at 3 o'clock and runs clockwise on screen: the first
        // quarter is the bottom-right one.
        #expect(quarter[x: 52, y: 30] != .white || quarter[x: 51, y: 31] != .white)
        #expect(quarter[x: 8, y: 30] == .white && quarter[x: 30, y: 8] == .white)
    }

    @Test func dashesLeaveGaps() throws {
        let solid = inked(try draw(Rectangle().stroke(Color.black, lineWidth: 2).frame(width: 50, height: 50), width: 60, height: 60))
        let dashed = inked(try draw(Rectangle().stroke(Color.black, style: StrokeStyle(lineWidth: 2, dash: [5, 5]))
            .frame(width: 50, height: 50), width: 60, height: 60))
        #expect(Double(dashed) / Double(solid) > 0.4 && Double(dashed) / Double(solid) < 0.6, "\(dashed) of \(solid)")
    }

    @Test func roundCapsReachPastTheEndsButtCapsStop() throws {
        struct Line: Shape {
            func path(in rect: CGRect) -> Path {
                var path = Path()
                path.move(to: CGPoint(x: rect.minX, y: rect.midY))
                path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
                return path
            }
        }
        let butt = try draw(Line().stroke(Color.black, style: StrokeStyle(lineWidth: 8, lineCap: .butt)).frame(width: 20, height: 20),
                            width: 40, height: 40)
        let round = try draw(Line().stroke(Color.black, style: StrokeStyle(lineWidth: 8, lineCap: .round)).frame(width: 20, height: 20),
                             width: 40, height: 40)
        #expect(butt[x: 8, y: 20] == .white && round[x: 8, y: 20] != .white)
        #expect(butt[x: 12, y: 20] == .black && round[x: 12, y: 20] == .black)
    }

    /// A triangle, a progress ring, a dashed border, a star with miter joins, a capsule's
    /// border and a gradient-filled custom shape.
    @Test func goldenShapes() throws {
        struct Star: Shape {
            func path(in rect: CGRect) -> Path {
                var path = Path()
                for index in 0..<10 {
                    let radius = index.isMultiple(of: 2) ? min(rect.width, rect.height) / 2 : min(rect.width, rect.height) / 5
                    let angle = Double(index) * .pi / 5 - .pi / 2
                    let point = CGPoint(x: rect.midX + radius * cos(angle), y: rect.midY + radius * sin(angle))
                    if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
                }
                path.closeSubpath()
                return path
            }
        }
        let view = HStack(spacing: 6) {
            Triangle().fill(Color.blue).frame(width: 36, height: 36)
            ZStack {
                Circle().stroke(Color.gray.opacity(0.3), lineWidth: 6)
                Circle().trim(from: 0, to: 0.7).stroke(Color.green, style: StrokeStyle(lineWidth: 6, lineCap: .round))
            }
            .frame(width: 36, height: 36)
            RoundedRectangle(cornerRadius: 6).strokeBorder(Color.black, style: StrokeStyle(lineWidth: 2, dash: [4, 3]))
                .frame(width: 36, height: 36)
            Star().stroke(Color.red, style: StrokeStyle(lineWidth: 2, lineJoin: .miter)).frame(width: 36, height: 36)
            Capsule().strokeBorder(Color.purple, lineWidth: 3).frame(width: 50, height: 24)
            Triangle().fill(LinearGradient(colors: [.black, .white], startPoint: .top, endPoint: .bottom)).frame(width: 36, height: 36)
        }
        .padding(6)
        let mismatches = try GoldenImage.compareOnEveryPanel(width: 280, height: 48, named: "shapes") { canvas in
            renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 280, height: 48))
        }
        for mismatch in mismatches { Issue.record("\(mismatch)") }
    }
}
