import CGlanceLinux
import FoundationEssentials
import Glibc

/// An SPI device opened for writing (panels are write-only here).
public protocol SPIDevice: AnyObject {
    /// The most bytes one transfer may carry; the bus splits longer writes.
    var maximumTransferBytes: Int { get }
    /// One transfer, chip select held for its length.
    func write(_ bytes: UnsafeRawBufferPointer) throws
    func close()
}

/// The machine's SPI devices.
public protocol SPISystem {
    /// Throws the start-up error for `path` (missing: SPI not enabled; permission:
    /// which group) without opening it.
    func check(path: String) throws
    func open(path: String, mode: Int, speedHz: Int) throws -> SPIDevice
}

/// SPI through the kernel's spidev driver.
public struct SpidevSystem: SPISystem {
    /// spidev's buffer-size parameter: the largest transfer the driver accepts.
    public var bufferSizeFile: String

    public init(bufferSizeFile: String = "/sys/module/spidev/parameters/bufsiz") {
        self.bufferSizeFile = bufferSizeFile
    }

    /// The driver's transfer limit, 4096 when the parameter cannot be read.
    public func bufferSize() -> Int {
        guard let text = try? String(contentsOfFile: bufferSizeFile, encoding: .utf8),
              let value = Int(String(text.filter(\.isNumber))), value > 0 else { return 4096 }
        return value
    }

    public func check(path: String) throws {
        if access(path, F_OK) != 0 {
            throw DeviceErrors.openFailure(path, ENOENT, group: "spi", missing: Self.missingAdvice(path))
        }
        if access(path, R_OK | W_OK) != 0 {
            throw DeviceErrors.openFailure(path, errno, group: "spi", missing: Self.missingAdvice(path))
        }
    }

    public func open(path: String, mode: Int, speedHz: Int) throws -> SPIDevice {
        try check(path: path)
        guard (0...3).contains(mode) else { throw PanelBusError.io("\(path): SPI mode \(mode) does not exist; use 0, 1, 2 or 3") }
        guard let speed = UInt32(exactly: speedHz), speed > 0 else { throw PanelBusError.io("\(path): SPI speed \(speedHz) Hz is out of range; set spi: {speed_hz: …} to the board's speed, e.g. 4000000") }
        let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw DeviceErrors.openFailure(path, errno, group: "spi", missing: Self.missingAdvice(path)) }
        guard glance_spi_configure(descriptor, UInt8(mode), speed) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw PanelBusError.io("\(path): cannot set SPI mode \(mode) at \(speedHz) Hz (\(DeviceErrors.describe(code)))")
        }
        return Spidev(path: path, descriptor: descriptor, speedHz: speed, maximumTransferBytes: bufferSize())
    }

    /// What to do when `path` is missing: enable SPI, or use the device that exists.
    public static func missingAdvice(_ path: String) -> String {
        let present = (try? listSPIDevices()) ?? []
        if present.isEmpty {
            return "SPI is not enabled; add dtparam=spi=on to /boot/firmware/config.txt (or run raspi-config → Interface Options → SPI) and reboot"
        }
        return "this machine has \(present.joined(separator: ", ")); set spi: {device: …} in the display config, or enable the bus with its dtoverlay and reboot"
    }

    private static func listSPIDevices() throws -> [String] {
        guard let directory = opendir("/dev") else { return [] }
        defer { closedir(directory) }
        var result: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("spidev") { result.append("/dev/" + name) }
        }
        return result.sorted()
    }
}

final class Spidev: SPIDevice {
    let path: String
    let maximumTransferBytes: Int
    private let speedHz: UInt32
    private var descriptor: Int32

    init(path: String, descriptor: Int32, speedHz: UInt32, maximumTransferBytes: Int) {
        self.path = path
        self.descriptor = descriptor
        self.speedHz = speedHz
        self.maximumTransferBytes = maximumTransferBytes
    }

    deinit { close() }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard descriptor >= 0 else { throw PanelBusError.io("\(path): the SPI device was closed") }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if glance_spi_write(descriptor, base.assumingMemoryBound(to: UInt8.self), UInt32(bytes.count), speedHz) != 0 {
            throw DeviceErrors.transferFailure(path, errno, doing: "SPI write of \(bytes.count) bytes")
        }
    }
}
