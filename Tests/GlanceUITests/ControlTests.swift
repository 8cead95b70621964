import GlanceGraphics
import GlanceIntents
import GlanceRender
import GlanceTestSupport
import GlanceText
import GlanceUI
import Testing

struct NoteIntent: AppIntent {
    static let title: LocalizedStringResource = "Note"
    @Parameter(title: "Text", default: "") var text: String
    init() {}
    init(text: String) { self.text = text }
}

struct SwitchIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Switch"
    @Parameter(title: "On", default: false) var value: Bool
    init() {}
}

/// Buttons and toggles as a widget draws them, where they are laid out, and how their
/// intents are told apart.
@Suite struct ControlTests {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    var gallery: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack(spacing: 8) {
                Button("Bordered", intent: NoteIntent(text: "a"))
                Button("Prominent", intent: NoteIntent(text: "b")).buttonStyle(.borderedProminent)
                Button("Plain", intent: NoteIntent(text: "c")).buttonStyle(.plain)
            }
            HStack(spacing: 8) {
                Button("Refresh", systemImage: "arrow.clockwise", intent: NoteIntent(text: "d"))
                Button(intent: NoteIntent(text: "e")) { Image(systemName: "star.fill") }.buttonStyle(.borderless).tint(.orange)
            }
            Toggle("Lamp", isOn: true, intent: SwitchIntent())
            Toggle("Fan", isOn: false, intent: SwitchIntent())
            Toggle("Heater", isOn: true, intent: SwitchIntent()).toggleStyle(.button)
        }
        .padding(12)
    }

    @Test func goldenControls() throws {
        var canvas = try Canvas(width: 300, height: 240)
        canvas.fill(canvas.bounds, .white)
        let regions = renderer.render(resolveNode(gallery, in: EnvironmentValues()), into: &canvas, in: Rect(x: 0, y: 0, width: 300, height: 240))
        if let mismatch = GoldenImage.compare(canvas, named: "controls") { Issue.record("\(mismatch)") }
        // As a black-and-white panel's frame is drawn: in grey, then dithered.
        var panel = try Canvas(width: 300, height: 240, panel: .bw, dither: .floydSteinberg)
        renderer.render(resolveNode(gallery, in: EnvironmentValues()), into: &panel, in: Rect(x: 0, y: 0, width: 300, height: 240))
        if let mismatch = GoldenImage.compare(panel.quantised(to: .bw, dither: .floydSteinberg).canvas(), named: "controls-bw") {
            Issue.record("\(mismatch)")
        }
        // Eight controls in reading order, each where it was drawn, none overlapping.
        #expect(regions.count == 8)
        #expect(regions.map(\.control.role) == [.button, .button, .button, .button, .button, .toggle(isOn: true), .toggle(isOn: false), .toggle(isOn: true)])
        for (index, region) in regions.enumerated() {
            for other in regions[(index + 1)...] { #expect(region.rect.intersection(other.rect).isEmpty) }
        }
        // A toggle's region spans its label and its switch: the slot's width inside the padding.
        #expect(regions[5].rect.x == 12 && regions[5].rect.width == 276)
    }

    @Test func intentsAreToldApartByTypeAndParameters() {
        let a = IntentAction(NoteIntent(text: "a")), a2 = IntentAction(NoteIntent(text: "a")), b = IntentAction(NoteIntent(text: "b"))
        #expect(a == a2 && a != b)
        #expect(a.identity == "NoteIntent(text=\"a\")")
        let on = IntentAction(SwitchIntent(), settingValueTo: true), off = IntentAction(SwitchIntent(), settingValueTo: false)
        #expect(on != off)
        // The tree holds them in reading order.
        let node = resolveNode(gallery, in: EnvironmentValues())
        #expect(node.controls.count == 8)
        #expect(node.controls.first?.action == a)
    }

    @Test func aToggleSetsTheOppositeValueBeforePerforming() async throws {
        let intent = SwitchIntent()
        let toggle = Toggle(isOn: false, intent: intent) { Text("x") }
        let node = toggle.makeNode(in: EnvironmentValues())
        try await node.controls[0].action.perform()
        #expect(intent.value == true)
    }
}
