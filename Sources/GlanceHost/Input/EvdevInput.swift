import GlanceSystem
import CGlanceLinux
import FoundationEssentials
import GlanceGraphics
import Glibc
import GlanceHardware
import GlanceWake

/// The kernel's input events (`struct input_event` on 64-bit Linux: a timeval of two
/// 64-bit words, then type, code and value), turned into what Glance acts on: key
/// presses and releases, and taps.
public struct EvdevDecoder {
    /// What a device did.
    public enum Event: Equatable, Sendable {
        case key(code: UInt16, down: Bool, atNanoseconds: UInt64)
        /// A finger touched and lifted near where it touched: raw device coordinates.
        case tap(x: Int32, y: Int32)
    }

    public static let recordSize = 24
    static let eventKey: UInt16 = 1, eventAbsolute: UInt16 = 3
    static let absoluteX: UInt16 = 0, absoluteY: UInt16 = 1
    static let multitouchX: UInt16 = 0x35, multitouchY: UInt16 = 0x36, trackingID: UInt16 = 0x39
    static let buttonTouch: UInt16 = 0x14a
    /// BTN_TOOL_* (finger, pen …) and BTN_TOUCH are a touchscreen's, not keys.
    static let touchButtons: ClosedRange<UInt16> = 0x140...0x14f

    private var pending: [UInt8] = []
    private var x: Int32 = 0, y: Int32 = 0
    private var touchStart: (x: Int32, y: Int32)?
    private var sawButtonTouch = false
    /// How far a finger may slide (device units) and still tap.
    public var slop: Int32

    public init(slop: Int32 = 40) { self.slop = slop }

    /// Decodes `bytes` (any split: a record may arrive in pieces) into events.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
        pending += bytes
        var events: [Event] = []
        var offset = 0
        while pending.count - offset >= Self.recordSize {
            let record = pending[offset..<(offset + Self.recordSize)]
            offset += Self.recordSize
            func word(_ at: Int, _ size: Int) -> UInt64 {
                (0..<size).reduce(UInt64(0)) { $0 | UInt64(record[record.startIndex + at + $1]) << (8 * UInt64($1)) }
            }
            let seconds = word(0, 8), microseconds = word(8, 8)
            let type = UInt16(word(16, 2)), code = UInt16(word(18, 2)), value = Int32(bitPattern: UInt32(word(20, 4)))
            let at = seconds &* 1_000_000_000 &+ microseconds &* 1_000
            switch type {
            case Self.eventKey where code == Self.buttonTouch:
                sawButtonTouch = true
                // Drivers send BTN_TOUCH before the packet's position: the touch starts
                // where the packet (ended by EV_SYN) puts it.
                if value == 1 { touchStart = nil; pendingTouchStart = true } else if value == 0 {
                    if pendingTouchStart { touchStart = (x, y); pendingTouchStart = false }
                    if let start = touchStart { events += lift(from: start) }
                }
            case Self.eventKey where Self.touchButtons.contains(code):
                break
            case Self.eventKey where value == 0 || value == 1:
                // 2 is the key's auto-repeat: not another press.
                events.append(.key(code: code, down: value == 1, atNanoseconds: at))
            case Self.eventAbsolute:
                switch code {
                case Self.absoluteX, Self.multitouchX: x = value
                case Self.absoluteY, Self.multitouchY: y = value
                case Self.trackingID where !sawButtonTouch:
                    // A multi-touch device without BTN_TOUCH: a tracking id starts a touch, -1 ends it.
                    if value >= 0 { touchStart = nil; pendingTouchStart = true } else if let start = touchStart { events += lift(from: start) }
                default: break
                }
            default:
                // EV_SYN ends a packet: a touch that began in it has its position now.
                if pendingTouchStart {
                    touchStart = (x, y)
                    pendingTouchStart = false
                }
            }
        }
        pending.removeFirst(offset)
        return events
    }

    private var pendingTouchStart = false

    private mutating func lift(from start: (x: Int32, y: Int32)) -> [Event] {
        touchStart = nil
        // In 64 bits: hostile coordinates (±2^31) must not overflow.
        guard Swift.abs(Int64(x) - Int64(start.x)) <= Int64(slop), Swift.abs(Int64(y) - Int64(start.y)) <= Int64(slop) else { return [] }
        return [.tap(x: start.x, y: start.y)]
    }

    /// One record, as the kernel writes it (for tests and replay).
    public static func record(type: UInt16, code: UInt16, value: Int32, atNanoseconds: UInt64 = 0) -> [UInt8] {
        func bytes(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
        return bytes(atNanoseconds / 1_000_000_000, 8) + bytes(atNanoseconds % 1_000_000_000 / 1_000, 8)
            + bytes(UInt64(type), 2) + bytes(UInt64(code), 2) + bytes(UInt64(UInt32(bitPattern: value)), 4)
    }
}

/// Where a touch lands on the frame: raw device coordinates scaled to the device's
/// pixels, then turned back by the display's rotation (the frame is turned clockwise by
/// `rotation` on its way to the device).
public struct TouchMapping: Sendable, Equatable {
    public var rangeX: ClosedRange<Int32>
    public var rangeY: ClosedRange<Int32>
    /// The device's pixels, in its own orientation.
    public var nativeWidth: Int
    public var nativeHeight: Int
    public var rotation: Int

