import GlanceGraphics
import Testing

/// The ink rules a frame for a panel of few inks is drawn by: marks contrast with their
/// ground, grounds print flat, faint shapes stay tones, and the rendering modes decide
/// which inks content may take.
@Suite struct InkPrintingTests {
    static let secondary = RGBA(142, 142, 147)
    static let pink = RGBA(255, 45, 85)
    static let orange = RGBA(255, 149, 0)

    func printing(_ palette: Palette, _ mode: InkPrinting.Mode? = nil) throws -> InkPrinting {
        try #require(InkPrinting(palette: palette, mode: mode ?? InkPrinting.defaultMode(for: palette)))
    }

    @Test func eachPanelHasTheModeWidgetKitWouldGiveIt() {
        #expect(InkPrinting.defaultMode(for: .bw) == .vibrant)
        #expect(InkPrinting.defaultMode(for: .gray4) == .vibrant)
        #expect(InkPrinting.defaultMode(for: .bwr) == .accented)
        #expect(InkPrinting.defaultMode(for: .bwy) == .accented)
        #expect(InkPrinting.defaultMode(for: .acep7) == .accented)
        #expect(InkPrinting.defaultMode(for: .spectra6) == .accented)
        #expect(InkPrinting.defaultMode(for: .rgb888) == .fullColor)
        #expect(InkPrinting(palette: .rgb888, mode: .fullColor) == nil)
        #expect(InkPrinting(palette: .rgb565, mode: .vibrant) == nil)
    }

    @Test func textTakesTheInkThatContrastsWithItsGround() throws {
        let bw = try printing(.bw)
        // Grey `.secondary` text on white: black, never a dither.
        #expect(bw.mark(Self.secondary, overGround: 255) == .black)
        // Pink digits on a black card, white labels on it: white.
        #expect(bw.mark(Self.pink, overGround: 0) == .white)
        #expect(bw.mark(.white, overGround: 0) == .white)
        // Black text on a light ground, white text on a light ground: both black.
        #expect(bw.mark(.black, overGround: 230) == .black)
        #expect(bw.mark(.white, overGround: 230) == .black)
        // A translucent white label on black is seen as light grey: white.
        #expect(bw.mark(RGBA(255, 255, 255, 150), overGround: 0) == .white)
        // On four greys, the grey nearest the text's among those that contrast.
        let gray4 = try printing(.gray4)
        #expect(gray4.mark(Self.secondary, overGround: 255) == RGBA(85, 85, 85))
        #expect(gray4.mark(.black, overGround: 85).luma >= 185)
    }

    @Test func groundsThatCarryTextPrintFlatByTheirLightness() throws {
        let bw = try printing(.bw)
        // A flat orange card reads light: the paper (its text then black).
        #expect(bw.ground(Self.orange) == .white)
        // Blue to purple: dark.
        #expect(bw.ground(RGBA(60, 50, 200)) == .black)
        // Cyan to green: light.
        #expect(bw.ground(RGBA(50, 210, 170)) == .white)
        // In full colour on seven inks: the ink nearest its colour, orange for orange;
        // a colour nearest a grey takes the grey its lightness is nearest.
        let acep7 = try printing(.acep7, .fullColor)
        #expect(acep7.ground(Self.orange) == Palette.acep7.colors[6])
        #expect(acep7.ground(RGBA(235, 235, 240)) == .white)
        // In the accented mode, only accent grounds take colour inks.
        let accented = try printing(.acep7)
        #expect(accented.ground(Self.orange) == .white)
        #expect(accented.ground(Self.orange, accent: true) == Palette.acep7.colors[6])
    }

    @Test func shapesStandOutOrStayTones() throws {
        let bw = try printing(.bw)
        // Red, green and blue rings on a dark card: each a white stroke (red stands out
        // by its hue: its lightness alone is near the card's).
        for ring in [RGBA(250, 17, 79), RGBA(166, 255, 0), RGBA(0, 255, 246)] {
            #expect(bw.figure(ring, overGround: 20, thin: true) == (.white, false), "\(ring)")
        }
        // A ring's dim track (its colour at a quarter) stays a tone, dithered.
        let track = bw.figure(RGBA(250, 17, 79, 64), overGround: 20, thin: true)
        #expect(track.tonal)
        // A wide shape stands out by lightness alone: a heatmap's light green on white is
        // a tone, its dark green ink.
        #expect(bw.figure(RGBA(155, 233, 168), overGround: 255).tonal)
        #expect(bw.figure(RGBA(33, 110, 57), overGround: 255) == (.black, false))
        // A switch's green on white: ink; the same green as a large area: a tone.
        #expect(bw.figure(RGBA(52, 199, 89), overGround: 255, thin: true) == (.black, false))
        #expect(bw.figure(RGBA(52, 199, 89), overGround: 255).tonal)
        #expect(bw.figure(RGBA(128, 128, 128), overGround: 255).tonal)
        // A shape the colour of its ground: nothing is drawn.
        #expect(bw.figure(RGBA(250, 250, 250), overGround: 255).color.a == 0)
    }

    @Test func accentContentTakesTheAccentInkOnlyInTheAccentedMode() throws {
        let red = Palette.bwr.colors[2]
        let accented = try printing(.bwr)
        #expect(accented.mark(.red, overGround: 255, accent: true) == red)
        #expect(accented.mark(.red, overGround: 255) == .black)
        // Accent text on an accent ground falls back to the contrasting grey.
        #expect(accented.mark(.red, overGround: red.luma, accent: true) == .white)
        let vibrant = try printing(.bwr, .vibrant)
        #expect(vibrant.mark(.red, overGround: 255, accent: true) == .black)
        // Full colour keeps red text red where it contrasts.
        let full = try printing(.bwr, .fullColor)
        #expect(full.mark(.red, overGround: 255) == red)
        // Yellow on white does not contrast on seven inks: the nearest ink that does.
        let acep7 = try printing(.acep7, .fullColor)
        #expect(acep7.mark(RGBA(255, 214, 10), overGround: 255) == Palette.acep7.colors[6])
    }

    @Test func glyphEdgesAreCutWhereThereIsNoGreyToShowThem() throws {
        #expect(try printing(.bw).cutsGlyphEdges)
        #expect(try printing(.bwr).cutsGlyphEdges)
        #expect(try printing(.acep7).cutsGlyphEdges)
        #expect(try !printing(.gray4).cutsGlyphEdges)
        // A mask cut at the edge: below it nothing, from it all.
        var canvas = try Canvas(width: 3, height: 1)
        canvas.glyphEdge = InkPrinting.glyphEdge
        canvas.drawMask([InkPrinting.glyphEdge - 1, InkPrinting.glyphEdge, 255], width: 3, height: 1, atX: 0, y: 0, .black, glyph: true)
        #expect(canvas[x: 0, y: 0] == .white)
        #expect(canvas[x: 1, y: 0] == .black)
        #expect(canvas[x: 2, y: 0] == .black)
    }
}
