import Foundation
import Testing
@testable import Charts
import GlanceGraphics
import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceTime
import GlanceUI
import GlanceWidgetKit

private struct Day: Identifiable {
    let id: Int
    let date: Date
    let steps: Double
}

private let start = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01 00:00 UTC
private let days = [4200.0, 6100, 5300, 8800, 7600, 3900, 9400].enumerated().map {
    Day(id: $0.offset, date: start.addingTimeInterval(Double($0.offset) * 86400), steps: $0.element)
}

private struct Sale: Identifiable {
    let id: Int
    let month: String
    let shop: String
    let amount: Double
}

private let sales: [Sale] = {
    var result: [Sale] = []
    for (m, month) in ["Jan", "Feb", "Mar", "Apr"].enumerated() {
        for (s, shop) in ["North", "South", "East"].enumerated() {
            result.append(Sale(id: result.count, month: month, shop: shop, amount: Double(10 + (m * 7 + s * 5) % 17)))
        }
    }
    return result
}()

/// A chart drawn on a colour canvas (full colour) and as a black-and-white panel shows
/// it (`.vibrant`, through the panel's ink printing, quantised); with `accented`, also as
/// a black-white-red panel (`.accented`).
private func golden<V: View>(_ view: V, named name: String, width: Int = 320, height: Int = 200, accented: Bool = false,
                              zone: ZoneRules = .utc) throws -> [GoldenImage.Mismatch] {
    let fonts = try FontLibrary()
    let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    var colour = try Canvas(width: width, height: height)
    var base = EnvironmentValues()
    base.timeZone = zone
    _ = ViewRenderer(fonts: fonts).render(resolveNode(view, in: base), into: &colour, in: rect)
    var results = [GoldenImage.compare(colour, named: name)]
    for (palette, mode, suffix) in [(Palette.bw, WidgetRenderingMode.vibrant, "bw"), (.bwr, .accented, "bwr")] where suffix == "bw" || accented {
        let printing = try #require(InkPrinting(palette: palette, mode: mode == .vibrant ? .vibrant : .accented))
        var environment = base
        environment.widgetRenderingMode = mode
        var panel = try Canvas(width: width, height: height, panel: palette, dither: .floydSteinberg)
        _ = ViewRenderer(fonts: fonts, printing: printing).render(resolveNode(view, in: environment), into: &panel, in: rect)
        results.append(GoldenImage.compare(panel.quantised(to: palette, dither: .floydSteinberg).canvas(), named: "\(name)-\(suffix)"))
    }
    return results.compactMap { $0 }
}

private func check(_ mismatches: [GoldenImage.Mismatch]) {
    for mismatch in mismatches { Issue.record("\(mismatch)") }
}

private func model<V: View>(_ view: V) throws -> ChartModel {
    try #require(ChartModelRecorder.models(of: view).first)
}

private let logPrices: [(Int, Double)] = (0..<24).map { month in (month, 40 * pow(1.18, Double(month)) * (1 + 0.15 * sin(Double(month)))) }
// swiftlint:disable:next force_try
private let newYork = try! ZoneRules(identifier: "America/New_York")
private let springForwardMidnight = Date(timeIntervalSince1970: 1_772_946_000) // 2026-03-08 00:00 EST

/// The hours 00:00 to 12:00 local on the night New York springs forward are eleven real
/// hours; the ticks stay on local multiples of three (00:00 EST, 03:00 EDT is two hours
/// on), no bar stands at the 02:00 that never was, and the line has no gap.
private struct SpringForwardChart: View {
    struct Reading { var date: Date; var temperature: Double; var rain: Double }
    static let hours: [Reading] = (0..<12).map { hour in
        let temperature: Double = 2 + 6 * sin(Double(hour) / 4)
        let rain = Double((hour * 5) % 7) / 3
        return Reading(date: springForwardMidnight.addingTimeInterval(Double(hour) * 3600), temperature: temperature, rain: rain)
    }

