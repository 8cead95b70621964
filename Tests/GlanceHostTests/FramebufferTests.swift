import GlanceDisplays
import Foundation
import GlanceGraphics
import GlanceHardware
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWake
import GlanceWidgets
import Testing
import GlanceConfiguration

/// The framebuffer backend writes the device's own pixel layout, row by row, and only
/// the rows that changed. A plain file stands in for `/dev/fbN`, with its geometry given.
@Suite struct FramebufferTests {
    func frame(width: Int, height: Int, mark: PixelRect? = nil) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                canvas.setPixel(y * width + x, RGBA(UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), 128))
            }
        }
        if let mark {
            for y in mark.y..<(mark.y + mark.height) { for x in mark.x..<(mark.x + mark.width) { canvas.setPixel(y * width + x, .black) } }
        }
        return canvas
    }

    /// Reads the file back through the geometry: the picture a screen would show.
    func screen(_ path: String, _ geometry: FramebufferGeometry) throws -> [RGBA] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var result: [RGBA] = []
        for y in 0..<geometry.height {
            for x in 0..<geometry.width {
                let start = y * geometry.lineLength + x * geometry.bytesPerPixel
                var word: UInt32 = 0
                for byte in (0..<geometry.bytesPerPixel).reversed() { word = word << 8 | UInt32(bytes[start + byte]) }
                result.append(geometry.decode(word))
            }
        }
        return result
    }

    func temporaryFile() -> String {
        let path = NSTemporaryDirectory() + "glance-fb-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }

    @Test(arguments: [
        FramebufferGeometry.rgb565(width: 64, height: 40),
        FramebufferGeometry.xrgb8888(width: 64, height: 40),
        // BGR order and padded lines, as some HDMI modes have.
        FramebufferGeometry(width: 64, height: 40, bitsPerPixel: 24, lineLength: 64 * 3 + 16,
                            red: .init(offset: 0, length: 8), green: .init(offset: 8, length: 8), blue: .init(offset: 16, length: 8)),
        // Ten bits a channel (XRGB2101010).
        FramebufferGeometry(width: 64, height: 40, bitsPerPixel: 32, lineLength: 64 * 4,
                            red: .init(offset: 20, length: 10), green: .init(offset: 10, length: 10), blue: .init(offset: 0, length: 10)),
    ])
    func theScreenShowsTheFrameInItsOwnLayout(_ geometry: FramebufferGeometry) throws {
        let path = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let palette: Palette = geometry.bitsPerPixel == 16 ? .rgb565 : .rgb888
        let sink = FramebufferOutput(framebuffer: try LinuxFramebuffer(path: path, geometry: geometry), palette: palette, dither: .none)
        let pipeline = DisplayPipeline(output: sink)
        let first = try frame(width: 64, height: 40)
        #expect(try pipeline.show(first, at: Date())?.refresh == .full)
        let expected = first.quantised(to: palette, dither: .none)
        let shown = try screen(path, geometry)
        for index in shown.indices {
            #expect(shown[index] == palette.color(of: expected.values[index]), "pixel \(index % 64),\(index / 64)")
            if shown[index] != palette.color(of: expected.values[index]) { break }
        }
        #expect(sink.bytesWritten == 40 * 64 * geometry.bytesPerPixel)

        // A change in rows 10–14 writes those five rows only.
        let second = try frame(width: 64, height: 40, mark: PixelRect(x: 20, y: 10, width: 8, height: 5))
        #expect(try pipeline.show(second, at: Date()) == RefreshPlan(refresh: .partial, window: PixelRect(x: 20, y: 10, width: 8, height: 5)))
        #expect(sink.bytesWritten == 45 * 64 * geometry.bytesPerPixel)
        #expect(try screen(path, geometry)[12 * 64 + 22] == .black)
        // The same frame again writes nothing.
        #expect(try pipeline.show(second, at: Date()) == nil)
        #expect(sink.bytesWritten == 45 * 64 * geometry.bytesPerPixel)
    }

    /// Quiet hours: a screen the driver cannot power down (here a file) is written black
    /// as the sleep begins, and drawn whole again at its end (issue 29).
    @Test func inQuietHoursTheScreenGoesDarkAndComesBackWhole() throws {
        let path = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let geometry = FramebufferGeometry.rgb565(width: 364, height: 170)
        let sink = FramebufferOutput(framebuffer: try LinuxFramebuffer(path: path, geometry: geometry), palette: .rgb565, dither: .none)
        let seoul = try ZoneRules(identifier: "Asia/Seoul")
        // 2026-11-18 20:06:40 in Seoul; quiet from 22:00 to 23:00.
        let t0 = Date(timeIntervalSince1970: 1_795_000_000)
        let config = try ConfigLoader.parse("""
            timezone: Asia/Seoul
            display: {backend: file, path: unused, size: 364x170}
            slots:
              - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            sleep: "22:00-23:00"
            """, file: "wall.yaml")
        let clock = SimulatedClock(start: t0)
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: clock,
                                  presenter: try FramePresenter(output: sink, fonts: try FontLibrary(), scale: 1))
        host.start()
        let drawn = try screen(path, geometry)
        #expect(Set(drawn).count > 1)
        let day = CalendarDay(containing: t0, in: seoul)
        #expect(host.step() == nil)
        #expect(clock.now() == day.instant(atMinute: 22 * 60, in: seoul))
        #expect(sink.isResting)
        #expect(try screen(path, geometry).allSatisfy { $0 == .black })
        #expect(host.step() == nil)
        #expect(clock.now() == day.instant(atMinute: 23 * 60, in: seoul))
        #expect(!sink.isResting)
        #expect(try screen(path, geometry) == drawn)
    }

    @Test func aWrongSizedFrameIsAnError() throws {
        let path = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = FramebufferOutput(framebuffer: try LinuxFramebuffer(path: path, geometry: .rgb565(width: 320, height: 240)), palette: .rgb565, dither: .none)
        #expect(throws: PanelConfigurationError.self) {
            try DisplayPipeline(output: sink).show(try frame(width: 64, height: 40), at: Date())
        }
    }

    @Test func configDefaultsComeFromTheScreen() throws {
        let config = try ConfigLoader.parse("display: {backend: framebuffer}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "w.yaml")
        #expect(config.display.path == "/dev/fb0")
        #expect(config.display.colors == .rgb888)
        #expect(config.display.sizeFromDevice)
        let sized = try ConfigLoader.parse("display: {backend: framebuffer, path: /dev/fb1, size: 320x240, colors: rgb565}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "w.yaml")
        #expect(sized.display.path == "/dev/fb1" && sized.display.colors == .rgb565 && !sized.display.sizeFromDevice)
    }

    @Test func boundKeysMustBeOnTheBoard() {
        do {
            _ = try ConfigLoader.parse("display: {board: waveshare-2in7-v2, transport: trace, path: t.jsonl}\nkeys: {KEY5: reload-all}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "w.yaml")
            Issue.record("a key the board lacks was accepted")
        } catch {
            #expect("\(error)".contains("board waveshare-2in7-v2 has no key KEY5; its keys are KEY1, KEY2, KEY3, KEY4"), "\(error)")
        }
    }
}
