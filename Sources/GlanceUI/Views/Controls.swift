import GlanceGraphics
import GlanceIntents

/// A control that runs an App Intent (SwiftUI's `Button(intent:)` in a widget).
///
/// On a wall display a button is pressed by a board key bound to `press SLOT`, by a tap
/// on a touchscreen, or by `glance press`. The intent's `perform()` runs off the render
/// path; afterwards the widget that shows the button reloads its timeline.
public struct Button<Label: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let action: IntentAction?
    let label: Label

    public init(intent: some AppIntent, @ViewBuilder label: () -> Label) {
        action = IntentAction(intent)
        self.label = label()
    }

    /// SwiftUI's app button. A widget's button runs only an App Intent, on iOS as on a wall:
    /// the label is drawn and the closure never runs (a key or tap on it does nothing).
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = nil
        self.label = label()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let styled: ViewNode
        if let custom = environment.customButtonStyle {
            // A widget's own `ButtonStyle`: its body around the label, never pressed (a wall
            // draws a frame, not a finger on the glass).
            styled = resolveNode(custom.body(ButtonStyleConfiguration(label: .init(content: AnyView(label)), isPressed: false, role: nil)), in: environment)
        } else {
            styled = ButtonLook.styled(label, style: environment.buttonStyle, prominent: environment.buttonStyle == .borderedProminent,
                                       in: environment)
        }
        guard let action else { return styled }
        return .control(ControlNode(action: action, role: .button), styled)
    }
}

extension Button where Label == Text {
    /// An app button titled with text; its closure never runs in a widget (see `init(action:label:)`).
    public init(_ title: some StringProtocol, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

extension Button where Label == Text {
    /// A button titled with text: `Button("Refresh", intent: RefreshIntent())`.
    public init(_ title: some StringProtocol, intent: some AppIntent) {
        self.init(intent: intent) { Text(title) }
    }

    /// With a role (`.destructive`, `.cancel`): drawn as any button (a wall has no
    /// confirmation sheet for a role to change).
    public init(_ title: some StringProtocol, role: ButtonRole?, intent: some AppIntent) {
        self.init(intent: intent) { Text(title) }
    }
}

extension Button {
    public init(role: ButtonRole?, intent: some AppIntent, @ViewBuilder label: () -> Label) {
        self.init(intent: intent, label: label)
    }
}

/// What a button does (SwiftUI's `ButtonRole`).
public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

extension Button where Label == HStack<TupleView<(Image, Text)>> {
    /// A button with an icon and a title: `Button("Refresh", systemImage: "arrow.clockwise", intent: …)`.
    public init(_ title: some StringProtocol, systemImage: String, intent: some AppIntent) {
        self.init(intent: intent) { HStack { Image(systemName: systemImage); Text(title) } }
    }
}

/// A switch that runs an App Intent (SwiftUI's `Toggle(isOn:intent:)` in a widget).
///
/// `isOn` is what the widget's entry says; a press runs the intent with `value` set to
/// the opposite (for a `SetValueIntent`), and the widget reloads to show the new state.
public struct Toggle<Label: View>: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let isOn: Bool
    let action: IntentAction
    let label: Label

    public init(isOn: Bool, intent: some AppIntent, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        action = IntentAction(intent, settingValueTo: !isOn)
        self.label = label()
    }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let content: ViewNode
        switch environment.toggleStyle.look {
        case .button:
            content = ButtonLook.styled(label, style: isOn ? .borderedProminent : .bordered, prominent: isOn, in: environment)
        case .automatic, .switch:
            let labelNode = resolveNode(label, in: environment)
            let knob = ToggleSwitch.node(isOn: isOn, tint: environment.tint ?? Color.green.rgba)
            content = labelNode == .empty ? knob
                : .stack(StackNode(axis: .horizontal, alignment: .center, spacing: nil,
                                   children: [labelNode, .spacer(minLength: 8), knob]))
        }
        return .control(ControlNode(action: action, role: .toggle(isOn: isOn)), content)
    }
}

extension Toggle where Label == Text {
    public init(_ title: some StringProtocol, isOn: Bool, intent: some AppIntent) {
        self.init(isOn: isOn, intent: intent) { Text(title) }
    }
}