    var body: some View {
        Chart {
            ForEach(Self.hours, id: \.date) { hour in
                BarMark(x: .value("Hour", hour.date, unit: .hour), y: .value("Rain", hour.rain))
                    .foregroundStyle(by: .value("Reading", "Rain (mm)"))
            }
            ForEach(Self.hours, id: \.date) { hour in
                LineMark(x: .value("Hour", hour.date), y: .value("Temperature", hour.temperature))
                    .foregroundStyle(by: .value("Reading", "Temperature (°C)"))
            }
        }
        .chartXAxis { AxisMarks(values: .stride(by: .hour, count: 3)) }
    }
}

/// A golden chart: a view, the size it is drawn at (points), and whether a
/// black-white-red golden is kept too.
struct GoldenChart: Sendable, CustomTestStringConvertible {
    let name: String
    var width = 320
    var height = 200
    var accented = false
    /// The display's zone (a date axis's ticks are on its wall clock).
    var zone = ZoneRules.utc
    let make: @Sendable () -> AnyView

    init<V: View>(_ name: String, width: Int = 320, height: Int = 200, accented: Bool = false, zone: ZoneRules = .utc,
                  _ view: @escaping @Sendable () -> V) {
        self.name = name
        self.width = width
        self.height = height
        self.accented = accented
        self.zone = zone
        make = { AnyView(view()) }
    }

    var testDescription: String { name }

    /// The common charts, then the Swift Charts examples of this target's other tests
    /// (what Apple's sample code looks like on a panel).
    static let all: [GoldenChart] = [
        GoldenChart("line-dates") {
            Chart(days) { day in
                LineMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps))
            }
            .padding(8)
        },
        GoldenChart("bars-grouped") {
            Chart(sales) { sale in
                BarMark(x: .value("Month", sale.month), y: .value("Amount", sale.amount))
                    .foregroundStyle(by: .value("Shop", sale.shop))
                    .position(by: .value("Shop", sale.shop))
            }
            .padding(8)
        },
        GoldenChart("bars-stacked", accented: true) {
            Chart(sales) { sale in
                BarMark(x: .value("Month", sale.month), y: .value("Amount", sale.amount))
                    .foregroundStyle(by: .value("Shop", sale.shop))
            }
            .padding(8)
        },
        // Numbers on x against names on y: bars run right, the first name on top.
        GoldenChart("bars-horizontal", width: 240, height: 140) {
            Chart(sales.filter { $0.shop == "North" }) { sale in
                BarMark(x: .value("Amount", sale.amount), y: .value("Month", sale.month))
                    .annotation(position: .trailing) { Text("\(Int(sale.amount))").font(.caption2) }
            }
            .chartXAxis(.hidden)
            .padding(8)
        },
        GoldenChart("area") {
            Chart(days) { day in
                AreaMark(x: .value("Day", day.date), y: .value("Steps", day.steps))
                    .interpolationMethod(.monotone)
            }
            .padding(8)
        },
        GoldenChart("points") {
            Chart(sales) { sale in
                PointMark(x: .value("Amount", sale.amount), y: .value("Month", sale.month))
                    .foregroundStyle(by: .value("Shop", sale.shop))
                    .symbol(by: .value("Shop", sale.shop))
            }
            .padding(8)
        },
        GoldenChart("rule-annotation") {
            Chart {
                ForEach(days) { day in
                    BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps))
                }
                RuleMark(y: .value("Goal", 7000))
                    .foregroundStyle(.red)
                    .lineStyle(StrokeStyle(lineWidth: 2, dash: [4, 2]))
                    .annotation(position: .top, alignment: .leading) { Text("Goal 7000").font(.caption) }
            }
            .padding(8)
        },
        // Twenty-four names on a narrow axis: the labels that would overlap are left out.
        GoldenChart("bars-crowded", width: 240, height: 140) {
            Chart(0..<24, id: \.self) { hour in
                BarMark(x: .value("Hour", String(format: "%02d:00", hour)), y: .value("kWh", Double((hour * 7) % 11) / 4))
            }
            .padding(8)
        },
        GoldenChart("lines-legend", accented: true) {
            Chart(sales) { sale in
                LineMark(x: .value("Month", sale.month), y: .value("Amount", sale.amount))
                    .foregroundStyle(by: .value("Shop", sale.shop))
            }
            .padding(8)
        },
        GoldenChart("legend-trailing-top-inset") {
            Chart(sales) { sale in
                LineMark(x: .value("Month", sale.month), y: .value("Amount", sale.amount))
                    .foregroundStyle(by: .value("Shop", sale.shop))
                    .symbol(by: .value("Shop", sale.shop))
            }
            .chartLegend(position: .trailing)
            .chartXAxis { AxisMarks(position: .top) }
            .chartYAxis { AxisMarks(preset: .inset) }
            .padding(8)
        },
        // A price over two years on a log axis: equal ratios, equal heights.
        GoldenChart("log-scale") {
            Chart(logPrices, id: \.0) { month, price in
                LineMark(x: .value("Month", month), y: .value("Price", price))
            }
            .chartYScale(type: .log)
            .padding(8)
        },
        // The night New York springs forward: see `DaylightSavingTests`.
        GoldenChart("dates-spring-forward", zone: newYork) { SpringForwardChart().padding(8) },
        // Numbers given to `foregroundStyle(by:)`: a continuous scale, light to dark in
        // colour, sparse to dense fills on ink, and a legend of four steps of the range.
        GoldenChart("continuous-colours") {
            Chart(days) { day in
                BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps))
                    .foregroundStyle(by: .value("Steps", day.steps))
            }
            .padding(8)
        },
        GoldenChart("apple-stacked-bars") { StackedBarChart().padding(8) },
        GoldenChart("apple-locations") { LocationsDetailsChart().padding(8) },
        GoldenChart("apple-temperature") { TemperatureChart().padding(8) },
        GoldenChart("apple-steps") { StepsChart().padding(8) },
        GoldenChart("pie") { Pie().padding(8) },
        GoldenChart("heat-map") { HeatMap().padding(8) },
        GoldenChart("bubbles") { BubbleChart().padding(8) },
        GoldenChart("custom-labels") { CustomLabels().padding(8) },
        GoldenChart("timeline") { Timeline().padding(8) },
        GoldenChart("grouped-bars-annotated") { GroupedBars().padding(8) },
    ]
}

