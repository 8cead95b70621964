import Glance
import GlanceGraphics
import GlanceRender
import GlanceText
import GlanceUI
import Testing

// Widget code as it is written for iOS, with only `import SwiftUI` changed: Core Graphics'
// types from the geometry reader, paths and transforms, to plain functions and back.

private func columnWidth(in size: CGSize, columns: Int) -> CGFloat {
    (size.width - CGFloat(columns - 1) * 4) / CGFloat(columns)
}

private func halfArc(around center: CGPoint, radius: CGFloat) -> Path {
    var path = Path()
    path.addArc(center: center, radius: radius, startAngle: .degrees(0), endAngle: .degrees(180), clockwise: false)
    return path
}

private struct Tag: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.addRoundedRect(in: rect, cornerSize: CGSize(width: 8, height: 8))
        return path
    }
}

/// A square turned a quarter of a right angle about its centre: a diamond.
private struct Diamond: Shape {
    func path(in rect: CGRect) -> Path {
        let turn = CGAffineTransform(translationX: rect.midX, y: rect.midY)
            .rotated(by: .pi / 4)
            .translatedBy(x: -rect.midX, y: -rect.midY)
        let side = min(rect.width, rect.height) / 2
        return Path(CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)).applying(turn)
    }
}

private struct Dashboard: View {
    var body: some View {
        GeometryReader { proxy in
            let column = columnWidth(in: proxy.size, columns: 2)
            let bounds: CGRect = proxy.frame(in: .local)
            ZStack(alignment: .topLeading) {
                Circle().fill()
                    .frame(width: column, height: column)
                Tag().fill(Color.green)
                    .frame(width: 30, height: 30)
                    .offset(CGSize(width: bounds.maxX - 30, height: bounds.maxY - 30))
                Diamond().fill(Color.black)
                    .frame(width: 40, height: 40)
                    .position(CGPoint(x: bounds.maxX - 20, y: 20))
                halfArc(around: CGPoint(x: 20, y: 80), radius: 15)
                    .stroke(Color.blue, style: StrokeStyle(lineWidth: 3, lineCap: .round))
            }
        }
        .foregroundStyle(Color.red)
    }
}

@Suite struct WidgetGeometryTests {
    @Test func iOSGeometryCodeDrawsAsOnIOS() throws {
        let renderer = ViewRenderer(fonts: try FontLibrary())
        var canvas = try Canvas(width: 100, height: 100)
        renderer.render(resolveNode(Dashboard(), in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 100, height: 100))
        func isRed(_ p: RGBA) -> Bool { p.r > 200 && p.g < 100 && p.b < 100 }
        func isGreen(_ p: RGBA) -> Bool { p.g > 120 && p.r < 120 && p.b < 120 }
        func isBlue(_ p: RGBA) -> Bool { p.b > 200 && p.r < 100 }
        // `Circle().fill()`: the foreground style, in a column 48 points wide.
        #expect(isRed(canvas[x: 24, y: 24]) && canvas[x: 49, y: 24] == .white)
        // The tag's rounded corners are outside it.
        #expect(isGreen(canvas[x: 85, y: 85]) && canvas[x: 70, y: 70] == .white)
        // The square turned about its centre: its old corners are left white.
        #expect(canvas[x: 80, y: 20] == .black && canvas[x: 80, y: 10] == .black && canvas[x: 70, y: 10] == .white)
        // The half circle from 0° to 180°, growing clockwise on screen: its lower half.
        #expect(isBlue(canvas[x: 20, y: 95]) && canvas[x: 20, y: 65] == .white)
    }
}
