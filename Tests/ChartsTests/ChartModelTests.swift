import Foundation
import Testing
@testable import Charts
import GlanceGraphics
import GlanceUI

private struct Reading: Identifiable {
    let id: Int
    let value: Double
    let kind: String
}

private let readings = (0..<5).map { Reading(id: $0, value: Double($0) * 1.5, kind: $0.isMultiple(of: 2) ? "even" : "odd") }

private enum Fruit: String, Plottable {
    case apple, pear
}

/// A chart content of its own, through `body`.
private struct Threshold: ChartContent {
    let level: Int
    var body: some ChartContent {
        RuleMark(y: .value("Level", level))
            .foregroundStyle(.red)
    }
}

private func model<V: View>(_ view: V) throws -> ChartModel {
    try #require(ChartModelRecorder.models(of: view).first)
}

@Suite struct ChartModelTests {
    @Test func forEachOverDataGivesAMarkPerElement() throws {
        let m = try model(Chart(readings) { PointMark(x: .value("Index", $0.id), y: .value("Value", $0.value)) })
        #expect(m.marks.count == 5)
        #expect(m.marks.map(\.x) == (0..<5).map { .number(Double($0)) })
        #expect(m.marks.map(\.y) == readings.map { .number($0.value) })
        let byID = try model(Chart(readings, id: \.id) { BarMark(x: .value("Kind", $0.kind), y: .value("Value", $0.value)) })
        #expect(byID.marks.count == 5 && byID.marks.allSatisfy { $0.kind == .bar })
        let range = try model(Chart { ForEach(0..<3) { RuleMark(x: .value("i", $0)) } })
        #expect(range.marks.count == 3)
    }

    @Test func conditionalsOptionalsAndOwnContent() throws {
        let showRule = true
        let hideArea = false
        let m = try model(Chart {
            if showRule { RuleMark(y: .value("Y", 3)) }
            if hideArea { AreaMark(x: .value("X", 1), y: .value("Y", 2)) }
            if hideArea {
                PointMark(x: .value("X", 1), y: .value("Y", 1))
            } else {
                RectangleMark(x: .value("X", "a"), y: .value("Y", "b"), width: 20, height: .ratio(0.5))
            }
            Threshold(level: 10)
            ForEach(readings) { reading in
                if reading.value > 3 { PointMark(x: .value("X", reading.id), y: .value("Y", reading.value)) }
            }
        })
        #expect(m.marks.map(\.kind) == [.rule, .rectangle, .rule, .point, .point])
        #expect(m.marks[1].width == .fixed(20) && m.marks[1].height == .ratio(0.5))
        #expect(m.marks[2].y == .number(10) && m.marks[2].color == Color.red.rgba)
    }

    @Test func plottableValues() throws {
        let date = Date(timeIntervalSince1970: 86_400)
        let m = try model(Chart {
            PointMark(x: .value("Int8", Int8(3)), y: .value("Float", Float(0.5)))
            PointMark(x: .value("UInt", UInt(7)), y: .value("CGFloat", CGFloat(2)))
            PointMark(x: .value("Decimal", Decimal(string: "1.25")!), y: .value("Date", date))
            BarMark(x: .value("Month", date, unit: .month), y: .value("Fruit", Fruit.pear))
            PointMark(x: .value(Text("Text label"), 1), y: .value("Substring", String("abc".dropFirst())))
        })
        #expect(m.marks[0].x == .number(3) && m.marks[0].y == .number(0.5))
        #expect(m.marks[1].x == .number(7) && m.marks[1].y == .number(2))
        #expect(m.marks[2].x == .number(1.25) && m.marks[2].y == .date(date))
        #expect(m.marks[3].x == .date(date) && m.marks[3].xUnit == .month && m.marks[3].y == .category("pear"))
        #expect(m.marks[4].xLabel == "Text label" && m.marks[4].yLabel == "Substring" && m.marks[4].y == .category("bc"))
        #expect(plottable(.category("apple"), as: Fruit.self) == .apple)
        #expect(plottable(.number(4), as: Int.self) == 4)
        #expect(AxisValue(index: 0, count: 1, value: .date(date)).as(Date.self) == date)
    }

