import Foundation
import GlanceGraphics
import GlanceTime
import GlanceUI

/// What `chartXAxis { … }` holds (Swift Charts' `AxisContent`): `AxisMarks`.
public protocol AxisContent {
    associatedtype Body: AxisContent
    @AxisContentBuilder var body: Body { get }
    /// The content's mark sets: Glance's own, not for charts to implement.
    func _axisMarks() -> _ResolvedAxisContent
}

/// What axis content resolves to: Glance's own, opaque to widget code.
public struct _ResolvedAxisContent {
    let marks: [AxisMarksSettings]
}

extension AxisContent {
    public func _axisMarks() -> _ResolvedAxisContent { body._axisMarks() }
}

extension AxisContent where Body == Never {
    public var body: Never { fatalError("\(Self.self) is primitive axis content and has no body") }
}

extension Never: AxisContent {}  // its `body`: ChartContent.swift's

extension Optional: AxisContent where Wrapped: AxisContent {
    public var body: Never { fatalError("Optional is primitive axis content and has no body") }
    public func _axisMarks() -> _ResolvedAxisContent { self?._axisMarks() ?? _ResolvedAxisContent(marks: []) }
}

/// Several axis contents, or one of two (the builder's results).
public struct _AxisContentGroup: AxisContent {
    public typealias Body = Never
    let marks: () -> [AxisMarksSettings]
    public func _axisMarks() -> _ResolvedAxisContent { _ResolvedAxisContent(marks: marks()) }
}

/// The result builder of `chartXAxis { … }` (Swift Charts' `AxisContentBuilder`).
@resultBuilder
public enum AxisContentBuilder {
    public static func buildExpression<C: AxisContent>(_ content: C) -> C { content }
    public static func buildBlock() -> _AxisContentGroup { _AxisContentGroup { [] } }
    public static func buildBlock<C: AxisContent>(_ content: C) -> C { content }
    public static func buildBlock<each C: AxisContent>(_ content: repeat each C) -> _AxisContentGroup {
        var all: [AxisMarksSettings] = []
        for child in repeat each content { all += child._axisMarks().marks }
        return _AxisContentGroup { all }
    }
    public static func buildOptional<C: AxisContent>(_ content: C?) -> C? { content }
    public static func buildEither<T: AxisContent>(first: T) -> _AxisContentGroup { _AxisContentGroup { first._axisMarks().marks } }
    public static func buildEither<F: AxisContent>(second: F) -> _AxisContentGroup { _AxisContentGroup { second._axisMarks().marks } }
    public static func buildLimitedAvailability<C: AxisContent>(_ content: C) -> _AxisContentGroup { _AxisContentGroup { content._axisMarks().marks } }
}

/// What an `AxisMarks` closure holds (Swift Charts' `AxisMark`): grid lines, ticks, labels.
public protocol AxisMark {
    /// The mark's components: Glance's own, not for charts to implement.
    func _axisComponents() -> _ResolvedAxisMark
}

/// What an axis mark resolves to: Glance's own, opaque to widget code.
public struct _ResolvedAxisMark {
    let components: [AxisComponent]
}

extension Optional: AxisMark where Wrapped: AxisMark {
    public func _axisComponents() -> _ResolvedAxisMark { self?._axisComponents() ?? _ResolvedAxisMark(components: []) }
}

/// Several axis marks, or one of two (the builder's results).
public struct _AxisMarkGroup: AxisMark {
    let components: [AxisComponent]
    public func _axisComponents() -> _ResolvedAxisMark { _ResolvedAxisMark(components: components) }
}

/// The result builder of an `AxisMarks` closure (Swift Charts' `AxisMarkBuilder`).
@resultBuilder
public enum AxisMarkBuilder {
    public static func buildExpression<M: AxisMark>(_ mark: M) -> M { mark }
    public static func buildBlock() -> _AxisMarkGroup { _AxisMarkGroup(components: []) }
    public static func buildBlock<M: AxisMark>(_ mark: M) -> M { mark }
    public static func buildBlock<each M: AxisMark>(_ mark: repeat each M) -> _AxisMarkGroup {
        var all: [AxisComponent] = []
        for child in repeat each mark { all += child._axisComponents().components }
        return _AxisMarkGroup(components: all)
    }
    public static func buildOptional<M: AxisMark>(_ mark: M?) -> M? { mark }
    public static func buildEither<T: AxisMark>(first: T) -> _AxisMarkGroup { _AxisMarkGroup(components: first._axisComponents().components) }
    public static func buildEither<F: AxisMark>(second: F) -> _AxisMarkGroup { _AxisMarkGroup(components: second._axisComponents().components) }
    public static func buildLimitedAvailability<M: AxisMark>(_ mark: M) -> _AxisMarkGroup { _AxisMarkGroup(components: mark._axisComponents().components) }
}

