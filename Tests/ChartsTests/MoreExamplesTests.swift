import Foundation
import Testing
@testable import Charts
import GlanceGraphics
import GlanceUI // stands in for SwiftUI

// More Swift Charts code as published: SectorMark's documentation, a forum answer's
// custom axis values, a grouped bar chart, a heat map.

// MARK: SectorMark's documentation: a donut of coffee sales

struct Pie: View {
    @State private var coffeeSales = [
        (name: "Americano", count: 120),
        (name: "Cappuccino", count: 234),
        (name: "Espresso", count: 62),
        (name: "Latte", count: 625),
        (name: "Mocha", count: 320),
        (name: "Affogato", count: 50),
    ]

    var body: some View {
        Chart(coffeeSales, id: \.name) { name, sales in
            SectorMark(
                angle: .value("Value", sales),
                innerRadius: .ratio(0.618),
                angularInset: 1.5
            )
            .cornerRadius(5)
            .foregroundStyle(by: .value("Product category", name))
        }
    }
}

// MARK: Apple Developer Forums 709914: sub-second axis values, every tenth labelled

struct DataPoint {
    let timeStamp: Date
    let milliVolt: Double
}

struct ChartView: View {
    var chartData: [DataPoint]
    let xSecStyle = StrokeStyle(lineWidth: 1.0)
    let xDeciSecStyle = StrokeStyle(lineWidth: 0.5)
    var deciSecValues: [Date] { (0..<20).map { chartData[0].timeStamp.addingTimeInterval(Double($0) / 10) } }

    var body: some View {
        Chart(chartData, id: \.timeStamp) {
            LineMark(x: .value("Time", $0.timeStamp), y: .value("mV", $0.milliVolt))
        }
        .chartXAxis {
            AxisMarks(values: deciSecValues) { value in
                if Double(value.index).remainder(dividingBy: 10.0) == 0.0 {
                    // show the second-gridline as wider and display the time label
                    AxisGridLine(stroke: xSecStyle)
                        .foregroundStyle(.orange)
                    AxisValueLabel(format: .dateTime.minute().second(), centered: false)
                } else {
                    AxisGridLine(stroke: xDeciSecStyle)
                        .foregroundStyle(.gray)
                }
            }
        }
        .chartYAxis {
            AxisMarks(position: .leading) {
                AxisGridLine()
                AxisValueLabel()
            }
        }
    }
}

// MARK: Grouped bars: sales by month, a bar per product side by side

struct ProductSales: Identifiable {
    let month: String
    let product: String
    let units: Int
    var id: String { month + product }
}

let productSales: [ProductSales] = [
    .init(month: "Jan", product: "Widget", units: 10), .init(month: "Jan", product: "Gadget", units: 7),
    .init(month: "Feb", product: "Widget", units: 12), .init(month: "Feb", product: "Gadget", units: 9),
]

struct GroupedBars: View {
    var body: some View {
        Chart(productSales) { item in
            BarMark(
                x: .value("Month", item.month),
                y: .value("Units", item.units)
            )
            .foregroundStyle(by: .value("Product", item.product))
            .position(by: .value("Product", item.product))
            .annotation(position: .top) {
                Text("\(item.units)")
                    .font(.caption2)
            }
        }
        .chartLegend(position: .bottom, alignment: .center)
        .chartYAxis {
            AxisMarks(values: .stride(by: 5))
        }
        .chartYAxisLabel("Units sold")
    }
}

// MARK: A heat map of rectangles

struct Cell: Identifiable {
    let x: Int
    let y: Int
    let value: Double
    var id: Int { x * 100 + y }
}

let cells = (0..<3).flatMap { x in (0..<2).map { y in Cell(x: x, y: y, value: Double(x + y)) } }

struct HeatMap: View {
    var body: some View {
        Chart(cells) { cell in
            RectangleMark(
                x: .value("Column", "\(cell.x)"),
                y: .value("Row", "\(cell.y)")
            )
            .foregroundStyle(by: .value("Value", cell.value))
        }
        .chartXAxis(.hidden)
        .chartYAxis(.hidden)
        .chartLegend(.hidden)
    }
}

