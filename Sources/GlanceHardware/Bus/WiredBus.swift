import Glibc

/// How a board connects its panel: the SPI device, chip select, the GPIO chip and the
/// lines by role, and the board's keys.
public struct PanelWiring: Sendable, Equatable {
    public var spiDevice: String
    public var spiSpeedHz: Int
    public var spiMode: Int
    /// true: Glance drives `CS` as a GPIO line (boards that need `dtoverlay=spi0-0cs`);
    /// false: the SPI controller drives CE0/CE1.
    public var chipSelectByGPIO: Bool
    /// Chip labels to look for, in order of preference.
    public var chipLabels: [String]
    /// Role → line.
    public var lines: [PanelLine: LineReference]
    /// Key name → line; keys read low when pressed (pulled up).
    public var keys: [String: LineReference]

    public init(spiDevice: String, spiSpeedHz: Int, spiMode: Int, chipSelectByGPIO: Bool, chipLabels: [String],
                lines: [PanelLine: LineReference], keys: [String: LineReference] = [:]) {
        self.spiDevice = spiDevice
        self.spiSpeedHz = spiSpeedHz
        self.spiMode = spiMode
        self.chipSelectByGPIO = chipSelectByGPIO
        self.chipLabels = chipLabels
        self.lines = lines
        self.keys = keys
    }

    /// The output roles and the level each is claimed at: reset released, chip
    /// deselected, data mode, panel power and backlight off until the driver asks.
    static let outputs: [(role: PanelLine, initialHigh: Bool)] = [
        (.reset, true), (.chipSelect, true), (.chipSelect1, true), (.dataCommand, true), (.power, false), (.backlight, false),
    ]
}

/// Monotonic time and sleeping, injected so that tests run a panel's seconds of BUSY in
/// microseconds against an emulator.
public protocol BusTiming: AnyObject {
    func monotonicNanoseconds() -> UInt64
    func sleep(milliseconds: Int)
}

/// The real clock: CLOCK_MONOTONIC and nanosleep.
public final class MonotonicTiming: BusTiming {
    public init() {}

