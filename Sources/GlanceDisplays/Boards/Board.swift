import FoundationEssentials
import GlanceGraphics
import GlanceHardware

/// A supported board or HAT, from `boards/NAME.yaml`: which controller drives which
/// panel, how it is wired, and how it may be refreshed. A config names a board and may
/// override any field (`display: {board: NAME, rotation: 0, pins: {BUSY: 23}}`).
public struct Board: Sendable, Equatable {
    public enum Controller: String, Sendable, CaseIterable {
        case ssd1680, ssd1683, uc8179, uc8159, st7789
        /// The colour controllers set up by one register list (`ColourEPaperController`).
        case e673, e640, el133uf1, ac073tc1a, jd79661, jd79668

        /// The level BUSY holds while the controller works; nil: no BUSY line.
        public var busyLevel: BusyLevel? {
            switch self {
            case .ssd1680, .ssd1683: .high
            case .uc8179, .uc8159, .e673, .e640, .el133uf1, .ac073tc1a, .jd79661, .jd79668: .low
            case .st7789: nil
            }
        }

        /// Lines the driver cannot work without.
        public var requiredPins: [PanelLine] {
            switch self {
            case .st7789: [.dataCommand]
            // Two controllers, each behind its own chip select.
            case .el133uf1: [.reset, .dataCommand, .busy, .chipSelect, .chipSelect1]
            default: [.reset, .dataCommand, .busy]
            }
        }

        /// The register list's model, for the controllers that have one.
        public func colourModel(_ sequence: ColourEPaperController.Sequence) -> ColourEPaperController.Model? {
            switch self {
            case .e673: .e673(sequence)
            case .e640: .e640
            case .el133uf1: .el133uf1(sequence)
            case .ac073tc1a: .ac073tc1a
            case .jd79661: .jd79661
            case .jd79668: .jd79668
            case .ssd1680, .ssd1683, .uc8179, .uc8159, .st7789: nil
            }
        }

        /// Whether the board may choose between vendors' register values (`sequence:`).
        public var hasSequences: Bool { self == .e673 || self == .el133uf1 }
    }

    public enum ChipSelect: String, Sendable, CaseIterable {
        /// The SPI controller drives CE0/CE1 (`/dev/spidev0.0`, `0.1`).
        case kernel
        /// Glance drives the `CS` pin as a GPIO line (boards that need `dtoverlay=spi0-0cs`).
        case gpio
    }

    public var name: String
    public var description = ""
    public var controller: Controller = .ssd1680
    /// The controller's native pixels: source lines × gate lines.
    public var nativeWidth = 0
    public var nativeHeight = 0
    public var colors: PanelColors = .bw
    /// Degrees the picture turns clockwise to the panel's native orientation.
    public var rotation = 0
    public var spiDevice = "/dev/spidev0.0"
    public var spiSpeedHz = 4_000_000
    public var spiMode = 0
    public var chipSelect: ChipSelect = .kernel
    /// GPIO chip labels to look for, in order (the Pi 5's `pinctrl-rp1`, the Pi 4's
    /// `pinctrl-bcm2711`, …), so that `/dev/gpiochipN` numbers never matter.
    public var gpioChips = ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"]
    /// Role (named in files as `RST`, `DC`, `BUSY`, `CS`, `PWR`, `BL`) → line: an offset
    /// on the chip (the BCM number) or the line's name (`GPIO17`).
    public var pins: [PanelLine: LineReference] = [:]
    public var busyTimeouts = BusyTimeouts()
    /// Key name → line; keys read low when pressed (pull-up).
    public var keys: [String: LineReference] = [:]
    public var refresh = RefreshProfile()
    /// Leftmost RAM byte of the visible area (SSD1680 boards that start at byte 1).
    public var columnOffsetBytes = 0
    /// ST7789 memory access control byte and RAM offsets.
    public var madctl = 0
    public var columnOffset = 0
    public var rowOffset = 0
    /// Whose driver's register values a colour controller takes (E673 and EL133UF1:
    /// Pimoroni's or Waveshare's boards).
    public var sequence: ColourEPaperController.Sequence = .pimoroni
    /// The panel's four-grey waveform (SSD1680, SSD1683 and UC8179 boards that have one): `colors: gray4`.
    public var greyWaveform: GreyWaveform?
    /// How the inks look (measured, as the board's `inks:` gives them with their
    /// `source`), beside the ideal colours they are blended with; nil: not measured.
    public var measuredInks: [RGBA]?
    public var idealInks: [RGBA]?
    public var inkSource = ""
    /// 0 (the ideal colours) … 1 (the measured ones): what pictures are dithered
    /// against, as Pimoroni's library blends its palettes (default 0.5, as it does).
    public var saturation = 0.5
    /// The file it came from, for messages.
    public var file = ""

    public init(name: String) { self.name = name }

    /// The colours pictures are dithered against: the measured inks blended with the
    /// ideal ones by `saturation`, or nil where the board gives no measurement.
    public var inkLook: [RGBA]? {
        guard let measuredInks else { return nil }
        return Palette.blend(ideal: idealInks ?? colors.palette.colors, measured: measuredInks, saturation: saturation)
    }

    /// The picture's size after rotation, in pixels.
    public var width: Int { rotation % 180 == 0 ? nativeWidth : nativeHeight }
    public var height: Int { rotation % 180 == 0 ? nativeHeight : nativeWidth }
}

