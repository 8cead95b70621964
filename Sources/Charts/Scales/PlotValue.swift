import Foundation

enum PlotValue: Hashable, Sendable { case number(Double), date(Date), category(String) }
enum ExplicitDomain: Sendable { case numbers(ClosedRange<Double>), dates(ClosedRange<Date>), categories([String]) }
