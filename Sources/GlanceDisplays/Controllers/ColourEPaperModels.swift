import GlanceGraphics
import GlanceHardware

/// The models' registers, as the vendors' public drivers set them (read as facts:
/// pimoroni/inky 2.4.0, `inky/inky_e673.py`, `inky_e640.py`, `inky_el133uf1.py`,
/// `inky_ac073tc1a.py`, `inky_jd79661.py`, `inky_jd79668.py`; waveshareteam/e-Paper at
/// 86aa993, `epd7in3e` and `13.3inch_e-Paper_E`). `resolutionSetting` stands where each
/// driver sends it; its value comes from the panel's size.
extension ColourEPaperController.Model {
    typealias Step = ColourEPaperController.Step

    /// Spectra 6 colour numbers: black 0, white 1, yellow 2, red 3, blue 5, green 6 (4 is
    /// unused), for the palette's black, white, yellow, red, blue, green.
    static let spectraCodes: [UInt8] = [0, 1, 2, 3, 5, 6]
    static let resolution = Step(.resolutionSetting)

    /// E Ink E673, Spectra 6 7.3" 800×480 (Pimoroni Inky Impression 7.3" 2025; Waveshare
    /// 7.3" E). BTST2 is set again after power on, as both vendors do.
    public static func e673(_ sequence: ColourEPaperController.Sequence) -> Self {
        switch sequence {
        case .pimoroni:
            Self(name: "E673", sizes: [(800, 480)], palette: .spectra6, codes: spectraCodes, bitsPerPixel: 4, reset: (10, 30, 30),
                 setUp: [
                    Step(.commandHeader, 0x49, 0x55, 0x20, 0x08, 0x09, 0x18),
                    Step(.powerSetting, 0x3F),
                    Step(.panelSetting, 0x5F, 0x69),
                    Step(.boosterSoftStart1, 0x40, 0x1F, 0x1F, 0x2C),
                    Step(.boosterSoftStart3, 0x6F, 0x1F, 0x1F, 0x22),
                    Step(.boosterSoftStart2, 0x6F, 0x1F, 0x17, 0x17),
                    Step(.powerOffSequence, 0x00, 0x54, 0x00, 0x44),
                    Step(.tconSetting, 0x02, 0x00),
                    Step(.pllControl, 0x08),
                    Step(.vcomAndDataInterval, 0x3F),
                    resolution,
                    Step(.powerSaving, 0x2F),
                    Step(.vcomDCSetting, 0x01),
                 ],
                 beforeRefresh: [Step(.boosterSoftStart2, 0x6F, 0x1F, 0x17, 0x49)],
                 // Pimoroni's 2026 "AC waveform" panels want this panel setting after power off.
                 afterPowerOff: [Step(.panelSetting, 0x4F, 0x6E)],
                 refreshMilliseconds: 13_000)
        case .waveshare:
            Self(name: "E673", sizes: [(800, 480)], palette: .spectra6, codes: spectraCodes, bitsPerPixel: 4, reset: (20, 2, 20),
                 setUp: [
                    Step(.commandHeader, 0x49, 0x55, 0x20, 0x08, 0x09, 0x18),
                    Step(.powerSetting, 0x3F),
                    Step(.panelSetting, 0x5F, 0x69),
                    Step(.powerOffSequence, 0x00, 0x54, 0x00, 0x44),
                    Step(.boosterSoftStart1, 0x40, 0x1F, 0x1F, 0x2C),
                    Step(.boosterSoftStart2, 0x6F, 0x1F, 0x17, 0x49),
                    Step(.boosterSoftStart3, 0x6F, 0x1F, 0x1F, 0x22),
                    Step(.pllControl, 0x03),
                    Step(.vcomAndDataInterval, 0x3F),
                    Step(.tconSetting, 0x02, 0x00),
                    resolution,
                    Step(.temperatureVcomDC, 0x01),
                    Step(.powerSaving, 0x2F),
                 ],
                 beforeRefresh: [Step(.boosterSoftStart2, 0x6F, 0x1F, 0x17, 0x49)],
                 refreshMilliseconds: 13_000)
        }
    }