/// Which of Swift Charts' standard looks an axis takes (Swift Charts' `AxisMarkPreset`).
public struct AxisMarkPreset: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, extended, aligned, inset }
    let kind: Kind
    public static let automatic = AxisMarkPreset(kind: .automatic)
    public static let extended = AxisMarkPreset(kind: .extended)
    public static let aligned = AxisMarkPreset(kind: .aligned)
    public static let inset = AxisMarkPreset(kind: .inset)
}

/// Which side of the plot an axis's marks go (Swift Charts' `AxisMarkPosition`).
public struct AxisMarkPosition: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, leading, trailing, top, bottom }
    let kind: Kind
    public static let automatic = AxisMarkPosition(kind: .automatic)
    public static let leading = AxisMarkPosition(kind: .leading)
    public static let trailing = AxisMarkPosition(kind: .trailing)
    public static let top = AxisMarkPosition(kind: .top)
    public static let bottom = AxisMarkPosition(kind: .bottom)
}

/// The values an axis marks (Swift Charts' `AxisMarkValues`): chosen for you, every
/// `stride`, or the ones you list. The scales turn them into ticks.
public struct AxisMarkValues: @unchecked Sendable {
    enum Kind {
        case automatic(desiredCount: Int?, minimumStride: PlotValue?, roundLowerBound: Bool?, roundUpperBound: Bool?)
        case calendarStride(Calendar.Component, count: Int, roundLowerBound: Bool?, roundUpperBound: Bool?, calendar: Calendar?)
        case numberStride(Double, roundLowerBound: Bool?, roundUpperBound: Bool?)
        case values([PlotValue])
    }

    let kind: Kind

    public static let automatic = AxisMarkValues(kind: .automatic(desiredCount: nil, minimumStride: nil, roundLowerBound: nil, roundUpperBound: nil))

    public static func automatic(desiredCount: Int? = nil, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .automatic(desiredCount: desiredCount, minimumStride: nil, roundLowerBound: roundLowerBound, roundUpperBound: roundUpperBound))
    }

    public static func automatic<P: BinaryFloatingPoint>(minimumStride: P, desiredCount: Int? = nil, roundLowerBound: Bool? = nil,
                                               roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .automatic(desiredCount: desiredCount, minimumStride: .number(Double(minimumStride)), roundLowerBound: roundLowerBound,
                                        roundUpperBound: roundUpperBound))
    }

    public static func stride(by component: Calendar.Component, count: Int = 1, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil,
                              calendar: Calendar? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .calendarStride(component, count: count, roundLowerBound: roundLowerBound, roundUpperBound: roundUpperBound, calendar: calendar))
    }

    public static func stride<P: BinaryFloatingPoint>(by stepSize: P, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .numberStride(Double(stepSize), roundLowerBound: roundLowerBound, roundUpperBound: roundUpperBound))
    }
}

/// One value an axis marks, as its `AxisMarks` closure sees it (Swift Charts' `AxisValue`).
public struct AxisValue: Sendable {
    /// Its place among the axis's values, and how many there are.
    public let index: Int
    public let count: Int
    let value: PlotValue

    init(index: Int, count: Int, value: PlotValue) {
        self.index = index
        self.count = count
        self.value = value
    }

    /// The value as `type`: `value.as(Date.self)`, `value.as(Double.self)`.
    public func `as`<P: Plottable>(_ type: P.Type) -> P? { plottable(value, as: type) }
}

/// The marks of one axis: grid lines, ticks and labels at its values (Swift Charts' `AxisMarks`).
public struct AxisMarks<Content: AxisMark>: AxisContent {
    public typealias Body = Never
    let settings: AxisMarksSettings

    public func _axisMarks() -> _ResolvedAxisContent { _ResolvedAxisContent(marks: [settings]) }

    init(preset: AxisMarkPreset, position: AxisMarkPosition, values: AxisMarkValues, components: @escaping (AxisValue) -> [AxisComponent]) {
        settings = AxisMarksSettings(preset: preset, position: position, values: values, components: components)
    }

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                @AxisMarkBuilder content: @escaping (AxisValue) -> Content) {
        self.init(preset: preset, position: position, values: values, components: { content($0)._axisComponents().components })
    }

    public init<Value: Plottable>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [Value],
                                  @AxisMarkBuilder content: @escaping (AxisValue) -> Content) {
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .values(values.map { plotValue(of: $0) })),
                  components: { content($0)._axisComponents().components })
    }
}

