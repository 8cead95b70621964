import GlanceGraphics
import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceUI
import FoundationEssentials
import Testing

/// Group, Label, Link, opacity, border and the colours widgets name.
@Suite struct MoreViewsTests {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    @Test func aGroupsChildrenJoinTheStack() {
        let node = resolveNode(VStack { Text("a"); Group { Text("b"); Text("c") } }, in: EnvironmentValues())
        guard case .stack(let stack) = node else { Issue.record("not a stack"); return }
        #expect(stack.children.count == 3)
    }

    @Test func labelStyles() {
        let label = Label("Rain", systemImage: "cloud.rain")
        #expect(resolveNode(label, in: EnvironmentValues()).textLines == ["Rain"])
        #expect(resolveNode(label.labelStyle(.iconOnly), in: EnvironmentValues()).textLines == [])
        guard case .text = resolveNode(label.labelStyle(.titleOnly), in: EnvironmentValues()) else {
            Issue.record("titleOnly is not the title alone")
            return
        }
    }

    /// A widget's own label style arranges the title and icon, and what it does to each
    /// (a font, a colour) applies to them.
    @Test func aWidgetsOwnLabelStyleArrangesTheParts() {
        struct Stacked: LabelStyle {
            func makeBody(configuration: Configuration) -> some View {
                VStack(spacing: 2) {
                    configuration.icon
                    configuration.title.font(.caption).foregroundStyle(.red)
                }
            }
        }
        let node = resolveNode(Label("Rain", systemImage: "cloud.rain").labelStyle(Stacked()), in: EnvironmentValues())
        guard case .stack(let stack) = node, stack.axis == .vertical, case .symbol = stack.children[0], case .text(let title) = stack.children[1] else {
            Issue.record("not the style's stack: \(node)")
            return
        }
        #expect(title.string == "Rain" && title.pointSize == Font.caption.pointSize && title.color == Color.red.rgba)
        // A built-in style inside a custom one's reach wins where it is set.
        #expect(resolveNode(Label("Rain", systemImage: "cloud.rain").labelStyle(.titleOnly).labelStyle(Stacked()), in: EnvironmentValues()).textLines == ["Rain"])
    }

    /// A widget's own button style draws the label its way; the button still runs its intent.
    @Test func aWidgetsOwnButtonStyleDrawsTheButton() {
        struct Pill: ButtonStyle {
            func makeBody(configuration: Configuration) -> some View {
                configuration.label.padding(4).background(Capsule().fill(configuration.isPressed ? Color.gray : Color.green))
            }
        }
        let node = resolveNode(Button(intent: NoteIntent()) { Text("Done") }.buttonStyle(Pill()), in: EnvironmentValues())
        guard case .control(_, let styled) = node, case .background(_, .shape(let capsule), _) = styled else {
            Issue.record("not the style's look inside a control: \(node)")
            return
        }
        #expect(capsule.kind == .capsule && node.textLines == ["Done"])
        // `.buttonStyle(.plain)` inside puts the built-in look back.
        let plain = resolveNode(Button(intent: NoteIntent()) { Text("Done") }.buttonStyle(.plain).buttonStyle(Pill()), in: EnvironmentValues())
        guard case .control(_, .text) = plain else {
            Issue.record("plain inside a custom style: \(plain)")
            return
        }
    }

    @Test func opacityScalesEveryColour() {
        let node = resolveNode(HStack { Text("x").foregroundColor(.red); Color.blue }.opacity(0.5), in: EnvironmentValues())
        guard case .stack(let stack) = node, case .text(let text) = stack.children[0], case .shape(let shape) = stack.children[1] else {
            Issue.record("unexpected tree \(node)")
            return
        }
        #expect(text.color.a == 128)
        #expect(shape.fill == .color(RGBA(hex: 0x007AFF, alpha: 128)))
    }

