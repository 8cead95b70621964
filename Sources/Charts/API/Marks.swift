import Foundation
import GlanceUI

// Swift Charts' marks: each is one `ResolvedMark`, its values kept as plot values for
// the scales to place.

extension ResolvedMarkFields {
    mutating func setX<V>(_ value: PlottableValue<V>) { self.x = value.value; self.xLabelSource = value.labelSource; self.xUnit = value.unit }
    mutating func setY<V>(_ value: PlottableValue<V>) { self.y = value.value; self.yLabelSource = value.labelSource; self.yUnit = value.unit }
    mutating func setX<V>(start: PlottableValue<V>, end: PlottableValue<V>) {
        self.xStart = start.value; self.xEnd = end.value; self.xLabelSource = start.labelSource; self.xUnit = start.unit
    }
    mutating func setY<V>(start: PlottableValue<V>, end: PlottableValue<V>) {
        self.yStart = start.value; self.yEnd = end.value; self.yLabelSource = start.labelSource; self.yUnit = start.unit
    }
    mutating func setSeries<S>(_ series: PlottableValue<S>) { self.lineSeries = series.value.seriesKey }

}

extension ResolvedMark {
    /// A mark of `kind` with the fields `build` sets, set in place before it is boxed.
    static func make(_ kind: Kind, _ build: (inout ResolvedMarkFields) -> Void) -> ResolvedMark {
        var fields = ResolvedMarkFields(kind: kind)
        build(&fields)
        return ResolvedMark(fields: fields)
    }
}

/// A mark's chart content: the one resolved mark.
public protocol _PrimitiveMark: ChartContent where Body == Never {
    var _mark: _MarkStorage { get }
}

/// A mark's values: Glance's own, opaque to widget code.
public struct _MarkStorage {
    let mark: ResolvedMark
}

extension _PrimitiveMark {
    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent { _ResolvedChartContent([_mark.mark]) }
}

/// A line through its points in order of x (Swift Charts' `LineMark`).
public struct LineMark: _PrimitiveMark {
    public typealias Body = Never
    public let _mark: _MarkStorage

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.line) { $0.setX(x); $0.setY(y) })
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        _mark = _MarkStorage(mark: .make(.line) { $0.setX(x); $0.setY(y); $0.setSeries(series) })
    }
}

/// An area under a line, or between two (Swift Charts' `AreaMark`); stacked by default.
public struct AreaMark: _PrimitiveMark {
    public typealias Body = Never
    public let _mark: _MarkStorage

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard) {
        _mark = _MarkStorage(mark: .make(.area) { $0.setX(x); $0.setY(y); $0.stacking = stacking })
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>,
                                                          stacking: MarkStackingMethod = .standard) {
        _mark = _MarkStorage(mark: .make(.area) { $0.setX(x); $0.setY(y); $0.setSeries(series); $0.stacking = stacking })
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.area) { $0.setX(x); $0.setY(start: yStart, end: yEnd) })
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>,
                                                          series: PlottableValue<S>) {
        _mark = _MarkStorage(mark: .make(.area) { $0.setX(x); $0.setY(start: yStart, end: yEnd); $0.setSeries(series) })
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.area) { $0.setX(start: xStart, end: xEnd); $0.setY(y) })
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>,
                                                          series: PlottableValue<S>) {
        _mark = _MarkStorage(mark: .make(.area) { $0.setX(start: xStart, end: xEnd); $0.setY(y); $0.setSeries(series) })
    }
}

/// A bar (Swift Charts' `BarMark`); bars at the same position stack by default.
public struct BarMark: _PrimitiveMark {
    public typealias Body = Never
    public let _mark: _MarkStorage

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                            height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        _mark = _MarkStorage(mark: .make(.bar) { $0.setX(x); $0.setY(y); $0.width = width; $0.height = height; $0.stacking = stacking })
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>, width: MarkDimension = .automatic) {
        _mark = _MarkStorage(mark: .make(.bar) { $0.setX(x); $0.setY(start: yStart, end: yEnd); $0.width = width })
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>, height: MarkDimension = .automatic) {
        _mark = _MarkStorage(mark: .make(.bar) { $0.setX(start: xStart, end: xEnd); $0.setY(y); $0.height = height })
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.bar) { $0.setX(start: xStart, end: xEnd); $0.setY(start: yStart, end: yEnd) })
    }

    /// A bar along x only, spanning the plot's height (or `yStart`…`yEnd` points).
    public init<X: Plottable>(x: PlottableValue<X>, yStart: CGFloat? = nil, yEnd: CGFloat? = nil, width: MarkDimension = .automatic,
                              stacking: MarkStackingMethod = .standard) {
        _mark = _MarkStorage(mark: .make(.bar) { $0.setX(x); $0.yStartPoints = yStart; $0.yEndPoints = yEnd; $0.width = width; $0.stacking = stacking })
    }

    /// A bar along y only, spanning the plot's width (or `xStart`…`xEnd` points).
    public init<Y: Plottable>(xStart: CGFloat? = nil, xEnd: CGFloat? = nil, y: PlottableValue<Y>, height: MarkDimension = .automatic,
                              stacking: MarkStackingMethod = .standard) {
        _mark = _MarkStorage(mark: .make(.bar) { $0.setY(y); $0.xStartPoints = xStart; $0.xEndPoints = xEnd; $0.height = height; $0.stacking = stacking })
    }

    public init<X: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: CGFloat? = nil, yEnd: CGFloat? = nil) {
        _mark = _MarkStorage(mark: .make(.bar) { $0.setX(start: xStart, end: xEnd); $0.yStartPoints = yStart; $0.yEndPoints = yEnd })
    }

    public init<Y: Plottable>(xStart: CGFloat? = nil, xEnd: CGFloat? = nil, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.bar) { $0.setY(start: yStart, end: yEnd); $0.xStartPoints = xStart; $0.xEndPoints = xEnd })
    }
}