/// What `Chart` draws: goldens of the common charts and of the examples, in colour and
/// on a 1-bit panel (and black-white-red where `accented`).
@Suite struct ChartRenderGoldenTests {
    @Test(arguments: GoldenChart.all)
    func drawsItsGolden(_ chart: GoldenChart) throws {
        check(try golden(chart.make(), named: chart.name, width: chart.width, height: chart.height, accented: chart.accented, zone: chart.zone))
    }
}


/// Where the parts go, without pixels.
@Suite struct ChartLayoutTests {
    @Test func thePlotLeavesRoomForTheLabels() throws {
        let chart = Chart(days) { day in LineMark(x: .value("Day", day.date), y: .value("Steps", day.steps)) }
        let layout = ChartLayout(model: try model(chart), size: CGSize(width: 300, height: 200), zone: .utc, locale: .english, seriesCount: 1)
        let widest = layout.y.ticks.map { ChartLayout.labelWidth($0.label) }.max() ?? 0
        #expect(widest > 0)
        #expect(layout.plot.maxX + widest <= 300)
        #expect(layout.plot.maxY + ChartLayout.labelSize <= 200)
        #expect(layout.plot.minX >= 0 && layout.plot.minY >= 0)
        #expect(layout.legend == nil)
    }

    @Test func ticksAreWhereTheScaleSays() throws {
        let chart = Chart(days) { day in BarMark(x: .value("Day", day.id), y: .value("Steps", day.steps)) }
        let layout = ChartLayout(model: try model(chart), size: CGSize(width: 300, height: 200), zone: .utc, locale: .english, seriesCount: 1)
        #expect(layout.y.domain.lowerBound == 0) // bars include zero
        for tick in layout.y.ticks {
            #expect(abs(layout.yPixel(tick.fraction) - (layout.plot.maxY - CGFloat(tick.fraction) * layout.plot.height)) < 0.001)
        }
        #expect(layout.yPixel(0) == layout.plot.maxY)
        #expect(layout.yPixel(1) == layout.plot.minY)
        #expect(layout.x.ticks.count <= 300 / 50 + 2)
    }