// MARK: Points and a bubble size by value, with custom symbols

struct BubbleChart: View {
    var body: some View {
        Chart {
            ForEach(cells) { cell in
                PointMark(x: .value("X", cell.x), y: .value("Y", cell.y))
                    .symbolSize(by: .value("Value", cell.value))
                    .symbol(by: .value("Row", cell.y))
                    .offset(x: 2)
            }
            LineMark(x: .value("X", 0), y: .value("Y", 0))
                .lineStyle(by: .value("Kind", "dashed"))
        }
        .chartSymbolScale([0: .circle, 1: .cross])
        .chartXScale(domain: 0...2, range: .plotDimension(padding: 8))
        .chartYScale(range: .plotDimension(startPadding: 4, endPadding: 4))
        .chartSymbolSizeScale([0: 50, 3: 400])
    }
}

@Suite struct MoreExamplesTests {
    @Test func theDonutHasASectorPerProduct() throws {
        let model = try #require(ChartModelRecorder.models(of: Pie()).first)
        #expect(model.marks.count == 6)
        #expect(model.marks.allSatisfy { $0.kind == .sector && $0.innerRadius == .ratio(0.618) && $0.angularInset == 1.5 && $0.cornerRadius == 5 })
        #expect(model.marks.map(\.angle) == [120, 234, 62, 625, 320, 50].map { .number($0) })
        #expect(model.marks.map(\.series) == ["Americano", "Cappuccino", "Espresso", "Latte", "Mocha", "Affogato"])
    }

    @Test func everyTenthDeciSecondIsLabelled() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let view = ChartView(chartData: (0..<20).map { DataPoint(timeStamp: start.addingTimeInterval(Double($0) / 10), milliVolt: Double($0)) })
        let model = try #require(ChartModelRecorder.models(of: view).first)
        #expect(model.marks.count == 20)
        let x = try #require(model.xAxis.marks?.first)
        guard case .values(let values) = x.values.kind else { Issue.record("explicit values"); return }
        #expect(values.count == 20 && values[1] == .date(start.addingTimeInterval(0.1)))
        let second = x.components(AxisValue(index: 10, count: 20, value: values[10]))
        #expect(second.count == 2 && second[0].color == Color.orange.rgba && second[1].isValueLabel)
        let tenth = x.components(AxisValue(index: 3, count: 20, value: values[3]))
        #expect(tenth.count == 1 && tenth[0].color == Color.gray.rgba)
        guard case .gridLine(_, let stroke) = tenth[0].kind else { Issue.record("grid line"); return }
        #expect(stroke?.lineWidth == 0.5)
        let y = try #require(model.yAxis.marks?.first)
        #expect(y.position == .leading && y.components(AxisValue(index: 0, count: 1, value: .number(0))).count == 2)
    }

    @Test func groupedBarsArePositionedByProduct() throws {
        let model = try #require(ChartModelRecorder.models(of: GroupedBars()).first)
        #expect(model.marks.count == 4)
        #expect(model.marks.map(\.positionKey) == ["Widget", "Gadget", "Widget", "Gadget"])
        #expect(model.marks.map(\.series) == model.marks.map(\.positionKey))
        #expect(model.marks.allSatisfy { $0.annotations.count == 1 && $0.annotations[0].position == .top })
        #expect(model.legend.position == .bottom && model.legend.alignment == .center)
        guard case .numberStride(5, _, _) = try #require(model.yAxis.marks?.first).values.kind else { Issue.record("stride by 5"); return }
        #expect(model.yAxis.label?.text == "Units sold")
    }

    @Test func theHeatMapHidesItsAxesAndLegend() throws {
        let model = try #require(ChartModelRecorder.models(of: HeatMap()).first)
        #expect(model.marks.count == 6 && model.marks.allSatisfy { $0.kind == .rectangle })
        #expect(model.marks[1].x == .category("0") && model.marks[1].y == .category("1") && model.marks[1].series == "1")
        #expect(model.xAxis.visibility == .hidden && model.yAxis.visibility == .hidden && model.legend.visibility == .hidden)
    }

    @Test func bubblesBySizeAndSymbol() throws {
        let model = try #require(ChartModelRecorder.models(of: BubbleChart()).first)
        #expect(model.marks.count == 7)
        #expect(model.marks[5].symbolSizeValue == .number(3) && model.marks[5].symbolSizeLabel == "Value" && model.marks[5].symbolKey == "1")
        #expect(model.marks[0].offset == CGSize(width: 2, height: 0))
        #expect(model.marks[6].lineStyleKey == "dashed")
        #expect(model.symbolScale.map(\.0) == ["0", "1"] && model.symbolScale.map(\.1) == [.circle, .cross])
        guard case .numbers(let range)? = model.xDomain else { Issue.record("x domain"); return }
        #expect(range == 0...2)
        #expect(model.xPadding == PlotPadding(start: 8, end: 8) && model.yPadding == PlotPadding(start: 4, end: 4))
        #expect(model.symbolSizeScale.map(\.0) == ["0", "3"] && model.symbolSizeScale.map(\.1) == [50, 400])
    }
}

