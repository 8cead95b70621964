import FoundationEssentials
import GlanceGraphics
@testable import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceUI
import Testing

/// Where a long text is cut (`.truncationMode`, `.allowsTightening`), timers over an
/// interval, lines under and through text, symbol variants and the smaller modifiers
/// widgets use beside them.
@Suite struct TextCutAndLineTests {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    func draw(_ view: some View, width: Int, height: Int, environment: EnvironmentValues = EnvironmentValues()) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height)
        renderer.render(resolveNode(view, in: environment), into: &canvas, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        return canvas
    }

    /// The text laid out as the renderer lays it out for `width` points.
    func shown(_ view: some View, width: Double) throws -> String {
        let node = resolveNode(view, in: EnvironmentValues())
        guard case .text(let text) = node else { throw Failure("not a text: \(node)") }
        return renderer.layoutText(text, ProposedSize(width: width, height: nil)).lines.map(\.text).joined(separator: "|")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func headAndMiddleTruncationKeepTheTextsEnd() throws {
        let name = "Bahnhofstrasse to Hauptbahnhof Nord"
        let tail = try shown(Text(name).lineLimit(1), width: 150)
        let head = try shown(Text(name).lineLimit(1).truncationMode(.head), width: 150)
        let middle = try shown(Text(name).lineLimit(1).truncationMode(.middle), width: 150)
        #expect(tail.hasPrefix("Bahnhof") && tail.hasSuffix("…"), "\(tail)")
        #expect(head.hasPrefix("…") && head.hasSuffix("Nord"), "\(head)")
        #expect(middle.hasPrefix("Bahn") && middle.hasSuffix("Nord") && middle.contains("…"), "\(middle)")
        #expect(!middle.hasPrefix("…") && !middle.hasSuffix("…"))
        // On the last of two lines: the first line stays, the cut takes the rest's end.
        let twoLines = try shown(Text("The quick brown fox jumps over the lazy dog").lineLimit(2).truncationMode(.head), width: 110)
        let lines = twoLines.split(separator: "|")
        #expect(lines.count == 2 && lines[0].hasPrefix("The") && lines[1].hasPrefix("…") && lines[1].hasSuffix("dog"), "\(twoLines)")
    }

    /// Every cut line still fits the width it was given.
    @Test(arguments: [Text.TruncationMode.head, .middle, .tail])
    func cutLinesFitTheirWidth(mode: Text.TruncationMode) throws {
        for width in stride(from: 40.0, through: 200, by: 16) {
            let node = resolveNode(Text("Supercalifragilistic expialidocious words").lineLimit(1).truncationMode(mode), in: EnvironmentValues())
            guard case .text(let text) = node else { throw Failure("not a text") }
            let laid = renderer.layoutText(text, ProposedSize(width: width, height: nil))
            #expect(laid.lines.count == 1 && laid.lines[0].width <= width + 0.01 && laid.lines[0].text.contains("…"), "\(mode) \(width)")
        }
    }

    @Test func tighteningLetsANearFitStayWhole() throws {
        let word = "Temperature"
        let node = resolveNode(Text(word), in: EnvironmentValues())
        guard case .text(let text) = node else { throw Failure("not a text") }
        let natural = renderer.layoutText(text, ProposedSize(width: nil, height: nil)).lines[0].width
        // 3 % narrower than the word: cut without tightening, whole with it.
        let width = (natural * 0.97).rounded(.down)
        #expect(try shown(Text(word).lineLimit(1), width: width).hasSuffix("…"))
        #expect(try shown(Text(word).lineLimit(1).allowsTightening(true), width: width) == word)
    }

    @Test func timerIntervalsCountAtTheFramesInstant() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var environment = EnvironmentValues()
        environment.now = now
        func text(_ view: Text) -> String { resolveNode(view, in: environment).textLines.first ?? "" }
        let running = now.addingTimeInterval(-60)...now.addingTimeInterval(240)
        #expect(text(Text(timerInterval: running)) == "4:00")
        #expect(text(Text(timerInterval: running, countsDown: false)) == "1:00")
        #expect(text(Text(timerInterval: running, pauseTime: now.addingTimeInterval(-30))) == "4:30")
        let long = now...now.addingTimeInterval(2 * 3600 + 5)
        #expect(text(Text(timerInterval: long)) == "2:00:05")
        #expect(text(Text(timerInterval: long, showsHours: false)) == "120:05")
        // Before the interval: its whole length; after it: 0:00.
        #expect(text(Text(timerInterval: now.addingTimeInterval(600)...now.addingTimeInterval(900))) == "5:00")
        #expect(text(Text(timerInterval: now.addingTimeInterval(-900)...now.addingTimeInterval(-600))) == "0:00")
    }

    /// The longest run of ink in any row, and the row.
    func longestInkRow(_ canvas: Canvas) -> (row: Int, length: Int) {
        var best = (row: 0, length: 0)
        for y in 0..<canvas.height {
            var run = 0
            for x in 0..<canvas.width {
                run = canvas[x: x, y: y].luma < 128 ? run + 1 : 0
                if run > best.length { best = (y, run) }
            }
        }
        return best
    }

    @Test func underlinesAndStrikethroughsAreLinesAcrossTheText() throws {
        let plain = try draw(Text("Hello wall").font(.system(size: 20)), width: 160, height: 40)
        let under = try draw(Text("Hello wall").font(.system(size: 20)).underline(), width: 160, height: 40)
        let through = try draw(Text("Hello wall").font(.system(size: 20)).strikethrough(color: .red), width: 160, height: 40)
        let viewLevel = try draw(VStack { Text("Hello wall").font(.system(size: 20)) }.underline(), width: 160, height: 40)
        #expect(longestInkRow(plain).length < 30)
        let underline = longestInkRow(under)
        #expect(underline.length > 90, "\(underline)")
        #expect(longestInkRow(viewLevel).length > 90)
        // The strike is red and higher than the underline.
        var redRow: Int?
        for y in 0..<through.height where redRow == nil {
            if (0..<through.width).filter({ through[x: $0, y: y].r > 200 && through[x: $0, y: y].g < 80 }).count > 90 { redRow = y }
        }
        #expect(redRow.map { $0 < underline.row - 4 } == true, "\(String(describing: redRow)) \(underline)")
        // Off: no line.
        #expect(longestInkRow(try draw(Text("Hello wall").font(.system(size: 20)).underline(false), width: 160, height: 40)).length < 30)
    }

    @Test func symbolVariantsNameTheSymbolSFSymbolsWay() throws {
        func name(_ view: some View) -> String? {
            if case .symbol(let symbol) = resolveNode(view, in: EnvironmentValues()) { symbol.systemName } else { nil }
        }
        #expect(name(Image(systemName: "heart").symbolVariant(.fill)) == "heart.fill")
        #expect(name(Image(systemName: "heart").symbolVariant(.circle.fill)) == "heart.circle.fill")
        #expect(name(Image(systemName: "bell").symbolVariant(.slash)) == "bell.slash")
        #expect(name(Image(systemName: "heart.fill").symbolVariant(.circle)) == "heart.circle.fill")
        #expect(name(Image(systemName: "heart.circle").symbolVariant(.circle.fill)) == "heart.circle.fill")
        #expect(name(Image(systemName: "heart")) == "heart")
    }

    @Test func hiddenKeepsItsPlaceAndDrawsNothing() throws {
        let shown = try draw(HStack(spacing: 0) { Text("A"); Text("B") }, width: 60, height: 30)
        let hidden = try draw(HStack(spacing: 0) { Text("A").hidden(); Text("B") }, width: 60, height: 30)
        #expect(shown.pixels.contains { $0.luma < 128 })
        // B stays where it was; A's ink is gone.
        let inkedColumns = { (canvas: Canvas) in (0..<canvas.width).filter { x in (0..<canvas.height).contains { canvas[x: x, y: $0].luma < 128 } } }
        #expect(inkedColumns(hidden).allSatisfy { inkedColumns(shown).contains($0) })
        #expect(inkedColumns(hidden).count < inkedColumns(shown).count && !inkedColumns(hidden).isEmpty)
    }

    @Test func leadingDotShapesAndUnevenCorners() throws {
        let uneven = try draw(Color.black.clipShape(.rect(topLeadingRadius: 20, bottomTrailingRadius: 0)), width: 40, height: 40)
        #expect(uneven[x: 1, y: 1].luma > 200 && uneven[x: 38, y: 1].luma < 60 && uneven[x: 38, y: 38].luma < 60 && uneven[x: 1, y: 38].luma < 60)
        let round = try draw(Color.black.clipShape(.rect(cornerRadius: 12)), width: 40, height: 40)
        #expect(round[x: 0, y: 0].luma > 200 && round[x: 20, y: 20].luma < 60)
        let relative = try draw(Color.black.clipShape(.containerRelative), width: 40, height: 40)
        #expect(relative[x: 20, y: 20].luma < 60)
        let circle = try draw(Color.black.clipShape(.circle), width: 40, height: 40)
        #expect(circle[x: 2, y: 2].luma > 200 && circle[x: 20, y: 20].luma < 60)
        // `background(in:)`: the context's background (white) in the shape, under the text.
        let backed = try draw(ZStack { Color.black; Text("Hi").padding(6).background(in: .rect(cornerRadius: 4)) }, width: 60, height: 40)
        #expect(backed.pixels.filter { $0.luma > 200 }.count > 200)
        #expect(try draw(ZStack { Color.black; Text("Hi").padding(6) }, width: 60, height: 40).pixels.filter { $0.luma > 200 }.count < 50)
    }

    @Test func buttonBorderShapesOutlineBorderedButtons() throws {
        func corner(_ shape: ButtonBorderShape) throws -> RGBA {
            let canvas = try draw(Button(action: {}) { Text("Go").frame(width: 60, height: 30) }.buttonStyle(.borderedProminent).buttonBorderShape(shape),
                                  width: 84, height: 42)
            return canvas[x: 2, y: 2]
        }
        // A capsule leaves its corners empty; a rectangle of 6 points' rounding fills them nearly.
        #expect(try corner(.capsule).luma > 200)
        #expect(try corner(.roundedRectangle(radius: 0)).luma < 200)
    }

    /// What each reads like on every panel: cuts at the three places, tightened text,
    /// lines under and through, a timer and a variant symbol.
    @Test func goldenCutsAndLines() throws {
        var environment = EnvironmentValues()
        environment.now = Date(timeIntervalSince1970: 1_800_000_000)
        let view = VStack(alignment: .leading, spacing: 4) {
            Text("Bahnhofstrasse to Hauptbahnhof Nord").lineLimit(1).truncationMode(.head)
            Text("Bahnhofstrasse to Hauptbahnhof Nord").lineLimit(1).truncationMode(.middle)
            Text("Bahnhofstrasse to Hauptbahnhof Nord").lineLimit(1)
            HStack {
                Text("Milk").strikethrough()
                Text("Eggs").underline(color: .blue)
                Image(systemName: "cart").symbolVariant(.circle.fill)
            }
            Text(timerInterval: environment.now.addingTimeInterval(-90)...environment.now.addingTimeInterval(1500)).font(.title2).bold()
        }
        .padding(8)
        let mismatches = try GoldenImage.compareOnEveryPanel(width: 220, height: 150, named: "text-cuts-and-lines") { canvas in
            renderer.render(resolveNode(view, in: environment), into: &canvas, in: Rect(x: 0, y: 0, width: 220, height: 150))
        }
        for mismatch in mismatches { Issue.record("\(mismatch)") }
    }
}