/// An axis label's text through a format style, for the display's zone and language.
typealias AxisLabelFormat = (PlotValue, ZoneRules, DisplayLocale) -> String?

/// `format` as SwiftUI's environment applies it to Apple's charts: in the display's
/// language, and a `Date.FormatStyle` left in the current zone in the display's zone
/// (not the process's: `.dateTime.hour()` on a Seoul display says Seoul's hours).
func axisLabelFormat<Format: FormatStyle>(_ format: Format) -> AxisLabelFormat
where Format.FormatInput: Plottable, Format.FormatOutput == String {
    { value, zone, locale in
        guard let input = plottable(value, as: Format.FormatInput.self) else { return nil }
        if var style = format as? Date.FormatStyle, let date = input as? Date {
            if style.timeZone == .autoupdatingCurrent { style.timeZone = zone.formattingTimeZone(at: date) }
            if style.locale == .autoupdatingCurrent { style.locale = locale.foundationLocale }
            // The display's calendar, as the ticks' own labels have it: one ICU formatter a pattern.
            if style.calendar == .autoupdatingCurrent { style.calendar = locale.calendar }
            return style.format(date)
        }
        return format.locale(locale.foundationLocale).format(input)
    }
}

/// The default marks of `AxisMarks()`: a grid line, a tick and a label at each value.
func defaultAxisComponents(format: AxisLabelFormat? = nil, stroke: StrokeStyle? = nil) -> [AxisComponent] {
    [AxisComponent(kind: .gridLine(centered: nil, stroke: stroke)), AxisComponent(kind: .tick(centered: nil, length: .automatic, stroke: stroke)),
     AxisComponent(kind: .valueLabel(text: nil, format: format, centered: nil, anchor: nil, content: nil))]
}

/// `AxisMarks()` without content is `AxisMarks<Never>`, as in Swift Charts.
extension Never: AxisMark {
    public func _axisComponents() -> _ResolvedAxisMark { switch self {} }
}

extension AxisMarks {
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                @AxisMarkBuilder content: @escaping () -> Content) {
        self.init(preset: preset, position: position, values: values, components: { _ in content()._axisComponents().components })
    }

    public init<Value: Plottable>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [Value],
                                  @AxisMarkBuilder content: @escaping () -> Content) {
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .values(values.map { plotValue(of: $0) })),
                  components: { _ in content()._axisComponents().components })
    }
}

extension AxisMarks where Content == Never {
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                stroke: StrokeStyle? = nil) {
        self.init(preset: preset, position: position, values: values, components: { _ in defaultAxisComponents(stroke: stroke) })
    }

    public init<Value: Plottable>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [Value],
                                  stroke: StrokeStyle? = nil) {
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .values(values.map { plotValue(of: $0) })),
                  components: { _ in defaultAxisComponents(stroke: stroke) })
    }

    /// The default marks, their labels through `format`: `AxisMarks(format: .dateTime.hour())`.
    public init<Format: FormatStyle>(format: Format, preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                     values: AxisMarkValues = .automatic, stroke: StrokeStyle? = nil)
    where Format.FormatInput: Plottable, Format.FormatOutput == String {
        let text = axisLabelFormat(format)
        self.init(preset: preset, position: position, values: values, components: { _ in defaultAxisComponents(format: text, stroke: stroke) })
    }

    public init<Value: Plottable, Format: FormatStyle>(format: Format, preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                                       values: [Value], stroke: StrokeStyle? = nil)
    where Value == Format.FormatInput, Format.FormatOutput == String {
        let text = axisLabelFormat(format)
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .values(values.map { plotValue(of: $0) })),
                  components: { _ in defaultAxisComponents(format: text, stroke: stroke) })
    }
}

/// A line across the plot at an axis value (Swift Charts' `AxisGridLine`).
public struct AxisGridLine: AxisMark {
    let centered: Bool?
    let stroke: StrokeStyle?

    public init(centered: Bool? = nil, stroke: StrokeStyle? = nil) {
        self.centered = centered
        self.stroke = stroke
    }

    public func _axisComponents() -> _ResolvedAxisMark { _ResolvedAxisMark(components: [AxisComponent(kind: .gridLine(centered: centered, stroke: stroke))]) }
}

