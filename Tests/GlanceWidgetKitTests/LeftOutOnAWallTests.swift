import FoundationEssentials
import GlanceIntents
import GlanceTime
import GlanceUI
import GlanceWidgetKit
import Testing

// A bundle as the Xcode 16 template writes it: a widget, a control and a Live Activity.
private struct LeftOutEntry: TimelineEntry { let date: Date }

private struct LeftOutProvider: TimelineProvider {
    func placeholder(in context: Context) -> LeftOutEntry { LeftOutEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (LeftOutEntry) -> Void) { completion(LeftOutEntry(date: .now)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<LeftOutEntry>) -> Void) {
        completion(Timeline(entries: [LeftOutEntry(date: .now)], policy: .never))
    }
}

private struct ClockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: LeftOutProvider()) { entry in Text(entry.date, style: .time) }
    }
}

private struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var minutesLeft: Int }
    var orderNumber: Int
}

private struct DeliveryActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            Text("\(context.state.minutesLeft) min").activityBackgroundTint(.cyan)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { Text("Order") }
                DynamicIslandExpandedRegion(.bottom) { Text("\(context.attributes.orderNumber)") }
            } compactLeading: {
                Text("L")
            } compactTrailing: {
                Text("\(context.state.minutesLeft)")
            } minimal: {
                Text("M")
            }
            .keylineTint(.red)
        }
    }
}

private struct LampIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Lamp"
    @Parameter(title: "On") var value: Bool
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

private struct LampControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "lamp") {
            ControlWidgetToggle("Lamp", isOn: false, action: LampIntent()) { isOn in Text(isOn ? "On" : "Off") }
        }
        .displayName("Lamp")
    }
}

private struct TemplateBundle: WidgetBundle {
    var body: some Widget {
        ClockWidget()
        LampControl()
        DeliveryActivity()
    }
}

/// A bundle's Live Activities and controls compile as on iOS and a wall leaves them out;
/// the bundle's widgets are all there, in order.
@Suite struct LeftOutOnAWallTests {
    @Test func aBundleKeepsItsWidgetsAndLeavesOutActivitiesAndControls() {
        #expect(TemplateBundle.widgetDescriptors.map(\.kind) == ["clock"])
        #expect(DeliveryActivity().body.descriptors.isEmpty)
        #expect((DeliveryActivity().body as? any LeftOutOnAWall)?.reasonLeftOut.contains("Live Activity") == true)
    }
}
