import Glibc
import GlanceHardware

/// A board's wires around a controller emulator: a GPIO chip whose lines drive the
/// emulator's RST, D/C and CS and read its BUSY, an SPI device that hands each transfer
/// to the emulator as command or data by the D/C level, and a virtual clock. With these
/// the real `WiredBus` runs — claims, chip select, chunking, BUSY edges — without a board.
///
/// The machine can be made to misbehave the way real ones do: a missing SPI device, a
/// device node without permission, a chip with another label, a line another program holds.
public final class EmulatedWiring: GPIOSystem, SPISystem {
    /// One GPIO chip as `gpioinfo` would show it.
    public struct ChipSpec {
        public var path: String
        public var label: String
        public var lineCount: Int
        public var names: [String: Int] = [:]
        /// Offset → consumer of lines other programs hold.
        public var holders: [Int: String] = [:]
        /// Opening fails with this errno (EACCES: not in the gpio group).
        public var openErrno: Int32?

        public init(path: String, label: String, lineCount: Int, names: [String: Int] = [:], holders: [Int: String] = [:]) {
            self.path = path
            self.label = label
            self.lineCount = lineCount
            self.names = names
            self.holders = holders
        }
    }

    public let emulator: ControllerEmulator?
    public var chips: [ChipSpec]
    /// SPI device path → nil (present) or the errno opening it gives.
    public var spiDevices: [String: Int32?]
    public var maximumTransferBytes = 4096
    /// Offset → role for the lines wired to the emulator.
    public var roles: [Int: PanelLine] = [:]
    /// Whether chip select is a GPIO line the SPI device must see low.
    public var chipSelectByGPIO = false

    public private(set) var levels: [Int: Bool] = [:]
    public private(set) var claimed: Set<Int> = []
    /// Sizes of the SPI transfers, in order.
    public private(set) var transferSizes: [Int] = []
    /// Wiring mistakes seen (a transfer with CS high, a write to a released line, …).
    public private(set) var faults: [String] = []
    fileprivate var keyLines: [Int: EmulatedLine] = [:]
    /// The controllers the last transfer reached (boards of two).
    private var selected: PanelChips = .first
    /// Boards of two controllers, which take the first byte after CS falls as a command:
    /// whether CS has stayed low since the last command byte.
    private var commandFrameOpen = false
    public let timing: VirtualTiming

    public init(emulator: ControllerEmulator?, chips: [ChipSpec], spiDevices: [String: Int32?]) {
        self.emulator = emulator
        self.chips = chips
        self.spiDevices = spiDevices
        timing = VirtualTiming(emulator: emulator)
    }

    /// A Raspberry Pi 4 with SPI on and the panel's lines wired to `emulator` as
    /// `wiring` says.
    public convenience init(raspberryPi4For wiring: PanelWiring, emulator: ControllerEmulator?) {
        self.init(emulator: emulator,
                  chips: [ChipSpec(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 58),
                          ChipSpec(path: "/dev/gpiochip1", label: "raspberrypi-exp-gpio", lineCount: 8)],
                  spiDevices: ["/dev/spidev0.0": nil, "/dev/spidev0.1": nil])
        chipSelectByGPIO = wiring.chipSelectByGPIO
        for (role, line) in wiring.lines { if case let .offset(offset) = line { roles[offset] = role } }
        // A board without a reset line (Display HAT Mini) leaves the controller in its
        // power-on reset state; the driver resets it by command.
        if wiring.lines[.reset] == nil { emulator?.resetSincePowerUp = true }
    }

    /// Presses (`pressed: true`) or releases the key on `offset`: the line goes low or
    /// high and an edge event is queued, stamped `atNanoseconds` (default: now).
    public func key(_ offset: Int, pressed: Bool, atNanoseconds: UInt64? = nil) {
        levels[offset] = !pressed
        keyLines[offset]?.queue(EdgeEvent(rising: !pressed, timestampNanoseconds: atNanoseconds ?? timing.monotonicNanoseconds()))
    }

    // MARK: GPIOSystem

    public func chipPaths() -> [String] { chips.map(\.path) }

