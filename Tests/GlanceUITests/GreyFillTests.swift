import GlanceGraphics
import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceUI
import Testing

/// Text on grey fills, on a 1-bit panel, a 4-grey panel and a 7-colour one: the fill is
/// dithered (not thresholded to solid black or white), so the text on it stays readable,
/// and grey never takes a hue.
@Suite struct GreyFillTests {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    static let greys = (1...9).map { Double($0) / 10 }

    func card() throws -> Canvas {
        let view = VStack(spacing: 0) {
            ForEach(Self.greys, id: \.self) { grey in
                HStack {
                    Text("Grey \(Int(grey * 100))%").font(.headline)
                    Spacer()
                    Text("white").font(.headline).foregroundStyle(.white)
                }
                .padding(.horizontal, 8)
                .frame(maxWidth: .infinity, minHeight: 26)
                .background(Color(white: grey))
            }
        }
        var canvas = try Canvas(width: 220, height: 234)
        canvas.fill(canvas.bounds, .white)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 220, height: 234))
        return canvas
    }

    @Test(arguments: [Palette.bw, .gray4, .acep7])
    func textOnEveryGrey(palette: Palette) throws {
        let canvas = try card()
        let frame = canvas.quantised(to: palette, dither: .floydSteinberg)
        if let mismatch = GoldenImage.compare(frame.canvas(), named: "greys-\(palette.name)") { Issue.record("\(mismatch)") }
        // Each band's fill, away from the text (x 110…130), is neither solid black nor
        // solid white on 1-bit from 20 % to 80 %, and uses no colour ink on 7 colours.
        let shown = frame.canvas()
        for (index, grey) in Self.greys.enumerated() {
            let band = (0..<20).flatMap { dy in (110..<130).map { shown[x: $0, y: index * 26 + 3 + dy] } }
            if palette == .bw, (0.2...0.8).contains(grey) {
                #expect(band.contains(.black) && band.contains(.white), "grey \(grey) is solid on bw")
            }
            if palette == .acep7 {
                #expect(band.allSatisfy { $0 == .black || $0 == .white }, "grey \(grey) took a colour on acep7")
            }
        }
    }
}

/// Backgrounds stacked at fractional boundaries meet without a seam.
@Suite struct SeamTests {
    @Test func stackedBackgroundsLeaveNoGap() throws {
        let renderer = ViewRenderer(fonts: try FontLibrary(), scale: 1.3)
        let view = VStack(spacing: 0) {
            ForEach(0..<7, id: \.self) { index in
                Color(index % 2 == 0 ? .black : RGBA(200, 0, 0)).frame(height: 10.35)
            }
        }
        var canvas = try Canvas(width: 60, height: 120)
        canvas.fill(canvas.bounds, .white)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 60 / 1.3, height: 120 / 1.3))
        let rows = (0..<120).filter { y in canvas[x: 30, y: y] != .white }
        // One unbroken run of rows, no white row inside it.
        #expect(rows.count == (rows.last! - rows.first! + 1), "white rows inside the stack: \(Set(rows.first!...rows.last!).subtracting(rows).sorted())")
    }
}
