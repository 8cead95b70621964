@testable import GlanceGraphics
import Testing

/// The one-byte grey canvas that frames for panels of grey inks are drawn on: greys land
/// exactly as on an RGBA canvas through every drawing call, so a frame of greys
/// quantises to the same bytes; colours land as the grey their pixels are quantised by.
@Suite struct GreyCanvasTests {
    /// Every drawing call, in greys only, some translucent, some tonal, some clipped.
    func drawGreys(_ canvas: inout Canvas) throws {
        canvas.fill(PixelRect(x: 0, y: 0, width: 120, height: 30), RGBA(200, 200, 200), tonal: true)
        canvas.fill(PixelRect(x: 10, y: 5, width: 50, height: 40), RGBA(30, 30, 30, 140))
        canvas.fill(PixelRect(x: 70, y: 20, width: 30, height: 30), RGBA(128, 128, 128), tonal: true)
        canvas.stroke(PixelRect(x: 2, y: 50, width: 60, height: 25), .black, lineWidth: 2)
        canvas.fillRoundedRect(PixelRect(x: 64, y: 52, width: 40, height: 22), radius: 7, RGBA(90, 90, 90), tonal: true)
        canvas.fillEllipse(in: PixelRect(x: 5, y: 78, width: 33, height: 19), RGBA(60, 60, 60, 200))
        canvas.drawLine(from: (40, 80), to: (110, 96), width: 2.5, .black)
        canvas.fillPolygons([[(x: 80.3, y: 2.2), (x: 118.6, y: 12.9), (x: 95.1, y: 27.4)]], RGBA(240, 240, 240))
        canvas.fillLinearGradient(PixelRect(x: 0, y: 100, width: 60, height: 20), GradientRamp(colors: [.black, .white]),
                                  start: (0, 0), end: (0, 1))
        canvas.fillLinearGradient(PixelRect(x: 60, y: 100, width: 60, height: 20),
                                  GradientRamp(colors: [RGBA(250, 250, 250, 120), RGBA(20, 20, 20)]), start: (0, 0), end: (1, 0))
        canvas.fillLinearGradient(PixelRect(x: 0, y: 120, width: 120, height: 10), GradientRamp(colors: [.white, RGBA(70, 70, 70)]),
                                  start: (0, 0), end: (1, 1))
        canvas.fillRadialGradient(PixelRect(x: 80, y: 60, width: 40, height: 40), GradientRamp(colors: [.white, .black]),
                                  center: (100, 80), startRadius: 2, endRadius: 20)
        // Text over the tones: a glyph-like mask with every coverage, in black and white.
        let mask = (0..<(23 * 11)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        canvas.drawMask(mask, width: 23, height: 11, atX: 20, y: 10, .black, glyph: true)
        canvas.drawMask(mask, width: 23, height: 11, atX: 72, y: 104, .white, glyph: true)
        canvas.drawMask(mask, width: 23, height: 11, atX: 40, y: 60, RGBA(100, 100, 100, 180), tonal: true)
        // A picture's pixels and a scaled picture, greys with some transparency.
        let picture = (0..<(9 * 7)).map { (index: Int) -> RGBA in
            let grey = UInt8(index * 4)
            let alpha: UInt8 = index % 5 == 0 ? 0 : (index % 3 == 0 ? 128 : 255)
            return RGBA(grey, grey, grey, alpha)
        }
        canvas.drawImage(picture, width: 9, height: 7, atX: 110, y: 40)
        var image = try Canvas(width: 9, height: 7)
        for index in 0..<63 { image.setPixel(index, picture[index]) }
        canvas.drawScaled(image, into: PixelRect(x: 30, y: 30, width: 27, height: 15))
        // A layer drawn over the frame, opaque rows copied and translucent ones blended.
        var layer = try Canvas(width: 20, height: 12, fill: .clear)
        layer.fill(PixelRect(x: 0, y: 0, width: 20, height: 6), RGBA(170, 170, 170))
        layer.fill(PixelRect(x: 3, y: 6, width: 10, height: 6), RGBA(10, 10, 10, 90), tonal: true)
        canvas.draw(layer, atX: 95, y: 85)
        // Clipped drawing leaves everything outside the clip alone.
        canvas.clip = PixelRect(x: 50, y: 40, width: 30, height: 30)
        canvas.fill(PixelRect(x: 0, y: 0, width: 120, height: 130), RGBA(150, 150, 150, 100), tonal: true)
        canvas.drawMask(mask, width: 23, height: 11, atX: 70, y: 35, .black, glyph: true)
        canvas.clip = canvas.bounds
        canvas.blend(x: 3, y: 3, RGBA(77, 77, 77), coverage: 99, tonal: true)
        canvas.setPixel(5, RGBA(12, 12, 12), tonal: false)
    }

    @Test func greysDrawnOnAGreyCanvasAreThePixelsAnRGBACanvasHolds() throws {
        var rgba = try Canvas(width: 120, height: 130)
        var grey = try Canvas(width: 120, height: 130, storage: .grey)
        #expect(grey.storage == .grey)
        try drawGreys(&rgba)
        try drawGreys(&grey)
        #expect(grey.storage == .grey, "drawing greys keeps the canvas grey")
        #expect(rgba.storage == .rgba)
        #expect(grey.tonal == rgba.tonal)
        #expect(grey.glyph == rgba.glyph)
        let greyPixels = grey.pixels, rgbaPixels = rgba.pixels
        var differing = 0
        for index in greyPixels.indices where greyPixels[index] != rgbaPixels[index] {
            if differing == 0 { Issue.record("pixel \(index % 120),\(index / 120): \(greyPixels[index]) on grey, \(rgbaPixels[index]) on RGBA") }
            differing += 1
        }
        #expect(differing == 0)
        #expect(grey == rgba, "canvases compare by their pixels, whatever holds them")
        for palette in [Palette.bw, .gray4] {
            for dither in [DitherMode.floydSteinberg, .none] {
                let expected = rgba.quantised(to: palette, dither: dither).indices
                let same = grey.quantised(to: palette, dither: dither).indices == expected
                #expect(same, "\(palette.name) \(dither)")
                // The general loop reads a grey canvas too.
                let general = grey.quantised(to: palette, dither: dither, general: true).indices
                let sameGeneral = general == rgba.quantised(to: palette, dither: dither, general: true).indices
                #expect(sameGeneral, "\(palette.name) \(dither), general loop")
                // And both loops agree (an undithered tone beside a flat pixel of its
                // colour once took the flat pixel's ink bias in the general loop).
                let differing = zip(general, expected).filter { $0 != $1 }.count
                #expect(differing == 0, "\(palette.name) \(dither): \(differing) pixels differ between the loops")
            }
        }
    }

    /// A tonal colour becomes its luma, which is what error diffusion on grey inks
    /// spreads: the same dots as on an RGBA canvas.
    @Test func tonalColoursDitherToTheSameDotsOnAGreyCanvas() throws {
        var rgba = try Canvas(width: 90, height: 40)
        var grey = try Canvas(width: 90, height: 40, storage: .grey)
        func sky(_ canvas: inout Canvas) {
            canvas.fillLinearGradient(PixelRect(x: 0, y: 0, width: 90, height: 40),
                                      GradientRamp(colors: [RGBA(0x3A, 0x7B, 0xD5), RGBA(0x9C, 0xD3, 0xF7)]), start: (0, 0), end: (0, 1))
            canvas.fill(PixelRect(x: 30, y: 10, width: 20, height: 20), RGBA(40, 160, 90), tonal: true)
        }
        sky(&rgba)
        sky(&grey)
        #expect(grey.storage == .grey)
        for palette in [Palette.bw, .gray4] {
            #expect(grey.quantised(to: palette, dither: .floydSteinberg).indices
                    == rgba.quantised(to: palette, dither: .floydSteinberg).indices, "\(palette.name)")
        }
    }

