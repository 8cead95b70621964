@testable import GlanceGraphics
import Testing

/// A canvas put away as runs (`Canvas.Folded`, while a display sleeps for minutes) comes
/// back the same, pixel for pixel and flag for flag, and takes a fraction of its bytes.
@Suite struct CanvasFoldingTests {
    /// Flat grounds, text-like edges, a gradient and a noisy tonal patch, with both flags.
    func draw(_ canvas: inout Canvas) {
        canvas.fill(PixelRect(x: 0, y: 0, width: canvas.width, height: 40), RGBA(200, 200, 200), tonal: true)
        canvas.fill(PixelRect(x: 10, y: 5, width: 50, height: 40), RGBA(30, 60, 90, 140))
        canvas.drawLine(from: (4, 60), to: (150, 90), width: 2.5, .black)
        canvas.fillEllipse(in: PixelRect(x: 5, y: 78, width: 33, height: 19), RGBA(60, 60, 60, 200))
        canvas.fillLinearGradient(PixelRect(x: 0, y: 100, width: 160, height: 20), GradientRamp(colors: [.black, .white]),
                                  start: (0, 0), end: (1, 0))
        var state: UInt32 = 12345
        for y in 120..<140 {
            for x in 0..<160 {
                state = state &* 1_103_515_245 &+ 12345
                let value = UInt8(truncatingIfNeeded: state >> 16)
                canvas.setPixel(y * canvas.width + x, RGBA(value, value &+ 40, value &+ 80), tonal: x % 3 == 0)
            }
        }
        canvas.flags[150 * canvas.width + 7] |= Canvas.glyphFlag
    }

    @Test(arguments: [Canvas.Storage.grey, .rgba])
    func aCanvasComesBackTheSame(_ storage: Canvas.Storage) throws {
        var canvas = try storage == .grey ? Canvas(width: 160, height: 160, panel: .bw, dither: .floydSteinberg)
                                          : Canvas(width: 160, height: 160, panel: .acep7, dither: .floydSteinberg)
        #expect(canvas.storage == storage)
        draw(&canvas)
        canvas.clip = PixelRect(x: 3, y: 4, width: 100, height: 90)
        let folded = canvas.folded()
        let back = Canvas(unfolding: folded)
        #expect(back == canvas)
        #expect(back.storage == storage && back.flags == canvas.flags && back.clip == canvas.clip)
        // The noise (an eighth of the canvas) is one run a pixel; the rest is long runs:
        // under half the bytes the canvas holds (a byte of flags and one or four of colour).
        let held = canvas.width * canvas.height * (storage == .grey ? 2 : 5)
        #expect(folded.byteCount * 2 < held, "\(folded.byteCount) of \(held) bytes")
    }

    /// A flat 800x480 frame is one run: a length of 383,999 takes three bytes.
    @Test func aFlatFrameIsOneRun() throws {
        let canvas = try Canvas(width: 800, height: 480, panel: .bw, dither: .floydSteinberg)
        let folded = canvas.folded()
        #expect(folded.byteCount == 2 + 3)
        #expect(Canvas(unfolding: folded) == canvas)
        // Runs of 128 and more across a row's end: two length bytes.
        var striped = canvas
        striped.fill(PixelRect(x: 0, y: 1, width: 800, height: 1), .black)
        let back = Canvas(unfolding: striped.folded())
        #expect(back == striped && back != canvas)
    }

    /// A picture of noise (a photo's pixels) folds to more than it holds: the limit says
    /// so before the runs are all written, and a flat one under it folds.
    @Test func noiseIsNotFoldedUnderALimit() throws {
        var canvas = try Canvas(width: 200, height: 100, panel: .bw, dither: .floydSteinberg)
        #expect(canvas.folded(under: canvas.heldBytes / 2) != nil)
        var state: UInt32 = 7
        for index in 0..<(200 * 100) {
            state = state &* 1_103_515_245 &+ 12345
            let value = UInt8(truncatingIfNeeded: state >> 16)
            canvas.setPixel(index, RGBA(value, value, value), tonal: true)
        }
        #expect(canvas.folded(under: canvas.heldBytes / 2) == nil)
        #expect(canvas.folded().byteCount > canvas.heldBytes)
        #expect(Canvas(unfolding: canvas.folded()) == canvas)
    }

    /// The frame a panel shows, put away during a long sleep (`QuantisedFrame.Folded`):
    /// packed bits (bw, gray4) and a byte a pixel (acep7) come back the same; packed
    /// colours (an LCD's) and noise are not folded.
    @Test(arguments: [Palette.bw, .gray4, .acep7])
    func aShownFrameComesBackTheSame(_ palette: Palette) throws {
        // A widget's frame: grounds, bars, a rule, a round mark and a small dithered patch.
        var canvas = try Canvas(width: 160, height: 160, panel: palette, dither: .floydSteinberg)
        canvas.fill(PixelRect(x: 0, y: 0, width: 160, height: 30), palette.colors[0])
        canvas.fill(PixelRect(x: 8, y: 40, width: 90, height: 12), palette.colors[palette.colors.count - 2])
        canvas.drawLine(from: (4, 60), to: (150, 90), width: 2.5, .black)
        canvas.fillEllipse(in: PixelRect(x: 5, y: 100, width: 33, height: 19), .black)
        canvas.fill(PixelRect(x: 120, y: 120, width: 12, height: 12), RGBA(128, 128, 128), tonal: true)
        let frame = canvas.quantised(to: palette, dither: .floydSteinberg)
        let folded = frame.folded(under: frame.heldBytes / 2)
        #expect(folded != nil, "a widget's frame folds under half of \(frame.heldBytes) bytes")
        let back = folded.map(QuantisedFrame.init(unfolding:))
        #expect(back == frame, "the frame comes back the same")
        #expect(back?.indices == frame.indices)
        let lcd = canvas.quantised(to: .rgb565, dither: .none)
        #expect(lcd.folded(under: .max) == nil, "packed colours are not folded")
        let flat = try Canvas(width: 800, height: 480, panel: .bw, dither: .floydSteinberg).quantised(to: .bw, dither: .none)
        #expect(flat.folded(under: .max)?.byteCount == 1 + 3)
        var noisy = [UInt8](repeating: 0, count: 160 * 160)
        var state: UInt32 = 3
        for index in noisy.indices {
            state = state &* 1_103_515_245 &+ 12345
            noisy[index] = UInt8(truncatingIfNeeded: state >> 16) % UInt8(palette.colors.count)
        }
        let noise = QuantisedFrame(width: 160, height: 160, palette: palette, indices: noisy)
        #expect(noise.folded(under: noise.heldBytes / 2) == nil, "noise is not folded")
    }
}
