import Foundation
import GlanceGraphics

/// Where `value` lies in `bounds`, 0…1 (0 for an empty range).
func share(of value: Double, in bounds: ClosedRange<Double>) -> Double {
    let span = bounds.upperBound - bounds.lowerBound
    return span > 0 ? (value - bounds.lowerBound) / span : 0
}

/// How full a bar or ring is drawn: a capsule from the leading edge to `fraction` of the
/// width.
struct BarFill: Shape {
    let fraction: Double

    func path(in bounds: CGRect) -> Path {
        let rect = Rect(bounds)
        let width = rect.width * max(0, min(1, fraction))
        guard width > 0 else { return Path() }
        return Path(roundedRect: Rect(x: rect.x, y: rect.y, width: max(width, rect.height), height: rect.height).cgRect,
                    cornerRadius: rect.height / 2)
    }
}

/// An arc from the top, clockwise, over `fraction` of the circle (or of `span` of it,
/// centred on the bottom gap, for the open gauge ring).
struct RingArc: Shape {
    let fraction: Double
    /// The part of the full turn the ring covers (1: a closed ring; 0.75: a gauge's open ring).
    var span: Double = 1

    func path(in bounds: CGRect) -> Path {
        let rect = Rect(bounds)
        let side = min(rect.width, rect.height)
        let center = Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        let start = span >= 1 ? -90.0 : 90 + (1 - span) * 180
        let sweep = 360 * span * max(0, min(1, fraction))
        guard sweep > 0 else { return Path() }
        var path = Path()
        path.addArc(center: center.cgPoint, radius: side / 2, startAngle: .degrees(start), endAngle: .degrees(start + sweep), clockwise: false)
        return path
    }
}

/// A progress bar (SwiftUI's `ProgressView`): `ProgressView(value: 0.4)`,
/// `ProgressView("Upload", value: 3, total: 10)`, `ProgressView(timerInterval:)` (how much
/// of the interval has passed at the frame's instant). `.progressViewStyle(.circular)`
/// draws a ring.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    enum Amount {
        case fixed(Double?)
        case timer(ClosedRange<Date>, countsDown: Bool)
    }

    let amount: Amount
    let label: Label?
    let currentValueLabel: CurrentValueLabel?

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let fraction: Double
        switch amount {
        case .fixed(let value): fraction = value ?? 0
        case .timer(let interval, let countsDown):
            let length = interval.upperBound.timeIntervalSince(interval.lowerBound)
            let passed = length > 0 ? environment.now.timeIntervalSince(interval.lowerBound) / length : 1
            fraction = countsDown ? 1 - passed : passed
        }
        let tint = environment.tint ?? Color.blue.rgba
        let track = RGBA(120, 120, 128, 51)
        var parts: [ViewNode] = []
        if let label { parts.append(resolveNode(label, in: environment)) }
        let bar: ViewNode
        if environment.progressViewStyle == .circular {
            bar = .frame(FrameNode(width: 28, height: 28), .stack(StackNode(axis: .depth, alignment: .center, spacing: nil, children: [
                .shape(ShapeNode(kind: .inset(.circle, amount: 2), fill: .color(track), stroke: StrokeStyle(lineWidth: 4))),
                .shape(ShapeNode(kind: .inset(.custom(CustomShape(RingArc(fraction: fraction))), amount: 2), fill: .color(tint),
                                 stroke: StrokeStyle(lineWidth: 4, lineCap: .round))),
            ])))
        } else {
            bar = .frame(FrameNode(height: 4, maxWidth: .infinity), .stack(StackNode(axis: .depth, alignment: .leading, spacing: nil, children: [
                .shape(ShapeNode(kind: .capsule, fill: .color(track))),
                .shape(ShapeNode(kind: .custom(CustomShape(BarFill(fraction: fraction))), fill: .color(tint))),
            ])))
        }
        parts.append(bar)
        if let currentValueLabel {
            var small = environment
            small.font = .caption
            small.foregroundColor = RGBA(60, 60, 67, 153)
            parts.append(resolveNode(currentValueLabel, in: small))
        }
        return parts.count == 1 ? bar : .stack(StackNode(axis: .vertical, alignment: .leading, spacing: 4, children: parts))
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init(value: Double?, total: Double = 1) {
        amount = .fixed(value.map { share(of: $0, in: 0...max(0, total)) })
        label = nil
        currentValueLabel = nil
    }

    public init<Value: BinaryInteger>(value: Value?, total: Value = 1) {
        self.init(value: value.map { Double($0) }, total: Double(total))
    }

    /// How much of `timerInterval` has passed (or is left, `countsDown`) when the frame is drawn.
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
        amount = .timer(timerInterval, countsDown: countsDown)
        label = nil
        currentValueLabel = nil
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init(value: Double?, total: Double = 1, @ViewBuilder label: () -> Label) {
        amount = .fixed(value.map { share(of: $0, in: 0...max(0, total)) })
        self.label = label()
        currentValueLabel = nil
    }

    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label) {
        amount = .timer(timerInterval, countsDown: countsDown)
        self.label = label()
        currentValueLabel = nil
    }
}