    public init(rangeX: ClosedRange<Int32>, rangeY: ClosedRange<Int32>, nativeWidth: Int, nativeHeight: Int, rotation: Int) {
        self.rangeX = rangeX
        self.rangeY = rangeY
        self.nativeWidth = nativeWidth
        self.nativeHeight = nativeHeight
        self.rotation = rotation
    }

    /// The frame pixel under raw point (`x`, `y`).
    public func framePoint(x: Int32, y: Int32) -> (x: Int, y: Int) {
        func scale(_ value: Int32, _ range: ClosedRange<Int32>, _ pixels: Int) -> Int {
            let span = Int64(range.upperBound) - Int64(range.lowerBound) + 1
            let offset = Int64(min(max(value, range.lowerBound), range.upperBound)) - Int64(range.lowerBound)
            return Int(offset * Int64(pixels) / max(1, span))
        }
        let u = scale(x, rangeX, nativeWidth), v = scale(y, rangeY, nativeHeight)
        // Frame (fx, fy) goes to device (u, v); undo it. The frame is W×H, the device
        // nativeWidth×nativeHeight (swapped at 90 and 270).
        switch (rotation % 360 + 360) % 360 {
        case 90: return (v, nativeWidth - 1 - u)
        case 180: return (nativeWidth - 1 - u, nativeHeight - 1 - v)
        case 270: return (nativeHeight - 1 - v, u)
        default: return (u, v)
        }
    }
}

/// A Linux input device (`/dev/input/event*`) as a wake source: its events are read
/// when its descriptor polls readable in the host's wait. Keys become key presses and
/// releases by their Linux names (`F1`, `ENTER`); taps become taps on the frame.
public final class EvdevInput {
    public let path: String
    private let descriptor: Int32
    private var decoder = EvdevDecoder()
    /// Raw coordinates → frame pixels; `nil` for a device without a touch surface.
    public private(set) var mapping: TouchMapping?

    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens `path`. A touchscreen's range comes from the device (EVIOCGABS) or from
    /// `range` (a pipe, a driver that does not say).
    public init(path: String, range: (x: ClosedRange<Int>, y: ClosedRange<Int>)?, nativeWidth: Int, nativeHeight: Int,
                rotation: Int) throws(OpenError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM {
                // The same line as the panel's devices: who, the node's group and mode, the fix.
                throw OpenError(description: DeviceErrors.openFailure(path, code, group: "input", missing: "").description)
            }
            let fix = code == ENOENT ? "; ls /dev/input/by-id shows the devices there are (those names stay the same across reboots)" : ""
            throw OpenError(description: "\(path): \(SystemErrno(code).description)\(fix)")
        }
        descriptor = fd
        var low: Int32 = 0, high: Int32 = 0
        if let range {
            mapping = TouchMapping(rangeX: Int32(range.x.lowerBound)...Int32(range.x.upperBound),
                                   rangeY: Int32(range.y.lowerBound)...Int32(range.y.upperBound),
                                   nativeWidth: nativeWidth, nativeHeight: nativeHeight, rotation: rotation)
        } else {
            // The kernel answers EVIOCGABS for any axis of a device with absolute axes
            // (0…0 for one it lacks): the first axis with a real range counts.
            func range(_ axes: [Int32]) -> ClosedRange<Int32>? {
                for axis in axes where glance_evdev_abs_range(fd, axis, &low, &high) == 0 && high > low { return low...high }
                return nil
            }
            if let rangeX = range([0x35, 0]), let rangeY = range([0x36, 1]) {
                mapping = TouchMapping(rangeX: rangeX, rangeY: rangeY, nativeWidth: nativeWidth, nativeHeight: nativeHeight, rotation: rotation)
            }
        }
    }

    deinit { close(descriptor) }

    /// Reads what is queued and hands it on. Returns false when the device is gone.
    public func drain(_ input: (HostInbox.Input) -> Void) -> Bool {
        var buffer = [UInt8](repeating: 0, count: EvdevDecoder.recordSize * 64)
        while true {
            let count = retryingInterrupted { buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
            if count < 0, errno == EAGAIN { return true }
            guard count > 0 else { return false }
            for event in decoder.feed(buffer[0..<count]) {
                switch event {
                case .key(let code, let down, let at):
                    let name = EvdevKeyNames.name(of: code)
                    input(down ? .keyDown(name, atNanoseconds: at) : .keyUp(name, atNanoseconds: at))
                case .tap(let x, let y):
                    guard let mapping else { continue }
                    let point = mapping.framePoint(x: x, y: y)
                    input(.tap(x: point.x, y: point.y))
                }
            }
        }
    }

    /// Watches the device from `clock`'s wait.
    public func attach(to clock: LinuxEventClock, input: @escaping (HostInbox.Input) -> Void, log: @escaping (String) -> Void) throws {
        try clock.watch(descriptor: descriptor) { [self] in
            if !drain(input) {
                // Unplugged (or the writer of a pipe went away): stop watching it.
                log("\(path): the device went away; its keys and taps are ignored from now on")
                clock.unwatch(descriptor: descriptor)
            }
        }
    }
}