/// How buttons look (SwiftUI's button styles): `.buttonStyle(.plain)`.
public struct PrimitiveButtonStyleConfiguration: Hashable, Sendable {
    enum Look: Hashable, Sendable {
        case automatic, plain, borderless, bordered, borderedProminent
    }

    let look: Look

    public static let automatic = PrimitiveButtonStyleConfiguration(look: .automatic)
    public static let plain = PrimitiveButtonStyleConfiguration(look: .plain)
    public static let borderless = PrimitiveButtonStyleConfiguration(look: .borderless)
    public static let bordered = PrimitiveButtonStyleConfiguration(look: .bordered)
    public static let borderedProminent = PrimitiveButtonStyleConfiguration(look: .borderedProminent)
}

/// How toggles look (SwiftUI's toggle styles): `.toggleStyle(.button)`.
public struct ToggleStyleConfiguration: Hashable, Sendable {
    enum Look: Hashable, Sendable {
        case automatic, `switch`, button
    }

    let look: Look

    public static let automatic = ToggleStyleConfiguration(look: .automatic)
    public static let `switch` = ToggleStyleConfiguration(look: .switch)
    public static let button = ToggleStyleConfiguration(look: .button)
}

/// A widget's own look for buttons (SwiftUI's `ButtonStyle`).
public protocol ButtonStyle: Sendable {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ButtonStyleConfiguration
}

/// A button as its style gets it (SwiftUI's `ButtonStyleConfiguration`): the label, as a
/// view that resolves where the style puts it; on a wall never pressed.
public struct ButtonStyleConfiguration {
    public typealias Label = StylePart

    public let label: Label
    public let isPressed: Bool
    public let role: ButtonRole?
}

/// The button style in the environment, its type erased.
package struct AnyButtonStyle: Sendable {
    let body: @Sendable (ButtonStyleConfiguration) -> AnyView
    init<Style: ButtonStyle>(_ style: Style) { body = { AnyView(style.makeBody(configuration: $0)) } }
}

/// SwiftUI's button style types, as values: `.buttonStyle(PlainButtonStyle())`.
public struct PlainButtonStyle: Sendable { public init() {} }
public struct BorderlessButtonStyle: Sendable { public init() {} }
public struct BorderedButtonStyle: Sendable { public init() {} }
public struct BorderedProminentButtonStyle: Sendable { public init() {} }
public struct DefaultButtonStyle: Sendable { public init() {} }

extension View {
    public consuming func buttonStyle(_ style: PlainButtonStyle) -> ModifiedContent<Self, BuiltinModifier> { buttonStyle(.plain) }
    public consuming func buttonStyle(_ style: BorderlessButtonStyle) -> ModifiedContent<Self, BuiltinModifier> { buttonStyle(.borderless) }
    public consuming func buttonStyle(_ style: BorderedButtonStyle) -> ModifiedContent<Self, BuiltinModifier> { buttonStyle(.bordered) }
    public consuming func buttonStyle(_ style: BorderedProminentButtonStyle) -> ModifiedContent<Self, BuiltinModifier> { buttonStyle(.borderedProminent) }
    public consuming func buttonStyle(_ style: DefaultButtonStyle) -> ModifiedContent<Self, BuiltinModifier> { buttonStyle(.automatic) }
}

extension View {
    /// `.plain` and `.borderless` draw the label as it is; `.bordered` (the widget default)
    /// on a light fill of the tint, in the tint; `.borderedProminent` white on the tint.
    public consuming func buttonStyle(_ style: PrimitiveButtonStyleConfiguration) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: {
            $0.buttonStyle = style
            $0.customButtonStyle = nil
        })
    }

    /// A widget's own button style: its `makeBody(configuration:)` draws every button inside.
    public consuming func buttonStyle<Style: ButtonStyle>(_ style: Style) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.customButtonStyle = AnyButtonStyle(style) })
    }

    public consuming func toggleStyle(_ style: ToggleStyleConfiguration) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.toggleStyle = style })
    }

    /// The accent colour of controls inside (SwiftUI's `.tint`).
    public consuming func tint(_ color: Color?) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { environment in environment.tint = color?.resolved(in: environment) })
    }
}