    @Test func everyMarkInitialiser() throws {
        let m = try model(Chart {
            LineMark(x: .value("X", 1), y: .value("Y", 2))
            AreaMark(x: .value("X", 1), y: .value("Y", 2), stacking: .normalized)
            AreaMark(x: .value("X", 1), y: .value("Y", 2), series: .value("S", "s"), stacking: .center)
            AreaMark(xStart: .value("X0", 0), xEnd: .value("X1", 1), y: .value("Y", 2))
            BarMark(x: .value("X", "a"), y: .value("Y", 2), width: .fixed(8), stacking: .unstacked)
            BarMark(x: .value("X", "a"), yStart: .value("Y0", 1), yEnd: .value("Y1", 4), width: .inset(2))
            BarMark(xStart: .value("X0", 0), xEnd: .value("X1", 3), y: .value("Task", "build"), height: 12)
            BarMark(xStart: .value("X0", 0), xEnd: .value("X1", 3), yStart: .value("Y0", 0), yEnd: .value("Y1", 1))
            BarMark(x: .value("X", 5))
            BarMark(y: .value("Y", 5))
            PointMark(x: .value("X", 1))
            RuleMark(x: .value("X", 1), yStart: 10, yEnd: 20)
            RuleMark(xStart: .value("X0", 1), xEnd: .value("X1", 2), y: .value("Y", 3))
            RuleMark(x: .value("X", 1), yStart: .value("Y0", 0), yEnd: .value("Y1", 9))
            RectangleMark(xStart: .value("X0", 0), xEnd: .value("X1", 1), yStart: .value("Y0", 0), yEnd: .value("Y1", 1))
        })
        #expect(m.marks.map(\.kind) == [.line, .area, .area, .area, .bar, .bar, .bar, .bar, .bar, .bar, .point, .rule, .rule, .rule, .rectangle])
        #expect(m.marks[1].stacking == .normalized && m.marks[2].stacking == .center && m.marks[2].lineSeries == "s")
        #expect(m.marks[3].xStart == .number(0) && m.marks[3].xEnd == .number(1))
        #expect(m.marks[4].stacking == .unstacked && m.marks[4].width == .fixed(8))
        #expect(m.marks[5].yStart == .number(1) && m.marks[5].yEnd == .number(4) && m.marks[5].y == nil && m.marks[5].width == .inset(2))
        #expect(m.marks[6].height == .fixed(12) && m.marks[6].y == .category("build"))
        #expect(m.marks[8].x == .number(5) && m.marks[8].y == nil)
        #expect(m.marks[9].y == .number(5) && m.marks[9].x == nil)
        #expect(m.marks[11].yStartPoints == 10 && m.marks[11].yEndPoints == 20)
        #expect(m.marks[13].yEnd == .number(9))
    }

