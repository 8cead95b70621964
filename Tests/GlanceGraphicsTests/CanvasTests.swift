import GlanceGraphics
import GlanceSystem
import GlanceTestSupport
import Glibc
import Testing

@Suite struct CanvasTests {
    @Test(arguments: [(0, 0), (100_000, 100_000), (1, 9000), (-5, 10)])
    func absurdSizesAreRefused(width: Int, height: Int) {
        #expect(throws: Canvas.SizeError(width: width, height: height)) { try Canvas(width: width, height: height) }
    }

    @Test func fillCoversExactlyTheRectangleClippedToTheCanvas() throws {
        var canvas = try Canvas(width: 10, height: 10)
        canvas.fill(PixelRect(x: 8, y: -2, width: 5, height: 4), .black)
        let black = canvas.pixels.indices.filter { canvas.pixels[$0] == .black }.map { ($0 % 10, $0 / 10) }
        #expect(black.map { "\($0.0),\($0.1)" } == ["8,0", "9,0", "8,1", "9,1"])
    }

    @Test func strokeDrawsOnlyTheBorder() throws {
        var canvas = try Canvas(width: 6, height: 5)
        canvas.stroke(PixelRect(x: 0, y: 0, width: 6, height: 5), .black)
        let count = canvas.pixels.filter { $0 == .black }.count
        #expect(count == 2 * 6 + 2 * 3)
        #expect(canvas[x: 2, y: 2] == .white)
    }

    @Test func ellipseAreaAndSymmetry() throws {
        var canvas = try Canvas(width: 40, height: 20)
        canvas.fillEllipse(in: PixelRect(x: 0, y: 0, width: 40, height: 20), .black)
        // Coverage-weighted area ≈ π·20·10.
        let area = canvas.pixels.reduce(0.0) { $0 + Double(255 - Int($1.r)) / 255 }
        #expect(abs(area - Double.pi * 200) < 6)
        for y in 0..<20 {
            for x in 0..<20 { #expect(canvas[x: x, y: y] == canvas[x: 39 - x, y: 19 - y]) }
        }
    }

    @Test func roundedCornersAreCutAndEdgesAntialiased() throws {
        var canvas = try Canvas(width: 20, height: 20)
        canvas.fillRoundedRect(PixelRect(x: 0, y: 0, width: 20, height: 20), radius: 6, .black)
        #expect(canvas[x: 0, y: 0] == .white)
        #expect(canvas[x: 10, y: 0] == .black)
        #expect(canvas[x: 10, y: 10] == .black)
        let partial = canvas.pixels.filter { $0.r != 0 && $0.r != 255 }
        #expect(!partial.isEmpty)
    }

    @Test func linesReachTheirEndsWithTheirWidth() throws {
        var canvas = try Canvas(width: 20, height: 20)
        canvas.drawLine(from: (2.5, 10.5), to: (17.5, 10.5), width: 3, .black)
        #expect(canvas[x: 2, y: 10] == .black && canvas[x: 17, y: 10] == .black)
        #expect(canvas[x: 10, y: 9] == .black && canvas[x: 10, y: 11] == .black)
        #expect(canvas[x: 10, y: 7] == .white && canvas[x: 10, y: 13] == .white)
    }

    @Test func blendingIsSourceOver() {
        #expect(RGBA(0, 0, 0, 128).over(.white) == RGBA(127, 127, 127))
        #expect(RGBA.black.over(.white, coverage: 0) == .white)
        #expect(RGBA.red.over(.white) == .red)
    }
}

/// Colours as the config writes them (`named_colors:`, the agenda's `colors:`).
@Suite struct ConfigColourTextTests {
    @Test func hexWithOrWithoutHashAndAlphaReadsAndWritesBack() {
        #expect(RGBA(configText: "#FF3B30") == RGBA(hex: 0xFF3B30))
        #expect(RGBA(configText: "0a84ff") == RGBA(hex: 0x0A84FF))
        #expect(RGBA(configText: "#FF3B3080") == RGBA(hex: 0xFF3B30, alpha: 0x80))
        #expect(RGBA(hex: 0x0A84FF).configText == "#0A84FF")
        #expect(RGBA(hex: 0xFF3B30, alpha: 0x80).configText == "#FF3B3080")
        for wrong in ["orange", "#FFF", "#12345", "#GG0000", "+FFFFF", "#FF3B30 ", ""] { #expect(RGBA(configText: wrong) == nil) }
    }
}

@Suite struct QuantiserTests {
    func grey(_ level: UInt8, tonal: Bool) throws -> Canvas {
        var canvas = try Canvas(width: 64, height: 64)
        if tonal {
            canvas.fillLinearGradient(canvas.bounds, GradientRamp(colors: [RGBA(level, level, level), RGBA(level, level, level)]),
                                      start: (0, 0), end: (1, 0))
        } else {
            canvas.fill(canvas.bounds, RGBA(level, level, level))
        }
        return canvas
    }