/// The control kinds a view tree can hold.
@usableFromInline package struct ControlNode: Hashable, Sendable {
    package enum Role: Hashable, Sendable {
        case button
        case toggle(isOn: Bool)
    }

    /// What a press runs.
    package let action: IntentAction
    package let role: Role

    package init(action: IntentAction, role: Role) {
        self.action = action
        self.role = role
    }
}

extension ViewNode {
    /// The controls in the tree, in reading order (depth first, as they appear in the code).
    public var controls: [ControlNode] {
        var found: [ControlNode] = []
        collectControls(into: &found)
        return found
    }

    private func collectControls(into found: inout [ControlNode]) {
        switch self {
        case .empty, .text, .spacer, .shape, .divider, .symbol, .image: return
        case .control(let control, let child):
            found.append(control)
            child.collectControls(into: &found)
        case .group(let children): children.forEach { $0.collectControls(into: &found) }
        case .stack(let stack): stack.children.forEach { $0.collectControls(into: &found) }
        case .padding(_, let child), .frame(_, let child), .clip(_, let child), .fixedSize(_, _, let child),
             .alignmentGuide(_, let child), .effect(_, let child), .mask(let child, _, _):
            child.collectControls(into: &found)
        case .grid(let grid): grid.cells.forEach { $0.collectControls(into: &found) }
        case .firstFitting(let fit): fit.children.forEach { $0.collectControls(into: &found) }
        // Built only once its size is known; its controls are found where it is drawn.
        case .geometry: return
        case .background(let content, let decoration, _), .overlay(let content, let decoration, _):
            content.collectControls(into: &found)
            decoration.collectControls(into: &found)
        }
    }
}

/// The looks of a button's label.
enum ButtonLook {
    static func styled(_ label: some View, style: PrimitiveButtonStyleConfiguration, prominent: Bool,
                       in environment: EnvironmentValues) -> ViewNode {
        let tint = environment.tint ?? Color.blue.rgba
        var inner = environment
        switch style.look {
        case .plain:
            return resolveNode(label, in: environment)
        case .borderless:
            inner.foregroundColor = tint
            return resolveNode(label, in: inner)
        case .automatic, .bordered, .borderedProminent:
            inner.foregroundColor = prominent ? .white : tint
            let fill = prominent ? tint : RGBA(tint.r, tint.g, tint.b, UInt8(Int(tint.a) * 15 / 100))
            let padded = ViewNode.padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12), resolveNode(label, in: inner))
            return .background(content: padded, decoration: .shape(ShapeNode(kind: environment.buttonBorderShape.shapeKind, fill: .color(fill))),
                                alignment: .center)
        }
    }
}

/// SwiftUI's switch, 51 × 31 points: a capsule track and a round knob on the side of the
/// state. Off is outlined so that it stays visible on a black-and-white panel.
enum ToggleSwitch {
    static func node(isOn: Bool, tint: RGBA) -> ViewNode {
        let outline = RGBA(hex: 0x636366)
        var layers: [ViewNode] = []
        if isOn {
            layers.append(.shape(ShapeNode(kind: .capsule, fill: .color(tint))))
        } else {
            layers.append(.shape(ShapeNode(kind: .capsule, fill: .color(RGBA(hex: 0xE5E5EA)))))
            layers.append(.shape(ShapeNode(kind: .capsule, fill: .color(outline), stroke: StrokeStyle(lineWidth: 1.5))))
        }
        var knob: [ViewNode] = [.shape(ShapeNode(kind: .circle, fill: .color(.white)))]
        if !isOn { knob.append(.shape(ShapeNode(kind: .circle, fill: .color(outline), stroke: StrokeStyle(lineWidth: 1.5)))) }
        layers.append(.padding(EdgeInsets(2), .frame(FrameNode(width: 27, height: 27),
                                                     .stack(StackNode(axis: .depth, alignment: .center, spacing: nil, children: knob)))))
        return .frame(FrameNode(width: 51, height: 31),
                      .stack(StackNode(axis: .depth, alignment: isOn ? .trailing : .leading, spacing: nil, children: layers)))
    }
}
