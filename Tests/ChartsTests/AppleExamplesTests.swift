import Foundation
import Testing
@testable import Charts
import GlanceGraphics
import GlanceTime
import GlanceUI // stands in for SwiftUI

// Swift Charts code as Apple's documentation and WWDC sessions publish it, pasted as-is
// apart from the imports, each resolved into its chart model.

// MARK: "Creating a chart using Swift Charts" (the article)

struct ToyShape: Identifiable {
    var type: String
    var count: Double
    var id = UUID()
}

let toyShapes: [ToyShape] = [
    .init(type: "Cube", count: 5),
    .init(type: "Sphere", count: 4),
    .init(type: "Pyramid", count: 4),
]

struct BarChart: View {
    var data: [ToyShape] = toyShapes

    var body: some View {
        Chart {
            BarMark(
                x: .value("Shape Type", data[0].type),
                y: .value("Total Count", data[0].count)
            )
            BarMark(
                x: .value("Shape Type", data[1].type),
                y: .value("Total Count", data[1].count)
            )
            BarMark(
                x: .value("Shape Type", data[2].type),
                y: .value("Total Count", data[2].count)
            )
        }
    }
}

struct BarChartForEach: View {
    var data: [ToyShape] = toyShapes

    var body: some View {
        Chart {
            ForEach(data) { shape in
                BarMark(
                    x: .value("Shape Type", shape.type),
                    y: .value("Total Count", shape.count)
                )
            }
        }
    }
}

struct ColoredToyShape: Identifiable {
    var color: String
    var type: String
    var count: Double
    var id = UUID()
}

struct StackedBarChart: View {
    var stackedBarData: [ColoredToyShape] = [
    .init(color: "Green", type: "Cube", count: 2),
    .init(color: "Green", type: "Sphere", count: 0),
    .init(color: "Green", type: "Pyramid", count: 1),
    .init(color: "Purple", type: "Cube", count: 1),
    .init(color: "Purple", type: "Sphere", count: 1),
    .init(color: "Purple", type: "Pyramid", count: 1),
    .init(color: "Pink", type: "Cube", count: 1),
    .init(color: "Pink", type: "Sphere", count: 2),
    .init(color: "Pink", type: "Pyramid", count: 0),
    .init(color: "Yellow", type: "Cube", count: 1),
    .init(color: "Yellow", type: "Sphere", count: 1),
    .init(color: "Yellow", type: "Pyramid", count: 2),
    ]

    var body: some View {
        Chart {
            ForEach(stackedBarData) { shape in
                BarMark(
                    x: .value("Shape Type", shape.type),
                    y: .value("Total Count", shape.count)
                )
                .foregroundStyle(by: .value("Shape Color", shape.color))
            }
        }
        .chartForegroundStyleScale([
            "Green": .green, "Purple": .purple, "Pink": .pink, "Yellow": .yellow,
        ])
    }
}

// MARK: LineMark's documentation: two series and a threshold

struct ProfitOverTime {
    var date: Date
    var profit: Double
}

let departmentAProfit: [ProfitOverTime] = (0..<6).map { ProfitOverTime(date: Date(timeIntervalSince1970: Double($0) * 86_400 * 30), profit: Double(400 + $0 * 20)) }
let departmentBProfit: [ProfitOverTime] = (0..<6).map { ProfitOverTime(date: Date(timeIntervalSince1970: Double($0) * 86_400 * 30), profit: Double(600 - $0 * 30)) }

struct ProfitChart: View {
    var body: some View {
        Chart {
            ForEach(departmentAProfit, id: \.date) { item in
                LineMark(
                    x: .value("Date", item.date),
                    y: .value("Profit A", item.profit),
                    series: .value("Company", "A")
                )
                .foregroundStyle(.blue)
            }
            ForEach(departmentBProfit, id: \.date) { item in
                LineMark(
                    x: .value("Date", item.date),
                    y: .value("Profit B", item.profit),
                    series: .value("Company", "B")
                )
                .foregroundStyle(.green)
            }
            RuleMark(
                y: .value("Threshold", 500.0)
            )
            .foregroundStyle(.red)
        }
    }
}

// MARK: WWDC22 "Hello Swift Charts": sales by city, lines with symbols

struct SalesSummary: Identifiable {
    let weekday: Date
    let sales: Int
    var id: Date { weekday }
}

struct Series: Identifiable {
    let city: String
    let sales: [SalesSummary]
    var id: String { city }
}

func day(_ n: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 86_400) }