    func blackShare(_ frame: QuantisedFrame) -> Double {
        Double(frame.values.filter { $0 == 0 }.count) / Double(frame.values.count)
    }

    @Test func flatPixelsAreNeverDithered() throws {
        for mode in DitherMode.allCases {
            let frame = try grey(100, tonal: false).quantised(to: .bw, dither: mode)
            #expect(blackShare(frame) == 1, "\(mode)")
        }
    }

    @Test(arguments: [DitherMode.floydSteinberg, .atkinson, .bayer])
    func tonalMidGreyBecomesAboutHalfBlack(mode: DitherMode) throws {
        let share = blackShare(try grey(128, tonal: true).quantised(to: .bw, dither: mode))
        #expect(abs(share - 0.5) < 0.08, "\(mode): \(share)")
    }

    @Test func ditheringFollowsTheTone() throws {
        let dark = blackShare(try grey(64, tonal: true).quantised(to: .bw, dither: .floydSteinberg))
        let light = blackShare(try grey(192, tonal: true).quantised(to: .bw, dither: .floydSteinberg))
        #expect(abs(dark - 0.75) < 0.05 && abs(light - 0.25) < 0.05)
    }

    @Test func bayerIsAStablePatternOfPeriodEight() throws {
        let frame = try grey(100, tonal: true).quantised(to: .bw, dither: .bayer)
        for y in 0..<56 {
            for x in 0..<56 { #expect(frame.values[y * 64 + x] == frame.values[(y + 8) * 64 + x + 8]) }
        }
    }

    @Test func textOverAGradientStaysSolid() throws {
        var canvas = try Canvas(width: 32, height: 16)
        canvas.fillLinearGradient(canvas.bounds, GradientRamp(colors: [.black, .white]), start: (0, 0), end: (1, 0))
        let mask = [UInt8](repeating: 255, count: 8 * 4)
        canvas.drawMask(mask, width: 8, height: 4, atX: 12, y: 6, .white)
        let frame = canvas.quantised(to: .bw, dither: .floydSteinberg)
        for y in 6..<10 {
            for x in 12..<20 { #expect(frame.values[y * 32 + x] == 1) }
        }
    }

    @Test func nearestColoursOfTheColourPalettes() throws {
        var canvas = try Canvas(width: 3, height: 1)
        for (i, c) in ([RGBA(210, 20, 10), RGBA(240, 230, 30), RGBA(20, 20, 20)] as [RGBA]).enumerated() { canvas.setPixel(i, c) }
        // Flat colour is ink on a three-ink panel: yellow prints red rather than vanish.
        #expect(canvas.quantised(to: .bwr, dither: .none).values == [2, 2, 0])
        #expect(canvas.quantised(to: .acep7, dither: .none).values == [4, 5, 0])
        #expect(canvas.quantised(to: .spectra6, dither: .none).values == [3, 2, 0])
        #expect(canvas.quantised(to: .rgb565, dither: .none).values[0] == (26 << 11 | 5 << 5 | 1))
    }
}

@Suite struct PackingTests {
    @Test func oneBitRowsAreMostSignificantFirstAndPadded() throws {
        var canvas = try Canvas(width: 10, height: 2)
        for x in [0, 2, 9] { canvas[x: x, y: 0] = .black }
        canvas[x: 7, y: 1] = .black
        // SSD1680 convention: black 0, white 1.
        let bytes = canvas.quantised(to: .bw, dither: .none).packed(bitsPerPixel: 1) { $0 == 0 ? 0 : 1 }
        #expect(bytes == [0b0101_1111, 0b1000_0000, 0b1111_1110, 0b1100_0000])
    }

    @Test func panelBytesForBlackAndWhiteMatchTheGenericPacker() throws {
        for width in [1, 7, 8, 9, 17, 800] {
            var canvas = try Canvas(width: width, height: 3)
            for index in 0..<(width * 3) where (index * 7919) % 5 < 2 { canvas.setPixel(index, .black) }
            let frame = canvas.quantised(to: .bw, dither: .none)
            #expect(frame.panelBytes() == frame.packed(bitsPerPixel: 1) { $0 == 0 ? 0 : 1 }, "width \(width)")
        }
    }

    @Test func twoAndFourBitPacking() throws {
        var canvas = try Canvas(width: 3, height: 1)
        for (i, c) in ([.black, RGBA(85, 85, 85), .white] as [RGBA]).enumerated() { canvas.setPixel(i, c) }
        let frame = canvas.quantised(to: .gray4, dither: .none)
        #expect(frame.packed(bitsPerPixel: 2) { UInt8($0) } == [0b0001_1100])
        #expect(frame.packed(bitsPerPixel: 4) { UInt8($0) } == [0x01, 0x30])
    }

    /// A frame of a byte a pixel packs to 4 and 8 bits as pixel by pixel, rows padded.
    @Test func sevenInkPackingIsPixelByPixel() {
        for width in [1, 2, 5, 8, 13] {
            let values = (0..<(width * 3)).map { UInt32(($0 * 5 + $0 / width) % 7) }
            let frame = QuantisedFrame(width: width, height: 3, palette: .acep7, values: values)
            for bits in [4, 8] {
                let perByte = 8 / bits, rowBytes = (width + perByte - 1) / perByte
                var expected = [UInt8](repeating: 0, count: rowBytes * 3)
                for (index, value) in values.enumerated() {
                    let x = index % width, y = index / width
                    expected[y * rowBytes + x / perByte] |= UInt8(6 - value) << UInt8(8 - bits * (x % perByte + 1))
                }
                #expect(frame.packed(bitsPerPixel: bits) { UInt8(6 - $0) } == expected, "width \(width), \(bits) bits")
            }
        }
    }

    @Test func rgb565IsBigEndian() throws {
        var canvas = try Canvas(width: 2, height: 1)
        for (i, c) in ([.red, .blue] as [RGBA]).enumerated() { canvas.setPixel(i, c) }
        #expect(canvas.quantised(to: .rgb565, dither: .none).packedRGB565BigEndian() == [0xF8, 0x00, 0x00, 0x1F])
    }
}

@Suite struct FileFormatTests {
    @Test func pngRoundTripKeepsEveryPixel() throws {
        var canvas = try Canvas(width: 7, height: 5)
        canvas.fillLinearGradient(canvas.bounds, GradientRamp(colors: [.red, .blue]), start: (0, 0), end: (1, 1))
        canvas[x: 3, y: 2] = RGBA(1, 2, 3, 4)
        let decoded = try PNG.decode(try PNG.encode(canvas))
        #expect(decoded.pixels == canvas.pixels)
    }

    @Test func quantisedFramesAreColourMappedPNGs() throws {
        var canvas = try Canvas(width: 9, height: 4)
        canvas.fill(PixelRect(x: 2, y: 1, width: 4, height: 2), .red)
        let frame = canvas.quantised(to: .bwr, dither: .none)
        let bytes = try PNG.encode(frame)
        #expect(bytes[25] == 3) // IHDR colour type 3: palette
        #expect(try PNG.decode(bytes).pixels == frame.canvas().pixels)
    }

    /// Frames are written at the fewest bits a pixel their palette needs, in one pass:
    /// IHDR's bit depth (byte 24) and colour type (byte 25).
    @Test(arguments: [(Palette.bw, 1, 0), (Palette.gray4, 2, 0), (Palette.bwr, 2, 3), (Palette.acep7, 4, 3)])
    func quantisedFramesAreWrittenAtTheirPalettesDepth(palette: Palette, depth: Int, colourType: Int) throws {
        var canvas = try Canvas(width: 13, height: 5)
        canvas.fillLinearGradient(canvas.bounds, GradientRamp(colors: [.black, .red, .white]), start: (0, 0), end: (1, 0))
        let frame = canvas.quantised(to: palette, dither: .floydSteinberg)
        let bytes = try PNG.encode(frame)
        #expect(Int(bytes[24]) == depth)
        #expect(Int(bytes[25]) == colourType)
        #expect(try PNG.decode(bytes).pixels == frame.canvas().pixels)
        #expect(try PNG.encode(frame, packed: palette.name == "bw" || palette.name == "gray4" ? frame.panelBytes() : nil) == bytes)
    }

    @Test func notAPNGIsAnError() {
        #expect(throws: PNG.Failure.self) { try PNG.decode(Array("hello".utf8)) }
        #expect(throws: PNG.Failure.self) { try PNG.read("/nonexistent.png") }
    }

    /// A picture's path may be given by others (`glance set`, MQTT): a FIFO is refused at
    /// once (it held the renderer in `open(2)` until a writer came), a folder or a device
    /// is not read, and a file larger than `PNG.largestFile` is refused before it is read.
    @Test func aPictureThatIsNotAPlainFileOrTooLargeIsRefusedWithoutReading() throws {
        let scratch = try ScratchFolder(prefix: "glance-png")
        defer { scratch.remove() }
        let fifo = scratch.path + "/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let large = try scratch.write("", to: "large.png")
        #expect(truncate(large, off_t(PNG.largestFile + 1)) == 0) // sparse: nothing written
        final class Results: @unchecked Sendable {
            let lock = ConditionLock()
            var texts: [String] = []
        }
        let results = Results()
        startThread {
            for path in [fifo, scratch.path, "/dev/zero", large, scratch.path + "/missing.png"] {
                let text: String
                do throws(PNG.Failure) {
                    _ = try PNG.read(path)
                    text = "read"
                } catch {
                    text = error.reason
                }
                results.lock.withLock {
                    results.texts.append(text)
                    results.lock.broadcast()
                }
            }
        }
        // A hang guard, not a speed bound: minutes.
        let deadline = ContinuousClock.now + .seconds(120)
        let texts = results.lock.withLock {
            while results.texts.count < 5 && ContinuousClock.now < deadline { _ = results.lock.wait(seconds: 1) }
            return results.texts
        }
        #expect(texts == ["cannot be read (a FIFO, not a regular file; not read)", "cannot be read (a folder, not a regular file; not read)",
                          "cannot be read (a device, not a regular file; not read)", "cannot be read (larger than 32 MiB; not read)",
                          "cannot be read (no such file)"])
    }

