import Charts
import Glance
import GlanceGraphics
import GlanceRender
import GlanceText
import Testing

// README's "Charts" example, as written there: `import Charts` beside `import Glance`
// compiles without ambiguity and draws.
private struct Reading: Identifiable { let id: Date; let temperature: Double }

private struct TemperatureChart: View {
    let readings: [Reading]
    var body: some View {
        Chart(readings) { reading in
            LineMark(x: .value("Hour", reading.id), y: .value("°C", reading.temperature))
                .interpolationMethod(.monotone)
        }
        .chartXAxis { AxisMarks(values: .stride(by: .hour, count: 3)) }
        .chartYScale(domain: .automatic(includesZero: false))
    }
}

@Suite struct ReadmeChartSnippetTests {
    @Test func theReadmesChartCompilesWithBothImports() throws {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let chart = TemperatureChart(readings: (0..<24).map { Reading(id: start.addingTimeInterval(Double($0) * 3600), temperature: 10 + Double($0 % 7)) })
        var canvas = try Canvas(width: 240, height: 120)
        ViewRenderer(fonts: try FontLibrary()).render(resolveNode(chart, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 240, height: 120))
        // The line is drawn in Swift Charts' blue somewhere in the plot.
        var blue = 0
        for y in 0..<120 { for x in 0..<240 where canvas[x: x, y: y].b > 180 && canvas[x: x, y: y].r < 80 { blue += 1 } }
        #expect(blue > 100)
    }
}