let seriesData: [Series] = [
    .init(city: "Cupertino", sales: (0..<7).map { SalesSummary(weekday: day($0), sales: 54 + $0) }),
    .init(city: "San Francisco", sales: (0..<7).map { SalesSummary(weekday: day($0), sales: 81 - $0) }),
]

struct LocationsDetailsChart: View {
    var body: some View {
        Chart {
            ForEach(seriesData) { series in
                ForEach(series.sales, id: \.weekday) { element in
                    LineMark(
                        x: .value("Day", element.weekday, unit: .day),
                        y: .value("Sales", element.sales)
                    )
                }
                .foregroundStyle(by: .value("City", series.city))
                .symbol(by: .value("City", series.city))
                .interpolationMethod(.catmullRom)
            }
        }
        .chartLegend(position: .top)
        .chartYScale(domain: .automatic(includesZero: false))
        .chartXAxis {
            AxisMarks(values: .stride(by: .day)) { _ in
                AxisTick()
                AxisGridLine()
                AxisValueLabel(format: .dateTime.weekday(.abbreviated), centered: true)
            }
        }
    }
}

// MARK: A day's temperatures: a band from low to high, the mean over it, hourly axis

struct HourlyTemperature: Identifiable {
    let date: Date
    let low: Double
    let high: Double
    var mean: Double { (low + high) / 2 }
    var id: Date { date }
}

let forecast: [HourlyTemperature] = (0..<24).map {
    HourlyTemperature(date: Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 3600), low: 8 + Double($0 % 12) / 2, high: 12 + Double($0 % 12))
}

struct TemperatureChart: View {
    var body: some View {
        Chart(forecast) { hour in
            AreaMark(
                x: .value("Hour", hour.date),
                yStart: .value("Low", hour.low),
                yEnd: .value("High", hour.high)
            )
            .foregroundStyle(.orange.opacity(0.3))
            LineMark(
                x: .value("Hour", hour.date),
                y: .value("Temperature", hour.mean)
            )
            .interpolationMethod(.monotone)
            .lineStyle(StrokeStyle(lineWidth: 2))
        }
        .chartXAxis {
            AxisMarks(values: .stride(by: .hour, count: 6)) { value in
                AxisGridLine()
                AxisTick()
                AxisValueLabel(format: .dateTime.hour())
            }
        }
        .chartYAxis {
            AxisMarks(position: .leading)
        }
    }
}

// MARK: A rule with an annotation (the average over bars)

struct DailySteps: Identifiable {
    let day: Date
    let steps: Int
    var id: Date { day }
}

let steps: [DailySteps] = (0..<7).map { DailySteps(day: day($0), steps: 6000 + $0 * 500) }

struct StepsChart: View {
    var average: Double { Double(steps.map(\.steps).reduce(0, +)) / Double(steps.count) }

    var body: some View {
        Chart {
            ForEach(steps) { element in
                BarMark(
                    x: .value("Day", element.day, unit: .day),
                    y: .value("Steps", element.steps)
                )
                .cornerRadius(4)
            }
            RuleMark(y: .value("Average", average))
                .foregroundStyle(.gray)
                .lineStyle(StrokeStyle(lineWidth: 1, dash: [5]))
                .annotation(position: .top, alignment: .leading) {
                    Text("Average: \(average, format: .number)")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
        }
        .chartPlotStyle { plotArea in
            plotArea.background(.gray.opacity(0.1))
        }
    }
}

@Suite struct AppleExamplesTests {
    @Test func theArticlesBarsResolveToThreeBars() throws {
        for view in [AnyView(BarChart()), AnyView(BarChartForEach())] {
            let model = try #require(ChartModelRecorder.models(of: view).first)
            #expect(model.marks.count == 3)
            #expect(model.marks.allSatisfy { $0.kind == .bar && $0.stacking == .standard })
            #expect(model.marks.map(\.x) == [.category("Cube"), .category("Sphere"), .category("Pyramid")])
            #expect(model.marks.map(\.y) == [.number(5), .number(4), .number(4)])
            #expect(model.marks[0].xLabel == "Shape Type" && model.marks[0].yLabel == "Total Count")
        }
    }

    @Test func theStackedBarsCarryTheirColourSeriesAndScale() throws {
        let model = try #require(ChartModelRecorder.models(of: StackedBarChart()).first)
        #expect(model.marks.count == 12)
        #expect(model.marks.compactMap(\.series) == StackedBarChart().stackedBarData.map(\.color))
        #expect(model.marks.allSatisfy { $0.seriesLabel == "Shape Color" && $0.stacking == .standard })
        #expect(model.foregroundScale.map(\.0) == ["Green", "Purple", "Pink", "Yellow"])
        #expect(model.foregroundScale[0].1 == Color.green.rgba)
    }