    @Test func pnmRoundTrip() throws {
        var canvas = try Canvas(width: 4, height: 3)
        canvas.fill(PixelRect(x: 1, y: 1, width: 2, height: 1), RGBA(10, 200, 30))
        #expect(try PNM.decode(PNM.encodePPM(canvas)).pixels == canvas.pixels)
        #expect(try PNM.decode(PNM.encodePGM(canvas))[x: 1, y: 1] == RGBA(123, 123, 123))
        #expect(throws: PNM.Failure.self) { try PNM.decode(Array("P6\n4 3\n255\n".utf8)) }
    }
}

/// A test card of everything the quantiser treats differently — a tonal gradient, flat
/// shapes in several colours, and text-like masks on both — in every palette and mode.
@Suite struct PaletteGoldenTests {
    static func testCard() throws -> Canvas {
        var canvas = try Canvas(width: 96, height: 64)
        canvas.fillLinearGradient(PixelRect(x: 0, y: 0, width: 96, height: 32),
                                  GradientRamp(colors: [.black, RGBA(hex: 0x3366CC), .white]), start: (0, 0), end: (1, 0))
        canvas.fill(PixelRect(x: 0, y: 32, width: 96, height: 32), .white)
        canvas.fillEllipse(in: PixelRect(x: 4, y: 36, width: 24, height: 24), .red)
        canvas.fillRoundedRect(PixelRect(x: 34, y: 36, width: 26, height: 24), radius: 6, RGBA(hex: 0x22AA44))
        canvas.fill(PixelRect(x: 66, y: 36, width: 26, height: 24), RGBA(hex: 0xE6C800))
        var bar = [UInt8](repeating: 0, count: 60 * 6)
        for index in bar.indices where (index % 60) % 10 < 7 { bar[index] = 255 }
        canvas.drawMask(bar, width: 60, height: 6, atX: 18, y: 13, .white)
        canvas.drawMask(bar, width: 60, height: 6, atX: 18, y: 45, .black)
        return canvas
    }

    @Test(arguments: Palette.all)
    func everyPaletteAndDitherMode(palette: Palette) throws {
        let card = try Self.testCard()
        for mode in DitherMode.allCases {
            let frame = card.quantised(to: palette, dither: mode).canvas()
            if let mismatch = GoldenImage.compare(frame, named: "card-\(palette.name)-\(mode.rawValue)") {
                Issue.record("\(mismatch)")
            }
        }
    }
}