    public func openChip(path: String) throws -> GPIOChip {
        guard let spec = chips.first(where: { $0.path == path }) else {
            throw PanelBusError.io("\(path) does not exist")
        }
        if let code = spec.openErrno {
            throw DeviceErrors.openFailure(path, code, group: "gpio", missing: "this kernel has no such GPIO chip")
        }
        return EmulatedChip(spec: spec, wiring: self)
    }

    // MARK: SPISystem

    public func check(path: String) throws {
        let missing = "SPI is not enabled; add dtparam=spi=on to /boot/firmware/config.txt and reboot"
        guard let entry = spiDevices[path] else { throw DeviceErrors.openFailure(path, ENOENT, group: "spi", missing: missing) }
        if let code = entry { throw DeviceErrors.openFailure(path, code, group: "spi", missing: missing) }
    }

    public func open(path: String, mode: Int, speedHz: Int) throws -> SPIDevice {
        try check(path: path)
        return EmulatedSPI(wiring: self)
    }

    // MARK: Wires

    fileprivate func drive(_ offset: Int, high: Bool) throws {
        guard claimed.contains(offset) else {
            faults.append("GPIO\(offset) driven while not claimed")
            return
        }
        levels[offset] = high
        if high, roles[offset] == .chipSelect || roles[offset] == .chipSelect1 { commandFrameOpen = false }
        if let role = roles[offset], role != .busy, role != .chipSelect, role != .chipSelect1 { try emulator?.setLine(role, high: high) }
    }

    fileprivate func level(_ offset: Int) -> Bool {
        if roles[offset] == .busy, let emulator {
            return emulator.isBusy == (emulator.busyLevel == .high)
        }
        return levels[offset] ?? true
    }

    fileprivate func claim(_ offset: Int, line: EmulatedLine?) { claimed.insert(offset); if let line { keyLines[offset] = line } }
    fileprivate func release(_ offset: Int) { claimed.remove(offset); keyLines[offset] = nil }

    fileprivate func transfer(_ bytes: UnsafeRawBufferPointer) throws {
        transferSizes.append(bytes.count)
        if bytes.count > maximumTransferBytes { faults.append("a transfer of \(bytes.count) bytes exceeds spidev's \(maximumTransferBytes)") }
        var chips: PanelChips = .first
        if chipSelectByGPIO, let cs = roles.first(where: { $0.value == .chipSelect })?.key {
            // A board of two controllers: the transfer reaches the chips whose CS is low.
            let cs1 = roles.first(where: { $0.value == .chipSelect1 })?.key
            chips = []
            if levels[cs] == false { chips.insert(.first) }
            if let cs1, levels[cs1] == false { chips.insert(.second) }
            guard !chips.isEmpty else {
                faults.append("SPI transfer with chip select (GPIO\(cs)\(cs1.map { ", GPIO\($0)" } ?? "")) high: the panel ignores it")
                return
            }
            if cs1 != nil, chips != selected {
                selected = chips
                try emulator?.select(chips)
            }
        }
        let dc = roles.first(where: { $0.value == .dataCommand })?.key
        let isCommand = dc.map { levels[$0] == false } ?? false
        if chipSelectByGPIO, roles.values.contains(.chipSelect1) {
            if isCommand {
                commandFrameOpen = true
            } else if !commandFrameOpen {
                faults.append("data after chip select rose: a controller framed by CS takes the first byte after CS falls as a command")
            }
        }
        guard let emulator else { return }
        if isCommand {
            for byte in bytes { try emulator.command(byte) }
        } else {
            try emulator.data(Array(bytes))
        }
    }

    /// Waits on BUSY: the emulator's clock jumps to the end of the busy period or the
    /// timeout, whichever is first; true when BUSY changed.
    fileprivate func waitForBusyEdge(timeoutNanoseconds: Int64) -> Bool {
        let limit = Int((timeoutNanoseconds + 999_999) / 1_000_000)
        guard let emulator, emulator.isBusy else {
            timing.sleep(milliseconds: max(1, limit))
            return false
        }
        if emulator.busyStuck {
            emulator.delay(milliseconds: max(1, limit))
            return false
        }
        let remaining = emulator.busyUntil - emulator.now
        emulator.delay(milliseconds: min(max(1, limit), remaining))
        return !emulator.isBusy
    }
}

/// The emulator's clock as the bus sees it.
public final class VirtualTiming: BusTiming {
    private weak var emulator: ControllerEmulator?
    private var standalone = 0

