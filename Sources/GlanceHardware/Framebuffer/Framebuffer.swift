import GlanceSystem
import CGlanceLinux
import Glibc

/// A Linux framebuffer's pixel layout: size, bytes per line, and where each colour
/// channel sits in a pixel (`FBIOGET_VSCREENINFO` / `FBIOGET_FSCREENINFO`).
public struct FramebufferGeometry: Sendable, Equatable {
    public struct Channel: Sendable, Equatable {
        public var offset: Int
        public var length: Int
        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    public var width: Int
    public var height: Int
    public var bitsPerPixel: Int
    public var lineLength: Int
    public var red: Channel
    public var green: Channel
    public var blue: Channel
    public var name = ""

    public init(width: Int, height: Int, bitsPerPixel: Int, lineLength: Int, red: Channel, green: Channel, blue: Channel, name: String = "") {
        self.width = width
        self.height = height
        self.bitsPerPixel = bitsPerPixel
        self.lineLength = lineLength
        self.red = red
        self.green = green
        self.blue = blue
        self.name = name
    }

    /// RGB565, the layout of fbtft's SPI LCDs.
    public static func rgb565(width: Int, height: Int) -> Self {
        Self(width: width, height: height, bitsPerPixel: 16, lineLength: width * 2,
             red: .init(offset: 11, length: 5), green: .init(offset: 5, length: 6), blue: .init(offset: 0, length: 5))
    }

    /// XRGB8888, the layout of HDMI screens and DRM's framebuffer emulation.
    public static func xrgb8888(width: Int, height: Int) -> Self {
        Self(width: width, height: height, bitsPerPixel: 32, lineLength: width * 4,
             red: .init(offset: 16, length: 8), green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8))
    }

    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// A stored pixel from 8-bit channels (little-endian word, as the device keeps it).
    @inline(__always)
    public func encode(red r: UInt8, green g: UInt8, blue b: UInt8) -> UInt32 {
        func channel(_ value: UInt8, _ channel: Channel) -> UInt32 {
            guard channel.length > 0 else { return 0 }
            let length = UInt32(min(16, channel.length)), wide = UInt32(value)
            // Narrow channels keep the top bits; wide ones (10-bit) repeat them below.
            let scaled = length <= 8 ? wide >> (8 - length) : (wide << (length - 8)) | (wide >> (16 - length))
            return scaled << UInt32(channel.offset)
        }
        return channel(r, red) | channel(g, green) | channel(b, blue)
    }

    /// The 8-bit channels a stored pixel shows (for tests and for reading a screen back).
    public func channels(of pixel: UInt32) -> (red: UInt8, green: UInt8, blue: UInt8) {
        func channel(_ channel: Channel) -> UInt8 {
            guard channel.length > 0 else { return 0 }
            let maximum = UInt32(1) << UInt32(channel.length) - 1
            let value = (pixel >> UInt32(channel.offset)) & maximum
            // Wide channels: the top eight bits; narrow ones scaled up as RGB565 is.
            return channel.length > 8 ? UInt8(truncatingIfNeeded: value >> UInt32(channel.length - 8)) : UInt8(value * 255 / maximum)
        }
        return (channel(red), channel(green), channel(blue))
    }
}

/// A screen Glance writes rows of pixels to: `/dev/fbN`, or a memory or file stand-in
/// in tests. Hardware code stays this thin: rows of bytes in, nothing decided.
public protocol Framebuffer: AnyObject {
    var path: String { get }
    var geometry: FramebufferGeometry { get }
    /// Writes one row (`geometry.width` pixels in the device's layout) at row `y`.
    func write(row y: Int, _ bytes: [UInt8]) throws
    /// Makes what was written visible (pans to the first page).
    func present()
    /// Set when the text console could not be kept out of the picture: how to fix that.
    var consoleAdvice: String? { get }
    /// Powers the screen down (quiet hours) or up again; false where the driver cannot.
    func blank(_ blanked: Bool) -> Bool
    /// Gives the console back its text mode (on exit).
    func close()
}

/// The Linux framebuffer device (`/dev/fbN`): HDMI screens, and small SPI LCDs driven
/// by the kernel's fbtft or tiny DRM drivers.
public final class LinuxFramebuffer: Framebuffer {
    /// What to do when the device node is missing.
    public static let missingAdvice = "no framebuffer; connect a screen, or enable the LCD's overlay (dtoverlay=…) and reboot"