/// A short line at the axis for a value (Swift Charts' `AxisTick`).
public struct AxisTick: AxisMark {
    /// How long a tick is (Swift Charts' `AxisTick.Length`).
    public struct Length: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case automatic
            case fixed(CGFloat)
            case label(extendPastBy: CGFloat)
            case longestLabel(extendPastBy: CGFloat)
        }

        let kind: Kind
        public static let automatic = Length(kind: .automatic)
        public static func label(extendPastBy: CGFloat = 0) -> Length { Length(kind: .label(extendPastBy: extendPastBy)) }
        public static func longestLabel(extendPastBy: CGFloat = 0) -> Length { Length(kind: .longestLabel(extendPastBy: extendPastBy)) }
        public static var label: Length { .label() }
        public static var longestLabel: Length { .longestLabel() }
    }

    let centered: Bool?
    let length: Length
    let stroke: StrokeStyle?

    public init(centered: Bool? = nil, length: Length = .automatic, stroke: StrokeStyle? = nil) {
        self.centered = centered
        self.length = length
        self.stroke = stroke
    }

    public init(centered: Bool? = nil, length: CGFloat, stroke: StrokeStyle? = nil) {
        self.init(centered: centered, length: Length(kind: .fixed(length)), stroke: stroke)
    }

    public func _axisComponents() -> _ResolvedAxisMark {
        _ResolvedAxisMark(components: [AxisComponent(kind: .tick(centered: centered, length: length, stroke: stroke))])
    }
}

/// How labels that would overlap are thinned (Swift Charts' `AxisValueLabelCollisionResolution`).
public struct AxisValueLabelCollisionResolution: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, greedy, truncate, disabled }
    let kind: Kind
    public static let automatic = Self(kind: .automatic)
    public static let greedy = Self(kind: .greedy)
    public static func greedy(priority: Double = 0, minimumSpacing: CGFloat = 0) -> Self { Self(kind: .greedy) }
    public static let truncate = Self(kind: .truncate)
    public static let disabled = Self(kind: .disabled)
}

/// Which way a label's text runs (Swift Charts' `AxisValueLabelOrientation`).
public struct AxisValueLabelOrientation: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, horizontal, vertical, verticalReversed }
    let kind: Kind
    public static let automatic = Self(kind: .automatic)
    public static let horizontal = Self(kind: .horizontal)
    public static let vertical = Self(kind: .vertical)
    public static let verticalReversed = Self(kind: .verticalReversed)
}

/// A value's label at the axis (Swift Charts' `AxisValueLabel`).
public struct AxisValueLabel: AxisMark {
    let component: AxisComponent

    public init(centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        component = AxisComponent(kind: .valueLabel(text: nil, format: nil, centered: centered, anchor: anchor, content: nil))
    }

    /// The value through `format`: `AxisValueLabel(format: .dateTime.hour())`.
    public init<Format: FormatStyle>(format: Format, centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                                     collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                                     orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                                     verticalSpacing: CGFloat? = nil) where Format.FormatInput: Plottable, Format.FormatOutput == String {
        let text = axisLabelFormat(format)
        component = AxisComponent(kind: .valueLabel(text: nil, format: text, centered: centered, anchor: anchor, content: nil))
    }

    public init(_ labelKey: LocalizedStringKey, centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        component = AxisComponent(kind: .valueLabel(text: Text(labelKey).string, format: nil, centered: centered, anchor: anchor, content: nil))
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ label: S, centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                                   collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                                   orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                                   verticalSpacing: CGFloat? = nil) {
        component = AxisComponent(kind: .valueLabel(text: String(label), format: nil, centered: centered, anchor: anchor, content: nil))
    }

    public init<Content: View>(centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                               collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                               orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                               verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        component = AxisComponent(kind: .valueLabel(text: nil, format: nil, centered: centered, anchor: anchor, content: AnyView(content())))
    }

    public func _axisComponents() -> _ResolvedAxisMark { _ResolvedAxisMark(components: [component]) }
}

/// An axis mark under `foregroundStyle` or `font`.
public struct _StyledAxisMark<Mark: AxisMark>: AxisMark {
    let mark: Mark
    let apply: (inout AxisComponent) -> Void

    public func _axisComponents() -> _ResolvedAxisMark {
        _ResolvedAxisMark(components: mark._axisComponents().components.map { component in
            var component = component
            apply(&component)
            return component
        })
    }
}

extension AxisMark {
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some AxisMark {
        _StyledAxisMark(mark: self) { component in
            if case .color(let color) = style.fill(in: EnvironmentValues()) { component.color = color }
        }
    }

    public func font(_ font: Font?) -> some AxisMark {
        _StyledAxisMark(mark: self) { $0.font = font }
    }

    /// Accepted for source compatibility; recorded nowhere yet.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some AxisMark { self }
}
