@testable import GlanceRender
import GlanceGraphics
import GlanceTestSupport
import GlanceText
import GlanceUI
import Glibc
import Testing

@Suite(.serialized) struct LayoutTests {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    func layout<V: View>(_ view: V, width: Double, height: Double) -> LayoutBox {
        renderer.layout(resolveNode(view, in: EnvironmentValues()), in: Rect(x: 0, y: 0, width: width, height: height))
    }

    /// The rectangles of a box's descendants that are shapes, in drawing order.
    func shapeRects(_ box: LayoutBox) -> [Rect] {
        if case .shape = box.node { return [box.rect] }
        return box.children.flatMap(shapeRects)
    }

    @Test func vStackStacksWithDefaultSpacingAndCentres() {
        let box = layout(VStack {
            Color.black.frame(width: 50, height: 20)
            Color.black.frame(width: 30, height: 10)
        }, width: 200, height: 200)
        #expect(box.rect == Rect(x: 75, y: 81, width: 50, height: 38))
        #expect(shapeRects(box) == [Rect(x: 75, y: 81, width: 50, height: 20), Rect(x: 85, y: 109, width: 30, height: 10)])
    }

    @Test func vStackLeadingAlignment() {
        let box = layout(VStack(alignment: .leading, spacing: 0) {
            Color.black.frame(width: 50, height: 20)
            Color.black.frame(width: 30, height: 10)
        }, width: 100, height: 100)
        #expect(shapeRects(box).map(\.x) == [25, 25])
    }

    @Test func hStackSpacerPushesToTheEdges() {
        let box = layout(HStack(spacing: 0) {
            Color.black.frame(width: 20, height: 10)
            Spacer()
            Color.black.frame(width: 30, height: 10)
        }, width: 200, height: 50)
        #expect(box.rect.width == 200)
        #expect(shapeRects(box) == [Rect(x: 0, y: 20, width: 20, height: 10), Rect(x: 170, y: 20, width: 30, height: 10)])
    }

    @Test func theLeastFlexibleChildIsServedFirst() {
        let box = layout(HStack {
            Color.black
            Color.black.frame(width: 30)
        }, width: 100, height: 40)
        #expect(shapeRects(box).map(\.width) == [62, 30])
    }

    @Test func flexibleChildrenShareEqually() {
        let box = layout(HStack(spacing: 10) { Color.black; Color.black; Color.black }, width: 320, height: 40)
        #expect(shapeRects(box).map(\.width) == [100, 100, 100])
    }

    @Test func paddingAddsToTheContent() {
        let node = resolveNode(Color.black.frame(width: 10, height: 10).padding(5), in: EnvironmentValues())
        #expect(renderer.sizeThatFits(node, .unspecified) == Size(width: 20, height: 20))
        let defaultPadding = resolveNode(Color.black.frame(width: 10, height: 10).padding(), in: EnvironmentValues())
        #expect(renderer.sizeThatFits(defaultPadding, .unspecified) == Size(width: 42, height: 42))
    }

    @Test func maxWidthInfinityTakesTheOfferAndAligns() {
        let box = layout(Color.black.frame(width: 20, height: 20).frame(maxWidth: .infinity, alignment: .trailing), width: 300, height: 100)
        #expect(box.rect.width == 300)
        #expect(shapeRects(box) == [Rect(x: 280, y: 40, width: 20, height: 20)])
    }

    @Test func zStackAlignment() {
        let box = layout(ZStack(alignment: .bottomTrailing) {
            Color.black.frame(width: 100, height: 60)
            Color.white.frame(width: 20, height: 10)
        }, width: 100, height: 60)
        #expect(shapeRects(box)[1] == Rect(x: 80, y: 50, width: 20, height: 10))
    }

    @Test func textWrapsInANarrowFrameAndTruncatesAtItsLineLimit() {
        let long = "The quick brown fox jumps over the lazy dog"
        let wide = renderer.sizeThatFits(resolveNode(Text(long), in: EnvironmentValues()), .unspecified)
        let narrow = renderer.sizeThatFits(resolveNode(Text(long), in: EnvironmentValues()), ProposedSize(width: 100, height: nil))
        #expect(narrow.width <= 100)
        #expect(narrow.height > wide.height * 2)
        let limited = renderer.sizeThatFits(resolveNode(Text(long).lineLimit(1), in: EnvironmentValues()), ProposedSize(width: 100, height: nil))
        #expect(limited.height == wide.height)
    }