    @Test func markModifiers() throws {
        let m = try model(Chart {
            ForEach(readings) { reading in
                LineMark(x: .value("X", reading.id), y: .value("Y", reading.value))
                    .foregroundStyle(by: .value("Kind", reading.kind))
                    .symbol(by: .value("Kind", reading.kind))
                    .symbolSize(64)
                    .lineStyle(StrokeStyle(lineWidth: 3, lineCap: .round))
                    .interpolationMethod(.stepCenter)
                    .opacity(0.5)
                    .zIndex(2)
                    .accessibilityLabel("Reading")
                    .accessibilityValue("\(reading.value)")
            }
            PointMark(x: .value("X", 1), y: .value("Y", 1))
                .symbol(.diamond)
                .foregroundStyle(.linearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
            BarMark(x: .value("Day", "Mon"), y: .value("Y", 3))
                .position(by: .value("Kind", "even"))
                .foregroundStyle(Color.blue)
                .annotation(position: .overlay, spacing: 2) { context in Text("3") }
                .annotation(position: .bottom, overflowResolution: .init(x: .fit(to: .chart), y: .disabled)) { Text("b") }
            PointMark(x: .value("X", 1), y: .value("Y", 1)).symbol { Circle() }
            PointMark(x: .value("X", 2), y: .value("Y", 2)).symbol(.circle.strokeBorder(lineWidth: 2))
        })
        #expect(m.marks.count == 9)
        #expect(m.marks[8].symbol == BasicChartSymbolShape.circle.strokeBorder(lineWidth: 2) && m.marks[8].symbol?.strokeWidth == 2)
        let line = m.marks[1]
        #expect(line.series == "odd" && line.seriesLabel == "Kind" && line.symbolKey == "odd")
        #expect(line.symbolSize == CGSize(width: 8, height: 8))
        #expect(line.lineStyle == StrokeStyle(lineWidth: 3, lineCap: .round) && line.interpolation == .stepCenter)
        #expect(line.opacity == 0.5 && line.zIndex == 2 && line.color == nil)
        #expect(m.marks[5].symbol == .diamond && m.marks[5].color == nil && m.marks[5].style != nil)
        let bar = m.marks[6]
        #expect(bar.positionKey == "even" && bar.positionLabel == "Kind" && bar.color == Color.blue.rgba)
        #expect(bar.annotations.map(\.position) == [.overlay, .bottom])
        #expect(bar.annotations[0].spacing == 2 && bar.annotations[1].overflowResolution == .init(x: .fit(to: .chart), y: .disabled))
        #expect(m.marks[7].symbol == .circle)
    }

    @Test func aPlotGroupsItsMarksUnderOneModifier() throws {
        let m = try model(Chart {
            Plot {
                AreaMark(x: .value("X", 0), y: .value("Y", 1))
                LineMark(x: .value("X", 0), y: .value("Y", 1))
            }
            .foregroundStyle(.linearGradient(colors: [.blue, .clear], startPoint: .top, endPoint: .bottom))
            .alignsMarkStylesWithPlotArea()
        })
        #expect(m.marks.map(\.kind) == [.area, .line])
        #expect(m.marks.allSatisfy { $0.alignsStylesWithPlotArea && $0.style != nil })
    }

    @Test func domainsAxesAndLegend() throws {
        let start = Date(timeIntervalSince1970: 0)
        let end = Date(timeIntervalSince1970: 86_400)
        let m = try model(Chart { LineMark(x: .value("X", start), y: .value("Y", 1)) }
            .chartXScale(domain: start...end)
            .chartYScale(domain: 0...100)
            .chartXAxis(.hidden)
            .chartYAxis {
                AxisMarks(position: .trailing, values: [0, 50, 100]) { value in
                    AxisGridLine(centered: true, stroke: StrokeStyle(lineWidth: 0.5, dash: [2]))
                    AxisTick(length: 4)
                    if value.index == 0 {
                        AxisValueLabel("zero")
                    }
                }
                AxisMarks(values: .automatic(desiredCount: 3))
            }
            .chartYAxisLabel("Steps", position: .trailing)
            .chartXAxisLabel { Text("Day") }
            .chartLegend(.hidden)
            .chartSymbolScale(["a": .square, "b": .triangle]))
        guard case .dates(let dates)? = m.xDomain, case .numbers(let numbers)? = m.yDomain else { Issue.record("domains"); return }
        #expect(dates == start...end && numbers == 0...100)
        #expect(m.xAxis.visibility == .hidden && m.xAxis.marks == nil)
        let y = try #require(m.yAxis.marks)
        #expect(y.count == 2 && y[0].position == .trailing)
        guard case .values(let values) = y[0].values.kind, case .automatic(desiredCount: 3, _, _, _) = y[1].values.kind else {
            Issue.record("values"); return
        }
        #expect(values == [.number(0), .number(50), .number(100)])
        #expect(y[0].components(AxisValue(index: 0, count: 3, value: .number(0))).count == 3)
        #expect(y[0].components(AxisValue(index: 1, count: 3, value: .number(50))).count == 2)
        #expect(m.yAxis.label?.text == "Steps" && m.yAxis.label?.position == .trailing)
        #expect(m.xAxis.label?.content != nil)
        #expect(m.legend.visibility == .hidden)
        #expect(m.symbolScale.map(\.0) == ["a", "b"] && m.symbolScale.map(\.1) == [.square, .triangle])
    }

    @Test func categoryDomainsAndTheInnermostModifierWins() throws {
        let m = try model(VStack {
            Chart { BarMark(x: .value("Fruit", "apple"), y: .value("Count", 2)) }
                .chartXScale(domain: ["pear", "apple"])
                .chartForegroundStyleScale(domain: ["A", "B"], range: [Color.red, Color.blue])
                .chartLegend(position: .bottom, alignment: .leading, spacing: 4)
        }
        .chartXScale(domain: ["ignored"])
        .chartYScale(domain: .automatic(includesZero: true, reversed: true), type: .log))
        guard case .categories(let categories)? = m.xDomain else { Issue.record("categories"); return }
        #expect(categories == ["pear", "apple"])
        #expect(m.yIncludesZero == true && m.yReversed == true && m.yScaleType == .log && m.xScaleType == nil)
        #expect(m.foregroundScale.map(\.0) == ["A", "B"] && m.foregroundScale.map(\.1) == [Color.red.rgba, Color.blue.rgba])
        #expect(m.legend.position == .bottom && m.legend.alignment == .leading && m.legend.spacing == 4)
    }

    @Test func foregroundStyleScales() throws {
        let chart = Chart { BarMark(x: .value("X", "a"), y: .value("Y", 1)).foregroundStyle(by: .value("Kind", "a")) }
        let range = try model(chart.chartForegroundStyleScale(range: [Color.red, Color.green]))
        #expect(range.foregroundRange == [Color.red.rgba, Color.green.rgba])
        let numeric = try model(chart.chartForegroundStyleScale(domain: 0...10, range: [Color.white, Color.black]))
        #expect(numeric.foregroundScale.map(\.0) == ["0", "10"])
        let domain = try model(chart.chartForegroundStyleScale(domain: ["b", "a"]))
        guard case .categories(let order)? = domain.foregroundDomain else { Issue.record("domain"); return }
        #expect(order == ["b", "a"])
        let mapped = try model(chart.chartForegroundStyleScale { (kind: String) in kind == "a" ? Color.red : Color.blue })
        #expect(mapped.foregroundMapping?.color(.category("a")) == Color.red.rgba)
        #expect(mapped.foregroundMapping?.color(.category("z")) == Color.blue.rgba)
        let byDomain = try model(chart.chartForegroundStyleScale(domain: ["a", "b"]) { $0 == "a" ? Color.red : Color.blue })
        #expect(byDomain.foregroundScale.map(\.1) == [Color.red.rgba, Color.blue.rgba])
        let symbols = try model(chart.chartSymbolScale(domain: ["a", "b"], range: [BasicChartSymbolShape.square, .plus]))
        #expect(symbols.symbolScale.map(\.1) == [.square, .plus])
    }

    @Test func selectionScrollingAndOverlaysCompileAndRecordNothing() throws {
        var selected: Date? = nil
        let binding = Binding(get: { selected }, set: { selected = $0 })
        let m = try model(Chart { LineMark(x: .value("X", Date()), y: .value("Y", 1)) }
            .chartXSelection(value: binding)
            .chartScrollableAxes(.horizontal)
            .chartXVisibleDomain(length: 3600)
            .chartOverlay { proxy in
                GeometryReader { geometry in
                    Rectangle().fill(.clear)
                }
            }
            .chartBackground { _ in Color.clear }
            .chartPlotStyle { $0.border(Color.black) })
        #expect(m.marks.count == 1)
        #expect(m.plotStyle != nil && selected == nil)
    }

    @Test func resolveReadsTheContentAndTheEnvironmentsSettings() {
        var environment = EnvironmentValues()
        environment[ChartSettingsKey.self].yAxis.visibility = .hidden
        environment[ChartSettingsKey.self].xDomain = .categories(["a", "b"])
        let m = ChartModel.resolve(BarMark(x: .value("X", "a"), y: .value("Y", 2)).foregroundStyle(by: .value("S", 1)), environment)
        #expect(m.marks.count == 1 && m.marks[0].series == "1" && m.marks[0].seriesLabel == "S")
        #expect(m.yAxis.visibility == .hidden && m.xAxis.visibility == .automatic)
        guard case .categories(let categories)? = m.xDomain else { Issue.record("domain"); return }
        #expect(categories == ["a", "b"] && m.yDomain == nil && m.legend.visibility == .automatic && m.foregroundScale.isEmpty)
    }

    /// A chart is laid out for the size it is given, as a `GeometryReader` is.
    @Test func aChartIsBuiltForItsSize() {
        let node = resolveNode(Chart { BarMark(x: .value("X", "a"), y: .value("Y", 1)) }, in: EnvironmentValues())
        guard case .geometry = node else { Issue.record("not a geometry node: \(node)"); return }
    }
}
