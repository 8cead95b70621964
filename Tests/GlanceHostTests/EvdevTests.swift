import Foundation
import GlanceDisplays
import GlanceGraphics
import GlanceHost
import GlanceText
import Glibc
import Synchronization
import Testing
import GlanceConfiguration
import GlanceHardware
import GlanceWake

/// Linux input devices: the kernel's event records decoded into key presses and taps,
/// taps mapped onto the frame through the display's rotation, and a device read from a
/// pipe carrying the kernel's format.
@Suite struct EvdevTests {
    typealias D = EvdevDecoder
    let ms: UInt64 = 1_000_000

    func key(_ code: UInt16, _ value: Int32, at: UInt64) -> [UInt8] { D.record(type: 1, code: code, value: value, atNanoseconds: at) }
    func abs(_ code: UInt16, _ value: Int32) -> [UInt8] { D.record(type: 3, code: code, value: value) }
    var sync: [UInt8] { D.record(type: 0, code: 0, value: 0) }

    @Test func keysGoDownAndUpAndRepeatsAreNotPresses() {
        var decoder = D()
        let f1 = EvdevKeyNames.code(of: "F1")!
        #expect(f1 == 59 && EvdevKeyNames.name(of: 59) == "F1" && EvdevKeyNames.code(of: "key_enter") == 28)
        let bytes = key(f1, 1, at: 1000 * ms) + sync + key(f1, 2, at: 1500 * ms) + sync + key(f1, 0, at: 1700 * ms) + sync
        // Split anywhere: records are put back together.
        var events = decoder.feed(bytes[0..<30])
        events += decoder.feed(bytes[30...])
        #expect(events == [.key(code: f1, down: true, atNanoseconds: 1000 * ms), .key(code: f1, down: false, atNanoseconds: 1700 * ms)])
    }

    @Test func aTouchThatLiftsWhereItLandedIsATap() {
        var decoder = D()
        // Single-touch protocol: position, BTN_TOUCH down, a little jitter, BTN_TOUCH up.
        var bytes = abs(0, 1200) + abs(1, 800) + key(0x14a, 1, at: 0) + sync
        bytes += abs(0, 1210) + sync + key(0x14a, 0, at: 0) + sync
        #expect(decoder.feed(bytes) == [.tap(x: 1200, y: 800)])
        // A swipe is not a tap.
        bytes = abs(0, 100) + abs(1, 100) + key(0x14a, 1, at: 0) + sync + abs(0, 900) + sync + key(0x14a, 0, at: 0) + sync
        #expect(decoder.feed(bytes) == [])
        // BTN_TOUCH first, then the packet's position (ads7846, XPT2046): the tap is where
        // that packet put it, not where the last touch ended.
        bytes = key(0x14a, 1, at: 0) + abs(0, 3000) + abs(1, 2000) + sync + key(0x14a, 0, at: 0) + sync
        #expect(decoder.feed(bytes) == [.tap(x: 3000, y: 2000)])
        // Hostile coordinates do not overflow.
        bytes = abs(0, -2_000_000_000) + key(0x14a, 1, at: 0) + sync + abs(0, 2_000_000_000) + sync + key(0x14a, 0, at: 0) + sync
        #expect(decoder.feed(bytes) == [])
        // Multi-touch without BTN_TOUCH: a tracking id starts the touch, -1 lifts it.
        var multi = D()
        bytes = abs(0x39, 7) + abs(0x35, 300) + abs(0x36, 40) + sync + abs(0x39, -1) + sync
        #expect(multi.feed(bytes) == [.tap(x: 300, y: 40)])
    }

