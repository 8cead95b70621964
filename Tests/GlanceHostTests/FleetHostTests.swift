import Foundation
import GlanceDisplays
import GlanceGraphics
import GlanceHost
import GlanceTestSupport
import GlanceText
import GlanceWake
import GlanceWidgets
import GlanceTime
import Testing
import GlanceConfiguration

/// What MQTT and TRMNL front ends ask of the host: a notification over the slots, a full
/// refresh on demand, key presses reported, the shown frame as a PNG.
@Suite struct FleetHostTests {
    let yaml = """
        timezone: Asia/Seoul
        display: {backend: file, path: unused, size: 364x170}
        slots:
          - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
        keys: {A: reload-all}
        """
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    final class RecordingOutput: DisplayOutput {
        let nativeWidth = 364, nativeHeight = 170
        let rotation = 0
        let palette = Palette.bw
        let dither = DitherMode.floydSteinberg
        let profile = RefreshProfile(sleepAfterUpdate: false)
        let refreshes: Set<PanelRefresh> = [.full, .partial]
        let windowAlignment = 1
        var plans: [RefreshPlan] = []
        var frames: [QuantisedFrame] = []
        /// When it was put to rest (quiet hours), as `show`s count.
        var rests: [Int] = []

        func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {
            plans.append(plan)
            frames.append(frame)
        }

        func rest() throws { rests.append(plans.count) }

        func close() throws {}
    }

    /// An LCD (it stays on between updates) rests as quiet hours begin, a wake of its own,
    /// and the frame at their end is sent whole (issue 29).
    @Test func anLCDRestsInQuietHoursAndWakesWhole() throws {
        let output = RecordingOutput()
        let seoul = try ZoneRules(identifier: "Asia/Seoul")
        let start = CalendarDay(containing: t0, in: seoul)
        // t0 is 2026-11-18 20:06:40 in Seoul; quiet from 22:00 to 23:00.
        let config = try ConfigLoader.parse(yaml + "\nsleep: \"22:00-23:00\"\n", file: "wall.yaml")
        let clock = SimulatedClock(start: t0)
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: clock,
                                  presenter: try FramePresenter(output: output, fonts: try FontLibrary(), scale: 1))
        host.start()
        #expect(output.plans.count == 1 && output.rests.isEmpty)
        let quietStart = try #require(start.instant(atMinute: 1320, in: seoul)), quietEnd = try #require(start.instant(atMinute: 1380, in: seoul))
        #expect(host.nextInstant() == quietStart)
        #expect(host.step() == nil)
        #expect(clock.now() == quietStart)
        #expect(output.rests == [1])
        #expect(host.nextInstant() == quietEnd)
        #expect(host.step() == nil)
        #expect(clock.now() == quietEnd)
        #expect(output.plans.count == 2 && output.plans.last?.refresh == .full)
    }

    func makeHost() throws -> (WidgetHost, RecordingOutput) {
        let output = RecordingOutput()
        let host = try WidgetHost(config: try ConfigLoader.parse(yaml, file: "wall.yaml"), registry: WidgetRegistry(BuiltinWidgets.all),
                                  clock: SimulatedClock(start: t0),
                                  presenter: try FramePresenter(output: output, fonts: try FontLibrary(), scale: 1))
        host.start()
        return (host, output)
    }

    @Test func aNotificationCoversTheBottomUntilDismissedAndLeavesTheFrameAsItWas() throws {
        let (host, output) = try makeHost()
        let before = try #require(host.shownFramePNG())
        #expect(host.refreshCount == 1)

        host.showNotification("Door open")
        #expect(host.notification == "Door open")
        #expect(host.step() == nil)
        #expect(host.refreshCount == 2)
        let shown = try #require(output.frames.last)
        // Only the banner's rows changed.
        let window = try #require(output.plans.last?.window)
        #expect(window.y >= 170 - 48 && window.y + window.height == 170)
        if let mismatch = GoldenImage.compare(shown.canvas(), named: "notification") { Issue.record("\(mismatch)") }

        // The same message again asks for nothing; an empty one dismisses it.
        host.showNotification("Door open")
        #expect(!host.isFetching && host.refreshCount == 2)
        host.showNotification("  ")
        #expect(host.notification == nil)
        #expect(host.step() == nil)
        #expect(host.shownFramePNG() == before)
    }

    @Test func aFullRefreshIsSentWholeOnDemand() throws {
        let (host, output) = try makeHost()
        host.requestFullRefresh()
        #expect(host.step() == nil)
        #expect(output.plans.count == 2)
        #expect(output.plans.last == RefreshPlan(refresh: .full, window: PixelRect(x: 0, y: 0, width: 364, height: 170), why: "asked for"))
    }

    /// From outside (the page, MQTT), at most one full refresh a minute for all of them
    /// together: the rest are folded into it and each flash of the panel is one asked for.
    @Test func fullRefreshesFromOutsideAreFoldedToOneAMinute() throws {
        let output = RecordingOutput()
        let clock = SimulatedClock(start: t0)
        let host = try WidgetHost(config: try ConfigLoader.parse(yaml, file: "wall.yaml"), registry: WidgetRegistry(BuiltinWidgets.all),
                                  clock: clock, presenter: try FramePresenter(output: output, fonts: try FontLibrary(), scale: 1))
        host.start()
        #expect(host.requestFullRefresh())
        for _ in 0..<50 { #expect(!host.requestFullRefresh()) }
        #expect(host.step() == nil)
        #expect(output.plans.filter { $0.refresh == .full }.count == 2)  // the first frame and the one asked for
        clock.set(to: t0.addingTimeInterval(59))
        #expect(!host.requestFullRefresh())
        clock.set(to: t0.addingTimeInterval(60))
        #expect(host.requestFullRefresh())
        #expect(host.step() == nil)
        #expect(output.plans.filter { $0.refresh == .full }.count == 3)
    }

    @Test func keyPressesAreReportedWithTheirLength() throws {
        let (host, _) = try makeHost()
        nonisolated(unsafe) var pressed: [String] = []
        host.onKeyPress = { key, long in pressed.append(long ? "\(key) long" : key) }
        host.press(key: "A")
        host.press(key: "A", long: true)
        host.press(key: "Z")
        #expect(host.step() == nil)
        // An unbound key is no press of anything.
        #expect(pressed == ["A", "A long"])
    }

    @Test func framesForPNGDecodingDevicesAreGreyPNGsOfOneOrTwoBits() throws {
        var canvas = try Canvas(width: 13, height: 3)
        for x in 0..<13 { canvas.setPixel(x, .black) }
        canvas.setPixel(14, RGBA(85, 85, 85))
        for (palette, depth) in [(Palette.bw, 1), (Palette.gray4, 2)] {
            let frame = canvas.quantised(to: palette, dither: .none)
            let png = try PNG.encodeGray(frame)
            // IHDR: width, height, bit depth, colour type 0 (grey).
            #expect(Array(png[16..<24]) == [0, 0, 0, 13, 0, 0, 0, 3])
            #expect(png[24] == UInt8(depth) && png[25] == 0)
            // Read back, the pixels are the frame's.
            #expect(try PNG.decode(png).pixels == frame.canvas().pixels)
        }
    }
}