    public let path: String
    public let geometry: FramebufferGeometry
    private var descriptor: Int32
    /// The virtual terminal switched to graphics mode while Glance draws, or -1.
    private var console: Int32 = -1
    public private(set) var consoleAdvice: String?

    /// Opens `path` and reads its geometry; with `geometry` given, `path` may be a plain
    /// file (tests) and the console is left alone.
    public init(path: String, geometry: FramebufferGeometry? = nil) throws(DeviceError) {
        self.path = path
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DeviceErrors.openFailure(path, errno, group: "video", missing: Self.missingAdvice)
        }
        if let geometry {
            self.geometry = geometry
        } else {
            var info = glance_fb_info()
            guard glance_fb_get_info(descriptor, &info) == 0 else {
                let code = errno
                Glibc.close(descriptor)
                throw DeviceError(path: path, code: code, kind: .unsupported,
                                  problem: "\(path) is not a framebuffer device (the screen-info ioctl failed)", fix: "use a /dev/fbN path")
            }
            let name = withUnsafeBytes(of: info.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            self.geometry = FramebufferGeometry(
                width: Int(info.width), height: Int(info.height), bitsPerPixel: Int(info.bits_per_pixel), lineLength: Int(info.line_length),
                red: .init(offset: Int(info.red_offset), length: Int(info.red_length)),
                green: .init(offset: Int(info.green_offset), length: Int(info.green_length)),
                blue: .init(offset: Int(info.blue_offset), length: Int(info.blue_length)), name: name)
            if info.grayscale != 0 || info.visual != 2 /* FB_VISUAL_TRUECOLOR */ {
                Glibc.close(descriptor)
                throw DeviceError(path: path, kind: .unsupported, problem: "\(path) (\(name)) is not a true-colour framebuffer",
                                  fix: "Glance drives 16, 24 and 32 bits per pixel")
            }
        }
        guard [16, 24, 32].contains(self.geometry.bitsPerPixel), self.geometry.lineLength >= self.geometry.width * self.geometry.bytesPerPixel else {
            Glibc.close(descriptor)
            throw DeviceError(path: path, kind: .unsupported, problem: "\(path): \(self.geometry.bitsPerPixel) bits per pixel is not supported",
                              fix: "Glance drives 16, 24 and 32 bits per pixel")
        }
        if geometry == nil { takeConsole() }
    }

    /// The kernel's text console draws into the same framebuffer (its blinking cursor,
    /// kernel messages); graphics mode on the terminal in front stops that, as X and
    /// other framebuffer programs do. Undone by `close()`.
    private func takeConsole() {
        // Write access is enough for the ioctl (the tty group has it); KDSETMODE itself
        // needs CAP_SYS_TTY_CONFIG unless the console is this process's own terminal.
        let terminal = open("/dev/tty0", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        if terminal >= 0, glance_console_graphics(terminal, 1) == 0 {
            console = terminal
            return
        }
        let code = errno
        if terminal >= 0 { Glibc.close(terminal) }
        consoleAdvice = "cannot switch the console to graphics mode (/dev/tty0: \(SystemErrno(code).description)); its cursor may blink over the picture: run as root, or with CAP_SYS_TTY_CONFIG and the 'tty' group (the glance package's unit does), or add vt.global_cursor_default=0 to /boot/firmware/cmdline.txt"
    }

    public func write(row y: Int, _ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(y * geometry.lineLength)) }
        guard written == bytes.count else {
            throw DeviceErrors.transferFailure(path, written < 0 ? errno : ENOSPC, doing: "writing row \(y)")
        }
    }

    public func present() { _ = glance_fb_pan_to_origin(descriptor) }

    public func blank(_ blanked: Bool) -> Bool { glance_fb_blank(descriptor, blanked ? 1 : 0) == 0 }

    public func close() {
        if console >= 0 {
            _ = glance_console_graphics(console, 0)
            Glibc.close(console)
            console = -1
        }
    }

    deinit {
        close()
        if descriptor >= 0 { Glibc.close(descriptor) }
    }
}
