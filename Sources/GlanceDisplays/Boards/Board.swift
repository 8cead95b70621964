import FoundationEssentials
import GlanceHardware

/// A supported board or HAT, from `boards/NAME.yaml`: which controller drives which
/// panel, how it is wired, and how it may be refreshed. A config names a board and may
/// override any field (`display: {board: NAME, rotation: 0, pins: {BUSY: 23}}`).
public struct Board: Sendable, Equatable {
    public enum Controller: String, Sendable, CaseIterable {
        case ssd1680, ssd1683, uc8179, uc8159, st7789

        /// The level BUSY holds while the controller works; nil: no BUSY line.
        public var busyLevel: BusyLevel? {
            switch self {
            case .ssd1680, .ssd1683: .high
            case .uc8179, .uc8159: .low
            case .st7789: nil
            }
        }

        /// Lines the driver cannot work without.
        public var requiredPins: [PanelLine] { self == .st7789 ? [.dataCommand] : [.reset, .dataCommand, .busy] }
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
    /// The file it came from, for messages.
    public var file = ""

    public init(name: String) { self.name = name }

    /// The picture's size after rotation, in pixels.
    public var width: Int { rotation % 180 == 0 ? nativeWidth : nativeHeight }
    public var height: Int { rotation % 180 == 0 ? nativeHeight : nativeWidth }
}

