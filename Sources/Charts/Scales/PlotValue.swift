import FoundationEssentials

/// A value a chart plots, resolved from `PlottableValue`: numbers (Int, Double, Float,
/// Decimal… as Double), dates, strings. Scales only ever see these three shapes, so the
/// axis logic needs no generics.
enum PlotValue: Hashable, Sendable {
    case number(Double)
    case date(Date)
    case category(String)
}

/// One labelled mark on an axis, already placed along it.
struct ScaleTick: Hashable, Sendable {
    var value: PlotValue
    /// 0...1 along the axis (0 = domain start / first band's start), so the renderer maps
    /// to pixels.
    var fraction: Double
    var label: String
}

/// A `chartXScale(domain:)` / `chartYScale(domain:)` the widget gave explicitly.
enum ExplicitDomain: Sendable {
    case numbers(ClosedRange<Double>)
    case dates(ClosedRange<Date>)
    case categories([String])
}

/// The calendar units `AxisMarks(values: .stride(by:count:))` steps by.
enum DateStride: Sendable, CaseIterable {
    case minute, hour, day, weekOfYear, month, year
}