    /// A colour (a label, a switch, a heatmap cell, an emoji's yellow) takes the inks it
    /// takes on an RGBA canvas: flat or tonal, dithered or not, alone or edged by
    /// antialiasing over white.
    @Test(arguments: [Palette.bw, Palette.gray4], [DitherMode.floydSteinberg, .none])
    func coloursTakeTheirInksOnAGreyCanvas(palette: Palette, dither: DitherMode) throws {
        let colours = [RGBA.red, .green, .blue, .yellow, RGBA(0, 122, 255), RGBA(52, 199, 89), RGBA(255, 149, 0),
                       RGBA(166, 227, 176), RGBA(87, 194, 112), RGBA(41, 148, 69), RGBA(15, 89, 38), RGBA(90, 90, 200)]
        let mask = (0..<(12 * 6)).map { UInt8(truncatingIfNeeded: $0 &* 29) }
        for colour in colours {
            for tonal in [false, true] {
                var rgba = try Canvas(width: 16, height: 12)
                var grey = try Canvas(width: 16, height: 12, panel: palette, dither: dither)
                #expect(grey.storage == .grey)
                for canvas in [0, 1] {
                    func draw(_ target: inout Canvas) {
                        target.fill(PixelRect(x: 0, y: 0, width: 16, height: 6), colour, tonal: tonal)
                        target.drawMask(mask, width: 12, height: 6, atX: 2, y: 6, colour, tonal: tonal, glyph: !tonal)
                    }
                    if canvas == 0 { draw(&rgba) } else { draw(&grey) }
                }
                let same = grey.quantised(to: palette, dither: dither).indices == rgba.quantised(to: palette, dither: dither).indices
                #expect(same, "\(colour) \(tonal ? "tonal" : "flat") on \(palette.name) with \(dither)")
            }
        }
        // Without a panel's palette, a flat colour is kept as its weighted mean.
        let noPanel = Canvas.GreyRule(palette: nil, diffuses: true)
        #expect(Canvas.storedGrey(RGBA(90, 90, 200), tonal: false, rule: noPanel) == 127)
        #expect(Canvas.storedGrey(RGBA(90, 90, 200), tonal: true, rule: noPanel) == RGBA(90, 90, 200).luma)
        #expect(Canvas.storedGrey(RGBA(77, 77, 77), tonal: false, rule: Canvas.GreyRule(palette: .bw, diffuses: false)) == 77)
    }