    @Test func namedColours() {
        #expect(Color(.systemBackground).rgba == .white)
        #expect(Color(.secondarySystemBackground).rgba == RGBA(hex: 0xF2F2F7))
        #expect(Color(hue: 0, saturation: 1, brightness: 1).rgba == RGBA(255, 0, 0))
        #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1).rgba == RGBA(0, 255, 0))
        #expect(Color(hue: 0.5, saturation: 0.5, brightness: 1).rgba == RGBA(128, 255, 255))
        #expect(Color(.sRGB, red: 1, green: 0.5, blue: 0, opacity: 1).rgba == RGBA(255, 128, 0))
        #expect(Color(.sRGBLinear, white: 0.5).rgba == RGBA(188, 188, 188))
        #expect([Color.teal, .cyan, .mint, .indigo, .brown, .pink].map(\.rgba) ==
                [RGBA(hex: 0x30B0C7), RGBA(hex: 0x32ADE6), RGBA(hex: 0x00C7BE), RGBA(hex: 0x5856D6), RGBA(hex: 0xA2845E), RGBA(hex: 0xFF2D55)])
    }

    @Test func goldenLabelsLinksAndBorders() throws {
        let view = VStack(alignment: .leading, spacing: 8) {
            Label("Rain at 15:00", systemImage: "cloud.rain")
            Label("Battery", systemImage: "battery.100").labelStyle(.iconOnly).imageScale(.large)
            Link("glance.example", destination: URL(string: "https://example.com")!)
            Text("Bordered").padding(4).border(Color.red, width: 2)
            Text("Faded").font(.headline).opacity(0.4)
            Text("Mono 0123").fontDesign(.monospaced)
        }
        .padding(8)
        .background(Color(.secondarySystemBackground))
        let mismatches = try GoldenImage.compareOnEveryPanel(width: 200, height: 200, named: "more-views") { canvas in
            renderer.render(resolveNode(view, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 200, height: 200))
        }
        for mismatch in mismatches { Issue.record("\(mismatch)") }
    }
}

/// Progress bars, rings and gauges as widgets use them.
@Suite struct ProgressAndGaugeTests {
    @Test func goldenProgressAndGauges() throws {
        let renderer = ViewRenderer(fonts: try FontLibrary())
        var environment = EnvironmentValues()
        environment.now = Date(timeIntervalSince1970: 1_000)
        let view = VStack(alignment: .leading, spacing: 10) {
            ProgressView(value: 0.4)
            ProgressView("Upload", value: 3, total: 10)
            ProgressView(timerInterval: Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 4_000), countsDown: false)
                .tint(.green)
            HStack(spacing: 12) {
                Gauge(value: 72, in: 0...100) { Text("Battery") } currentValueLabel: { Text("72") }
                    .gaugeStyle(.accessoryCircularCapacity)
                Gauge(value: 21, in: 10...30) { Text("°C") } currentValueLabel: { Text("21") } minimumValueLabel: { Text("10") } maximumValueLabel: { Text("30") }
                    .gaugeStyle(.accessoryCircular)
                ProgressView(value: 0.66).progressViewStyle(.circular)
            }
            Gauge(value: 0.3) { Text("Storage") } currentValueLabel: { Text("30 %") }
                .gaugeStyle(.linearCapacity)
        }
        .padding(8)
        let mismatches = try GoldenImage.compareOnEveryPanel(width: 220, height: 250, named: "progress-gauges") { canvas in
            renderer.render(resolveNode(view, in: environment), into: &canvas, in: Rect(x: 0, y: 0, width: 220, height: 250))
        }
        for mismatch in mismatches { Issue.record("\(mismatch)") }
    }

    @Test func aTimerIntervalIsTheShareThatPassedAtTheFrame() {
        var environment = EnvironmentValues()
        environment.now = Date(timeIntervalSince1970: 1_000)
        let node = resolveNode(ProgressView(timerInterval: Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 4_000)), in: environment)
        // Counting down (the default): three quarters left; the fill is the second layer.
        guard case .frame(_, .stack(let stack)) = node, case .shape(let fill) = stack.children[1] else {
            Issue.record("unexpected tree \(node)")
            return
        }
        let bounds = fill.kind.path(in: Rect(x: 0, y: 0, width: 100, height: 4)).boundingRect
        #expect(abs(bounds.width - 75) < 0.5)
    }
}
