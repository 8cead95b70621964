import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

/// A controller made for colours its panels cannot show is refused with the colours it
/// can, never driven as black and white (or anything else) in their place.
@Suite struct PanelPaletteTests {
    func refusal(_ make: () throws(PanelConfigurationError) -> any PanelController) -> String? {
        do {
            _ = try make()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func eachControllerRefusesColoursItCannotShow() {
        let bus = UC8179Emulator(width: 800, height: 480)  // a bus; nothing is sent
        #expect(refusal { () throws(PanelConfigurationError) in try UC8179Controller(bus: bus, palette: .bwr) } == "UC8179 panels are bw, not bwr")
        #expect(refusal { () throws(PanelConfigurationError) in try UC8159Controller(bus: bus, palette: .spectra6) } == "UC8159 panels are acep7, not spectra6")
        #expect(refusal { () throws(PanelConfigurationError) in try ST7789Controller(bus: bus, palette: .rgb888) } == "ST7789 panels are rgb565, not rgb888")
        #expect(refusal { () throws(PanelConfigurationError) in
            try SSD168xController(bus: bus, model: .ssd1683, width: 400, height: 300, palette: .gray4)
        } == "SSD1683 shows gray4 only with a four-grey waveform, and this board has none (options: grey_waveform:)")
        #expect(refusal { () throws(PanelConfigurationError) in
            try SSD168xController(bus: bus, model: .ssd1683, width: 400, height: 300, palette: .gray4, greyWaveform: .waveshare2in9V2)
        } == "waveshare-2in9-v2 is a waveform for SSD1680 panels, not SSD1683")
    }

    @Test func eachControllerTakesTheColoursItShows() {
        let bus = UC8179Emulator(width: 800, height: 480)  // a bus; nothing is sent
        #expect(refusal { () throws(PanelConfigurationError) in try UC8179Controller(bus: bus, palette: .bw) } == nil)
        #expect(refusal { () throws(PanelConfigurationError) in try UC8159Controller(bus: bus, palette: .acep7) } == nil)
        #expect(refusal { () throws(PanelConfigurationError) in try ST7789Controller(bus: bus, palette: .rgb565) } == nil)
        for palette in [Palette.bw, .bwr, .bwy] {
            #expect(refusal { () throws(PanelConfigurationError) in
                try SSD168xController(bus: bus, model: .ssd1680, width: 122, height: 250, palette: palette)
            } == nil)
        }
    }

    /// Every name a config's `colors:` takes is its own palette.
    @Test func everyColoursNameIsItsPalette() {
        for colors in PanelColors.allCases {
            #expect(colors.palette.name == colors.rawValue)
        }
    }
}
