import Foundation
import GlanceUI

/// A value a chart can place on an axis (Swift Charts' `Plottable`): a number, a date or
/// a string, or a type that stands for one through `primitivePlottable`.
public protocol Plottable {
    associatedtype PrimitivePlottable: Plottable
    var primitivePlottable: PrimitivePlottable { get }
    init?(primitivePlottable: PrimitivePlottable)
}

extension Plottable where Self: RawRepresentable, Self.RawValue: Plottable {
    public var primitivePlottable: RawValue { rawValue }
    public init?(primitivePlottable: RawValue) { self.init(rawValue: primitivePlottable) }
}

extension String: Plottable {
    public var primitivePlottable: String { self }
    public init?(primitivePlottable: String) { self = primitivePlottable }
}
extension Date: Plottable {
    public var primitivePlottable: Date { self }
    public init?(primitivePlottable: Date) { self = primitivePlottable }
}
extension Int: Plottable {
    public var primitivePlottable: Int { self }
    public init?(primitivePlottable: Int) { self = primitivePlottable }
}
extension Int8: Plottable {
    public var primitivePlottable: Int8 { self }
    public init?(primitivePlottable: Int8) { self = primitivePlottable }
}
extension Int16: Plottable {
    public var primitivePlottable: Int16 { self }
    public init?(primitivePlottable: Int16) { self = primitivePlottable }
}
extension Int32: Plottable {
    public var primitivePlottable: Int32 { self }
    public init?(primitivePlottable: Int32) { self = primitivePlottable }
}
extension Int64: Plottable {
    public var primitivePlottable: Int64 { self }
    public init?(primitivePlottable: Int64) { self = primitivePlottable }
}
extension UInt: Plottable {
    public var primitivePlottable: UInt { self }
    public init?(primitivePlottable: UInt) { self = primitivePlottable }
}
extension UInt8: Plottable {
    public var primitivePlottable: UInt8 { self }
    public init?(primitivePlottable: UInt8) { self = primitivePlottable }
}
extension UInt16: Plottable {
    public var primitivePlottable: UInt16 { self }
    public init?(primitivePlottable: UInt16) { self = primitivePlottable }
}
extension UInt32: Plottable {
    public var primitivePlottable: UInt32 { self }
    public init?(primitivePlottable: UInt32) { self = primitivePlottable }
}
extension UInt64: Plottable {
    public var primitivePlottable: UInt64 { self }
    public init?(primitivePlottable: UInt64) { self = primitivePlottable }
}
extension Double: Plottable {
    public var primitivePlottable: Double { self }
    public init?(primitivePlottable: Double) { self = primitivePlottable }
}
extension Float: Plottable {
    public var primitivePlottable: Float { self }
    public init?(primitivePlottable: Float) { self = primitivePlottable }
}
extension CGFloat: Plottable {
    public var primitivePlottable: CGFloat { self }
    public init?(primitivePlottable: CGFloat) { self = primitivePlottable }
}
extension Decimal: Plottable {
    public var primitivePlottable: Decimal { self }
    public init?(primitivePlottable: Decimal) { self = primitivePlottable }
}

/// `plotValue(of:)` for a value of a known type: a point's Double, Int or Date without a
/// dynamic cast (a chart's marks are made each frame, two values a point).
func plotValue<V: Plottable>(typed value: V) -> PlotValue {
    if V.self == Double.self { return .number(unsafeBitCast(value, to: Double.self)) }
    if V.self == Int.self { return .number(Double(unsafeBitCast(value, to: Int.self))) }
    if V.self == Date.self { return .date(unsafeBitCast(value, to: Date.self)) }
    return plotValue(of: value as any Plottable)
}

/// The plot value of any `Plottable`: its primitive, followed down to a number, a date
/// or a string.
func plotValue(of value: any Plottable) -> PlotValue {
    switch value {
    // The usual types first, by their own type (a cast to a concrete type compares one
    // pointer; one to `any BinaryFloatingPoint` does more): called for each point's x and y.
    case let number as Double: return .number(number)
    case let integer as Int: return .number(Double(integer))
    case let string as String: return .category(string)
    case let date as Date: return .date(date)
    case let decimal as Decimal: return .number(Double(decimal.description) ?? 0)
    case let integer as any BinaryInteger: return .number(Double(integer))
    case let float as any BinaryFloatingPoint: return .number(Double(float))
    default: return plotValue(of: value.primitivePlottable)
    }
}

/// A plot value back in the type a user's format or `AxisValue.as(_:)` asks for.
func plottable<P: Plottable>(_ value: PlotValue, as type: P.Type) -> P? {
    switch value {
    case .category(let string): if let result = string as? P { return result }
    case .date(let date): if let result = date as? P { return result }
    case .number(let number):
        if let result = number as? P { return result }
        if let integer = P.self as? any BinaryInteger.Type, number.rounded() == number { return integer.init(number) as? P }
        if let float = P.self as? any BinaryFloatingPoint.Type { return float.init(number) as? P }
        if P.self == Decimal.self { return Decimal(number) as? P }
    }
    // A wrapper type: through its primitive.
    if P.PrimitivePlottable.self != P.self, let primitive = plottable(value, as: P.PrimitivePlottable.self) {
        return P(primitivePlottable: primitive)
    }
    return nil
}

/// A labelled value of a mark (Swift Charts' `PlottableValue`): `.value("Day", day)`.
public struct PlottableValue<Value: Plottable> {
    /// The label as given: turned into text only when read (a chart of 500 points names
    /// its x and y a thousand times a frame, and nothing on a wall reads those names).
    let labelSource: PlotLabel
    let value: PlotValue
    let unit: Calendar.Component?

    var label: String { labelSource.string }

    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(labelSource: .key(label), value: plotValue(typed: value), unit: nil)
    }

    @_disfavoredOverload
    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(labelSource: .string(String(label)), value: plotValue(typed: value), unit: nil)
    }

    public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(labelSource: .text(label), value: plotValue(typed: value), unit: nil)
    }
}

extension PlottableValue where Value == Date {
    /// A date binned to `unit` (a day, a month): bars span the unit.
    public static func value(_ label: LocalizedStringKey, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(labelSource: .key(label), value: .date(value), unit: unit)
    }

    @_disfavoredOverload
    public static func value<S: StringProtocol>(_ label: S, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(labelSource: .string(String(label)), value: .date(value), unit: unit)
    }

    public static func value(_ label: Text, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(labelSource: .text(label), value: .date(value), unit: unit)
    }
}

/// A plotted value's label as the widget gave it.
enum PlotLabel: Sendable {
    case key(LocalizedStringKey)
    case string(String)
    case text(Text)

    var string: String {
        switch self {
        case .key(let key): Text(key).string
        case .string(let string): string
        case .text(let text): text.string
        }
    }
}

extension PlotValue {
    /// The value as a series key (`foregroundStyle(by:)`, `symbol(by:)`) and scale key.
    var seriesKey: String {
        switch self {
        case .category(let string): string
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .date(let date): date.ISO8601Format()
        }
    }
}
