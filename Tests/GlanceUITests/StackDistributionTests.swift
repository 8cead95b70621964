import GlanceRender
import GlanceText
import GlanceUI
import Testing

/// How a stack shares its length, as SwiftUI documents and as its behaviour has been
/// measured (the WWDC 2019 "Building Custom Views with SwiftUI" algorithm; objc.io's
/// "How an HStack lays out its children"; the SwiftUI Field Guide's HStack page): children
/// in groups of layout priority, highest first; within a group least flexible first
/// (flexibility: the width at an infinite offer less the width at zero), each offered an
/// equal share of what is left; spacing between children; spacers after the rest.
@Suite struct StackDistributionTests: LayoutProbing {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    func widths(_ box: LayoutBox) -> [Double] { leaves(box).map(\.rect.width) }

    /// Texts' boxes by their strings.
    func texts(_ box: LayoutBox) -> [(String, LayoutBox)] {
        leaves(box).compactMap { leaf in
            if case .text(let text) = leaf.node { return (text.string, leaf) }
            return nil
        }
    }

    /// One line of `string` at the text's size: its height when nothing wraps it.
    func oneLineHeight(_ string: String, font: Font) -> Double {
        renderer.sizeThatFits(resolveNode(Text(string).font(font), in: EnvironmentValues()), .unspecified).height
    }

    @Test func equalChildrenShareEqually() {
        // objc.io: three rectangles in 300 points, 100 each.
        let box = layout(HStack(spacing: 0) { Color.black; Color.black; Color.black }, width: 300, height: 100)
        #expect(widths(box) == [100, 100, 100])
    }

    @Test func theLessFlexibleChildIsOfferedItsShareFirstEvenIfTheOtherThenOverflows() {
        // objc.io: maxWidth 100 (flexibility 100) and minWidth 100 (flexibility infinite)
        // in 150: the first is offered 75 and takes it, the second is offered 75 and
        // takes its minimum, 100; the stack is 175 wide, past its frame.
        let box = layout(HStack(spacing: 0) {
            Color.black.frame(maxWidth: 100)
            Color.black.frame(minWidth: 100)
        }, width: 150, height: 100)
        #expect(widths(box) == [75, 100])
        #expect(box.rect.width == 175)
    }

    @Test func aTextBetweenShapesGetsAThirdAndWrapsUnlessItHasPriority() throws {
        // Field Guide: the text is the least flexible, offered a third: too little for
        // one line. With `.layoutPriority(1)` it is offered everything first: one line.
        let font = Font.body
        let single = oneLineHeight("Hello, world", font: font)
        let plain = layout(HStack {
            RoundedRectangle(cornerRadius: 8).fill(Color.blue)
            Text("Hello, world").font(font)
            RoundedRectangle(cornerRadius: 8).fill(Color.green)
        }, width: 150, height: 100)
        let wrapped = try #require(texts(plain).first?.1)
        #expect(wrapped.rect.height > single)
        let first = layout(HStack {
            RoundedRectangle(cornerRadius: 8).fill(Color.blue)
            Text("Hello, world").font(font).layoutPriority(1)
            RoundedRectangle(cornerRadius: 8).fill(Color.green)
        }, width: 150, height: 100)
        let whole = try #require(texts(first).first?.1)
        #expect(whole.rect.height == single)
        // The rectangles share what the text left: (150 − 16 − text) / 2 each.
        let shapes = leaves(first).filter { if case .shape = $0.node { true } else { false } }
        #expect(shapes.count == 2 && shapes[0].rect.width == shapes[1].rect.width)
        #expect(abs(shapes[0].rect.width * 2 + whole.rect.width + 16 - 150) < 0.001)
    }

    @Test func aTextBesideASpacerKeepsItsWholeWidth() throws {
        let font = Font.body
        let box = layout(HStack { Text("A label that is long").font(font); Spacer() }, width: 200, height: 50)
        let text = try #require(texts(box).first?.1)
        #expect(text.rect.height == oneLineHeight("A label that is long", font: font))
        #expect(box.rect.width == 200)
    }

    @Test func equalFlexibilityKeepsTheOrderWritten() {
        // Three children of equal flexibility in 100: 33.3 each, in order, no overflow.
        let box = layout(HStack(spacing: 5) { Color.black; Color.black.frame(maxWidth: .infinity); Color.black }, width: 100, height: 10)
        let shares = widths(box)
        #expect(shares.count == 3)
        #expect(abs(shares.reduce(0, +) + 10 - 100) < 0.001)
    }

    @Test func higherPriorityGroupsLeaveTheLowerOnesTheirMinimum() {
        // Priority 1 is offered all but what the lower group needs at its smallest (the
        // fixed 30): 100 − 8 − 30 = 62, although it would take any width.
        let box = layout(HStack {
            Color.black.layoutPriority(1)
            Color.black.frame(width: 30)
        }, width: 100, height: 20)
        #expect(widths(box) == [62, 30])
    }

    /// The hourly forecast of issue 27: a column of labels, a divider and five columns of
    /// an hour, an icon and a temperature. In every width a medium widget has, no hour or
    /// temperature wraps (SwiftUI serves the five columns, the least flexible, first, and
    /// each gets its ideal width), and the labels wrap only between words.
    @Test(arguments: [220.0, 250, 297, 329, 364])
    func anHourlyForecastRowKeepsItsHoursWhole(width: Double) throws {
        let view = HStack {
            VStack(alignment: .leading) {
                Text("Seoul").font(.headline)
                Text("18°").font(.title)
                Text("Partly Cloudy").font(.caption)
            }
            Divider()
            ForEach(0..<5, id: \.self) { index in
                VStack(spacing: 4) {
                    Text("\(index + 10)h").font(.caption2)
                    Image(systemName: "cloud.sun")
                    Text("\(20 + index)°").font(.caption)
                }
            }
        }
        .padding()
        let box = layout(view, width: width, height: 155)
        // The columns' texts never wrap; the labels keep their words whole where the row
        // can afford every text its ideal width (not at 220 and 250 points, where the
        // labels, the most flexible, get what the columns leave, as in SwiftUI).
        let affordable = width >= 297
        for (string, text) in texts(box) where string.hasSuffix("h") || string.hasSuffix("°") || affordable {
            let font: Font = string.hasSuffix("h") ? .caption2 : (string == "18°" ? .title : (string == "Seoul" ? .headline : .caption))
            #expect(text.rect.height == oneLineHeight(string, font: font) || !affordable && string == "18°",
                    "\(string) wraps at \(width) points: \(text.rect)")
        }
        // The row fits the widget (the stack does not overflow its padding).
        #expect(box.rect.width <= width + 0.001)
    }
}
