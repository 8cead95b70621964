import GlanceGraphics
import GlanceWake
import GlanceYAML
import Foundation
import GlanceDisplays
import GlanceEmulators
import GlanceHardware
import GlanceHost
import GlanceText
import GlanceWidgets
import Testing
import GlanceConfiguration

@Suite struct BoardTests {
    static let boardNames = BoardCatalog.names()

    /// A board with a four-grey waveform shows gray4 when the display asks for it, through
    /// its real driver on its wires, and the emulator sees the four levels.
    @Test(arguments: ["waveshare-2in9-v2", "waveshare-2in7-v2", "waveshare-4in2-v2", "waveshare-7in5-v2"])
    func aBoardWithAGreyWaveformShowsFourGreys(_ name: String) throws {
        let config = try ConfigLoader.parse("display: {board: \(name), colors: gray4}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "wall.yaml")
        let board = try #require(config.display.board)
        #expect(board.colors == .gray4 && config.display.colors == .gray4 && board.greyWaveform?.rawValue == name)
        let emulator = TraceDecoding.emulator(for: board)
        let wires = EmulatedWiring(raspberryPi4For: board.wiring, emulator: emulator)
        let bus = try WiredBus.open(board.wiring, gpio: wires, spi: wires, timing: wires.timing)
        defer { bus.close() }
        let display = DisplayPipeline(output: try OutputFactory.panel(board: board, bus: bus, dither: .none))
        var canvas = try Canvas(width: board.width, height: board.height)
        for (index, grey) in [UInt8(0), 85, 170].enumerated() { canvas.fill(PixelRect(x: index * 90, y: 10, width: 80, height: 60), RGBA(grey, grey, grey)) }
        let picture = canvas.quantised(to: .gray4, dither: .none)
        try display.show(canvas, at: Date())
        #expect(emulator.screen == picture.rotated(clockwise: board.rotation))
        #expect(Set(emulator.screen.values) == [0, 1, 2, 3])
        #expect(emulator.violations.isEmpty && wires.faults.isEmpty)
        // A board without one cannot.
        #expect(configError("{board: waveshare-2in13-v4, colors: gray4}").contains("board waveshare-2in13-v4 shows bw, not gray4"))
    }

    @Test func measuredInksAreBlendedBySaturation() throws {
        let board = try BoardCatalog.load("pimoroni-inky-impression-7in3-spectra6")
        #expect(board.inkSource.contains("pimoroni/inky"))
        // Pimoroni's blend at 0.5: int(0.5 × measured + 0.5 × ideal).
        #expect(board.inkLook == [RGBA(0, 0, 0), RGBA(208, 209, 210), RGBA(231, 222, 35), RGBA(205, 36, 37), RGBA(30, 29, 174), RGBA(29, 173, 35)])
        let config = try ConfigLoader.parse("""
            display: {board: pimoroni-inky-impression-7in3-spectra6, backend: file, path: out, saturation: 1, inks: {measured: {white: [170, 172, 170]}}}
            slots:
              - {kind: weekday, family: systemSmall}
            """, file: "wall.yaml")
        let look = try #require(config.display.board?.inkLook)
        #expect(look[1] == RGBA(170, 172, 170) && look[5] == RGBA(58, 91, 70))
        // Boards without a measurement dither against the palette itself.
        #expect(try BoardCatalog.load("waveshare-7in5-v2").inkLook == nil)
        // A board file whose measurement leaves an ink out is refused at its line.
        #expect(throws: ConfigError.self) {
            try BoardCatalog.parse("controller: e673\nresolution: 800x480\ncolors: spectra6\npins: {RST: 27, DC: 22, BUSY: 17}\ninks: {measured: {black: [0, 0, 0]}}\n",
                                   name: "mine", file: "boards/mine.yaml")
        }
    }