    @Test func aLegendIsReservedForSeveralSeries() throws {
        let chart = Chart(sales) { sale in
            BarMark(x: .value("Month", sale.month), y: .value("Amount", sale.amount)).foregroundStyle(by: .value("Shop", sale.shop))
        }
        let m = try model(chart)
        let layout = ChartLayout(model: m, size: CGSize(width: 300, height: 200), zone: .utc, locale: .english, seriesCount: ChartSeries(model: m).names.count)
        let legend = try #require(layout.legend)
        #expect(layout.plot.maxY < legend.minY)
    }

    @Test func aLegendBesideThePlotNarrowsIt() throws {
        for position in [AnnotationPosition.trailing, .leading] {
            let chart = Chart(sales) { sale in
                LineMark(x: .value("Month", sale.month), y: .value("Amount", sale.amount)).foregroundStyle(by: .value("Shop", sale.shop))
            }
            .chartLegend(position: position)
            let m = try model(chart)
            let names = ChartSeries(model: m).names
            let layout = ChartLayout(model: m, size: CGSize(width: 300, height: 200), zone: .utc, locale: .english,
                                     seriesCount: names.count, seriesNames: names)
            let legend = try #require(layout.legend)
            #expect(layout.legendRows == [[0], [1], [2]])
            #expect(legend.height == 3 * ChartLayout.legendHeight)
            #expect(abs(legend.midY - layout.plot.midY) < 1)
            if position == .trailing {
                #expect(layout.plot.maxX + layout.yLabelWidth <= legend.minX && legend.maxX <= 300)
            } else {
                #expect(legend.minX == 0 && legend.maxX < layout.plot.minX)
            }
            // The labels give the room under the plot back to it.
            #expect(layout.plot.maxY + (ChartLayout.labelSize * 1.3).rounded(.up) + ChartLayout.labelGap == 200)
        }
    }

    @Test func xLabelsOnTopAndInsetLabelsMoveThePlot() throws {
        func layout<V: View>(_ view: V) throws -> ChartLayout {
            ChartLayout(model: try model(view), size: CGSize(width: 300, height: 200), zone: .utc, locale: .english, seriesCount: 1)
        }
        let plain = try layout(Chart(days) { day in LineMark(x: .value("Day", day.date), y: .value("Steps", day.steps)) })
        let top = try layout(Chart(days) { day in LineMark(x: .value("Day", day.date), y: .value("Steps", day.steps)) }
            .chartXAxis { AxisMarks(position: .top) })
        #expect(top.xLabelsTop && !plain.xLabelsTop)
        #expect(top.plot.height == plain.plot.height)
        #expect(top.plot.minY > plain.plot.minY && top.plot.maxY == 200)
        let inset = try layout(Chart(days) { day in LineMark(x: .value("Day", day.date), y: .value("Steps", day.steps)) }
            .chartYAxis { AxisMarks(preset: .inset) }.chartXAxis { AxisMarks(preset: .inset) })
        #expect(inset.yLabelWidth == 0 && inset.plot.width == 300)
        #expect(inset.plot.height > plain.plot.height)
    }

    @Test func barsStackBySeries() throws {
        let chart = Chart(sales) { sale in
            BarMark(x: .value("Month", sale.month), y: .value("Amount", sale.amount)).foregroundStyle(by: .value("Shop", sale.shop))
        }
        let m = try model(chart)
        let stacks = ChartLayout.stack(m.marks, horizontal: [])
        // January: 10, 15, 20 stacked.
        #expect(stacks[0] == 0...10)
        #expect(stacks[1] == 10...25)
        #expect(stacks[2] == 25...45)
    }

