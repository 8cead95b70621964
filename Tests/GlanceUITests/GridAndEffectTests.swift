import GlanceGraphics
import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceTime
import GlanceUI
import FoundationEssentials
import Testing

/// Grids, GeometryReader, ViewThatFits and the modifiers that move, turn, scale, mask
/// and prioritise views: sizes and positions first, then golden images.
@Suite struct GridAndEffectTests: LayoutProbing {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }


    // MARK: Lazy grids

    @Test func flexibleColumnsShareTheWidthAndRowsFollowTheCells() {
        let grid = LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())], spacing: 4) {
            ForEach(0..<7, id: \.self) { index in Color.black.frame(height: index == 4 ? 30 : 10) }
        }
        let box = layout(grid, width: 316, height: 200)
        let cells = leaves(box)
        #expect(cells.count == 7)
        #expect(box.rect.height == 10 + 4 + 30 + 4 + 10)
        // (316 - 2 × 8) / 3 = 100 per column.
        #expect(cells.map(\.rect.width) == Array(repeating: 100, count: 7))
        #expect(cells.prefix(3).map(\.rect.x) == [0, 108, 216])
        // Row 2 is 30 tall (cell 4); its 10-point cells are centred in it.
        #expect(cells[3].rect.y - box.rect.y == 14 + 10)
        #expect(cells[4].rect.y - box.rect.y == 14)
        #expect(cells[6].rect.y - box.rect.y == 14 + 30 + 4)
    }

    @Test func fixedAndAdaptiveColumns() {
        let tracks = renderer.lazyTrackLengths([GridItem(.fixed(40)), GridItem(.adaptive(minimum: 50))], offer: 300)
        // 300 - 40 - 8 = 252 for the adaptive item: floor((252 + 8) / (50 + 8)) = 4 tracks of (252 - 24) / 4 = 57.
        #expect(tracks == [40, 57, 57, 57, 57])
        let capped = renderer.lazyTrackLengths([GridItem(.flexible(minimum: 10, maximum: 60)), GridItem(.flexible())], offer: 208)
        #expect(capped == [60, 140])
    }

    @Test func aLazyHGridFillsColumnsAcrossFixedRows() {
        let grid = LazyHGrid(rows: [GridItem(.fixed(20)), GridItem(.fixed(20))], spacing: 2) {
            ForEach(0..<5, id: \.self) { _ in Color.black.frame(width: 12, height: 20) }
        }
        let cells = leaves(layout(grid, width: 200, height: 100))
        #expect(cells.map(\.rect.x).map { $0 - cells[0].rect.x } == [0, 0, 14, 14, 28])
        #expect(cells[1].rect.y - cells[0].rect.y == 28)
    }

    // MARK: Grid

    @Test func gridColumnsAreAsWideAsTheirWidestCell() {
        let grid = Grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 5) {
            GridRow {
                Color.black.frame(width: 20, height: 10)
                Color.black.frame(width: 50, height: 10)
            }
            GridRow {
                Color.black.frame(width: 40, height: 20)
                Color.black.frame(width: 30, height: 10)
            }
            Color.black.frame(height: 4)
        }
        let box = layout(grid, width: 300, height: 200)
        #expect(box.rect.size == Size(width: 100, height: 10 + 5 + 20 + 5 + 4))
        let cells = leaves(box)
        #expect(cells.map(\.rect.x).map { $0 - box.rect.x } == [0, 50, 0, 50, 0])
        // The lone view spans both columns.
        #expect(cells[4].rect.width == 100)
        // Second row: the 10-point cell is centred vertically in the 20-point row.
        #expect(cells[3].rect.y - box.rect.y == 15 + 5)
    }

    @Test func gridCellColumnsAndColumnAlignment() {
        let grid = Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow {
                Color.black.frame(width: 20, height: 10).gridColumnAlignment(.trailing)
                Color.black.frame(width: 40, height: 10)
            }
            GridRow {
                Color.black.frame(width: 10, height: 10)
                Color.black.frame(width: 60, height: 10).gridCellColumns(2)
            }
        }
        let box = layout(grid, width: 300, height: 200)
        let cells = leaves(box)
        #expect(box.rect.width == 60)
        // Column 0 is 20 wide (the spanning cell does not widen it); its cells sit trailing.
        #expect(cells[2].rect.x - box.rect.x == 10)
        #expect(cells[3].rect.width == 60)
    }

    @Test func flexibleCellsShareWhatIsLeftLikeAStack() {
        let grid = Grid(horizontalSpacing: 0) {
            GridRow {
                Text("Mon")
                Color.black.frame(height: 8)
            }
        }
        let cells = leaves(layout(grid, width: 200, height: 50))
        #expect(abs(cells[0].rect.width + cells[1].rect.width - 200) < 0.01)
    }

    // MARK: ViewThatFits, GeometryReader, fixedSize

    /// What `render --text` writes (and the legibility check reads): the texts as laid
    /// out, a geometry reader's content built for its size and the fitting view's choice.
    @Test func theLaidOutTextsIncludeAGeometryReadersAndTheFittingChoice() throws {
        let view = VStack {
            GeometryReader { geometry in Text("\(Int(geometry.size.width)) wide") }.frame(height: 20)
            ViewThatFits(in: .horizontal) {
                Text("Tuesday, 23 November 2026")
                Text("Tue 23 Nov")
            }
        }
        var canvas = try Canvas(width: 120, height: 60)
        let texts = renderer.renderReadingTexts(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 120, height: 60))
        #expect(texts == ["120 wide", "Tue 23 Nov"])
        #expect(resolveNode(view, in: EnvironmentValues()).textLines == ["Tuesday, 23 November 2026"])
    }

    @Test func viewThatFitsPicksTheFirstThatFits() {
        let choices = ViewThatFits(in: .horizontal) {
            Text("Tuesday, 23 November 2026")
            Text("Tue 23 Nov")
            Text("23")
        }
        #expect(leaves(layout(choices, width: 400, height: 40)).map { $0.node.textLines } == [["Tuesday, 23 November 2026"]])
        #expect(leaves(layout(choices, width: 100, height: 40)).map { $0.node.textLines } == [["Tue 23 Nov"]])
        #expect(leaves(layout(choices, width: 10, height: 40)).map { $0.node.textLines } == [["23"]])
    }

    @Test func geometryReaderTakesTheOfferAndBuildsForIt() {
        let reader = GeometryReader { proxy in
            Color.black.frame(width: proxy.size.width / 2, height: proxy.size.height / 4)
        }
        let box = layout(VStack(spacing: 0) { reader; Color.white.frame(height: 20) }, width: 120, height: 100)
        let cells = leaves(box)
        #expect(cells[0].rect == Rect(x: 0, y: 0, width: 60, height: 20))
        #expect(renderer.sizeThatFits(resolveNode(reader, in: EnvironmentValues()), .unspecified) == Size(width: 10, height: 10))
    }

    /// A reader's closure runs at layout time and a `ForEach`'s while its stack resolves,
    /// both after `body` returned; a view's `@Environment` read in them still sees the
    /// environment the view is in.
    @Test func deferredClosuresSeeTheViewsEnvironment() {
        struct LocaleNames: View {
            @Environment(\.locale) var locale
            var body: some View {
                VStack {
                    GeometryReader { _ in Text(locale.identifier) }
                    ForEach(0..<2) { index in Text("\(locale.identifier) \(index)") }
                }
            }
        }
        var environment = EnvironmentValues()
        environment.locale = DisplayLocale(identifier: "ko_KR")
        let box = renderer.layout(resolveNode(LocaleNames(), in: environment), in: Rect(x: 0, y: 0, width: 200, height: 90))
        #expect(leaves(box).map { $0.node.textLines } == [["ko_KR"], ["ko_KR 0"], ["ko_KR 1"]])
    }

    @Test func fixedSizeKeepsTheIdealWidth() {
        let text = Text("A long label that wraps").fixedSize(horizontal: true, vertical: false)
        let narrow = renderer.sizeThatFits(resolveNode(text, in: EnvironmentValues()), ProposedSize(width: 40, height: 100))
        let ideal = renderer.sizeThatFits(resolveNode(Text("A long label that wraps"), in: EnvironmentValues()), .unspecified)
        #expect(narrow == ideal)
    }

    // MARK: Effects

    @Test func offsetAndPositionMoveOnlyTheView() {
        let stack = HStack(spacing: 0) {
            Color.black.frame(width: 10, height: 10).offset(x: 5, y: -3)
            Color.black.frame(width: 10, height: 10)
        }
        let cells = leaves(layout(stack, width: 20, height: 10))
        #expect(cells[0].rect.x == 5 && cells[0].rect.y == -3)
        #expect(cells[1].rect.x == 10)
        let positioned = layout(Color.black.frame(width: 10, height: 10).position(x: 30, y: 20), width: 100, height: 50)
        #expect(positioned.rect.size == Size(width: 100, height: 50))
        #expect(leaves(positioned)[0].rect == Rect(x: 25, y: 15, width: 10, height: 10))
    }

    @Test func layoutPriorityIsServedFirst() {
        let stack = HStack(spacing: 0) {
            Text("Left side text")
            Text("Right side text").layoutPriority(1)
        }
        let cells = leaves(layout(stack, width: 150, height: 100))
        let ideal = renderer.sizeThatFits(resolveNode(Text("Right side text"), in: EnvironmentValues()), .unspecified)
        #expect(cells[1].rect.width == ideal.width)
        #expect(cells[1].rect.height == ideal.height)
    }

    @Test func aspectRatioFitsAndFills() {
        let fit = layout(Color.black.aspectRatio(2, contentMode: .fit), width: 100, height: 100)
        #expect(fit.rect.size == Size(width: 100, height: 50))
        let fill = renderer.sizeThatFits(resolveNode(Color.black.aspectRatio(2, contentMode: .fill), in: EnvironmentValues()),
                                         ProposedSize(width: 100, height: 100))
        #expect(fill == Size(width: 200, height: 100))
        let square = layout(Color.black.aspectRatio(1, contentMode: .fit).frame(width: 60), width: 200, height: 200)
        #expect(leaves(square)[0].rect.size == Size(width: 60, height: 60))
    }

    @Test func reservedLinesAndLineSpacing() {
        let one = renderer.sizeThatFits(resolveNode(Text("One"), in: EnvironmentValues()), .unspecified)
        let reserved = renderer.sizeThatFits(resolveNode(Text("One").lineLimit(3, reservesSpace: true), in: EnvironmentValues()), .unspecified)
        #expect(reserved.height == one.height * 3)
        let spaced = renderer.sizeThatFits(resolveNode(Text("One\nTwo").lineSpacing(6), in: EnvironmentValues()), .unspecified)
        #expect(spaced.height == one.height * 2 + 6)
        let tracked = renderer.sizeThatFits(resolveNode(Text("Four").tracking(2), in: EnvironmentValues()), .unspecified)
        let plain = renderer.sizeThatFits(resolveNode(Text("Four"), in: EnvironmentValues()), .unspecified)
        #expect(tracked.width == plain.width + 8)
    }

    @Test func maskKeepsOnlyWhereTheMaskHasInk() throws {
        let view = Color.black.frame(width: 20, height: 20).mask { Circle() }
        var canvas = try Canvas(width: 20, height: 20)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(canvas[x: 0, y: 0] == .white)
        #expect(canvas[x: 10, y: 10] == .black)
    }

    @Test func aQuarterTurnMovesTheInk() throws {
        // A bar along the top, turned 90° about the centre, runs down the right side.
        let view = VStack(spacing: 0) { Color.black.frame(height: 4); Color.clear }.frame(width: 20, height: 20)
            .rotationEffect(.degrees(90))
        var canvas = try Canvas(width: 20, height: 20)
        renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(canvas[x: 18, y: 10].r < 40)
        #expect(canvas[x: 10, y: 1] == .white)
        let half = Color.black.frame(width: 20, height: 20).scaleEffect(0.5)
        var scaled = try Canvas(width: 20, height: 20)
        renderer.render(resolveNode(half, in: EnvironmentValues()), into: &scaled, in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(scaled[x: 2, y: 2] == .white)
        #expect(scaled[x: 10, y: 10] == .black)
    }

    // MARK: Goldens

    @Test func goldenGridsEffectsAndStyles() throws {
        let weekdays = ["M", "T", "W", "T", "F", "S", "S"]
        let view = VStack(alignment: .leading, spacing: 6) {
            LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 2), count: 7), spacing: 2) {
                ForEach(0..<14, id: \.self) { day in
                    Text(day < 7 ? weekdays[day] : "\(day + 9)")
                        .font(.caption2)
                        .frame(maxWidth: .infinity)
                        .padding(.vertical, 2)
                        .background(day == 9 ? Color.gray : .clear)
                        .cornerRadius(3)
                }
            }
            Grid(alignment: .leading, horizontalSpacing: 8, verticalSpacing: 2) {
                GridRow { Text("Seoul").bold(); Text("4°").monospacedDigit() }
                Divider()
                GridRow { Text("Busan"); Text("9°") }
            }
            .font(.footnote)
            HStack(spacing: 6) {
                Circle().fill(RadialGradient(colors: [.yellow, .orange, .red], center: .center, startRadius: 0, endRadius: 14))
                    .frame(width: 28, height: 28)
                Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .red], center: .center))
                    .frame(width: 28, height: 28)
                RoundedRectangle(cornerRadius: 6).fill(EllipticalGradient(colors: [.white, .blue]))
                    .frame(width: 40, height: 28)
                Text("NEW").font(.caption2).bold().padding(3).background(.thinMaterial)
                    .rotationEffect(.degrees(-12))
                Text("Glance").font(.headline).kerning(2)
                    .mask { LinearGradient(colors: [.black, .clear], startPoint: .leading, endPoint: .trailing) }
            }
            ViewThatFits(in: .horizontal) {
                Text("Next: Standup with the whole team at 10:30")
                Text("Standup 10:30")
            }
            .font(.caption)
            .foregroundStyle(.secondary)
            GeometryReader { proxy in
                Capsule().fill(.fill.secondary)
                Capsule().fill(.tint).frame(width: proxy.size.width * 0.62)
            }
            .frame(height: 6)
            .tint(.green)
        }
        .padding(8)
        let mismatches = try GoldenImage.compareOnEveryPanel(width: 260, height: 230, named: "grids-effects") { canvas in
            renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 260, height: 230))
        }
        for mismatch in mismatches { Issue.record("\(mismatch)") }
    }
}

extension ViewRenderer {
    /// The track lengths a lazy grid of `items` gets when offered `offer` points.
    func lazyTrackLengths(_ items: [GridItem], offer: Double?) -> [Double] {
        let node = resolveNode(LazyVGrid(columns: items) { EmptyView() }, in: EnvironmentValues())
        guard case .grid(let grid) = node, case .lazy(_, let tracks) = grid.kind else { return [] }
        return lazyTracks(tracks, offer).map(\.length)
    }
}