    @Test func thePanelsPeopleBuyNowAreThere() throws {
        for name in ["pimoroni-inky-impression-7in3-spectra6", "pimoroni-inky-impression-4in0-spectra6", "pimoroni-inky-impression-13in3-spectra6",
                     "pimoroni-inky-impression-7in3", "pimoroni-inky-phat-4color", "pimoroni-inky-what-4color", "waveshare-7in3-e", "waveshare-13in3-e"] {
            #expect(Self.boardNames.contains(name), "missing boards/\(name).yaml")
        }
        let thirteen = try BoardCatalog.load("pimoroni-inky-impression-13in3-spectra6")
        #expect((thirteen.width, thirteen.height) == (1600, 1200))
        #expect(thirteen.pins[.chipSelect1] == .offset(16) && thirteen.keys["C"] == .offset(25))
        #expect(try BoardCatalog.load("waveshare-13in3-e").sequence == .waveshare)
        #expect(try BoardCatalog.load("pimoroni-inky-phat-4color").width == 250)
        // No partial or fast waveform on any of them: every update is a full refresh.
        for name in ["pimoroni-inky-impression-7in3-spectra6", "waveshare-13in3-e", "pimoroni-inky-what-4color"] {
            let board = try BoardCatalog.load(name)
            #expect(!board.refresh.partial && !board.refresh.fast)
        }
    }

    @Test func theIssueBoardsAreThere() throws {
        for name in ["waveshare-2in13-v4", "waveshare-2in9-v2", "waveshare-2in7-v2", "waveshare-4in2-v2", "adafruit-2in13-bonnet",
                     "pimoroni-inky-what-red", "waveshare-7in5-v2", "pimoroni-inky-impression-5in7", "waveshare-1in3-lcd",
                     "pimoroni-display-hat-mini"] {
            #expect(Self.boardNames.contains(name), "missing boards/\(name).yaml")
        }
        #expect(try BoardCatalog.load("waveshare-2in7-v2").keys.count == 4)
    }

    /// Every board's real driver, on the real wired bus with the board's pins, chip
    /// select and keys (emulated GPIO and SPI on a Pi 4), fed a picture at the board's
    /// size and rotation, makes its controller's emulator show that picture, pixel for
    /// pixel, and sleep.
    @Test(arguments: boardNames)
    func everyBoardDrivesItsEmulator(_ name: String) throws {
        let board = try BoardCatalog.load(name)
        let emulator = TraceDecoding.emulator(for: board)
        let wires = EmulatedWiring(raspberryPi4For: board.wiring, emulator: emulator)
        let bus = try WiredBus.open(board.wiring, gpio: wires, spi: wires, timing: wires.timing)
        defer { bus.close() }
        #expect(bus.keyLines.map(\.name) == board.keys.keys.sorted())
        let display = DisplayPipeline(output: try OutputFactory.panel(board: board, bus: bus, dither: .none))
        var canvas = try Canvas(width: board.width, height: board.height)
        canvas.fill(PixelRect(x: 3, y: 5, width: board.width / 2, height: board.height / 3), .black)
        canvas.fill(PixelRect(x: board.width / 2, y: board.height / 2, width: 9, height: 7), RGBA(200, 0, 0))
        let picture = canvas.quantised(to: display.output.palette, dither: .none)
        try display.show(canvas, at: Date())
        #expect(emulator.screen == picture.rotated(clockwise: board.rotation))
        if board.refresh.sleepAfterUpdate { try emulator.checkAsleep() }
        #expect(emulator.violations.isEmpty)
        #expect(wires.faults.isEmpty)
        #expect(wires.transferSizes.max() ?? 0 <= 4096)
    }