    @Test func normalizedStacksReachOne() throws {
        let chart = Chart(sales) { sale in
            BarMark(x: .value("Month", sale.month), y: .value("Amount", sale.amount), stacking: .normalized)
                .foregroundStyle(by: .value("Shop", sale.shop))
        }
        let stacks = ChartLayout.stack(try model(chart).marks, horizontal: [])
        #expect(stacks[2]?.upperBound == 1)
        #expect(stacks[0]?.lowerBound == 0)
    }

    @Test func axisMarksOfTheWidgetsOwnPlaceTheirLabels() throws {
        let layout = ChartLayout(model: try model(TemperatureChart()), size: CGSize(width: 300, height: 200), zone: .utc, locale: .english, seriesCount: 0)
        // AxisMarks(position: .leading): the labels' room is left of the plot.
        #expect(layout.yLabelsLeading && layout.plot.minX > 0 && layout.plot.maxX == 300)
        // .stride(by: .hour, count: 6) over 23 hours: a mark every six hours, each with a label, grid line and tick.
        let hours = layout.xMarks.count
        #expect(hours >= 3 && hours <= 5)
        #expect(layout.xMarks.allSatisfy { $0.gridLine != nil && $0.tick != nil && $0.label != nil })
        let fractions = layout.xMarks.map(\.fraction)
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { abs(($1 - $0) - fractions[1] + fractions[0]) < 1e-9 })
    }

    @Test func aNumberStrideAndAnAxisTitle() throws {
        let m = try model(GroupedBars())
        let layout = ChartLayout(model: m, size: CGSize(width: 300, height: 200), zone: .utc, locale: .english,
                                 seriesCount: 2, seriesNames: ChartSeries(model: m).names)
        let values = layout.yMarks.compactMap(\.label)
        #expect(values.first == "0" && values.dropFirst().first == "5")
        let title = try #require(layout.yTitle)
        #expect(title.maxY <= layout.plot.minY)
        #expect(try #require(layout.legend).minY >= layout.plot.maxY)
    }

    @Test func aLongLegendWraps() throws {
        let rows = ChartLayout.wrap(["Americano", "Cappuccino", "Espresso", "Latte", "Mocha", "Affogato"], width: 200)
        #expect(rows.count > 1 && rows.flatMap { $0 } == Array(0..<6))
        for row in rows where row.count > 1 {
            #expect(row.map { ChartLayout.legendItemWidth(["Americano", "Cappuccino", "Espresso", "Latte", "Mocha", "Affogato"][$0]) }.reduce(0, +) <= 200)
        }
    }

    @Test func categoriesOnYRunFromTheTop() throws {
        let chart = Chart(sales) { sale in BarMark(x: .value("Amount", sale.amount), y: .value("Month", sale.month)) }
        let layout = ChartLayout(model: try model(chart), size: CGSize(width: 300, height: 200), zone: .utc, locale: .english, seriesCount: 0)
        #expect(layout.horizontal.count == sales.count)
        let jan = try #require(layout.yPixel(of: .category("Jan"))), apr = try #require(layout.yPixel(of: .category("Apr")))
        #expect(jan < apr)
        #expect(layout.x.domain.lowerBound == 0)
    }

    @Test func stepsAndCurvesGoThroughThePoints() {
        let points = [CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 10)]
        var ends: [CGPoint] = []
        ChartRenderer.curve(through: points, method: .stepStart).forEach { if case .line(let to) = $0 { ends.append(to) } }
        #expect(ends == [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 10)])
        ends = []
        ChartRenderer.curve(through: points, method: .stepEnd).forEach { if case .line(let to) = $0 { ends.append(to) } }
        #expect(ends == [CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 10)])
        // Monotone: every control point between its segment's ends, so no overshoot.
        ChartRenderer.curve(through: points, method: .monotone).forEach {
            if case .curve(let to, let c1, let c2) = $0 {
                #expect(points.contains(to))
                for c in [c1, c2] { #expect(c.y >= 0 && c.y <= 10) }
            }
        }
    }

    /// Seven days' bars with centred day labels: seven names, none for the end of the
    /// last day at the plot's edge.
    @Test func centredLabelsNameEachDayOnce() throws {
        let chart = Chart(days) { day in
            BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps))
        }
        .chartXAxis {
            AxisMarks(values: .stride(by: .day)) { _ in
                AxisValueLabel(format: .dateTime.weekday(.abbreviated), centered: true)
            }
        }
        let environment = EnvironmentValues() // UTC
        let recorder = ChartModelRecorder()
        var canvas = try Canvas(width: 420, height: 200)
        try ChartModelRecorder.$current.withValue(recorder) {
            _ = ViewRenderer(fonts: try FontLibrary()).render(resolveNode(chart, in: environment), into: &canvas,
                                                               in: Rect(x: 0, y: 0, width: 420, height: 200))
        }
        let names = try #require(recorder.texts.last).filter { $0.contains(where: \.isLetter) }
        #expect(names == ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"])
    }

    @Test func emptyDataStillDrawsItsAxes() throws {
        let chart = Chart([Day]()) { day in LineMark(x: .value("Day", day.id), y: .value("Steps", day.steps)) }
        let renderer = ChartRenderer(model: try model(chart), size: CGSize(width: 200, height: 120), environment: EnvironmentValues())
        #expect(!renderer.layout.yMarks.isEmpty && !renderer.layout.xMarks.isEmpty)
        #expect(renderer.markViews().isEmpty)
    }

    @Test func unplaceableValuesLeaveTheirMarkOut() throws {
        let values = [1.0, .nan, 3, .infinity, 2]
        let chart = Chart(0..<values.count, id: \.self) { i in LineMark(x: .value("i", i), y: .value("v", values[i])) }
        let renderer = ChartRenderer(model: try model(chart), size: CGSize(width: 200, height: 120), environment: EnvironmentValues())
        #expect(renderer.linePoints(Array(0..<values.count)).count == 3)
        #expect(renderer.layout.y.domain.upperBound >= 3 && renderer.layout.y.domain.upperBound.isFinite)
    }

    @Test func denseLinesAreThinnedPerPixelColumn() {
        let points = (0..<100_000).map { CGPoint(x: CGFloat($0) / 1000, y: CGFloat($0 % 7)) }
        let thinned = ChartRenderer.decimate(points, columnWidth: 1)
        #expect(thinned.count <= 4 * 100)
        #expect(thinned.map(\.y).max() == 6)
        #expect(thinned.map(\.y).min() == 0)
    }
}

