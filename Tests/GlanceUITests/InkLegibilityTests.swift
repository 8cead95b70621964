import GlanceGraphics
import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceUI
import Testing

/// The shapes in which a widget's words disappeared on a panel of few inks (issue 27),
/// drawn for black and white, black-white-red and seven colours in each panel's own
/// rendering mode: every text keeps both inks in its box (the text's and its ground's),
/// no text sits in a dither, and a golden per panel shows the frame.
@Suite struct InkLegibilityTests {
    let fonts: FontLibrary

    init() throws { fonts = try FontLibrary() }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let view: @Sendable () -> AnyView
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // A flat orange card with black text.
        Case(name: "orange-card") {
            AnyView(VStack(alignment: .leading, spacing: 4) {
                Text("Groceries").font(.headline)
                Text("3 items left").font(.subheadline)
            }
            .padding(12)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(RoundedRectangle(cornerRadius: 16).fill(Color.orange))
            .padding(8))
        },
        // Pink digits and a pink progress row on a black card, with white labels.
        Case(name: "pink-on-black") {
            AnyView(VStack(alignment: .leading, spacing: 6) {
                Text("STEPS").font(.caption).foregroundStyle(.white)
                Text("7,412").font(.system(size: 34, weight: .bold)).foregroundStyle(Color.pink)
                HStack(spacing: 3) {
                    ForEach(0..<7, id: \.self) { day in
                        Capsule().fill(day < 5 ? Color.pink : Color.pink.opacity(0.25)).frame(height: 6)
                    }
                }
            }
            .padding(14)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
            .background(Color.black))
        },
        // Red, green and blue activity rings on a dark card, white labels.
        Case(name: "activity-rings") {
            AnyView(HStack(spacing: 12) {
                ZStack {
                    ForEach(0..<3, id: \.self) { ring in
                        let colors = [Color.red, Color.green, Color.cyan]
                        let inset = Double(ring) * 12
                        Circle().stroke(colors[ring].opacity(0.25), lineWidth: 9).padding(inset)
                        Circle().trim(from: 0, to: [0.8, 0.55, 0.3][ring]).stroke(colors[ring], style: StrokeStyle(lineWidth: 9, lineCap: .round))
                            .rotationEffect(.degrees(-90)).padding(inset)
                    }
                }
                .frame(width: 90, height: 90)
                VStack(alignment: .leading, spacing: 2) {
                    Text("Move").font(.caption).foregroundStyle(.white)
                    Text("420 kcal").font(.headline).foregroundStyle(.white)
                    Text("Exercise 22 min").font(.caption).foregroundStyle(.white)
                }
            }
            .padding(12)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(Color(white: 0.1)))
        },
        // `.secondary` grey text on white.
        Case(name: "secondary-text") {
            AnyView(VStack(spacing: 6) {
                Image(systemName: "checkmark.circle")
                Text("No Habit Selected").font(.footnote).foregroundStyle(.secondary)
                Text("Edit the widget to pick one").font(.caption2).foregroundStyle(.tertiary)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity))
        },
        // White text on a blue to purple gradient (a D-Day widget).
        Case(name: "dday-gradient") {
            AnyView(VStack(spacing: 4) {
                Text("Exam").font(.headline).foregroundStyle(.white)
                Text("D-12").font(.system(size: 40, weight: .heavy)).foregroundStyle(.white)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)))
        },
        // White text on a cyan to green gradient (a weekday widget).
        Case(name: "weekday-gradient") {
            AnyView(VStack(spacing: 2) {
                Text("THURSDAY").font(.caption).bold().foregroundStyle(.white)
                Text("26").font(.system(size: 44, weight: .bold)).foregroundStyle(.white)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(LinearGradient(colors: [.cyan, .green], startPoint: .top, endPoint: .bottom)))
        },
    ]

    static let panels: [Palette] = [.bw, .bwr, .acep7]

    /// The case drawn as `palette`'s panel shows it, and where its texts are (pixels).
    func draw(_ view: AnyView, on palette: Palette) throws -> (frame: QuantisedFrame, texts: [PixelRect]) {
        let width = 170, height = 170, scale = 1.0
        let printing = try #require(InkPrinting(palette: palette, mode: InkPrinting.defaultMode(for: palette)))
        let renderer = ViewRenderer(fonts: fonts, scale: scale, emoji: EmojiStyle(for: palette), printing: printing)
        let node = resolveNode(view, in: EnvironmentValues())
        var canvas = try Canvas(width: width, height: height, panel: palette, dither: .floydSteinberg)
        let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        renderer.render(node, into: &canvas, in: rect)
        var texts: [PixelRect] = []
        func collect(_ box: LayoutBox) {
            if case .text = box.node {
                texts.append(PixelRect(x: Int(box.rect.x.rounded()), y: Int(box.rect.y.rounded()),
                                       width: Int(box.rect.width.rounded()), height: Int(box.rect.height.rounded())))
            }
            box.children.forEach(collect)
        }
        collect(renderer.layout(node, in: rect))
        return (canvas.quantised(to: palette, dither: .floydSteinberg), texts)
    }

    @Test(arguments: cases, panels)
    func everyTextKeepsItsContrast(_ shape: Case, _ palette: Palette) throws {
        let (frame, texts) = try draw(shape.view(), on: palette)
        #expect(!texts.isEmpty)
        for text in texts {
            // The inks in the text's box: its ground's (the most) and its own (the next);
            // a text set in its ground's ink, or in a dither, fails.
            var counts: [UInt32: Int] = [:]
            for y in text.y..<min(frame.height, text.maxY) {
                for x in text.x..<min(frame.width, text.maxX) { counts[frame[y * frame.width + x], default: 0] += 1 }
            }
            let total = counts.values.reduce(0, +)
            let ranked = counts.sorted { $0.value > $1.value }
            try #require(ranked.count >= 2, "\(shape.name) on \(palette.name): a text at \(text) is one ink")
            let ground = palette.color(of: ranked[0].key), ink = palette.color(of: ranked[1].key)
            #expect(abs(ground.luma - ink.luma) >= InkPrinting.minimumContrast,
                    "\(shape.name) on \(palette.name): text \(ink) on \(ground) at \(text)")
            // Two inks make the box: no third ink scattered as dots through it.
            let others = total - ranked[0].value - ranked[1].value
            #expect(others * 50 <= total, "\(shape.name) on \(palette.name): \(others) of \(total) pixels of a third ink at \(text)")
            #expect(ranked[1].value * 50 >= total, "\(shape.name) on \(palette.name): the text at \(text) has almost no ink")
        }
        if let mismatch = GoldenImage.compare(frame.canvas(), named: "ink-\(shape.name)-\(palette.name)") { Issue.record("\(mismatch)") }
    }

    /// `.widgetAccentable()` content prints in the accent ink on a panel that has one,
    /// in the accented mode; the rest in black.
    @Test func accentableContentTakesTheAccentInk() throws {
        let view = AnyView(HStack {
            Text("Rain").foregroundStyle(.blue)
            Image(systemName: "cloud.rain").foregroundStyle(.blue).widgetAccentable()
        })
        for (palette, accent) in [(Palette.bwr, Palette.bwr.colors[2]), (.acep7, Palette.acep7.colors[3])] {
            let (frame, _) = try draw(view, on: palette)
            let colours = Set((0..<frame.width * frame.height).map { frame[$0] }).map { palette.color(of: $0) }
            #expect(colours.contains(accent), "\(palette.name): \(colours)")
            #expect(colours.contains(.black), "\(palette.name): \(colours)")
        }
        // Without the modifier, nothing takes a colour ink in the accented mode.
        let (plain, _) = try draw(AnyView(Image(systemName: "cloud.rain").foregroundStyle(.blue)), on: .bwr)
        #expect(!(0..<plain.width * plain.height).contains { plain[$0] == 2 })
    }
}