// MARK: Apple Developer Forums 707868: a label of one's own at each value

struct CustomLabels: View {
    var body: some View {
        Chart {
            BarMark(x: .value("Item", "A"), y: .value("Value", 2_000_000))
                .foregroundStyle(.blue.gradient)
        }
        .chartYAxis {
            AxisMarks() { value in
                AxisGridLine()
                AxisTick()
                AxisValueLabel {
                    Text("Y")
                }
            }
        }
        .chartXAxis {
            AxisMarks(values: .automatic) { value in
                if let item = value.as(String.self) {
                    AxisValueLabel {
                        Text(item)
                    }
                }
            }
        }
    }
}

@Suite struct CustomLabelTests {
    @Test func labelsOfTheirOwnAreViews() throws {
        let model = try #require(ChartModelRecorder.models(of: CustomLabels()).first)
        #expect(model.marks.count == 1 && model.marks[0].style != nil)
        let y = try #require(model.yAxis.marks?.first)
        let components = y.components(AxisValue(index: 0, count: 1, value: .number(0)))
        guard case .valueLabel(_, _, _, _, let content?) = components.last?.kind else { Issue.record("no label view"); return }
        _ = content
        let x = try #require(model.xAxis.marks?.first)
        #expect(x.components(AxisValue(index: 0, count: 1, value: .category("A"))).count == 1)
        #expect(x.components(AxisValue(index: 0, count: 1, value: .number(3))).isEmpty)
    }
}

// MARK: BarMark's documentation: intervals (a schedule)

struct Job: Identifiable {
    let job: String
    let start: Int
    let end: Int
    var id: String { job }
}

let data: [Job] = [.init(job: "Job 1", start: 0, end: 15), .init(job: "Job 2", start: 5, end: 25)]

struct Schedule: View {
    var body: some View {
        Chart(data) {
            BarMark(
                x: .value("Job", $0.job),
                yStart: .value("Start Time", $0.start),
                yEnd: .value("End Time", $0.end)
            )
        }
    }
}

struct Timeline: View {
    var body: some View {
        Chart(data) {
            BarMark(
                xStart: .value("Start Time", $0.start),
                xEnd: .value("End Time", $0.end)
            )
        }
    }
}

@Suite struct IntervalBarTests {
    @Test func intervalsKeepTheirEnds() throws {
        let schedule = try #require(ChartModelRecorder.models(of: Schedule()).first)
        #expect(schedule.marks.map(\.yStart) == [.number(0), .number(5)] && schedule.marks.map(\.yEnd) == [.number(15), .number(25)])
        #expect(schedule.marks[0].x == .category("Job 1") && schedule.marks[0].yLabel == "Start Time")
        let timeline = try #require(ChartModelRecorder.models(of: Timeline()).first)
        #expect(timeline.marks.map(\.xEnd) == [.number(15), .number(25)] && timeline.marks.allSatisfy { $0.y == nil && $0.yStartPoints == nil })
    }
}