    /// A picture's wholly transparent parts leave the ground under them as it was, its
    /// flags too (text under a transparent corner stays crisp).
    @Test func transparentPartsOfAPictureLeaveTheGroundAlone() throws {
        var picture = try Canvas(width: 4, height: 4, fill: .clear)
        picture.fill(PixelRect(x: 0, y: 0, width: 2, height: 4), RGBA(120, 120, 120))
        for storage in [Canvas.Storage.rgba, .grey] {
            var canvas = try Canvas(width: 8, height: 8, storage: storage)
            canvas.fill(canvas.bounds, RGBA(30, 30, 30))
            canvas.drawScaled(picture, into: canvas.bounds)
            #expect(canvas.isTonal(at: 1) && !canvas.isTonal(at: 7), "\(storage)")
            #expect(canvas[x: 7, y: 7] == RGBA(30, 30, 30))
        }
    }

    /// A clear colour filled flat changes no pixel and no flag, on either storage (the
    /// ink rules make a mark that vanishes into its ground clear, and `fill` passes it
    /// without blending); filled as a tone it leaves the pixels and marks them tonal.
    @Test func aClearFillChangesNothingButATonesFlags() throws {
        for storage in [Canvas.Storage.rgba, .grey] {
            var canvas = try Canvas(width: 12, height: 9, storage: storage)
            try drawGreys(&canvas)
            canvas.drawMask([255, 128, 0, 64, 255, 32], width: 3, height: 2, atX: 4, y: 3, .black, glyph: true)
            let before = canvas
            let area = PixelRect(x: 2, y: 1, width: 8, height: 6)
            canvas.fill(area, .clear)
            canvas.fill(area, RGBA(200, 40, 40, 0))
            #expect(canvas == before, "\(storage)")
            canvas.fill(area, .clear, tonal: true)
            #expect(canvas.pixels == before.pixels, "\(storage)")
            for y in 0..<9 {
                for x in 0..<12 {
                    let index = y * 12 + x
                    let inside = area.contains(x: x, y: y)
                    #expect(canvas.isTonal(at: index) == (inside || before.isTonal(at: index)), "\(storage) \(x),\(y)")
                }
            }
        }
    }

