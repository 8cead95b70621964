import Foundation
import GlanceGraphics
@testable import GlanceHost
import GlanceText
import GlanceTime
import GlanceUI
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Testing
import GlanceConfiguration

/// A sign that never changes: one entry, no reload.
struct FixedSignWidget: Widget {
    struct Entry: TimelineEntry { let date: Date }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [Entry(date: context.date)], policy: .never))
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "fixed-sign", provider: Provider()) { _ in
            VStack {
                Text("Back soon").font(.title)
                Rectangle().fill(Color.gray).frame(height: 30)
            }
        }
        .supportedFamilies([.systemSmall])
    }
}

/// The daemon gives the frame's picture back before a sleep of minutes (issue 46:
/// 750 KiB at 800x480): the next frame is drawn whole on a fresh picture and must be the
/// frame a host that kept its picture draws; a reader in between (the web page's colour
/// view) gets the picture drawn again.
@Suite struct PictureGivenBackTests {
    let seoul = try! ZoneRules(identifier: "Asia/Seoul")
    /// 2026-11-18 20:06:40 in Seoul.
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    let registry = WidgetRegistry(BuiltinWidgets.all + [FixedSignWidget.self])
    let fonts = try! FontLibrary()

    /// A countdown (it changes at midnight) beside a sign (it never does), on a bw panel.
    func running() throws -> (host: WidgetHost, clock: SimulatedClock, output: FleetHostTests.RecordingOutput) {
        let yaml = """
            timezone: Asia/Seoul
            display: {backend: file, path: unused, size: 364x170}
            slots:
              - {name: launch, kind: countdown, family: systemSmall, origin: [0, 0], size: 182x170, params: {title: Launch, target: "2027-01-03"}}
              - {name: sign, kind: fixed-sign, family: systemSmall, origin: [182, 0], size: 182x170}
            """
        let clock = SimulatedClock(start: start)
        let output = FleetHostTests.RecordingOutput()
        let host = try WidgetHost(config: try ConfigLoader.parse(yaml, file: "wall.yaml"), registry: registry, clock: clock,
                                  presenter: try FramePresenter(output: output, fonts: fonts, scale: 1), center: WidgetCenter())
        host.start()
        return (host, clock, output)
    }

    @Test func thePictureIsDrawnWholeAfterItWasGivenBackAndIsTheSameFrame() throws {
        let kept = try running(), given = try running()
        #expect(kept.output.frames.count == 1 && given.output.frames.count == 1)
        let picture = try #require(given.host.currentFrame().canvas)

        given.host.givePictureBack()
        #expect(given.host.presenter.canvas == nil && given.host.presenter.pictureGivenBack)
        // A reader while it is given back gets it drawn again, and it is not kept.
        let redrawn = try #require(given.host.currentFrame().canvas)
        #expect(redrawn.pixels == picture.pixels)
        #expect(given.host.presenter.canvas == nil)

        // Midnight: only the countdown changes. The host that gave its picture back draws
        // both slots; the one that kept it draws the countdown over its old picture.
        let midnight = try #require(CalendarDay(containing: start, in: seoul).adding(days: 1).start(in: seoul))
        for running in [kept, given] {
            running.host.run(until: midnight.addingTimeInterval(60))
        }
        #expect(kept.output.frames.count == 2 && given.output.frames.count == 2)
        let keptFrame = try #require(kept.output.frames.last), givenFrame = try #require(given.output.frames.last)
        #expect(givenFrame.indices == keptFrame.indices, "the frame after the picture was given back differs")
        // The countdown did change, and the sign is on the new frame (not a blank half).
        #expect(givenFrame.indices != given.output.frames[0].indices)
        #expect(given.host.presenter.canvas != nil && !given.host.presenter.pictureGivenBack)
        let indices = givenFrame.indices
        let signHalf = (0..<170).flatMap { y in (182..<364).map { x in indices[y * 364 + x] } }
        #expect(Set(signHalf).count == 2, "the sign's half holds both inks")
        // Only the changed slot's area went to the panel: what it showed is still the base.
        #expect(given.output.plans.last?.mode == kept.output.plans.last?.mode)
    }

    /// Nothing changed and nothing due: a wake draws nothing, so the picture stays given
    /// back (no fresh picture is made for nothing).
    @Test func aWakeWithNothingToShowLeavesThePictureGivenBack() throws {
        let given = try running()
        given.host.givePictureBack()
        // Before midnight nothing changes on either slot.
        given.host.run(until: start.addingTimeInterval(3_600))
        #expect(given.output.frames.count == 1)
        #expect(given.host.presenter.canvas == nil && given.host.presenter.pictureGivenBack)
    }
}