    @Test func minimumScaleFactorShrinksBeforeTruncating() {
        let shrinking = resolveNode(Text("Launch day").font(.title).lineLimit(1).minimumScaleFactor(0.5), in: EnvironmentValues())
        let plain = resolveNode(Text("Launch day").font(.title), in: EnvironmentValues())
        let ideal = renderer.sizeThatFits(plain, .unspecified)
        let fitted = renderer.sizeThatFits(shrinking, ProposedSize(width: ideal.width * 0.7, height: nil))
        #expect(fitted.width <= ideal.width * 0.7)
        #expect(fitted.height < ideal.height)
    }

    /// The scale is searched, not walked: the chosen size is the largest step of 0.05
    /// that fits (the walk's answer), found in a handful of layouts instead of one a step.
    @Test func minimumScaleFactorIsSearchedForTheLargestStepThatFits() throws {
        let fonts = try FontLibrary()
        let plain = resolveNode(Text("Launch day").font(.title), in: EnvironmentValues())
        let ideal = ViewRenderer(fonts: fonts).sizeThatFits(plain, .unspecified)
        for fraction in [0.95, 0.8, 0.62, 0.4, 0.21] {
            let renderer = ViewRenderer(fonts: fonts)
            let proposal = ProposedSize(width: (ideal.width * fraction).rounded(.down), height: nil)
            let shrinking = resolveNode(Text("Launch day").font(.title).lineLimit(1).minimumScaleFactor(0.2), in: EnvironmentValues())
            let fitted = renderer.sizeThatFits(shrinking, proposal)
            // The walk: every step from full size down, the first that fits (the
            // smallest, cut, when none does).
            var expected: Size?, smallest: Size?
            var factor = 1.0
            while factor >= 0.2 - 0.001, expected == nil {
                let sized = ViewRenderer(fonts: fonts).sizeThatFits(
                    resolveNode(Text("Launch day").font(.system(size: 28 * factor)).lineLimit(1), in: EnvironmentValues()), .unspecified)
                if sized.width <= proposal.width! { expected = sized }
                smallest = sized
                factor -= 0.05
            }
            if expected != nil { #expect(fitted.width <= proposal.width!) }
            #expect(fitted.height == (expected ?? smallest)?.height, "at \(fraction)")
            #expect(renderer.statistics.textLayouts <= 7, "\(renderer.statistics.textLayouts) layouts at \(fraction)")
        }
    }

    @Test func textStylesUseDynamicTypeSizes() {
        let body = renderer.sizeThatFits(resolveNode(Text("Hg"), in: EnvironmentValues()), .unspecified)
        let title = renderer.sizeThatFits(resolveNode(Text("Hg").font(.largeTitle), in: EnvironmentValues()), .unspecified)
        #expect(title.height / body.height > 1.7 && title.height / body.height < 2.3)
    }

    /// Every stack alignment, as outlines of boxes of three widths.
    @Test func goldenStackAlignments() throws {
        func bars() -> some View {
            ForEach([20.0, 40, 30], id: \.self) { width in Color.black.frame(width: width, height: 8) }
        }
        func columns() -> some View {
            ForEach([10.0, 24, 16], id: \.self) { height in Color.black.frame(width: 8, height: height) }
        }
        let view = VStack(spacing: 6) {
            HStack(spacing: 6) {
                VStack(alignment: .leading, spacing: 2) { bars() }.frame(width: 48, height: 40).background(Color.gray.opacity(0.3))
                VStack(alignment: .center, spacing: 2) { bars() }.frame(width: 48, height: 40).background(Color.gray.opacity(0.3))
                VStack(alignment: .trailing, spacing: 2) { bars() }.frame(width: 48, height: 40).background(Color.gray.opacity(0.3))
            }
            HStack(spacing: 6) {
                HStack(alignment: .top, spacing: 2) { columns() }.frame(width: 48, height: 40).background(Color.gray.opacity(0.3))
                HStack(alignment: .center, spacing: 2) { columns() }.frame(width: 48, height: 40).background(Color.gray.opacity(0.3))
                HStack(alignment: .bottom, spacing: 2) { columns() }.frame(width: 48, height: 40).background(Color.gray.opacity(0.3))
            }
            HStack(spacing: 6) {
                ForEach([Alignment.topLeading, .center, .bottomTrailing], id: \.self) { alignment in
                    ZStack(alignment: alignment) {
                        Color.gray.opacity(0.3).frame(width: 48, height: 40)
                        Color.black.frame(width: 12, height: 12)
                    }
                }
            }
            Text("Padding and frames").font(.caption).padding(4).frame(maxWidth: .infinity, alignment: .trailing)
                .background(Color.gray.opacity(0.3))
        }
        .padding(6)
        var canvas = try Canvas(width: 172, height: 170)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 172, height: 170))
        if let mismatch = GoldenImage.compare(canvas, named: "alignments") { Issue.record("\(mismatch)") }
    }

    @Test func imagesScaleIntoTheirFrameAndAreDithered() throws {
        var picture = try Canvas(width: 8, height: 8)
        picture.fillLinearGradient(picture.bounds, GradientRamp(colors: [.black, .white]), start: (0, 0), end: (1, 0))
        let path = "/tmp/glance-test-\(UInt32.random(in: 0...UInt32.max)).png"
        try PNG.write(picture, to: path)
        let natural = renderer.sizeThatFits(resolveNode(Image(path), in: EnvironmentValues()), .unspecified)
        #expect(natural == Size(width: 8, height: 8))
        var canvas = try Canvas(width: 40, height: 40)
        renderer.render(resolveNode(Image(path).resizable().frame(width: 40, height: 40), in: EnvironmentValues()),
                        into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(canvas.tonal.allSatisfy { $0 })
        let share = Double(canvas.quantised(to: .bw, dither: .floydSteinberg).values.filter { $0 == 0 }.count) / 1600
        #expect(share > 0.3 && share < 0.7)
    }

    /// A picture's first frame reads its file once: the bytes read for its size at layout
    /// are the ones decoded when it is drawn. A later frame reads nothing.
    @Test func aPicturesFirstFrameReadsItsFileOnce() throws {
        let path = "/tmp/glance-test-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { unlink(path) }
        try PNG.write(try Canvas(width: 40, height: 20, fill: .black), to: path)
        let view = resolveNode(Image(path).resizable().scaledToFit().frame(width: 20, height: 20), in: EnvironmentValues())
        var canvas = try Canvas(width: 20, height: 20)
        renderer.render(view, into: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(renderer.statistics.pictureFileReads == 1)
        #expect(canvas[x: 10, y: 10] == .black && canvas[x: 10, y: 2] == .white)
        #expect(renderer.readForLayout.isEmpty)
        renderer.render(view, into: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(renderer.statistics.pictureFileReads == 1)
    }

    @Test func aPictureRewrittenOnDiskIsShownAgain() throws {
        let path = "/tmp/glance-test-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { unlink(path) }
        try PNG.write(try Canvas(width: 4, height: 4, fill: .black), to: path)
        let view = resolveNode(Image(path).resizable().frame(width: 10, height: 10), in: EnvironmentValues())
        var canvas = try Canvas(width: 10, height: 10)
        renderer.render(view, into: &canvas, in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(canvas[x: 5, y: 5] == .black)
        // Another program replaces the picture (a new file renamed over the old one).
        try PNG.write(try Canvas(width: 4, height: 4, fill: RGBA(hex: 0xFF0000)), to: path + ".new")
        rename(path + ".new", path)
        renderer.render(view, into: &canvas, in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(canvas[x: 5, y: 5] == RGBA(hex: 0xFF0000))
    }

    @Test func anUnreadableImageIsAnEmptyFrameAndALoggedError() throws {
        var messages: [String] = []
        let logging = ViewRenderer(fonts: try FontLibrary(log: { messages.append($0) }))
        var canvas = try Canvas(width: 30, height: 30)
        for _ in 0..<2 {
            logging.render(resolveNode(Image("/nonexistent/picture.png").resizable().frame(width: 30, height: 30), in: EnvironmentValues()),
                           into: &canvas, in: Rect(x: 0, y: 0, width: 30, height: 30))
        }
        #expect(canvas.pixels.allSatisfy { $0 == .white })
        #expect(messages.count == 1)
        #expect(messages.first?.contains("/nonexistent/picture.png") == true)
    }

    /// Clipping and gradients inside round outlines.
    @Test func goldenClips() throws {
        let view = HStack(spacing: 8) {
            Circle().fill(LinearGradient(colors: [.black, .white], startPoint: .top, endPoint: .bottom)).frame(width: 40, height: 40)
            ZStack {
                Color.blue
                Text("Hi").font(.headline).foregroundStyle(.white)
            }
            .frame(width: 60, height: 40)
            .clipShape(Capsule())
            VStack(spacing: 0) { Color.red; Color.yellow }
                .frame(width: 40, height: 40)
                .clipShape(RoundedRectangle(cornerRadius: 10))
        }
        .padding(6)
        var canvas = try Canvas(width: 180, height: 52)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 180, height: 52))
        if let mismatch = GoldenImage.compare(canvas, named: "clips") { Issue.record("\(mismatch)") }
        // Outside the capsule's ends the frame's corners stay white.
        #expect(canvas[x: 60, y: 6] == .white)
    }

    @Test func namedColorsComeFromTheEnvironment() {
        var environment = EnvironmentValues()
        environment.namedColors = ["Accent": RGBA(hex: 0xFF3B30)]
        #expect(resolveNode(Color("Accent"), in: environment) == .shape(ShapeNode(kind: .rectangle, fill: .color(RGBA(hex: 0xFF3B30)))))
        #expect(resolveNode(Color("Accent").opacity(0.5), in: environment)
            == .shape(ShapeNode(kind: .rectangle, fill: .color(RGBA(hex: 0xFF3B30, alpha: 128)))))
        #expect(resolveNode(Color("Missing"), in: environment) == .shape(ShapeNode(kind: .rectangle, fill: .color(.clear))))
        let text = resolveNode(Text("Hi").foregroundStyle(Color("Accent")), in: environment)
        if case .text(let node) = text { #expect(node.color == RGBA(hex: 0xFF3B30)) } else { Issue.record("not text") }
    }

    @Test func symbolsTakeTheFontSizeOrTheirFrame() {
        let fixed = renderer.sizeThatFits(resolveNode(Image(systemName: "sun.max").font(.title), in: EnvironmentValues()), .unspecified)
        #expect(fixed.width == (28 * 1.2).rounded() && fixed.height == fixed.width)
        let resizable = renderer.sizeThatFits(resolveNode(Image(systemName: "sun.max").resizable(), in: EnvironmentValues()),
                                              ProposedSize(width: 80, height: 50))
        #expect(resizable == Size(width: 50, height: 50))
    }

    /// Weather, calendar, refresh and arrow icons, and an unknown name (a boxed question mark).
    @Test func goldenSymbols() throws {
        let names = ["sun.max", "cloud", "cloud.sun", "cloud.rain", "cloud.snow", "cloud.bolt", "moon.stars", "wind",
                     "calendar", "arrow.clockwise", "arrow.up", "arrow.down", "no.such.symbol"]
        let view = HStack(spacing: 4) {
            ForEach(names, id: \.self) { name in Image(systemName: name) }
        }
        .font(.system(size: 20))
        let mismatches = try GoldenImage.compareOnEveryPanel(width: 13 * 28, height: 32, named: "symbols") { canvas in
            renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 13 * 28, height: 32))
        }
        for mismatch in mismatches { Issue.record("\(mismatch)") }
    }

    /// A countdown-like card as a person sees it, in colour and on a 1-bit panel.
    @Test func goldenCard() throws {
        let view = VStack(spacing: 4) {
            HStack {
                Circle().fill(Color.red).frame(width: 10, height: 10)
                Text("LAUNCH").font(.caption).bold().foregroundStyle(.secondary)
                Spacer()
            }
            Spacer()
            Text("D-3").font(.system(size: 56, weight: .bold)).minimumScaleFactor(0.5).lineLimit(1)
            Spacer()
            Text("Sun, 3 Jan 2027").font(.caption2)
            Divider()
            Text("A long note that wraps onto a second line and is cut").font(.caption2).lineLimit(2)
        }
        .padding(12)
        .containerBackground(LinearGradient(colors: [.white, Color(white: 0.8)], startPoint: .top, endPoint: .bottom), for: .widget)
        var canvas = try Canvas(width: 170, height: 170)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 170, height: 170))
        if let mismatch = GoldenImage.compare(canvas, named: "card") { Issue.record("\(mismatch)") }
        let bw = canvas.quantised(to: .bw, dither: .atkinson).canvas()
        if let mismatch = GoldenImage.compare(bw, named: "card-bw") { Issue.record("\(mismatch)") }
    }
}
