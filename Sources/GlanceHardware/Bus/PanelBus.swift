/// What a panel controller needs from the wires: command and data bytes (the D/C line
/// low or high around an SPI write), output lines by their role (`RST`, `PWR`, `BL`),
/// the BUSY input, and waiting. Controllers speak only to this protocol, so one driver
/// runs on spidev + libgpiod, into a trace file, or against an emulator.
public protocol PanelBus: AnyObject {
    /// Sends one command byte (D/C low).
    func command(_ code: UInt8) throws
    /// Sends parameter or pixel bytes (D/C high). The bus splits them into transfers
    /// its device accepts.
    func data(_ bytes: [UInt8]) throws
    /// Drives the output line with role `line` (`RST`, `PWR`, `BL`, …) high or low.
    /// A line the board does not wire is ignored.
    func setLine(_ line: String, high: Bool) throws
    /// Returns once BUSY no longer reads `level` (the level at which the controller is
    /// busy), polling or waiting for an edge; throws `PanelBusError.busyTimeout` after
    /// `timeoutMilliseconds`, never hangs.
    func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws
    /// Waits `milliseconds` (controllers need settle times after reset and power-on).
    func delay(milliseconds: Int)
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

extension PanelBus {
    /// Sends a command followed by its parameter bytes (none for a bare command).
    public func send(_ code: UInt8, _ parameters: UInt8...) throws {
        try command(code)
        if !parameters.isEmpty { try data(parameters) }
    }

    /// A hardware reset pulse on `RST`: high, low, high, with the given settle times.
    public func pulseReset(highBefore: Int, low: Int, highAfter: Int) throws {
        try setLine("RST", high: true)
        delay(milliseconds: highBefore)
        try setLine("RST", high: false)
        delay(milliseconds: low)
        try setLine("RST", high: true)
        delay(milliseconds: highAfter)
    }
}
