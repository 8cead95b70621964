import Foundation
import GlanceGraphics
import GlanceRender
import GlanceText
import GlanceUI
import Testing

/// `CGAffineTransform` and `Path` as Core Graphics and SwiftUI define them.
@Suite struct GeometryTests {
    func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func transformsApplyInCoreGraphicsOrder() {
        let point = CGPoint(x: 1, y: 1)
        #expect(CGAffineTransform.identity.isIdentity && CGAffineTransform().isIdentity)
        #expect(point.applying(.identity) == point)
        // `concatenating`: the receiver first.
        let translateThenScale = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 3))
        #expect(point.applying(translateThenScale) == CGPoint(x: 22, y: 3))
        // `translatedBy`, `scaledBy`, `rotated(by:)`: the new step first.
        #expect(point.applying(CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 3))
        #expect(point.applying(CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 3)) == CGPoint(x: 12, y: 3))
        // A positive angle turns x towards y: clockwise on a screen whose y grows downwards.
        #expect(close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1)))
        #expect(close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)), CGPoint(x: 5, y: 1)))
        #expect(CGSize(width: 2, height: 3).applying(CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 9, ty: 9)) == CGSize(width: 5, height: 3))
    }

    @Test func inversesUndoAndSingularTransformsStay() {
        let transform = CGAffineTransform(translationX: 3, y: -4).rotated(by: 0.7).scaledBy(x: 2, y: 0.5)
        let point = CGPoint(x: 7, y: 11)
        #expect(close(point.applying(transform).applying(transform.inverted()), point))
        let flat = CGAffineTransform(scaleX: 0, y: 2)
        #expect(flat.inverted() == flat)
    }

    @Test func aRectangleMapsToTheBoxAroundItsCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        let turned = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(turned.minX + 20) < 1e-9 && abs(turned.minY) < 1e-9 && abs(turned.width - 20) < 1e-9 && abs(turned.height - 10) < 1e-9)
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    @Test func transformsAreCodedAsSixNumbers() throws {
        let transform = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(transform)
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3,4,5,6]")
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == transform)
    }

    @Test func pathsSpeakCoreGraphics() {
        var path = Path()
        #expect(path.isEmpty && path.currentPoint == nil && path.boundingRect == .zero)
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 5, y: 2))
        #expect(path.currentPoint == CGPoint(x: 5, y: 2))
        path.addRect(CGRect(x: 0, y: 0, width: 2, height: 2), transform: CGAffineTransform(translationX: 10, y: 10))
        #expect(path.boundingRect == CGRect(x: 1, y: 2, width: 11, height: 10))
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        #expect(elements.first == .move(to: CGPoint(x: 1, y: 2)) && elements.last == .closeSubpath && elements.count == 7)
        // After a close the current point is that subpath's start (the rectangle's corner).
        #expect(path.currentPoint == CGPoint(x: 10, y: 10))
        var closedTwice = Path()
        closedTwice.closeSubpath()
        #expect(closedTwice.currentPoint == nil)
        closedTwice.move(to: CGPoint(x: 3, y: 4))
        closedTwice.addLine(to: CGPoint(x: 7, y: 4))
        closedTwice.closeSubpath()
        closedTwice.closeSubpath()
        #expect(closedTwice.currentPoint == CGPoint(x: 3, y: 4))
        #expect(path.offsetBy(dx: 1, dy: -2).boundingRect == CGRect(x: 2, y: 0, width: 11, height: 10))
        #expect(path.applying(CGAffineTransform(scaleX: 2, y: 2)).boundingRect == CGRect(x: 2, y: 4, width: 22, height: 20))

        var copy = Path()
        copy.addPath(path, transform: CGAffineTransform(translationX: 0, y: 100))
        #expect(copy.boundingRect == CGRect(x: 1, y: 102, width: 11, height: 10))
    }

    /// An arc added with a transform: its line from the current point and the arc itself
    /// are mapped, the current point is not.
    @Test func anArcWithATransformJoinsTheCurrentPoint() {
        var path = Path()
        path.move(to: .zero)
        path.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false,
                    transform: CGAffineTransform(translationX: 100, y: 0))
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        #expect(elements[0] == .move(to: .zero) && elements[1] == .line(to: CGPoint(x: 110, y: 0)))
        #expect(close(path.currentPoint ?? .zero, CGPoint(x: 100, y: 10)))
    }

    @Test func roundedRectanglesFromACornerSize() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(Path(roundedRect: rect, cornerSize: CGSize(width: 5, height: 5)) == Path(roundedRect: rect, cornerRadius: 5))
        #expect(RoundedRectangle(cornerSize: CGSize(width: 8, height: 4)).path(in: rect)
            == Path(roundedRect: rect, cornerSize: CGSize(width: 8, height: 4)))
        #expect(Path(roundedRect: rect, cornerSize: CGSize(width: 8, height: 4)).boundingRect == rect)
    }

    /// `.transformEffect` maps the view's own coordinates, origin at its top-left corner,
    /// and leaves its layout alone.
    @Test func transformEffectsMoveTurnAndShear() throws {
        let renderer = ViewRenderer(fonts: try FontLibrary())
        func draw(_ transform: CGAffineTransform) throws -> Canvas {
            var canvas = try Canvas(width: 40, height: 40)
            let view = HStack(spacing: 0) {
                Color.black.frame(width: 10, height: 10).transformEffect(transform)
                Color.clear.frame(width: 10, height: 10)
            }.padding(10).frame(width: 40, height: 40, alignment: .topLeading)
            renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 40))
            return canvas
        }
        let still = try draw(.identity)
        #expect(still[x: 15, y: 15] == .black && still[x: 25, y: 15] == .white)
        let moved = try draw(CGAffineTransform(translationX: 10, y: 5))
        #expect(moved[x: 15, y: 12] == .white && moved[x: 25, y: 17] == .black && moved[x: 25, y: 26] == .white)
        // A quarter turn about the top-left corner: the square swings to its left.
        let turned = try draw(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(turned[x: 5, y: 15] == .black && turned[x: 15, y: 15] == .white)
        // A shear: the bottom row moves right by the square's height.
        let sheared = try draw(CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0))
        #expect(sheared[x: 14, y: 11] == .black && sheared[x: 11, y: 18] == .white && sheared[x: 25, y: 18] == .black)
    }

    @Test func shapesFillWithTheForegroundStyleAndPathsAreShapes() throws {
        let renderer = ViewRenderer(fonts: try FontLibrary())
        func draw<V: View>(_ view: V) throws -> Canvas {
            var canvas = try Canvas(width: 20, height: 20)
            renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 20))
            return canvas
        }
        let filled = try draw(Rectangle().fill().foregroundStyle(Color.black))
        let styled = try draw(Rectangle().fill(style: FillStyle(eoFill: false, antialiased: true)).foregroundStyle(Color.black))
        #expect(filled[x: 10, y: 10] == .black && filled.pixels == styled.pixels)
        let path = try draw(Path(CGRect(x: 0, y: 0, width: 10, height: 20)).fill(Color.black))
        #expect(path[x: 5, y: 10] == .black && path[x: 15, y: 10] == .white)
        let border = try draw(Rectangle().strokeBorder(style: StrokeStyle(lineWidth: 2)).foregroundStyle(Color.black))
        #expect(border[x: 0, y: 10] == .black && border[x: 1, y: 10] == .black && border[x: 2, y: 10] == .white)
    }

    /// Two circles drawn the same way round: solid by the non-zero rule, a ring with
    /// `FillStyle(eoFill: true)`.
    @Test func evenOddFillLeavesTheHole() throws {
        struct TwoCircles: Shape {
            func path(in rect: CGRect) -> Path {
                var path = Path()
                path.addEllipse(in: rect)
                path.addEllipse(in: rect.insetBy(dx: rect.width / 4, dy: rect.height / 4))
                return path
            }
        }
        let renderer = ViewRenderer(fonts: try FontLibrary())
        func centre(_ view: some View) throws -> RGBA {
            var canvas = try Canvas(width: 40, height: 40)
            renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 40))
            #expect(canvas[x: 5, y: 20] == .black)
            return canvas[x: 20, y: 20]
        }
        #expect(try centre(TwoCircles().fill(Color.black)) == .black)
        #expect(try centre(TwoCircles().fill(Color.black, style: FillStyle(eoFill: true))) == .white)
        #expect(try centre(TwoCircles().fill(style: FillStyle(eoFill: true)).foregroundStyle(.black)) == .white)
    }
}