/// Annotations are measured when laid out and kept inside the box their overflow
/// resolution names: a label at the chart's edge stays readable.
@Suite struct ChartAnnotationOverflowTests {
    /// The columns right of the chart (drawn 200 points wide on a canvas 320 wide) that
    /// have any ink.
    private func inkRightOfTheChart(_ resolution: AnnotationOverflowResolution) throws -> Int {
        let chart = Chart(sales.filter { $0.shop == "North" }) { sale in
            BarMark(x: .value("Amount", sale.amount), y: .value("Month", sale.month))
                .annotation(position: .trailing, overflowResolution: resolution) { Text("\(Int(sale.amount)) thousand kWh") }
        }
        .chartXAxis(.hidden)
        var canvas = try Canvas(width: 320, height: 120)
        _ = ViewRenderer(fonts: try FontLibrary()).render(resolveNode(chart, in: EnvironmentValues()), into: &canvas,
                                                          in: Rect(x: 0, y: 0, width: 200, height: 120))
        var columns = 0
        for x in 200..<320 where (0..<120).contains(where: { y in canvas[x: x, y: y].r < 128 }) { columns += 1 }
        return columns
    }

    @Test func anAnnotationAtTheEdgeIsKeptInsideTheChart() throws {
        #expect(try inkRightOfTheChart(.automatic) == 0)
        #expect(try inkRightOfTheChart(.init(x: .fit(to: .chart))) == 0)
        // Disabled, the labels of the longest bars run past the chart's edge.
        #expect(try inkRightOfTheChart(.init(x: .disabled)) > 20)
    }

