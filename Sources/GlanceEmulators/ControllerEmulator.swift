import GlanceGraphics
import GlanceHardware

/// What an emulated panel did at one refresh: the kind of waveform and the image the
/// panel shows afterwards.
public struct EmulatedUpdate: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case full, fast, partial
    }

    public var kind: Kind
    /// Virtual milliseconds since the emulator started.
    public var at: Int
    public var image: QuantisedFrame
}

/// The part every controller emulator shares: a virtual clock, the BUSY line, the reset
/// line, deep sleep, and the rules that hold for all of them (no command before a
/// hardware reset, none while BUSY, none in deep sleep). Subclasses keep the RAM and
/// registers and decide what a refresh shows. A broken rule throws
/// `PanelBusError.protocolViolation` into the driver and is kept in `violations`.
public class ControllerEmulator: PanelBus {
    public let controllerName: String
    public let busyLevel: BusyLevel
    /// Native panel size and colours.
    public let width: Int
    public let height: Int
    public let palette: Palette

    /// Virtual time in milliseconds (delays and BUSY waits advance it).
    public private(set) var now = 0
    /// When true, BUSY never releases: every wait times out (a dead panel or cable).
    public var busyStuck = false
    /// What the panel shows now (white before the first refresh).
    public internal(set) var screen: QuantisedFrame
    public private(set) var updates: [EmulatedUpdate] = []
    public private(set) var violations: [String] = []
    public private(set) var commands: [UInt8] = []
    /// Command and data bytes received (what crossed SPI).
    public private(set) var bytesReceived = 0
    public private(set) var lines: [PanelLine: Bool] = [:]
    public internal(set) var deepSleep = false

    var busyUntil = 0
    var resetSincePowerUp = false
    var resetHeldLow = false
    var current: UInt8?
    var parameters: [UInt8] = []

    init(name: String, busyLevel: BusyLevel, width: Int, height: Int, palette: Palette, white: UInt32) {
        controllerName = name
        self.busyLevel = busyLevel
        self.width = width
        self.height = height
        self.palette = palette
        screen = QuantisedFrame(width: width, height: height, palette: palette, values: Array(repeating: white, count: width * height))
    }

    public var isBusy: Bool { busyStuck || now < busyUntil }

    // MARK: PanelBus

    public func command(_ code: UInt8) throws {
        bytesReceived += 1
        commands.append(code)
        if !resetSincePowerUp { try violate("command 0x\(hex(code)) before any hardware reset") }
        if resetHeldLow { try violate("command 0x\(hex(code)) while RST is held low") }
        if isBusy { try violate("command 0x\(hex(code)) while BUSY") }
        if deepSleep && !allowedInDeepSleep(code) {
            try violate("command 0x\(hex(code)) in deep sleep (only a hardware reset wakes the controller)")
        }
        current = code
        parameters = []
        try handleCommand(code)
    }

    public func data(_ bytes: [UInt8]) throws {
        bytesReceived += bytes.count
        guard let current else { try violate("data before any command"); return }
        if isBusy { try violate("data for 0x\(hex(current)) while BUSY") }
        let start = parameters.count
        parameters.append(contentsOf: bytes)
        try handleData(current, bytes, offset: start)
    }

    public func setLine(_ line: PanelLine, high: Bool) throws {
        lines[line] = high
        guard line == .reset else { return }
        if !high {
            resetHeldLow = true
        } else if resetHeldLow {
            resetHeldLow = false
            resetSincePowerUp = true
            let wasAsleep = deepSleep
            deepSleep = false
            current = nil
            busyUntil = now.saturatingAdd(1)
            hardwareReset(wakingFromDeepSleep: wasAsleep)
        }
    }

    public func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws {
        if level != busyLevel {
            // The driver waits for the wrong level: it returns at once while the chip is
            // busy, and hangs until its timeout while the chip is idle.
            if isBusy { return }
            now = now.saturatingAdd(timeoutMilliseconds)
            throw PanelBusError.busyTimeout(operation: operation, milliseconds: timeoutMilliseconds)
        }
        guard isBusy else { return }
        if busyStuck || busyUntil - now > timeoutMilliseconds {
            now = now.saturatingAdd(timeoutMilliseconds)
            throw PanelBusError.busyTimeout(operation: operation, milliseconds: timeoutMilliseconds)
        }
        now = busyUntil
    }

    public func delay(milliseconds: Int) { now = now.saturatingAdd(max(0, milliseconds)) }

    /// One controller: only the first can be selected (emulators of panels with two
    /// override this).
    public func select(_ chips: PanelChips) throws {
        if chips != .first { try violate("a second controller (CS1) selected on a panel with one") }
    }

    // MARK: For tests

    /// Fails unless the controller is in deep sleep, as it must be between updates.
    public func checkAsleep() throws {
        if !deepSleep { try violate("left awake: no deep sleep after the last update") }
    }

    /// The last refresh's image.
    public var lastImage: QuantisedFrame? { updates.last?.image }

    // MARK: For subclasses

    func handleCommand(_ code: UInt8) throws {}
    func handleData(_ code: UInt8, _ bytes: [UInt8], offset: Int) throws {}
    func hardwareReset(wakingFromDeepSleep: Bool) {}
    func allowedInDeepSleep(_ code: UInt8) -> Bool { false }

    func violate(_ message: String) throws {
        violations.append(message)
        throw PanelBusError.protocolViolation("\(controllerName): \(message)")
    }

    /// RAM whose content is undefined (after losing power): a pattern no image has.
    func scramble(_ ram: inout [UInt8], period: Int) {
        for index in ram.indices { ram[index] = index % period == 0 ? 0x5A : 0xA5 }
    }

    func busy(for milliseconds: Int) { busyUntil = now.saturatingAdd(milliseconds) }

    func record(_ kind: EmulatedUpdate.Kind) { updates.append(EmulatedUpdate(kind: kind, at: now, image: screen)) }
}

/// A byte as two uppercase hex digits, for messages.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

extension Int {
    /// `self + other`, stopping at the largest or smallest value instead of trapping
    /// (a hostile trace can ask for any wait).
    func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
