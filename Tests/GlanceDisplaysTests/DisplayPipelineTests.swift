import Foundation
import GlanceDisplays
import GlanceGraphics
import Testing

/// Records what the pipeline sends; fails when told to.
final class RecordingOutput: DisplayOutput {
    let nativeWidth: Int, nativeHeight: Int, rotation: Int
    let palette = Palette.bw
    let dither = DitherMode.none
    let profile: RefreshProfile
    let refreshes: Set<PanelRefresh>
    let windowAlignment = 8
    var sent: [(frame: QuantisedFrame, plan: RefreshPlan, hadPrevious: Bool)] = []
    var failNext = false

    init(width: Int, height: Int, rotation: Int = 0, profile: RefreshProfile = RefreshProfile(fast: true), refreshes: Set<PanelRefresh> = [.full, .partial, .fast]) {
        (nativeWidth, nativeHeight, self.rotation, self.profile, self.refreshes) = (width, height, rotation, profile, refreshes)
    }

    func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {
        if failNext {
            failNext = false
            throw DeviceErrorStandIn()
        }
        sent.append((frame, plan, previous != nil))
    }

    func close() throws {}
}

struct DeviceErrorStandIn: Error {}

@Suite struct DisplayPipelineTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    func picture(_ width: Int, _ height: Int, black: [PixelRect] = [], grey: PixelRect? = nil) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height)
        for rect in black { canvas.fill(rect, .black) }
        if let grey { canvas.fill(grey, RGBA(250, 250, 250)) }
        return canvas
    }

    /// Quantise → diff → plan → show: the first frame is full; a change is a partial
    /// window aligned to the output's 8 pixels; a change that quantises to the same
    /// pixels sends nothing; a change over most of the device takes the fast waveform.
    @Test func eachStepOnceInOrder() throws {
        let output = RecordingOutput(width: 64, height: 32)
        let pipeline = DisplayPipeline(output: output)
        #expect(try pipeline.show(try picture(64, 32), at: start) == RefreshPlan(refresh: .full, window: output.nativeBounds, why: "the first frame"))
        #expect(try pipeline.show(try picture(64, 32, black: [PixelRect(x: 10, y: 4, width: 3, height: 2)]), at: start + 60)
            == RefreshPlan(refresh: .partial, window: PixelRect(x: 8, y: 4, width: 8, height: 2)))
        // Near-white grey is white in black and white: the tree changed, the pixels did not.
        #expect(try pipeline.show(try picture(64, 32, black: [PixelRect(x: 10, y: 4, width: 3, height: 2)], grey: PixelRect(x: 40, y: 20, width: 5, height: 5)),
                                  at: start + 120) == nil)
        #expect(try pipeline.show(try picture(64, 32, black: [PixelRect(x: 0, y: 0, width: 60, height: 30)]), at: start + 180)?.refresh == .fast)
        #expect(output.sent.map(\.hadPrevious) == [false, true, true])
    }

    /// During a long sleep the shown frame is put away as runs: the next frame's
    /// difference, plan and the previous frame the output gets are as if it were kept.
    @Test func aShownFramePutAwayGivesTheSamePlan() throws {
        let plans = try [false, true].map { putAway in
            let output = RecordingOutput(width: 64, height: 32)
            let pipeline = DisplayPipeline(output: output)
            try pipeline.show(try picture(64, 32, black: [PixelRect(x: 0, y: 0, width: 64, height: 3)]), at: start)
            let before = try #require(pipeline.shown)
            if putAway {
                pipeline.putShownAway()
                #expect(pipeline.shownPutAway && pipeline.shown == before)
            }
            let plan = try pipeline.show(try picture(64, 32, black: [PixelRect(x: 0, y: 0, width: 64, height: 3), PixelRect(x: 10, y: 4, width: 3, height: 2)]),
                                         at: start + 60)
            #expect(!pipeline.shownPutAway && output.sent.last?.hadPrevious == true)
            return plan
        }
        #expect(plans[0] == plans[1] && plans[1] == RefreshPlan(refresh: .partial, window: PixelRect(x: 8, y: 4, width: 8, height: 2)))
    }

    /// After a failure what the device shows is unknown: the next frame goes whole.
    @Test func afterAFailureTheNextFrameIsFull() throws {
        let output = RecordingOutput(width: 64, height: 32)
        let pipeline = DisplayPipeline(output: output)
        try pipeline.show(try picture(64, 32), at: start)
        output.failNext = true
        #expect(throws: DeviceErrorStandIn.self) { try pipeline.show(try picture(64, 32, black: [PixelRect(x: 1, y: 1, width: 2, height: 2)]), at: start + 60) }
        #expect(pipeline.shown == nil)
        let plan = try pipeline.show(try picture(64, 32, black: [PixelRect(x: 1, y: 1, width: 2, height: 2)]), at: start + 120)
        #expect(plan == RefreshPlan(refresh: .full, window: output.nativeBounds, why: "the last refresh failed"))
        #expect(output.sent.last?.hadPrevious == false)
    }

    /// A turned board: the picture is turned once, and windows are in device pixels.
    @Test func windowsAreInDevicePixels() throws {
        let output = RecordingOutput(width: 32, height: 64, rotation: 90)
        let pipeline = DisplayPipeline(output: output)
        try pipeline.show(try picture(64, 32), at: start)
        #expect(output.sent[0].frame.width == 32 && output.sent[0].frame.height == 64)
        // Picture pixels (2…3, 1…2) turn clockwise to device x 29…30, y 2…3.
        let plan = try pipeline.show(try picture(64, 32, black: [PixelRect(x: 2, y: 1, width: 2, height: 2)]), at: start + 60)
        #expect(plan == RefreshPlan(refresh: .partial, window: PixelRect(x: 24, y: 2, width: 8, height: 2)))
    }

    /// A device without partial refreshes gets full ones; one held back by the minimum
    /// interval is shown when the interval has passed, and dropped if the picture went back.
    @Test func capabilitiesAndHeldChanges() throws {
        let output = RecordingOutput(width: 64, height: 32, profile: RefreshProfile(minimumInterval: 180), refreshes: [.full])
        let pipeline = DisplayPipeline(output: output)
        try pipeline.show(try picture(64, 32), at: start)
        let changed = try picture(64, 32, black: [PixelRect(x: 1, y: 1, width: 2, height: 2)])
        #expect(try pipeline.show(changed, at: start + 60) == nil)
        #expect(pipeline.heldUntil == start + 180)
        #expect(try pipeline.show(changed, at: start + 180)?.refresh == .full)
        #expect(try pipeline.show(try picture(64, 32), at: start + 200) == nil)
        #expect(pipeline.heldUntil == start + 360)
        // The picture goes back to what the device shows before the interval ends: nothing is pending.
        #expect(try pipeline.show(changed, at: start + 210) == nil)
        #expect(pipeline.heldUntil == nil)
        #expect(output.sent.count == 2)
    }
}
