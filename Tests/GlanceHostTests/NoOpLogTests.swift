import Foundation
import GlanceHost
import GlanceUI
import GlanceWidgetKit
import Testing

/// A widget whose view uses what a wall accepts and ignores (an animation, a screen
/// reader's label, a blur), drawn at every minute's entry.
struct AnimatedWidget: Widget {
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> ProbeEntry { ProbeEntry(date: context.date, fetchedAt: .distantPast, index: -1) }
        func getSnapshot(in context: Context, completion: @escaping (ProbeEntry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<ProbeEntry>) -> Void) {
            let entries = (0..<5).map { ProbeEntry(date: context.date.addingTimeInterval(Double($0) * 60), fetchedAt: context.date, index: $0) }
            completion(Timeline(entries: entries, policy: .never))
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "animated", provider: Provider()) { entry in
            Text("Entry \(entry.index)")
                .animation(.easeInOut, value: entry.index)
                .accessibilityLabel("entry number \(entry.index)")
                .blur(radius: 2)
        }
        .supportedFamilies([.systemSmall])
    }
}

/// What a wall leaves out is said in the log, once per slot, not at every frame.
@Suite struct NoOpLogTests {
    let t0 = Date(timeIntervalSince1970: 1_780_308_000)

    @Test func eachNoOpIsLoggedOncePerSlotWithItsName() async throws {
        let harness = try HostHarness("""
            timezone: UTC
            slots:
              - {name: left, kind: animated, family: systemSmall}
              - {name: right, kind: animated, family: systemSmall}
            """, start: t0, widgets: [AnimatedWidget.self])
        await harness.run(for: 600, from: t0)
        // Five entries a slot were drawn.
        #expect(harness.frames.count >= 5)
        let said = harness.log.filter { $0.contains("does nothing on a wall") }
        #expect(said.sorted() == [
            "slot left: .accessibilityLabel(…) does nothing on a wall: a wall has no screen reader (docs/swiftui-coverage.md)",
            "slot left: .animation(…) does nothing on a wall: a wall changes frames without animating (docs/swiftui-coverage.md)",
            "slot left: .blur(…) does nothing on a wall: paper has no blur: the view is drawn sharp (docs/swiftui-coverage.md)",
            "slot right: .accessibilityLabel(…) does nothing on a wall: a wall has no screen reader (docs/swiftui-coverage.md)",
            "slot right: .animation(…) does nothing on a wall: a wall changes frames without animating (docs/swiftui-coverage.md)",
            "slot right: .blur(…) does nothing on a wall: paper has no blur: the view is drawn sharp (docs/swiftui-coverage.md)",
        ], "\(harness.log)")
    }
}