    /// E Ink E640, Spectra 6 4.0", natively 400×600 (Pimoroni Inky Impression 4.0" 2025,
    /// shown as 600×400 turned a quarter).
    public static let e640: Self = {
        // Pimoroni's E640 driver is its E673 one with another size, the second BTST2
        // ending in 0x47 and no panel setting after power off.
        var model = e673(.pimoroni)
        model.name = "E640"
        model.sizes = [(400, 600)]
        model.beforeRefresh = [Step(.boosterSoftStart2, 0x6F, 0x1F, 0x17, 0x47)]
        model.afterPowerOff = []
        model.refreshMilliseconds = 19_000
        return model
    }()

    /// E Ink EL133UF1, Spectra 6 13.3", natively 1200×1600 as two controllers: the first
    /// (CS) drives the left 600 columns and the panel's supplies, the second (CS1) the
    /// right 600 (Pimoroni Inky Impression 13.3" 2025, shown as 1600×1200; Waveshare
    /// 13.3" E). Each chip is told it has 1200×800 pixels: the same count as its half.
    public static func el133uf1(_ sequence: ColourEPaperController.Sequence) -> Self {
        let both = PanelChips.both
        switch sequence {
        case .pimoroni:
            return Self(
                name: "EL133UF1", sizes: [(1200, 1600)], palette: .spectra6, codes: spectraCodes, bitsPerPixel: 4, chips: 2,
                reset: (10, 30, 30),
                setUp: [
                    Step(.analogTiming, 0x00, 0x0C, 0x0C, 0xD9, 0xDD, 0xDD, 0x15, 0x15, 0x55),
                    Step(.unlockF0, 0x49, 0x55, 0x13, 0x5D, 0x05, 0x10, chips: both),
                    Step(.panelSetting, 0xDF, 0x6B, chips: both),
                    Step(.dcdcSetting, 0x44, 0x54, 0x00),
                    Step(.pllControl, 0x08, chips: both),
                    Step(.vcomAndDataInterval, 0x37, chips: both),
                    Step(.tconSetting, 0x03, 0x03, chips: both),
                    Step(.powerOffSequence, 0x00, 0xC0, 0x03, 0xA8, chips: .first),
                    Step(.powerOffSequence, 0x00, 0xC0, 0x03, 0x9A, chips: .second),
                    Step(.autoGateInterval, 0x10, chips: both),
                    Step(.powerSaving, 0x22, chips: both),
                    Step(.cascadeSetting, 0x01, chips: both),
                    resolution,
                    Step(.analogSettingA4, 0x03, 0x00, 0x01, 0x03, 0x00, 0x03, 0x00, 0x00, 0x00),
                    Step(.powerSetting, 0x0F, 0x00, 0x28, 0x2C, 0x28, 0x38),
                    Step(.enableBuffer, 0x07),
                    Step(.boosterSoftStart2, 0xE0, 0x20),
                    Step(.boostVDDPEnable, 0x01),
                    Step(.boosterSoftStart1, 0xE0, 0x20),
                    Step(.buckBoostVDDN, 0x01),
                    Step(.tftVcomPower, 0x02),
                ],
                refreshMilliseconds: 19_000)
        case .waveshare:
            return Self(
                name: "EL133UF1", sizes: [(1200, 1600)], palette: .spectra6, codes: spectraCodes, bitsPerPixel: 4, chips: 2,
                reset: (30, 30, 30),
                setUp: [
                    Step(.analogTiming, 0xC0, 0x1C, 0x1C, 0xCC, 0xCC, 0xCC, 0x15, 0x15, 0x55),
                    Step(.unlockF0, 0x49, 0x55, 0x13, 0x5D, 0x05, 0x10, chips: both),
                    Step(.panelSetting, 0xDF, 0x69, chips: both),
                    Step(.vcomAndDataInterval, 0xF7, chips: both),
                    Step(.tconSetting, 0x03, 0x03, chips: both),
                    Step(.autoGateInterval, 0x10, chips: both),
                    Step(.powerSaving, 0x22, chips: both),
                    Step(.cascadeSetting, 0x01, chips: both),
                    resolution,
                    Step(.powerSetting, 0x0F, 0x00, 0x28, 0x2C, 0x28, 0x38),
                    Step(.enableBuffer, 0x07),
                    Step(.boosterSoftStart2, 0xE8, 0x28),
                    Step(.boostVDDPEnable, 0x01),
                    Step(.boosterSoftStart1, 0xE8, 0x28),
                    Step(.buckBoostVDDN, 0x01),
                    Step(.tftVcomPower, 0x02),
                ],
                refreshMilliseconds: 20_000)
        }
    }