extension ProgressView {
    public init(value: Double?, total: Double = 1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        amount = .fixed(value.map { share(of: $0, in: 0...max(0, total)) })
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    /// A timer's bar with a label and a value below it (often `Text(timerInterval:)`).
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label,
                @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        amount = .timer(timerInterval, countsDown: countsDown)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ title: LocalizedStringKey, value: Double?, total: Double = 1) {
        self.init(value: value, total: total) { Text(title) }
    }
}

/// How progress views draw (SwiftUI's progress view styles).
public struct ProgressViewStyleConfiguration: Hashable, Sendable {
    let isCircular: Bool
    public static let automatic = ProgressViewStyleConfiguration(isCircular: false)
    public static let linear = ProgressViewStyleConfiguration(isCircular: false)
    public static let circular = ProgressViewStyleConfiguration(isCircular: true)
}

/// A value within a range (SwiftUI's `Gauge`), in the styles widgets use:
/// `.accessoryCircular` (an open ring with the current value in it, min and max at its
/// ends), `.accessoryCircularCapacity` (a closed ring), `.linearCapacity` and
/// `.accessoryLinear(Capacity)` (a bar).
public struct Gauge<Label: View, CurrentValueLabel: View, MinimumValueLabel: View, MaximumValueLabel: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: MinimumValueLabel?
    let maximumValueLabel: MaximumValueLabel?

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let tint = environment.tint ?? environment.foregroundColor
        let track = RGBA(120, 120, 128, 77)
        var small = environment
        small.font = .system(size: 10, weight: .medium)
        func labelNode(_ view: (some View)?) -> ViewNode? { view.map { resolveNode($0, in: small) } }
        switch environment.gaugeStyle {
        case .accessoryCircular, .accessoryCircularCapacity:
            let open = environment.gaugeStyle == .accessoryCircular
            let ring: ViewNode = .stack(StackNode(axis: .depth, alignment: .center, spacing: nil, children: [
                .shape(ShapeNode(kind: .inset(.custom(CustomShape(RingArc(fraction: 1, span: open ? 0.75 : 1))), amount: 3), fill: .color(track),
                                 stroke: StrokeStyle(lineWidth: 6, lineCap: .round))),
                .shape(ShapeNode(kind: .inset(.custom(CustomShape(RingArc(fraction: fraction, span: open ? 0.75 : 1))), amount: 3),
                                 fill: .color(tint), stroke: StrokeStyle(lineWidth: 6, lineCap: .round))),
                labelNode(currentValueLabel) ?? resolveNode(label, in: small),
            ]))
            var children = [ring]
            if open, let minimum = labelNode(minimumValueLabel), let maximum = labelNode(maximumValueLabel) {
                children.append(.stack(StackNode(axis: .horizontal, alignment: .bottom, spacing: nil,
                                                 children: [minimum, .spacer(minLength: 0), maximum])))
            }
            return .frame(FrameNode(width: 58, height: 58),
                          .stack(StackNode(axis: .depth, alignment: .bottom, spacing: nil, children: children)))
        case .linearCapacity, .accessoryLinear, .accessoryLinearCapacity:
            let bar: ViewNode = .frame(FrameNode(height: 6, maxWidth: .infinity), .stack(StackNode(axis: .depth, alignment: .leading, spacing: nil, children: [
                .shape(ShapeNode(kind: .capsule, fill: .color(track))),
                .shape(ShapeNode(kind: .custom(CustomShape(BarFill(fraction: fraction))), fill: .color(tint))),
            ])))
            var row: [ViewNode] = []
            if let minimum = labelNode(minimumValueLabel) { row.append(minimum) }
            row.append(bar)
            if let maximum = labelNode(maximumValueLabel) { row.append(maximum) }
            let line: ViewNode = row.count == 1 ? bar : .stack(StackNode(axis: .horizontal, alignment: .center, spacing: 4, children: row))
            var rows = [resolveNode(label, in: environment), line]
            if let current = labelNode(currentValueLabel) { rows.append(current) }
            return .stack(StackNode(axis: .vertical, alignment: .leading, spacing: 4, children: rows))
        }
    }
}