    init(emulator: ControllerEmulator?) { self.emulator = emulator }

    public func monotonicNanoseconds() -> UInt64 { UInt64(emulator?.now ?? standalone) * 1_000_000 }

    public func sleep(milliseconds: Int) {
        if let emulator { emulator.delay(milliseconds: milliseconds) } else { standalone += max(0, milliseconds) }
    }
}

private final class EmulatedChip: GPIOChip {
    let spec: EmulatedWiring.ChipSpec
    let wiring: EmulatedWiring

    init(spec: EmulatedWiring.ChipSpec, wiring: EmulatedWiring) {
        self.spec = spec
        self.wiring = wiring
    }

    var path: String { spec.path }
    var label: String { spec.label }
    var lineCount: Int { spec.lineCount }
    func offset(ofLineNamed name: String) -> Int? { spec.names[name] }
    func name(ofLine offset: Int) throws -> String { spec.names.first { $0.value == offset }?.key ?? "" }
    func holder(ofLine offset: Int) throws -> String? {
        if let holder = spec.holders[offset] { return holder }
        return wiring.claimed.contains(offset) ? WiredBus.consumer : nil
    }
    func close() {}

    func requestOutput(offset: Int, consumer: String, initialHigh: Bool) throws -> GPIOLine {
        let line = try request(offset)
        try wiring.drive(offset, high: initialHigh)
        return line
    }

    func requestInput(offset: Int, consumer: String, bias: LineBias, edges: EdgeDetection) throws -> GPIOLine {
        try request(offset)
    }

    private func request(_ offset: Int) throws -> EmulatedLine {
        if let holder = try holder(ofLine: offset) {
            throw PanelBusError.io("GPIO\(offset) on \(label) is in use by '\(holder)'")
        }
        let line = EmulatedLine(offset: offset, wiring: wiring)
        wiring.claim(offset, line: wiring.roles[offset] == nil ? line : nil)
        return line
    }
}

private final class EmulatedLine: GPIOLine {
    let offset: Int
    weak var wiring: EmulatedWiring?
    private var events: [EdgeEvent] = []
    private var pipe: [Int32] = [-1, -1]

    init(offset: Int, wiring: EmulatedWiring) {
        self.offset = offset
        self.wiring = wiring
    }

    deinit { release() }

    func queue(_ event: EdgeEvent) {
        events.append(event)
        if pipe[0] >= 0 { var byte: UInt8 = 1; _ = write(pipe[1], &byte, 1) }
    }

    func set(high: Bool) throws { try wiring?.drive(offset, high: high) }

    func read() throws -> Bool {
        guard let wiring else { throw PanelBusError.io("GPIO\(offset): released") }
        return wiring.level(offset)
    }

    func waitForEdge(timeoutNanoseconds: Int64) throws -> Bool {
        if !events.isEmpty { return true }
        return wiring?.waitForBusyEdge(timeoutNanoseconds: timeoutNanoseconds) ?? false
    }

    func readEdge() throws -> EdgeEvent {
        if pipe[0] >= 0 { var byte: UInt8 = 0; _ = Glibc.read(pipe[0], &byte, 1) }
        return events.isEmpty ? EdgeEvent(rising: try read(), timestampNanoseconds: 0) : events.removeFirst()
    }

    /// A pipe that holds one byte per queued event, so epoll sees key presses.
    var eventDescriptor: Int32? {
        if pipe[0] < 0 {
            var fds: [Int32] = [0, 0]
            guard Glibc.pipe(&fds) == 0 else { return nil }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
            pipe = fds
            for _ in events { var byte: UInt8 = 1; _ = write(pipe[1], &byte, 1) }
        }
        return pipe[0]
    }

    func release() {
        wiring?.release(offset)
        wiring = nil
        for fd in pipe where fd >= 0 { Glibc.close(fd) }
        pipe = [-1, -1]
    }
}

private final class EmulatedSPI: SPIDevice {
    let wiring: EmulatedWiring
    init(wiring: EmulatedWiring) { self.wiring = wiring }
    var maximumTransferBytes: Int { wiring.maximumTransferBytes }
    func write(_ bytes: UnsafeRawBufferPointer) throws { try wiring.transfer(bytes) }
    func close() {}
}