/// A point (Swift Charts' `PointMark`), drawn as a symbol.
public struct PointMark: _PrimitiveMark {
    public typealias Body = Never
    public let _mark: _MarkStorage

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.point) { $0.setX(x); $0.setY(y) })
    }

    public init<X: Plottable>(x: PlottableValue<X>, y: CGFloat? = nil) {
        _mark = _MarkStorage(mark: .make(.point) { $0.setX(x); $0.yStartPoints = y })
    }

    public init<Y: Plottable>(x: CGFloat? = nil, y: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.point) { $0.setY(y); $0.xStartPoints = x })
    }
}

/// A straight line across the plot at a value, or between two (Swift Charts' `RuleMark`).
public struct RuleMark: _PrimitiveMark {
    public typealias Body = Never
    public let _mark: _MarkStorage

    /// A vertical rule at `x`, the plot's height (or `yStart`…`yEnd` points).
    public init<X: Plottable>(x: PlottableValue<X>, yStart: CGFloat? = nil, yEnd: CGFloat? = nil) {
        _mark = _MarkStorage(mark: .make(.rule) { $0.setX(x); $0.yStartPoints = yStart; $0.yEndPoints = yEnd })
    }

    /// A horizontal rule at `y`, the plot's width (or `xStart`…`xEnd` points).
    public init<Y: Plottable>(xStart: CGFloat? = nil, xEnd: CGFloat? = nil, y: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.rule) { $0.setY(y); $0.xStartPoints = xStart; $0.xEndPoints = xEnd })
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.rule) { $0.setX(x); $0.setY(start: yStart, end: yEnd) })
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.rule) { $0.setX(start: xStart, end: xEnd); $0.setY(y) })
    }
}

/// A rectangle at a value or over a range (Swift Charts' `RectangleMark`): heat maps, bands.
public struct RectangleMark: _PrimitiveMark {
    public typealias Body = Never
    public let _mark: _MarkStorage

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                            height: MarkDimension = .automatic) {
        _mark = _MarkStorage(mark: .make(.rectangle) { $0.setX(x); $0.setY(y); $0.width = width; $0.height = height })
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _mark = _MarkStorage(mark: .make(.rectangle) { $0.setX(start: xStart, end: xEnd); $0.setY(start: yStart, end: yEnd) })
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>, width: MarkDimension = .automatic) {
        _mark = _MarkStorage(mark: .make(.rectangle) { $0.setX(x); $0.setY(start: yStart, end: yEnd); $0.width = width })
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>, height: MarkDimension = .automatic) {
        _mark = _MarkStorage(mark: .make(.rectangle) { $0.setX(start: xStart, end: xEnd); $0.setY(y); $0.height = height })
    }

    public init<X: Plottable>(x: PlottableValue<X>, yStart: CGFloat? = nil, yEnd: CGFloat? = nil, width: MarkDimension = .automatic) {
        _mark = _MarkStorage(mark: .make(.rectangle) { $0.setX(x); $0.yStartPoints = yStart; $0.yEndPoints = yEnd; $0.width = width })
    }

    public init<Y: Plottable>(xStart: CGFloat? = nil, xEnd: CGFloat? = nil, y: PlottableValue<Y>, height: MarkDimension = .automatic) {
        _mark = _MarkStorage(mark: .make(.rectangle) { $0.setY(y); $0.xStartPoints = xStart; $0.xEndPoints = xEnd; $0.height = height })
    }
}

/// A sector of a pie or donut (Swift Charts' `SectorMark`): its angle is its value's
/// share of the sum of all sectors' values.
public struct SectorMark: _PrimitiveMark {
    public typealias Body = Never
    public let _mark: _MarkStorage

    public init(angle: PlottableValue<some Plottable>, innerRadius: MarkDimension = .automatic, outerRadius: MarkDimension = .automatic,
                angularInset: CGFloat? = nil) {
        _mark = _MarkStorage(mark: .make(.sector) { mark in
            mark.angle = angle.value
            mark.angleLabel = angle.label
            mark.innerRadius = innerRadius
            mark.outerRadius = outerRadius
            mark.angularInset = angularInset
        })
    }
}