    func configError(_ display: String) -> String {
        do {
            _ = try ConfigLoader.parse("display: \(display)\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "wall.yaml")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func configNamesABoardAndOverridesFields() throws {
        let config = try ConfigLoader.parse("""
            display:
              board: waveshare-2in13-v4
              transport: trace
              path: bus.jsonl
              rotation: 270
              pins: {BUSY: 23}
            slots:
              - {kind: weekday, family: systemSmall}
            """, file: "wall.yaml")
        let board = try #require(config.display.board)
        #expect(config.display.backend == .panel)
        #expect(config.display.transport == .trace)
        #expect(board.rotation == 270)
        #expect(board.pins == [.reset: 17, .dataCommand: 25, .busy: 23, .power: 18] as [PanelLine: LineReference])
        #expect((config.display.width, config.display.height) == (250, 122))
        #expect(config.display.colors == .bw)
        let file = try ConfigLoader.parse("display: {board: waveshare-7in5-v2, backend: file, path: out}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "w.yaml")
        #expect(file.display.backend == .file && file.display.width == 800)
    }

    @Test(arguments: [
        ("{board: waveshare-13in}", "wall.yaml:1:18: display.board: unknown board 'waveshare-13in'; expected one of "),
        ("{board: waveshare-7in5-v2, busy: {active: high}}", "wall.yaml:1:52: display.busy.active: UC8179 holds BUSY low while busy, not high"),
        ("{board: waveshare-7in5-v2, resolution: 1600x1200}", "board waveshare-7in5-v2: UC8179 drives at most 800x600 pixels, widths in multiples of 8; 1600x1200 does not fit"),
        ("{board: waveshare-7in5-v2, size: 640x384}", "display.size: size 640x384 does not match board waveshare-7in5-v2 (800x480 after rotation); remove size:"),
        ("{board: waveshare-4in2-v2, colors: acep7}", "display.colors: board waveshare-4in2-v2 shows bw, not acep7; remove colors:"),
        ("{board: waveshare-4in2-v2, controller: uc8159, resolution: 600x448}", "board waveshare-4in2-v2: UC8159 panels are acep7, not bw"),
        ("{board: pimoroni-inky-impression-5in7, controller: uc8179, resolution: 600x448}", "board pimoroni-inky-impression-5in7: UC8179 panels are bw, not acep7"),
        ("{board: waveshare-1in3-lcd, controller: ssd1680, resolution: 160x240, pins: {BUSY: 17}}", "board waveshare-1in3-lcd: SSD1680 panels are bw, bwr or bwy, not rgb565"),
        ("{transport: trace}", "display.transport: a transport needs a board: add board: NAME"),
        ("{rotation: 90}", "display.rotation: 'rotation' is a board field; name a board first (board: NAME)"),
        ("{backend: panel}", "display.backend: the panel backend needs a board"),
        ("{board: waveshare-2in13-v4, transport: trace}", "the trace transport needs path: FILE"),
        ("{board: waveshare-2in13-v4, backend: file, transport: trace, path: out}", "display.transport: a transport is for the panel backend; remove it, or remove backend: file"),
        ("{board: waveshare-2in13-v4, pins: {BUSY: 25}}", "board waveshare-2in13-v4: pins.BUSY and pins.DC are both GPIO25"),
        ("{board: waveshare-2in7-v2, keys: {KEY1: 24}}", "board waveshare-2in7-v2: keys.KEY1 and pins.BUSY are both GPIO24"),
        ("{board: waveshare-2in13-v4, pins: {BUSY: 600}}", "display.pins.BUSY: expected a line offset 0…511 or a line name, found 600"),
        ("{board: waveshare-2in13-v4, pins: {BUSY: \"GPIO 24\"}}", "display.pins.BUSY: expected a line offset (BCM number) or a line name like GPIO17, found 'GPIO 24'"),
        ("{board: pimoroni-inky-impression-7in3-spectra6, controller: e673, colors: acep7}", "display.colors: board pimoroni-inky-impression-7in3-spectra6 shows spectra6, not acep7"),
        ("{board: pimoroni-inky-what-4color, options: {sequence: waveshare}}", "board pimoroni-inky-what-4color: JD79668 has one register sequence; options: sequence: is for E673 and EL133UF1 boards"),
        ("{board: waveshare-7in3-e, options: {sequence: inky}}", "display.options.sequence: unknown sequence 'inky'; expected pimoroni or waveshare"),
        ("{board: pimoroni-inky-impression-13in3-spectra6, chip_select: kernel}", "board pimoroni-inky-impression-13in3-spectra6: a second controller's CS1 is driven as a GPIO: set chip_select: gpio"),
        ("{board: pimoroni-inky-impression-7in3-spectra6, inks: {measured: {orange: [200, 100, 0]}}}", "wall.yaml:1:84: display.inks.measured.orange: spectra6 panels have no 'orange' ink; their inks are black, white, yellow, red, blue, green"),
        ("{board: pimoroni-inky-impression-7in3-spectra6, saturation: 1.5}", "display.saturation: "),
        ("{board: pimoroni-inky-impression-7in3-spectra6, inks: {measured: {white: [161, 164]}}}", "display.inks.measured.white: expected [red, green, blue], 0–255 each, found 2 numbers"),
        ("{board: waveshare-1in3-lcd, inks: {measured: {white: [1, 2, 3]}}}", "display.inks: rgb565 panels show every colour; inks: is for panels of a few inks"),
        ("{board: pimoroni-inky-impression-7in3-spectra6, resolution: 600x448}", "board pimoroni-inky-impression-7in3-spectra6: E673 panels are 800x480 (native), not 600x448"),
    ])
    func badBoardConfigIsOneClearLine(_ display: String, _ expected: String) {
        #expect(configError(display).contains(expected), "\(configError(display))")
    }

    @Test func boardFileErrorsNameTheBoardFile() {
        #expect(throws: ConfigError.self) { try BoardCatalog.parse("controller: ssd1680\nresolution: 122x250\npins: {DC: 25, BUSY: 24}\n", name: "mine", file: "boards/mine.yaml") }
        do {
            _ = try BoardCatalog.parse("controller: ssd1680\nresolution: 122x250\npins: {DC: 25, BUSY: 24}\n", name: "mine", file: "boards/mine.yaml")
        } catch {
            #expect("\(error)" == "boards/mine.yaml:1:1: board mine: missing pin RST under pins: (SSD1680 needs RST, DC, BUSY)")
        }
    }

    /// The trace transport: the board's real driver writes its bus traffic; replaying the
    /// trace through the emulator gives back the picture.
    @Test func traceTransportRoundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glance-trace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let board = try BoardCatalog.load("waveshare-2in9-v2")
        let display = DisplayPipeline(output: try OutputFactory.panel(board: board, bus: try TraceBus(path: directory + "/bus.jsonl"), dither: .none))
        var canvas = try Canvas(width: board.width, height: board.height)
        canvas.fill(PixelRect(x: 10, y: 10, width: 100, height: 40), .black)
        try display.show(canvas, at: Date())
        canvas.fill(PixelRect(x: 200, y: 60, width: 20, height: 30), .black)
        try display.show(canvas, at: Date())

        let text = try String(contentsOfFile: directory + "/bus.jsonl", encoding: .utf8)
        #expect(text.hasPrefix("{\"t_us\": 0, \"op\": \"gpio\", \"line\": \"PWR\", \"value\": 1}"))
        let emulator = TraceDecoding.emulator(for: board)
        try BusTraceRecord.replay(try BusTraceRecord.parse(text), into: emulator)
        try emulator.checkAsleep()
        #expect(emulator.updates.map(\.kind) == [.full, .partial])
        #expect(emulator.screen == canvas.quantised(to: .bw, dither: .none).rotated(clockwise: board.rotation))
    }
}

@Suite struct PanelFailureTests {
    /// BUSY never releases: the update fails within the board's timeout, the daemon goes
    /// on, retries the display, and shows the frame once the panel answers again.
    @Test func aStuckPanelIsRetriedWhileTheHostRuns() throws {
        let config = try ConfigLoader.parse("""
            timezone: UTC
            display: {board: waveshare-2in13-v4, transport: trace, path: unused.jsonl, scale: 0.65}
            slots:
              - {kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """, file: "wall.yaml")
        let board = try #require(config.display.board)
        let emulator = TraceDecoding.emulator(for: board)
        emulator.busyStuck = true
        let output = try OutputFactory.panel(board: board, bus: emulator, dither: .none)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let clock = SimulatedClock(start: start)
        var messages: [String] = []
        let presenter = try FramePresenter(output: output, fonts: try FontLibrary(applicationFontDirectory: nil), scale: config.display.scale)
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: clock, presenter: presenter,
                                  log: { messages.append($0) })
        host.start()
        #expect(messages.contains { $0.contains("stayed BUSY for more than 2000 ms") && $0.contains("trying again in 30 s") })
        #expect(emulator.updates.isEmpty)
        #expect(host.nextInstant() == start.addingTimeInterval(30))
        emulator.busyStuck = false
        #expect(host.step(until: start.addingTimeInterval(40)) == nil)
        #expect(emulator.updates.map(\.kind) == [.full])
        try emulator.checkAsleep()
    }
}

/// An output whose device went away for good after the first frame.
final class VanishingOutput: DisplayOutput {
    let nativeWidth: Int, nativeHeight: Int
    let rotation = 0
    let palette = Palette.bw
    let dither = DitherMode.none
    let profile = RefreshProfile(sleepAfterUpdate: false)
    let refreshes: Set<PanelRefresh> = [.full, .partial]
    let windowAlignment = 1
    var shows = 0
    var failure: DeviceError?

