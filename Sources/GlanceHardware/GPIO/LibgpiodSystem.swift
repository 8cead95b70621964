import CGlanceGPIO
import Glibc

/// GPIO through libgpiod, 1.x or 2.x (whichever the build found; see `CGlanceGPIO`).
public struct LibgpiodSystem: GPIOSystem {
    /// The device folder (`/dev`); tests point it elsewhere.
    public var devices: String

    public init(devices: String = "/dev") { self.devices = devices }

    /// "libgpiod 1.6.3 (v1 API)".
    public static var version: String {
        "libgpiod \(String(cString: glance_gpio_library_version())) (v\(glance_gpio_api_major()) API)"
    }

    public func chipPaths() -> [String] {
        guard let directory = opendir(devices) else { return [] }
        defer { closedir(directory) }
        var numbers: [Int] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("gpiochip"), let number = Int(name.dropFirst(8)) { numbers.append(number) }
        }
        return numbers.sorted().map { "\(devices)/gpiochip\($0)" }
    }

    public func openChip(path: String) throws -> GPIOChip {
        guard let chip = glance_gpio_chip_open(path) else {
            let code = errno
            // A node that exists but is no GPIO chip: libgpiod 1.x says ENOTTY, 2.x ENODEV.
            if access(path, F_OK) == 0, [ENOTTY, ENODEV, EINVAL].contains(code) {
                throw DeviceError(path: path, code: code, kind: .unsupported, problem: "\(path) is not a GPIO chip (\(DeviceErrors.describe(code)))",
                                  fix: "name a /dev/gpiochipN device")
            }
            throw DeviceErrors.openFailure(path, code, group: "gpio", missing: "this kernel has no such GPIO chip")
        }
        return LibgpiodChip(path: path, chip: chip)
    }
}

final class LibgpiodChip: GPIOChip {
    let path: String
    let label: String
    let lineCount: Int
    private var chip: OpaquePointer?

    init(path: String, chip: OpaquePointer) {
        self.path = path
        self.chip = chip
        label = String(cString: glance_gpio_chip_label(chip))
        lineCount = Int(glance_gpio_chip_line_count(chip))
    }

    // Lines keep their chip alive (libgpiod 1.x frees a chip's lines with the chip), so
    // the chip is closed when the last of its owner and its lines lets go of it.
    deinit { glance_gpio_chip_close(chip) }

    /// Nothing to do at once: see `deinit`.
    func close() {}

    private func open() throws -> OpaquePointer {
        guard let chip else { throw PanelBusError.io("\(path): the GPIO chip is not open") }
        return chip
    }

    func offset(ofLineNamed name: String) -> Int? {
        guard let chip else { return nil }
        let offset = glance_gpio_chip_find_line(chip, name)
        return offset < 0 ? nil : Int(offset)
    }

    func holder(ofLine offset: Int) throws -> String? {
        var consumer = [CChar](repeating: 0, count: 64)
        let used = glance_gpio_line_in_use(try open(), UInt32(offset), &consumer, consumer.count)
        if used < 0 { throw PanelBusError.io("\(path) line \(offset): cannot read its state (\(DeviceErrors.describe(errno)))") }
        return used == 0 ? nil : Self.text(consumer)
    }

    func name(ofLine offset: Int) throws -> String {
        var name = [CChar](repeating: 0, count: 64)
        if glance_gpio_line_name(try open(), UInt32(offset), &name, name.count) < 0 {
            throw PanelBusError.io("\(path) line \(offset): cannot read its name (\(DeviceErrors.describe(errno)))")
        }
        return Self.text(name)
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func requestOutput(offset: Int, consumer: String, initialHigh: Bool) throws -> GPIOLine {
        guard let line = glance_gpio_request_output(try open(), UInt32(offset), consumer, initialHigh ? 1 : 0) else {
            throw requestFailure(offset, errno)
        }
        return LibgpiodLine(name: "\(label) line \(offset)", line: line, chip: self)
    }

    func requestInput(offset: Int, consumer: String, bias: LineBias, edges: EdgeDetection) throws -> GPIOLine {
        let biasCode: Int32 = switch bias {
        case .asIs: 0
        case .pullUp: 1
        case .pullDown: 2
        case .disabled: 3
        }
        let edgeCode: Int32 = switch edges {
        case .none: 0
        case .rising: 1
        case .falling: 2
        case .both: 3
        }
        guard let line = glance_gpio_request_input(try open(), UInt32(offset), consumer, biasCode, edgeCode) else {
            throw requestFailure(offset, errno)
        }
        return LibgpiodLine(name: "\(label) line \(offset)", line: line, chip: self)
    }

    private func requestFailure(_ offset: Int, _ code: Int32) -> PanelBusError {
        if code == EBUSY {
            let holder = (try? holder(ofLine: offset)).flatMap { $0 } ?? ""
            return .io("GPIO\(offset) on \(label) is in use\(holder.isEmpty ? "" : " by '\(holder)'"); stop the program that holds it (gpioinfo lists holders)")
        }
        return .io("GPIO\(offset) on \(label): cannot claim the line (\(DeviceErrors.describe(code)))")
    }
}

final class LibgpiodLine: GPIOLine {
    private let name: String
    private var line: OpaquePointer?
    private let chip: LibgpiodChip

    init(name: String, line: OpaquePointer, chip: LibgpiodChip) {
        self.name = name
        self.line = line
        self.chip = chip
    }

    deinit { release() }

    func release() {
        glance_gpio_line_release(line)
        line = nil
    }

    private func claimed() throws -> OpaquePointer {
        guard let line else { throw PanelBusError.io("\(name): the line was released") }
        return line
    }

    private func failure(_ action: String) -> PanelBusError {
        .io("\(name): cannot \(action) (\(DeviceErrors.describe(errno)))")
    }

    func set(high: Bool) throws {
        if glance_gpio_line_set(try claimed(), high ? 1 : 0) < 0 { throw failure("set the level") }
    }

    func read() throws -> Bool {
        let value = glance_gpio_line_get(try claimed())
        if value < 0 { throw failure("read the level") }
        return value == 1
    }

    func waitForEdge(timeoutNanoseconds: Int64) throws -> Bool {
        let result = glance_gpio_line_wait_event(try claimed(), timeoutNanoseconds)
        if result < 0 { throw failure("wait for an edge") }
        return result > 0
    }

    func readEdge() throws -> EdgeEvent {
        var rising: Int32 = 0
        var timestamp: UInt64 = 0
        if glance_gpio_line_read_event(try claimed(), &rising, &timestamp) < 0 { throw failure("read an edge event") }
        return EdgeEvent(rising: rising != 0, timestampNanoseconds: timestamp)
    }

    var eventDescriptor: Int32? {
        guard let line else { return nil }
        let descriptor = glance_gpio_line_event_fd(line)
        return descriptor < 0 ? nil : descriptor
    }
}
