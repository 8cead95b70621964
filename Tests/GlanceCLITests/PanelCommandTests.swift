import Foundation
import Testing

@Suite struct PanelCommandTests {
    @Test func listsTheBoards() throws {
        let result = try runGlance(["boards"])
        #expect(result.status == 0, "\(result.stderr)")
        // Names are padded to the longest; the rest of each line is the board.
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains { $0.hasPrefix("waveshare-7in5-v2 UC8179 800x480 bw") })
        #expect(lines.contains { $0.hasPrefix("waveshare-2in7-v2 SSD1680 264x176 bw, keys KEY1 KEY2 KEY3 KEY4") })
        #expect(lines.contains { $0.hasPrefix("pimoroni-inky-impression-13in3-spectra6 EL133UF1 1600x1200 spectra6, keys A B C D") })
        #expect(lines.contains { $0.hasPrefix("pimoroni-inky-phat-4color JD79661 250x122 bwry") })
    }

    /// A colour board's test card decoded from its trace, also as its measured inks show
    /// it: the blended inks are the PNG's palette.
    @Test func aColourBoardsFrameIsAlsoDecodedAsItsInksShowIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("bus.jsonl").path, out = directory.appendingPathComponent("frames").path
        let board = "pimoroni-inky-impression-7in3-spectra6"
        #expect(try runGlance(["panel", "test", "--board", board, "--trace", trace]).status == 0)
        let decoded = try runGlance(["trace", "decode", trace, "--board", board, "--out", out])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdout.contains("as its inks show it (saturation 0.5)"))
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/refresh-1-full-as-seen.png")))
        let at = try #require((0..<(png.count - 4)).first { Array(png[$0..<($0 + 4)]) == Array("PLTE".utf8) })
        // black, then white as it looks: 208, 209, 210.
        #expect(Array(png[(at + 4)..<(at + 10)]) == [0, 0, 0, 208, 209, 210])
        #expect(FileManager.default.fileExists(atPath: out + "/refresh-1-full.png"))
    }

    /// A board with a grey waveform shows its test card in four greys when asked, and the
    /// trace decodes to a two-bit picture; a board without one refuses.
    @Test func aGreyBoardsCardIsDecodedInFourGreys() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let test = try runGlance(["panel", "test", "--board", "waveshare-7in5-v2", "--colors", "gray4", "--trace", "grey.jsonl"], in: directory)
        #expect(test.status == 0, "\(test.stderr)")
        let decode = try runGlance(["trace", "decode", "grey.jsonl", "--board", "waveshare-7in5-v2", "--colors", "gray4", "--out", "grey"], in: directory)
        #expect(decode.status == 0, "\(decode.stderr)")
        let png = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent("grey/refresh-1-full.png").path))
        #expect(png[24] == 2)   // IHDR bit depth: four levels
        let refused = try runGlance(["panel", "test", "--board", "waveshare-2in13-v4", "--colors", "gray4", "--trace", "no.jsonl"], in: directory)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("board waveshare-2in13-v4 shows bw, not gray4"), "\(refused.stderr)")
    }

    /// A board over the trace transport: `run --once` writes the driver's bus traffic,
    /// and `trace decode` turns it back into the picture through the emulator.
    @Test func runsABoardIntoATraceAndDecodesIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            display: {board: waveshare-2in9-v2, transport: trace, path: bus.jsonl, scale: 0.75}
            slots:
              - {kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let run = try runGlance(["run", "--config", "wall.yaml", "--once"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("waveshare-2in9-v2: full refresh of 128x296+0+0 (panel pixels)"))
        let decode = try runGlance(["trace", "decode", "bus.jsonl", "--board", "waveshare-2in9-v2", "--out", "frames"], in: directory)
        #expect(decode.status == 0, "\(decode.stderr)")
        #expect(decode.stdout.contains("full refresh → frames/refresh-1-full.png"))
        let png = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent("frames/refresh-1-full.png").path))
        // The picture, 296×128, turned back from the panel's portrait RAM.
        #expect(png[16..<24].elementsEqual([0, 0, 0x01, 0x28, 0, 0, 0, 0x80]))
    }

    @Test func decodeReportsProtocolErrors() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{\"op\": \"cmd\", \"hex\": \"12\"}\n".write(to: directory.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
        let result = try runGlance(["trace", "decode", "bad.jsonl", "--board", "waveshare-2in13-v4"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.jsonl: protocol violation: line 1: SSD1680: command 0x12 before any hardware reset"), "\(result.stderr)")

        // An empty trace is not a protocol violation.
        try "\n".write(to: directory.appendingPathComponent("empty.jsonl"), atomically: true, encoding: .utf8)
        let empty = try runGlance(["trace", "decode", "empty.jsonl", "--board", "waveshare-2in13-v4"], in: directory)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("empty.jsonl: the trace is empty"), "\(empty.stderr)")
    }

    @Test func busBenchComparesFullAndPartial() throws {
        let result = try runGlance(["bench", "bus"])
        #expect(result.status == 0, "\(result.stderr)")
        let last = try #require(result.stdout.split(separator: "\n").last)
        var fields: [String: String] = [:]
        for pair in last.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        let full = try #require(fields["full_bytes"].flatMap(Int.init)), partial = try #require(fields["partial_bytes"].flatMap(Int.init))
        #expect(fields["board"] == "waveshare-7in5-v2")
        #expect(full > 96_000)
        #expect(partial * 10 < full)
    }

    /// This machine (and CI's) has no SPI bus: the start-up check says how to enable it,
    /// in one line, before anything is sent.
    @Test func spiWithoutSPIEnabledSaysHow() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "display: {board: waveshare-7in5-v2, spi: {device: /dev/spidev7.0}}\nslots:\n  - {kind: weekday, family: systemSmall}\n"
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["run", "--config", "wall.yaml", "--once"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("display: /dev/spidev7.0 does not exist: "))
        #expect(result.stderr.contains("dtparam=spi=on") || result.stderr.contains("this machine has /dev/spidev"))
        #expect(!result.stderr.contains("refresh of"))
    }

    @Test func framebufferErrorsSayWhatIsWrong() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "display: {backend: framebuffer, path: /dev/fb7}\nslots:\n  - {kind: weekday, family: systemSmall}\n"
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let missing = try runGlance(["run", "--config", "wall.yaml", "--once"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("display: /dev/fb7 does not exist: no framebuffer"), "\(missing.stderr)")
        try "display: {backend: framebuffer, path: /dev/null}\nslots:\n  - {kind: weekday, family: systemSmall}\n"
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let notFramebuffer = try runGlance(["run", "--config", "wall.yaml", "--once"], in: directory)
        #expect(notFramebuffer.status == 1)
        #expect(notFramebuffer.stderr.contains("/dev/null is not a framebuffer device"), "\(notFramebuffer.stderr)")
    }

    /// `panel test` and `panel clear` drive a board's real driver (here into a trace,
    /// which decodes back to the picture); `panel check` and `gpio` report this
    /// machine's missing hardware as one line.
    @Test func panelCommands() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let test = try runGlance(["panel", "test", "--board", "pimoroni-inky-what-red", "--trace", "card.jsonl"], in: directory)
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stdout.contains("pimoroni-inky-what-red: full refresh of 400x300"))
        let decode = try runGlance(["trace", "decode", "card.jsonl", "--board", "pimoroni-inky-what-red", "--out", "card"], in: directory)
        #expect(decode.status == 0, "\(decode.stderr)")
        let clear = try runGlance(["panel", "clear", "--board", "waveshare-2in13-v4", "--trace", "clear.jsonl"], in: directory)
        #expect(clear.status == 0, "\(clear.stderr)")

        let check = try runGlance(["panel", "check", "--board", "waveshare-2in7-v2"], in: directory)
        if !FileManager.default.fileExists(atPath: "/dev/spidev0.0") {
            #expect(check.status == 1)
            #expect(check.stderr.contains("waveshare-2in7-v2: /dev/spidev0.0 does not exist"), "\(check.stderr)")
        }
        let neither = try runGlance(["panel", "check"], in: directory)
        #expect(neither.status == 2)
        #expect(neither.stderr.contains("give either --board NAME or --config FILE"))
        if ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).allSatisfy({ !$0.hasPrefix("gpiochip") }) {
            let gpio = try runGlance(["gpio"], in: directory)
            #expect(gpio.status == 1)
            #expect(gpio.stderr.contains("no GPIO chips (/dev/gpiochip*) on this machine: run this on the board") && gpio.stderr.contains("; libgpiod "))
        }
    }

    /// An LCD stays awake between updates; SIGTERM puts it to sleep (display off, sleep
    /// in, backlight off) before the process exits.
    @Test func sigtermPutsTheLCDToSleep() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "display: {board: pimoroni-display-hat-mini, transport: trace, path: bus.jsonl}\nslots:\n  - {kind: weekday, family: systemSmall}\n"
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let (process, err, collected) = try await startDaemon(["run", "--config", "wall.yaml"], in: directory)
        let trace = directory.appendingPathComponent("bus.jsonl").path
        func lastRecords() -> [String] {
            let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").suffix(4).map(String.init)
        }
        // Awake after its first update: backlight on, no sleep command yet.
        #expect(lastRecords().last?.contains("\"line\": \"BL\", \"value\": 1") == true, "\(lastRecords())")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        err.fileHandleForReading.readabilityHandler = nil
        #expect(process.terminationStatus == 0, "\(collected.text)")
        let tail = lastRecords()
        #expect(tail.count == 4)
        #expect(tail[0].contains("\"hex\": \"28\"") && tail[1].contains("\"hex\": \"10\""), "\(tail)")
        #expect(tail[3].contains("\"line\": \"BL\", \"value\": 0"), "\(tail)")
    }

    @Test func decodingATraceAsTheWrongBoardSaysSo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try runGlance(["panel", "clear", "--board", "waveshare-7in5-v2", "--trace", "t.jsonl"], in: directory).status == 0)
        let decode = try runGlance(["trace", "decode", "t.jsonl", "--board", "waveshare-2in13-v4"], in: directory)
        #expect(decode.status == 1)
        #expect(decode.stderr.contains("is the trace from another board?") || decode.stderr.contains("protocol violation"), "\(decode.stderr)")
        #expect(!decode.stderr.contains("check the BUSY pin"))
    }

    /// `--once` is what scripts and cron jobs run: a frame that could not be shown is
    /// exit status 1, and file errors say the system's reason, not an error object.
    @Test func onceFailsWhenTheFrameCannotBeShown() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // frame.png is a folder: the frame cannot be written.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out/frame.png"), withIntermediateDirectories: true)
        try "display: {backend: file, path: out}\nslots:\n  - {kind: weekday, family: systemSmall}\n"
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["run", "--config", "wall.yaml", "--once"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("frame.png: cannot be written (it is a directory, and Glance replaces only regular files"), "\(result.stderr)")
        #expect(result.stderr.contains("the frame could not be shown"))
        // One frame was asked for: nothing is tried again, so nothing says it will be.
        #expect(!result.stderr.contains("trying again"), "\(result.stderr)")

        try "display: {backend: file, path: /proc/glance-nope}\nslots:\n  - {kind: weekday, family: systemSmall}\n"
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let unwritable = try runGlance(["run", "--config", "wall.yaml", "--once"], in: directory)
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("cannot create the output directory (/proc/glance-nope: "), "\(unwritable.stderr)")
        #expect(!unwritable.stderr.contains("Error("))
    }
}