    init(width: Int, height: Int) { (nativeWidth, nativeHeight) = (width, height) }

    func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {
        if let failure { throw failure }
        shows += 1
    }

    func close() throws {}
}

@Suite struct DisplayFailureTests {
    let yaml = """
        timezone: UTC
        display: {backend: file, path: unused, size: 364x170}
        slots:
          - {kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
        """

    /// A device that is gone (or forbidden) is reported and the host stops; trying again
    /// every 15 minutes for ever would hide it.
    @Test func aPermanentDeviceErrorStopsTheHost() throws {
        let config = try ConfigLoader.parse(yaml, file: "wall.yaml")
        let output = VanishingOutput(width: 364, height: 170)
        output.failure = DeviceError(path: "/dev/fb1", code: ENODEV, kind: .missing, problem: "/dev/fb1: writing row 0 failed", fix: "reconnect it")
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        var messages: [String] = []
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: start),
                                  presenter: try FramePresenter(output: output, fonts: try FontLibrary(), scale: 1), log: { messages.append($0) })
        host.start()
        #expect(host.displayFailing)
        #expect(messages.contains { $0.contains("/dev/fb1: writing row 0 failed: reconnect it") && $0.contains("stopping") })
        #expect(host.step(until: start.addingTimeInterval(3600)) == .displayFailed("/dev/fb1: writing row 0 failed: reconnect it"))
    }

    /// A passing failure is retried with the back-off and the frame shown when it clears.
    @Test func aPassingDeviceErrorIsRetried() throws {
        let config = try ConfigLoader.parse(yaml, file: "wall.yaml")
        let output = VanishingOutput(width: 364, height: 170)
        output.failure = DeviceError(path: "/dev/spidev0.0", code: EIO, kind: .io, problem: "SPI write failed")
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        var messages: [String] = []
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: start),
                                  presenter: try FramePresenter(output: output, fonts: try FontLibrary(), scale: 1), log: { messages.append($0) })
        host.start()
        #expect(host.nextInstant() == start.addingTimeInterval(30))
        // Three more failed attempts (30 s, 60 s, 120 s later): the failure is said once.
        #expect(host.step(until: start.addingTimeInterval(31)) == nil)
        #expect(host.step(until: start.addingTimeInterval(91)) == nil)
        #expect(host.step(until: start.addingTimeInterval(211)) == nil)
        #expect(messages.filter { $0.contains("SPI write failed") }.count == 1, "\(messages)")
        output.failure = nil
        #expect(host.step(until: start.addingTimeInterval(451)) == nil)
        #expect(output.shows == 1 && !host.displayFailing)
        #expect(messages.last == "display: working again")
    }

    /// The output's size and the configuration's must agree.
    @Test func anOutputOfAnotherSizeIsRefused() throws {
        let config = try ConfigLoader.parse(yaml, file: "wall.yaml")
        #expect(throws: ConfigError.self) {
            _ = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: Date()),
                               presenter: try FramePresenter(output: VanishingOutput(width: 100, height: 100), fonts: try FontLibrary(), scale: 1))
        }
    }
}
