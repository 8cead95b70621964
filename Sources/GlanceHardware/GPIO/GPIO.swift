/// GPIO as the panel buses and key watchers need it: output lines, input lines with a
/// bias, and edge events with timestamps. libgpiod implements it on real boards
/// (`LibgpiodSystem`); tests wire it to controller emulators.

/// The pull resistor an input line asks for.
public enum LineBias: Sendable {
    case asIs, pullUp, pullDown, disabled
}

/// Which edges of an input line are queued as events.
public enum EdgeDetection: Sendable {
    case none, rising, falling, both
}

/// One queued edge of an input line.
public struct EdgeEvent: Equatable, Sendable {
    public var rising: Bool
    /// CLOCK_MONOTONIC nanoseconds when the kernel saw the edge.
    public var timestampNanoseconds: UInt64

    public init(rising: Bool, timestampNanoseconds: UInt64) {
        self.rising = rising
        self.timestampNanoseconds = timestampNanoseconds
    }
}

/// A line from a board file: an offset on the chip (the BCM number on a Raspberry Pi)
/// or the name the chip's device tree gives it (`GPIO17`).
public enum LineReference: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    case offset(Int)
    case name(String)

    public init(integerLiteral offset: Int) { self = .offset(offset) }
    public init(stringLiteral name: String) { self = .name(name) }

    public var description: String {
        switch self {
        case let .offset(offset): "GPIO\(offset)"
        case let .name(name): "line \"\(name)\""
        }
    }
}

/// A claimed line. Released by `release()` or when the object goes away.
public protocol GPIOLine: AnyObject {
    /// Drives an output line.
    func set(high: Bool) throws
    /// Reads the line's level.
    func read() throws -> Bool
    /// Waits up to `timeoutNanoseconds` for an edge event; true when one is queued.
    func waitForEdge(timeoutNanoseconds: Int64) throws -> Bool
    /// Takes the oldest queued edge event.
    func readEdge() throws -> EdgeEvent
    /// A descriptor that polls readable while an edge event is queued (for epoll).
    var eventDescriptor: Int32? { get }
    func release()
}

/// An open GPIO chip.
public protocol GPIOChip: AnyObject {
    /// `/dev/gpiochipN`.
    var path: String { get }
    /// The chip's label: `pinctrl-rp1` (Pi 5), `pinctrl-bcm2711` (Pi 4), …
    var label: String { get }
    var lineCount: Int { get }
    /// The offset of the line with this name, if the chip has one.
    func offset(ofLineNamed name: String) -> Int?
    /// The line's name ("" when it has none).
    func name(ofLine offset: Int) throws -> String
    /// Who holds the line: nil when it is free, else its consumer ("" when unnamed).
    func holder(ofLine offset: Int) throws -> String?
    func requestOutput(offset: Int, consumer: String, initialHigh: Bool) throws -> GPIOLine
    func requestInput(offset: Int, consumer: String, bias: LineBias, edges: EdgeDetection) throws -> GPIOLine
    func close()
}

/// The machine's GPIO chips.
public protocol GPIOSystem {
    /// The GPIO character devices (`/dev/gpiochip*`), in number order.
    func chipPaths() -> [String]
    /// Opens one; errors name the device and the fix (permissions: the `gpio` group).
    func openChip(path: String) throws -> GPIOChip
}

extension GPIOSystem {
    /// Opens the first chip whose label is in `labels`, preferring earlier labels, so a
    /// board file works on a Pi 5 (`pinctrl-rp1`) and a Pi 4 (`pinctrl-bcm2711`) alike.
    public func openChip(labelledAnyOf labels: [String]) throws -> GPIOChip {
        var found: [GPIOChip] = []
        var failures: [String] = []
        for path in chipPaths() {
            do {
                found.append(try openChip(path: path))
            } catch {
                failures.append("\(error)")
            }
        }
        let chosen = labels.lazy.compactMap { label in found.first { $0.label == label } }.first
        for chip in found where chip !== chosen { chip.close() }
        if let chosen { return chosen }
        if let failure = failures.first { throw PanelBusError.io(failure) }
        let wanted = labels.map { "'\($0)'" }.joined(separator: " or ")
        if found.isEmpty {
            throw PanelBusError.io("no GPIO chip found (no /dev/gpiochip* devices): Glance needs the GPIO character device of a Raspberry Pi-class board")
        }
        let seen = found.map { "\($0.path) '\($0.label)'" }.joined(separator: ", ")
        throw PanelBusError.io("no GPIO chip labelled \(wanted) (this machine has \(seen)); set gpio_chips: in the board or display config to one of those labels")
    }

}