    @Test func fittingToThePlotKeepsItLeftOfTheYLabels() throws {
        let chart = Chart(days) { day in
            RuleMark(y: .value("Steps", day.steps)).annotation(position: .trailing, overflowResolution: .init(x: .fit(to: .plot))) { Text("goal") }
        }
        let renderer = ChartRenderer(model: try model(chart), size: CGSize(width: 200, height: 120), environment: EnvironmentValues())
        let box = renderer.overflowBox(.init(x: .fit(to: .plot), y: .fit(to: .chart)))
        #expect(box.minX == renderer.layout.plot.minX && box.maxX == renderer.layout.plot.maxX)
        #expect(box.minY == 0 && box.maxY == 120)
    }
}

/// The scale behind `continuous-colours` and the zone behind `dates-spring-forward`.
@Suite struct ContinuousAndDaylightTests {
    @Test func numbersMakeAContinuousScaleOfFourSteps() throws {
        let chart = Chart(days) { day in
            BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps))
                .foregroundStyle(by: .value("Steps", day.steps))
        }
        let series = ChartSeries(model: try model(chart))
        #expect(series.continuous == 3900...9400)
        #expect(series.names == ["3,900 – 5,275", "5,275 – 6,650", "6,650 – 8,025", "8,025 – 9,400"])
        #expect(series.level(of: 3900) == 0 && series.level(of: 9400) == 3 && series.level(of: 6000) == 1)
        // Strings stay categories; a line's numbers stay series it is joined by.
        #expect(ChartSeries(model: try model(Chart(sales) { BarMark(x: .value("M", $0.month), y: .value("A", $0.amount)).foregroundStyle(by: .value("S", $0.shop)) })).continuous == nil)
        #expect(ChartSeries(model: try model(Chart(days) { LineMark(x: .value("D", $0.date), y: .value("S", $0.steps)).foregroundStyle(by: .value("S", $0.steps)) })).continuous == nil)
    }

    @Test func theSpringForwardChartCrossesTheChange() {
        #expect(newYork.secondsFromGMT(for: springForwardMidnight) == -5 * 3600)
        #expect(newYork.secondsFromGMT(for: SpringForwardChart.hours.last!.date) == -4 * 3600)
    }
}

/// Bad data draws what it can and never traps or hangs.
@Suite struct ChartBadInputTests {
    /// The chart on a 200×120 white canvas, in full colour and in the vibrant mode.
    private func render<V: View>(_ view: V) throws -> [Canvas] {
        let renderer = ViewRenderer(fonts: try FontLibrary())
        return try [false, true].map { vibrant in
            var environment = EnvironmentValues()
            if vibrant { environment.widgetRenderingMode = .vibrant }
            var canvas = try Canvas(width: 200, height: 120)
            _ = renderer.render(resolveNode(view, in: environment), into: &canvas, in: Rect(x: 0, y: 0, width: 200, height: 120))
            return canvas
        }
    }