extension Gauge {
    public init(value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> Label,
                @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder minimumValueLabel: () -> MinimumValueLabel,
                @ViewBuilder maximumValueLabel: () -> MaximumValueLabel) {
        fraction = share(of: value, in: bounds)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }
}

extension Gauge where MinimumValueLabel == EmptyView, MaximumValueLabel == EmptyView {
    public init(value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> Label,
                @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        fraction = share(of: value, in: bounds)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        minimumValueLabel = nil
        maximumValueLabel = nil
    }
}

extension Gauge where CurrentValueLabel == EmptyView, MinimumValueLabel == EmptyView, MaximumValueLabel == EmptyView {
    public init(value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> Label) {
        fraction = share(of: value, in: bounds)
        self.label = label()
        currentValueLabel = nil
        minimumValueLabel = nil
        maximumValueLabel = nil
    }
}

/// How gauges draw (SwiftUI's gauge styles).
public struct GaugeStyleConfiguration: Hashable, Sendable {
    enum Look: Hashable, Sendable {
        case accessoryCircular, accessoryCircularCapacity, linearCapacity, accessoryLinear, accessoryLinearCapacity
    }

    let look: Look
    public static let automatic = GaugeStyleConfiguration(look: .linearCapacity)
    public static let accessoryCircular = GaugeStyleConfiguration(look: .accessoryCircular)
    public static let accessoryCircularCapacity = GaugeStyleConfiguration(look: .accessoryCircularCapacity)
    public static let linearCapacity = GaugeStyleConfiguration(look: .linearCapacity)
    public static let accessoryLinear = GaugeStyleConfiguration(look: .accessoryLinear)
    public static let accessoryLinearCapacity = GaugeStyleConfiguration(look: .accessoryLinearCapacity)
}

extension View {
    public consuming func gaugeStyle(_ style: GaugeStyleConfiguration) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.gaugeStyle = style.look })
    }

    public consuming func progressViewStyle(_ style: ProgressViewStyleConfiguration) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.progressViewStyle = style.isCircular ? .circular : .linear })
    }
}

/// SwiftUI's older style types: a bar, or a ring, in an optional tint.
public struct LinearProgressViewStyle: Sendable {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
}

public struct CircularProgressViewStyle: Sendable {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
}

extension View {
    public consuming func progressViewStyle(_ style: LinearProgressViewStyle) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { environment in
            environment.progressViewStyle = .linear
            if let tint = style.tint { environment.tint = tint.rgba }
        })
    }

    public consuming func progressViewStyle(_ style: CircularProgressViewStyle) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { environment in
            environment.progressViewStyle = .circular
            if let tint = style.tint { environment.tint = tint.rgba }
        })
    }
}

/// The progress view style in force (environment).
enum ProgressLook: Hashable, Sendable { case linear, circular }