    @Test func twoLineSeriesAndAThreshold() throws {
        let model = try #require(ChartModelRecorder.models(of: ProfitChart()).first)
        #expect(model.marks.count == 13)
        let lines = model.marks.filter { $0.kind == .line }
        #expect(lines.count == 12)
        #expect(lines.map(\.lineSeries) == Array(repeating: "A", count: 6) + Array(repeating: "B", count: 6))
        #expect(lines[0].color == Color.blue.rgba && lines[6].color == Color.green.rgba)
        #expect(lines[0].x == .date(departmentAProfit[0].date))
        let rule = try #require(model.marks.last)
        #expect(rule.kind == .rule && rule.y == .number(500) && rule.x == nil && rule.color == Color.red.rgba)
    }

    @Test func salesByCityAreSeriesWithSymbolsAndDailyAxis() throws {
        let model = try #require(ChartModelRecorder.models(of: LocationsDetailsChart()).first)
        #expect(model.marks.count == 14)
        #expect(Set(model.marks.compactMap(\.series)) == ["Cupertino", "San Francisco"])
        #expect(model.marks.allSatisfy { $0.symbolKey == $0.series && $0.interpolation == .catmullRom && $0.xUnit == .day })
        #expect(model.marks[0].y == .number(54))
        #expect(model.legend.position == .top)
        #expect(model.yIncludesZero == false && model.yDomain == nil)
        let marks = try #require(model.xAxis.marks?.first)
        guard case .calendarStride(.day, count: 1, _, _, _) = marks.values.kind else { Issue.record("not a daily stride"); return }
        let components = marks.components(AxisValue(index: 0, count: 7, value: .date(day(0))))
        #expect(components.map(\.isTick) == [true, false, false])
        #expect(components.map(\.isGridLine) == [false, true, false])
        #expect(components.map(\.isValueLabel) == [false, false, true])
    }

    @Test func theTemperatureBandTheMeanAndTheHourlyAxis() throws {
        let model = try #require(ChartModelRecorder.models(of: TemperatureChart()).first)
        #expect(model.marks.count == 48)
        let areas = model.marks.filter { $0.kind == .area }
        #expect(areas.count == 24)
        #expect(areas[0].yStart == .number(8) && areas[0].yEnd == .number(12) && areas[0].y == nil)
        #expect((76...77).contains(areas[0].color?.a ?? 0))
        let lines = model.marks.filter { $0.kind == .line }
        #expect(lines[0].interpolation == .monotone && lines[0].lineStyle?.lineWidth == 2)
        let x = try #require(model.xAxis.marks?.first)
        guard case .calendarStride(.hour, count: 6, _, _, _) = x.values.kind else { Issue.record("not a 6-hour stride"); return }
        let label = try #require(x.components(AxisValue(index: 0, count: 4, value: .date(forecast[3].date))).last)
        guard case .valueLabel(_, let format?, _, _, _) = label.kind else { Issue.record("no format"); return }
        // In the display's zone and language, not the process's (as SwiftUI's environment does).
        let seoul = try ZoneRules(identifier: "Asia/Seoul")
        var style = Date.FormatStyle.dateTime.hour()
        style.timeZone = seoul.formattingTimeZone(at: forecast[3].date)
        style.locale = Locale(identifier: "ko_KR")
        #expect(format(.date(forecast[3].date), seoul, DisplayLocale(identifier: "ko_KR")) == forecast[3].date.formatted(style))
        #expect(format(.date(forecast[3].date), try ZoneRules(identifier: "UTC"), DisplayLocale(identifier: "en_US"))
            != format(.date(forecast[3].date), seoul, DisplayLocale(identifier: "en_US")))
        let y = try #require(model.yAxis.marks?.first)
        #expect(y.position == .leading)
        #expect(y.components(AxisValue(index: 0, count: 1, value: .number(0))).count == 3)
    }

    @Test func theAverageRuleIsAnnotated() throws {
        let model = try #require(ChartModelRecorder.models(of: StepsChart()).first)
        #expect(model.marks.count == 8)
        #expect(model.marks.prefix(7).allSatisfy { $0.kind == .bar && $0.cornerRadius == 4 && $0.xUnit == .day })
        let rule = try #require(model.marks.last)
        #expect(rule.kind == .rule && rule.y == .number(7500))
        #expect(rule.lineStyle?.dash == [5])
        let annotation = try #require(rule.annotations.first)
        #expect(annotation.position == .top && annotation.alignment == .leading && annotation.spacing == nil)
        #expect(model.plotStyle != nil)
    }
}