    /// A tap lands on the frame pixel the device shows there, at every rotation.
    @Test(arguments: [0, 90, 180, 270]) func tapsFollowTheRotation(rotation: Int) {
        let (frameWidth, frameHeight) = (400, 200)
        let (nativeWidth, nativeHeight) = rotation % 180 == 0 ? (400, 200) : (200, 400)
        // Raw units: 4096 per side, whatever the pixels.
        let mapping = TouchMapping(rangeX: 0...4095, rangeY: 0...4095, nativeWidth: nativeWidth, nativeHeight: nativeHeight, rotation: rotation)
        for (x, y) in [(0, 0), (399, 0), (10, 190), (250, 77)] {
            let native = PixelRect(x: x, y: y, width: 1, height: 1).rotated(clockwise: rotation, inWidth: frameWidth, height: frameHeight)
            let raw = (Int32((native.x * 4096 + 2048) / nativeWidth), Int32((native.y * 4096 + 2048) / nativeHeight))
            let point = mapping.framePoint(x: raw.0, y: raw.1)
            #expect(point.x == x && point.y == y, "\(rotation)°: (\(x), \(y)) came back as \(point)")
        }
    }

    /// Key and touch records written into a FIFO (as the kernel writes them to
    /// /dev/input/event*) wake the clock's wait and reach the host as inputs.
    @Test func aDeviceReadFromAPipe() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-evdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("event0").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let device = try EvdevInput(path: fifo, range: (0...999, 0...499), nativeWidth: 400, nativeHeight: 200, rotation: 0)
        #expect(device.mapping != nil)
        let writer = open(fifo, O_WRONLY)
        defer { close(writer) }
        let clock = try LinuxEventClock()
        let received = Mutex<[HostInbox.Input]>([])
        try device.attach(to: clock, input: { input in received.withLock { $0.append(input) } ; clock.interrupt() }, log: { _ in })
        let bytes = key(EvdevKeyNames.code(of: "ENTER")!, 1, at: 5 * ms) + sync + abs(0, 500) + abs(1, 250) + key(0x14a, 1, at: 6 * ms)
            + sync + key(0x14a, 0, at: 7 * ms) + sync
        _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        #expect(clock.wait(until: Date().addingTimeInterval(5)) == .interrupted)
        #expect(received.withLock { $0 } == [.keyDown("ENTER", atNanoseconds: 5 * ms), .tap(x: 200, y: 100)])
    }
}

/// The light widget on a display turned 90°: a touch on the device's own coordinates
/// over the switch toggles it (in the serialized suite that owns the light's state).
extension InteractiveTests {
    final class TurnedOutput: DisplayOutput {
        let nativeWidth = 200, nativeHeight = 400
        let rotation = 90
        let palette = Palette.bw
        let dither = DitherMode.none
        let profile = RefreshProfile(sleepAfterUpdate: false)
        let refreshes: Set<PanelRefresh> = [.full]
        let windowAlignment = 1
        func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {}
        func close() throws {}
    }

    @Test func aTapOnTheTurnedDisplay() throws {
        lightState.withLock { $0 = LightState() }
        let config = try ConfigLoader.parse("""
            timezone: UTC
            display: {backend: file, path: unused, size: 400x200}
            slots:
              - {name: light, kind: light, family: systemMedium}
            """, file: "wall.yaml")
        let output = TurnedOutput()
        let host = try WidgetHost(config: config, registry: WidgetRegistry([LightWidget.self]), clock: SimulatedClock(start: t0),
                                  presenter: try FramePresenter(output: output, fonts: try FontLibrary(), scale: 1))
        host.start()
        let canvas = try #require(host.currentFrame().canvas)
        let top = try #require((0..<canvas.height).first { y in (0..<canvas.width).contains { canvas[x: $0, y: y].r < 128 } })
        let left = try #require((0..<canvas.width).first { canvas[x: $0, y: top].r < 128 })
        // Where the device shows that frame pixel, in raw units of 0…999 × 0…1999.
        let native = PixelRect(x: left + 10, y: top + 15, width: 1, height: 1).rotated(clockwise: 90, inWidth: 400, height: 200)
        let mapping = TouchMapping(rangeX: 0...999, rangeY: 0...1999, nativeWidth: 200, nativeHeight: 400, rotation: 90)
        let raw = (Int32(native.x * 5 + 2), Int32(native.y * 5 + 2))
        let point = mapping.framePoint(x: raw.0, y: raw.1)
        host.inbox.send(.tap(x: point.x, y: point.y))
        #expect(host.step() == nil)
        #expect(lightState.withLock { $0.isOn })
        #expect(host.currentFrame().slots[0].content.textLines.first == "Light on")
    }
}
