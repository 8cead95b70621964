/// What a panel controller needs from the wires: command and data bytes (the D/C line
/// low or high around an SPI write), output lines by their role (`PanelLine`),
/// the BUSY input, and waiting. Controllers speak only to this protocol, so one driver
/// runs on spidev + libgpiod, into a trace file, or against an emulator.
public protocol PanelBus: AnyObject {
    /// Sends one command byte (D/C low).
    func command(_ code: UInt8) throws
    /// Sends parameter or pixel bytes (D/C high). The bus splits them into transfers
    /// its device accepts.
    func data(_ bytes: [UInt8]) throws
    /// Drives the output line with role `line` (reset, power, backlight…) high or low.
    /// A line the board does not wire is ignored.
    func setLine(_ line: PanelLine, high: Bool) throws
    /// Returns once BUSY no longer reads `level` (the level at which the controller is
    /// busy), polling or waiting for an edge; throws `PanelBusError.busyTimeout` after
    /// `timeoutMilliseconds`, never hangs.
    func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws
    /// Waits `milliseconds` (controllers need settle times after reset and power-on).
    func delay(milliseconds: Int)
    /// Which of the panel's controllers the commands and data that follow reach, on
    /// panels driven by two (each half of a 13.3" Spectra 6 its own chip, selected by
    /// `CS` and `CS1`). Until a driver says otherwise, the first.
    func select(_ chips: PanelChips) throws
}

/// The controllers of a panel that has more than one, by their chip-select lines.
public struct PanelChips: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The chip on `CS` (the master, which drives the panel's supplies).
    public static let first = PanelChips(rawValue: 1)
    /// The chip on `CS1`.
    public static let second = PanelChips(rawValue: 2)
    public static let both: PanelChips = [.first, .second]

    /// The chip-select lines of these chips.
    public var lines: [PanelLine] { (contains(.first) ? [PanelLine.chipSelect] : []) + (contains(.second) ? [.chipSelect1] : []) }
}

/// A panel's GPIO lines by what they do; the raw value is the name a board's `pins:`
/// gives it (`RST: 17`) and a bus trace records.
public enum PanelLine: String, Sendable, CaseIterable {
    /// Low resets the controller.
    case reset = "RST"
    /// Low for a command byte, high for data.
    case dataCommand = "DC"
    /// The controller's busy output (an input here).
    case busy = "BUSY"
    /// Chip select, when Glance drives it as a GPIO rather than the SPI controller.
    case chipSelect = "CS"
    /// The second controller's chip select, on panels with two (always a GPIO).
    case chipSelect1 = "CS1"
    /// The panel's power switch (Inky boards, some HATs).
    case power = "PWR"
    /// An LCD's backlight.
    case backlight = "BL"
}

/// The BUSY level that means "still working": high on SSD16xx, low on UC81xx.
public enum BusyLevel: String, Sendable, CaseIterable {
    case high
    case low
}

public enum PanelBusError: Error, Equatable, CustomStringConvertible {
    /// BUSY stayed asserted past the timeout.
    case busyTimeout(operation: String, milliseconds: Int)
    /// A device or line failed (the message names it and says how to fix it).
    case io(String)
    /// The bytes broke the controller's rules (raised by emulators).
    case protocolViolation(String)

    public var description: String {
        switch self {
        case let .busyTimeout(operation, milliseconds):
            "the panel stayed BUSY for more than \(milliseconds) ms during \(operation); check the BUSY pin and the panel's cable"
        case let .io(message): message
        case let .protocolViolation(message): "protocol violation: \(message)"
        }
    }
}

/// A controller's command set, each byte by its datasheet's name (`SSD168xController.Command.masterActivation`).
public protocol PanelCommand: RawRepresentable, Sendable where RawValue == UInt8 {}

extension PanelBus {
    /// A bus to one controller: only the first can be selected.
    public func select(_ chips: PanelChips) throws {
        guard chips == .first else { throw PanelBusError.io("this panel has one controller; a second (CS1) cannot be selected") }
    }

    /// Sends a command followed by its parameter bytes (none for a bare command).
    public func send(_ code: UInt8, _ parameters: UInt8...) throws {
        try command(code)
        if !parameters.isEmpty { try data(parameters) }
    }

    /// Sends a named command followed by its parameter bytes (none for a bare command).
    public func send(_ command: some PanelCommand, _ parameters: UInt8...) throws {
        try self.command(command.rawValue)
        if !parameters.isEmpty { try data(parameters) }
    }

    /// Sends a named command alone; its data follows with `data(_:)`.
    public func command(_ command: some PanelCommand) throws {
        try self.command(command.rawValue)
    }

    /// A hardware reset pulse on `RST`: high, low, high, with the given settle times.
    public func pulseReset(highBefore: Int, low: Int, highAfter: Int) throws {
        try setLine(.reset, high: true)
        delay(milliseconds: highBefore)
        try setLine(.reset, high: false)
        delay(milliseconds: low)
        try setLine(.reset, high: true)
        delay(milliseconds: highAfter)
    }
}
