import Charts
import FoundationEssentials
import GlanceUI

/// A stat's last readings as a line, oldest on the left: bare (a sparkline) where room is
/// short, with times below and numbers beside where there is room. Black, as the rest of
/// the stat, so a 1-bit panel draws it as it is.
struct StatHistoryChart: View {
    let readings: [StatReading]
    /// Time labels below and number labels beside (the large family); none (medium).
    let showsAxes: Bool

    var body: some View {
        let chart = Chart(readings, id: \.date) { reading in
            LineMark(x: .value("Time", reading.date), y: .value("Value", reading.number))
                .lineStyle(StrokeStyle(lineWidth: 2))
                .foregroundStyle(.black)
        }
        // The readings' own range: a sparkline of 12,400…12,480 is not a flat line at the top.
        .chartYScale(domain: .automatic(includesZero: false))
        if showsAxes {
            chart
                .chartXAxis {
                    AxisMarks(values: .automatic(desiredCount: 4)) { _ in
                        AxisGridLine()
                        AxisValueLabel(format: .dateTime.hour().minute()).font(.caption.bold()).foregroundStyle(.black)
                    }
                }
                .chartYAxis {
                    AxisMarks(values: .automatic(desiredCount: 3)) { _ in
                        AxisGridLine()
                        AxisValueLabel().font(.caption.bold()).foregroundStyle(.black)
                    }
                }
        } else {
            chart
                .chartXAxis(.hidden)
                .chartYAxis(.hidden)
        }
    }
}