    public func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    public func sleep(milliseconds: Int) {
        guard milliseconds > 0 else { return }
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// The panel bus on real wires: bytes through an SPI device, D/C, RST, CS, PWR and BL as
/// GPIO outputs, BUSY as a GPIO input waited on through edge events (polled where the
/// chip has no edge detection), every wait bounded by its timeout.
///
/// `open` checks everything before it claims anything: the SPI device exists and may be
/// opened, the GPIO chip is there, every line exists and is free. Each failure is one
/// line naming the fix, and the panel is not touched.
public final class WiredBus: PanelBus {
    public let wiring: PanelWiring
    /// The board's key lines, claimed as pulled-up inputs with edge events on both edges.
    public private(set) var keyLines: [(name: String, line: GPIOLine)] = []
    private var outputs: [PanelLine: GPIOLine] = [:]
    private var busy: GPIOLine?
    private var busyHasEdges = false
    private var spi: SPIDevice?
    private var chip: GPIOChip?
    private let timing: BusTiming
    private var dataMode: Bool? = true
    /// The controllers the next transfers reach (`select`).
    private var selection: PanelChips = .first
    /// Chip-select lines held low from a command to the end of its data (panels of two
    /// controllers, which frame a command and its parameters by CS).
    private var held: [GPIOLine] = []
    /// Bytes written to the SPI device since `open`, and transfers used.
    public private(set) var bytesWritten = 0
    public private(set) var transfers = 0

    public static let consumer = "glance"

    /// Claims the board's lines and opens its SPI device, after checking that all of
    /// them are there and free.
    public static func open(
        _ wiring: PanelWiring, gpio: GPIOSystem = LibgpiodSystem(), spi: SPISystem = SpidevSystem(),
        timing: BusTiming = MonotonicTiming()
    ) throws -> WiredBus {
        try spi.check(path: wiring.spiDevice)
        let chip = try gpio.openChip(labelledAnyOf: wiring.chipLabels)
        let bus = WiredBus(wiring: wiring, chip: chip, timing: timing)
        do {
            let offsets = try bus.resolveAndCheckLines()
            try bus.claim(offsets)
            bus.spi = try spi.open(path: wiring.spiDevice, mode: wiring.spiMode, speedHz: wiring.spiSpeedHz)
        } catch {
            bus.close()
            throw error
        }
        return bus
    }

    private init(wiring: PanelWiring, chip: GPIOChip, timing: BusTiming) {
        self.wiring = wiring
        self.chip = chip
        self.timing = timing
    }

    deinit { close() }

    /// Releases every line and closes the SPI device.
    public func close() {
        releaseChipSelect()
        for line in outputs.values { line.release() }
        busy?.release()
        for (_, line) in keyLines { line.release() }
        outputs = [:]
        busy = nil
        keyLines = []
        spi?.close()
        spi = nil
        chip?.close()
        chip = nil
    }

    /// A line the bus claims: a panel line by its role, or one of the board's keys.
    enum Claim: Hashable, Comparable, CustomStringConvertible {
        case line(PanelLine)
        case key(String)

        /// Roles before keys, each in the order of its name.
        static func < (a: Claim, b: Claim) -> Bool {
            switch (a, b) {
            case let (.line(x), .line(y)): x.rawValue < y.rawValue
            case let (.key(x), .key(y)): x < y
            case (.line, .key): true
            case (.key, .line): false
            }
        }

        /// How an error names it: `pin RST`, `key A`.
        var description: String {
            switch self {
            case .line(let role): "pin \(role.rawValue)"
            case .key(let name): "key \(name)"
            }
        }
    }

    /// Every line's offset, after checking that each exists on the chip and that no
    /// other program holds it.
    private func resolveAndCheckLines() throws -> [Claim: Int] {
        guard let chip else { return [:] }
        var wanted: [Claim: LineReference] = [:]
        for (role, line) in wiring.lines where (role != .chipSelect && role != .chipSelect1) || wiring.chipSelectByGPIO { wanted[.line(role)] = line }
        for (name, line) in wiring.keys { wanted[.key(name)] = line }
        var offsets: [Claim: Int] = [:]
        for role in wanted.keys.sorted() {
            let reference = wanted[role]!
            let label = role.description
            let offset: Int
            switch reference {
            case let .offset(value):
                guard value >= 0 && value < chip.lineCount else {
                    throw PanelBusError.io("\(label): GPIO\(value) does not exist on \(chip.label) (\(chip.path) has lines 0–\(chip.lineCount - 1)); fix pins: in the board or display config")
                }
                offset = value
            case let .name(name):
                guard let value = chip.offset(ofLineNamed: name) else {
                    throw PanelBusError.io("\(label): \(chip.label) has no line named \"\(name)\" (gpioinfo lists the names); give the BCM number instead")
                }
                offset = value
            }
            if let other = offsets.first(where: { $0.value == offset }) {
                throw PanelBusError.io("\(label) and \(other.key) are both GPIO\(offset); fix pins: in the board or display config")
            }
            if let holder = try chip.holder(ofLine: offset) {
                throw Self.lineBusy(label: label, role: role, offset: offset, holder: holder, chipLabel: chip.label)
            }
            offsets[role] = offset
        }
        return offsets
    }

    static func lineBusy(label: String, role: Claim, offset: Int, holder: String, chipLabel: String) -> PanelBusError {
        let by = holder.isEmpty ? "" : " by '\(holder)'"
        if role == .line(.chipSelect) || role == .line(.chipSelect1) {
            return .io("\(label): GPIO\(offset) is in use\(by): the kernel's SPI driver claims the chip-select lines; add dtoverlay=spi0-0cs to /boot/firmware/config.txt and reboot")
        }
        return .io("\(label): GPIO\(offset) on \(chipLabel) is in use\(by); stop the program that holds it (gpioinfo lists holders) or choose another line")
    }

    private func claim(_ offsets: [Claim: Int]) throws {
        guard let chip else { return }
        for (role, initialHigh) in PanelWiring.outputs {
            guard let offset = offsets[.line(role)] else { continue }
            outputs[role] = try chip.requestOutput(offset: offset, consumer: Self.consumer, initialHigh: initialHigh)
        }
        if let offset = offsets[.line(.busy)] {
            if let line = try? chip.requestInput(offset: offset, consumer: Self.consumer, bias: .asIs, edges: .both) {
                busy = line
                busyHasEdges = true
            } else {
                // Some chips cannot detect edges; BUSY is then polled.
                busy = try chip.requestInput(offset: offset, consumer: Self.consumer, bias: .asIs, edges: .none)
            }
        }
        for (claim, offset) in offsets.sorted(by: { $0.key < $1.key }) {
            guard case .key(let name) = claim else { continue }
            let line = try chip.requestInput(offset: offset, consumer: Self.consumer, bias: .pullUp, edges: .both)
            keyLines.append((name, line))
        }
    }

    // MARK: PanelBus

    public func command(_ code: UInt8) throws {
        releaseChipSelect()
        try setDataMode(false)
        try transfer([code])
    }

    public func data(_ bytes: [UInt8]) throws {
        try setDataMode(true)
        try transfer(bytes)
        // A command's data ends its frame on a panel of two controllers (each command's
        // data comes in one piece).
        releaseChipSelect()
    }

    public func setLine(_ line: PanelLine, high: Bool) throws {
        releaseChipSelect()
        try outputs[line]?.set(high: high)
    }

    public func select(_ chips: PanelChips) throws {
        guard !chips.isEmpty else { throw PanelBusError.io("no controller selected: select CS, CS1 or both") }
        if chips.contains(.second) && (outputs[.chipSelect1] == nil || !wiring.chipSelectByGPIO) {
            throw PanelBusError.io("this panel's second controller needs a CS1 pin under pins: and chip_select: gpio")
        }
        releaseChipSelect()
        selection = chips
    }

    public func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws {
        releaseChipSelect()
        guard let busy else { return }
        let busyHigh = level == .high
        let deadline = timing.monotonicNanoseconds() + UInt64(max(0, timeoutMilliseconds)) * 1_000_000
        while try busy.read() == busyHigh {
            let now = timing.monotonicNanoseconds()
            guard now < deadline else {
                throw PanelBusError.busyTimeout(operation: operation, milliseconds: timeoutMilliseconds)
            }
            // Edges end the wait early; the 20 ms cap re-reads the level in case an edge
            // was missed, and bounds the wait on chips that have no edge detection.
            let slice = min(Int64(deadline - now), 20_000_000)
            if busyHasEdges {
                if try busy.waitForEdge(timeoutNanoseconds: slice) {
                    // Read every queued edge; a line that keeps toggling while it reads
                    // busy (noise, a floating pin) is then re-read each millisecond
                    // rather than in a tight loop.
                    var edges = 0
                    repeat { _ = try busy.readEdge(); edges += 1 } while try busy.waitForEdge(timeoutNanoseconds: 0)
                    if edges > 1 { timing.sleep(milliseconds: 1) }
                }
            } else {
                timing.sleep(milliseconds: max(1, Int(slice / 1_000_000)))
            }
        }
    }

    public func delay(milliseconds: Int) {
        releaseChipSelect()
        timing.sleep(milliseconds: milliseconds)
    }

    // MARK: Wires

    private func setDataMode(_ high: Bool) throws {
        guard dataMode != high else { return }
        dataMode = nil  // unknown until the line is set
        try outputs[.dataCommand]?.set(high: high)
        dataMode = high
    }

    /// Whether the panel has two controllers: then a command and its data share one
    /// assertion of CS (the chips take the first byte after CS falls as the command).
    private var framesByChipSelect: Bool { wiring.chipSelectByGPIO && outputs[.chipSelect1] != nil }

    /// Raises the chip-select lines held since the last command.
    private func releaseChipSelect() {
        for line in held { try? line.set(high: true) }
        held = []
    }

    /// One write with CS asserted (by the kernel, or by the selected CS lines), split
    /// into the device's largest transfers.
    private func transfer(_ bytes: [UInt8]) throws {
        guard let spi else { throw PanelBusError.io("\(wiring.spiDevice): the bus was closed") }
        let selected = wiring.chipSelectByGPIO ? selection.lines.compactMap { outputs[$0] } : []
        if framesByChipSelect {
            if held.isEmpty {
                for line in selected { try line.set(high: false) }
                held = selected
            }
        } else {
            for line in selected { try line.set(high: false) }
        }
        defer { if !framesByChipSelect { for line in selected { try? line.set(high: true) } } }
        let chunk = max(1, spi.maximumTransferBytes)
        try bytes.withUnsafeBytes { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + chunk)
                try spi.write(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                transfers += 1
                start = end
            }
        }
        bytesWritten += bytes.count
    }
}