    /// AC073TC1A, seven-colour ACeP 7.3" 800×480 (Pimoroni Inky Impression 7.3", 2023).
    /// The colour numbers are the palette's order (`.acep7`).
    public static let ac073tc1a = Self(
        name: "AC073TC1A", sizes: [(800, 480)], palette: .acep7, codes: [0, 1, 2, 3, 4, 5, 6], bitsPerPixel: 4, reset: (100, 100, 100),
        setUp: [
            Step(.commandHeader, 0x49, 0x55, 0x20, 0x08, 0x09, 0x18),
            Step(.powerSetting, 0x3F, 0x00, 0x32, 0x2A, 0x0E, 0x2A),
            Step(.panelSetting, 0x5F, 0x69),
            Step(.powerOffSequence, 0x00, 0x54, 0x00, 0x44),
            Step(.boosterSoftStart1, 0x40, 0x1F, 0x1F, 0x2C),
            Step(.boosterSoftStart2, 0x6F, 0x1F, 0x16, 0x25),
            Step(.boosterSoftStart3, 0x6F, 0x1F, 0x1F, 0x22),
            Step(.imageProcess, 0x00, 0x04),
            Step(.pllControl, 0x02),
            Step(.temperatureSensorEnable, 0x00),
            Step(.vcomAndDataInterval, 0x3F),
            Step(.tconSetting, 0x02, 0x00),
            resolution,
            Step(.vcomDCSetting, 0x1E),
            Step(.temperatureVcomDC, 0x00),
            Step(.autoGateInterval, 0x00),
            Step(.powerSaving, 0x2F),
            Step(.cascadeSetting, 0x00),
            Step(.temperatureSet, 0x00),
        ],
        refreshMilliseconds: 41_000)

    /// JD79661, black, white, yellow and red, natively 122×250 of a 128×250 RAM (Pimoroni
    /// Inky pHAT 2025, shown as 250×122 turned a quarter). Two bits a pixel.
    public static let jd79661 = Self(
        name: "JD79661", sizes: [(122, 250)], palette: .bwry, codes: [0, 1, 2, 3], bitsPerPixel: 2, ramPadding: 6, reset: (10, 30, 30),
        setUp: [
            Step(.jdAnalogSetting, 0x78),
            Step(.panelSetting, 0x0F, 0x29),
            Step(.powerSetting, 0x07, 0x00),
            Step(.powerOffSequence, 0x10, 0x54, 0x44),
            Step(.boosterSoftStart2, 0x0F, 0x0A, 0x2F, 0x25, 0x22, 0x2E, 0x21),
            Step(.vcomAndDataInterval, 0x37),
            Step(.tconSetting, 0x02, 0x02),
            resolution,
            Step(.jdDriveSettingE7, 0x1C),
            Step(.powerSaving, 0x22),
            Step(.enableBuffer, 0x6F),
            Step(.jdDriveSettingB4, 0xD0),
            Step(.jdDriveSettingE9, 0x01),
            Step(.pllControl, 0x08),
        ],
        refreshMilliseconds: 15_000)

    /// JD79668, black, white, yellow and red, 400×300 (Pimoroni Inky wHAT 2025). Two bits a
    /// pixel.
    public static let jd79668 = Self(
        name: "JD79668", sizes: [(400, 300)], palette: .bwry, codes: [0, 1, 2, 3], bitsPerPixel: 2, reset: (10, 30, 30),
        setUp: [
            Step(.jdAnalogSetting, 0x78),
            Step(.panelSetting, 0x0F, 0x29),
            Step(.boosterSoftStart2, 0x0D, 0x12, 0x24, 0x25, 0x12, 0x29, 0x10),
            Step(.pllControl, 0x08),
            Step(.vcomAndDataInterval, 0x37),
            resolution,
            Step(.jdDriveSettingAE, 0xCF),
            Step(.buckBoostVDDN, 0x13),
            Step(.jdDriveSettingBD, 0x07),
            Step(.jdDriveSettingBE, 0xFE),
            Step(.jdDriveSettingE9, 0x01),
        ],
        refreshMilliseconds: 20_000)
}