    @Test func storageFollowsThePanelsInksAndDither() throws {
        #expect(Canvas.storage(for: .bw, dither: .floydSteinberg) == .grey)
        #expect(Canvas.storage(for: .gray4, dither: .none) == .grey)
        #expect(Canvas.storage(for: .bw, dither: .bayer) == .rgba)
        #expect(Canvas.storage(for: .bwr, dither: .floydSteinberg) == .rgba)
        #expect(Canvas.storage(for: .rgb565, dither: .floydSteinberg) == .rgba)
        // A grey canvas is opaque: a translucent fill asks for RGBA.
        #expect(try Canvas(width: 3, height: 3, fill: .clear, storage: .grey).storage == .rgba)
        #expect(try Canvas(width: 3, height: 3, fill: RGBA(10, 200, 30), storage: .grey).pixels[0] == RGBA(101, 101, 101))
    }

    @Test func writingThroughPixelsTurnsAGreyCanvasIntoRGBA() throws {
        var canvas = try Canvas(width: 5, height: 2, fill: RGBA(40, 40, 40), storage: .grey)
        canvas.fill(PixelRect(x: 0, y: 0, width: 2, height: 2), .white)
        let before = canvas
        canvas.makeRGBA()
        #expect(canvas.storage == .rgba && canvas == before)
        var other = before
        other.pixels[9] = RGBA(1, 2, 3, 4)
        #expect(other.storage == .rgba)
        #expect(other.pixels[9] == RGBA(1, 2, 3, 4) && other.pixels[0] == .white && other.pixels[8] == RGBA(40, 40, 40))
        #expect(other != before)
        #expect(before[x: 4, y: 1] == RGBA(40, 40, 40))
    }

    /// Floyd–Steinberg on a grey canvas steps two rows at a time; it gives the dots of
    /// the row-by-row loop on the same pixels held as RGBA, for frames of every shape:
    /// odd heights, rows shorter than the lag, flat runs of one grey and of many.
    @Test(arguments: [(1, 1), (2, 3), (3, 2), (9, 5), (10, 7), (17, 4), (64, 33), (123, 41)])
    func twoRowsAtATimeGiveTheRowByRowDots(size: (width: Int, height: Int)) throws {
        var grey = try Canvas(width: size.width, height: size.height, storage: .grey)
        var state = UInt64(size.width * 1000 + size.height)
        for index in 0..<size.width * size.height {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let tone = UInt8(truncatingIfNeeded: state >> 40)
            let kind = (state >> 20) % 5
            // Tones, flat white runs, flat greys and glyph-like black.
            switch kind {
            case 0, 1: grey.setPixel(index, RGBA(tone, tone, tone), tonal: true)
            case 2: grey.setPixel(index, .white, tonal: false)
            case 3: grey.setPixel(index, RGBA(tone, tone, tone), tonal: false)
            default: grey.blend(x: index % size.width, y: index / size.width, .black, coverage: 255, glyph: true)
            }
        }
        var rgba = grey
        rgba.makeRGBA()
        for palette in [Palette.bw, .gray4] {
            let paired = grey.quantised(to: palette, dither: .floydSteinberg).indices
            let rowByRow = rgba.quantised(to: palette, dither: .floydSteinberg).indices
            let differing = zip(paired, rowByRow).filter { $0 != $1 }.count
            #expect(differing == 0, "\(palette.name) \(size.width)x\(size.height): \(differing) pixels differ")
        }
    }
}