    /// How many pixels are not the white ground, in each rendering.
    private func drawn<V: View>(_ view: V) throws -> [Int] {
        try render(view).map { canvas in
            var count = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas[x: x, y: y] != .white { count += 1 }
            }
            return count
        }
    }

    /// How many pixels of the full-colour picture are coloured: the marks (the series'
    /// blue, a pie's colours), not the axes' and labels' greys and black.
    private func coloured<V: View>(_ view: V) throws -> Int {
        let canvas = try render(view)[0]
        var count = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = canvas[x: x, y: y]
                let channels = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
                if channels.max()! - channels.min()! > 40 { count += 1 }
            }
        }
        return count
    }

    private func line(_ data: [Day]) -> some View { Chart(data) { day in LineMark(x: .value("Day", day.date), y: .value("Steps", day.steps)) } }
    private func bars(_ data: [Day]) -> some View { Chart(data) { day in BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps)) } }

    @Test func emptyData() throws {
        // No marks: less is drawn than with the data, in both modes.
        for (empty, full) in [(try drawn(line([])), try drawn(line(days))), (try drawn(bars([])), try drawn(bars(days)))] {
            #expect(zip(empty, full).allSatisfy { $0 < $1 }, "empty \(empty), with data \(full)")
        }
        let categories = try drawn(Chart([Day]()) { day in BarMark(x: .value("Day", day.id), y: .value("Steps", day.steps)) })
        #expect(zip(categories, try drawn(bars(days))).allSatisfy { $0 < $1 })
        // No mark at all: nothing coloured; with the data, the marks are.
        #expect(try coloured(line([])) == 0 && coloured(bars([])) == 0)
        #expect(try coloured(line(days)) > 0 && coloured(bars(days)) > 0)
    }

    @Test func onePoint() throws {
        // One bar shows; a line and an area of one point draw their axes (as Swift Charts does).
        #expect(zip(try drawn(bars([days[0]])), try drawn(bars([]))).allSatisfy { $0 > $1 })
        #expect(try coloured(bars([days[0]])) > 0)
        #expect(try drawn(line([days[0]])).allSatisfy { $0 > 0 })
        #expect(try drawn(Chart([days[0]]) { day in AreaMark(x: .value("Day", day.date), y: .value("Steps", day.steps)) }).allSatisfy { $0 > 0 })
    }

    @Test func nonFiniteValuesAreSkipped() throws {
        let values = [1.0, .nan, .infinity, -.infinity, 3, .greatestFiniteMagnitude]
        // The finite values are drawn in every mark: coloured pixels, where a chart whose
        // every value is NaN has none.
        let nothing = [Double](repeating: .nan, count: values.count)
        for (data, drawsSome) in [(values, true), (nothing, false)] {
            let line = try coloured(Chart(0..<data.count, id: \.self) { i in LineMark(x: .value("i", i), y: .value("v", data[i])) })
            let bars = try coloured(Chart(0..<data.count, id: \.self) { i in BarMark(x: .value("i", "\(i)"), y: .value("v", data[i])) })
            let pie = try coloured(Chart(0..<data.count, id: \.self) { i in SectorMark(angle: .value("v", data[i])) })
            if drawsSome {
                #expect(line > 0 && bars > 0 && pie > 0, "\(line) \(bars) \(pie)")
            } else {
                #expect(line == 0 && bars == 0 && pie == 0, "\(line) \(bars) \(pie)")
            }
        }
    }

    @Test func zeroWidthDomains() throws {
        // One x and one y: the point is drawn (in the middle), not lost to a division by zero.
        #expect(try coloured(Chart(0..<5, id: \.self) { i in PointMark(x: .value("x", 3), y: .value("y", 3)) }) > 0)
        let flat = try drawn(Chart(0..<5, id: \.self) { i in LineMark(x: .value("x", i), y: .value("y", 0)) }.chartYScale(domain: 5...5))
        #expect(flat.allSatisfy { $0 > 0 })
    }

    @Test func datesOutOfOrder() throws {
        // Data given newest first draws the same picture as oldest first.
        let reversed = try render(line(days.reversed())), ordered = try render(line(days))
        for (a, b) in zip(reversed, ordered) {
            #expect(a.pixels == b.pixels)
        }
    }

    /// The time limit is a hang guard, not a speed claim.
    @Test(.timeLimit(.minutes(2))) func aHundredThousandPoints() throws {
        let count = 100_000
        let marks = try coloured(Chart(0..<count, id: \.self) { i in
            LineMark(x: .value("x", i), y: .value("y", sin(Double(i) / 500)))
        })
        #expect(marks > 0)
    }

    @Test func tinyAndZeroSizes() throws {
        let renderer = ViewRenderer(fonts: try FontLibrary())
        for (w, h) in [(1, 1), (4, 200), (200, 4)] {
            var canvas = try Canvas(width: w, height: h)
            _ = renderer.render(resolveNode(Chart(days) { day in BarMark(x: .value("Day", day.id), y: .value("Steps", day.steps)) }, in: EnvironmentValues()),
                                into: &canvas, in: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
            // Drawn within the canvas it was given, which keeps its size.
            #expect(canvas.width == w && canvas.height == h)
        }
    }
}
