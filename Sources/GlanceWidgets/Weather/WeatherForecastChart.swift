import Charts
import FoundationEssentials
import GlanceUI

/// The day ahead, for the large family: the temperature by the hour as a line, and under
/// it the chance of rain as bars, on one time axis (hours in the display's zone and
/// language). Two charts, as a weather app draws them, because a chart has one y axis:
/// their y labels are views, which get the same room, so the two plots line up. A
/// forecast without chances of rain draws the temperature alone, over the hours.
/// On a 1-bit panel the charts draw the line solid black and the bars hatched.
struct WeatherForecastChart: View {
    let hours: [WeatherEntry.ForecastHour]
    /// The text's colour on this sky (white at night).
    let foreground: Color

    var body: some View {
        if let first = hours.first, let last = hours.last, last.date > first.date {
            let domain = first.date...last.date
            let showsRain = hours.contains { $0.precipitationChance != nil }
            VStack(spacing: 0) {
                Chart(hours, id: \.date) { hour in
                    LineMark(x: .value("Hour", hour.date), y: .value("Temperature", hour.temperature))
                        .interpolationMethod(.monotone)
                        .lineStyle(StrokeStyle(lineWidth: 2.5))
                        .foregroundStyle(foreground)
                }
                .chartXScale(domain: domain)
                .chartYScale(domain: .automatic(includesZero: false))
                // The hours are written under the rain's bars when there are some.
                .chartXAxis(showsRain ? .hidden : .automatic)
                .chartXAxis { hourMarks }
                .chartYAxis {
                    AxisMarks(values: .automatic(desiredCount: 3)) { value in
                        AxisGridLine()
                        AxisValueLabel {
                            if let temperature = value.as(Double.self) {
                                Text(WeatherEntry.degrees(temperature)).bold().foregroundStyle(foreground)
                            }
                        }
                    }
                }
                if showsRain {
                    Spacer(minLength: 4)
                    // The last hour ends the axis: each bar fills its hour.
                    Chart(hours.dropLast(), id: \.date) { hour in
                        BarMark(x: .value("Hour", hour.date, unit: .hour), y: .value("Chance of rain", hour.precipitationChance ?? 0))
                            .foregroundStyle(foreground.opacity(0.55))
                    }
                    .chartXScale(domain: domain)
                    .chartYScale(domain: 0...100)
                    .chartXAxis { hourMarks }
                    .chartYAxis {
                        // Lines at 0 and 50 %, the second labelled (four characters
                        // of room: "100%" in bold would not fit; no line at the top, under the
                        // temperatures' lowest).
                        AxisMarks(values: [0, 50]) { value in
                            AxisGridLine()
                            if value.as(Int.self) == 50 {
                                AxisValueLabel {
                                    Text("50%").bold().foregroundStyle(foreground)
                                }
                            }
                        }
                    }
                    .frame(height: 48)
                }
            }
        }
    }

    /// Every six hours on the display's clock: a line, a tick and the hour ("6 PM", "오후 6시").
    private var hourMarks: some AxisContent {
        AxisMarks(values: .stride(by: .hour, count: 6)) { _ in
            AxisGridLine()
            AxisTick()
            AxisValueLabel(format: .dateTime.hour()).font(.caption2.bold()).foregroundStyle(foreground)
        }
    }
}
