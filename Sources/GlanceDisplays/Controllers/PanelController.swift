import GlanceGraphics
import GlanceHardware

/// How a panel redraws.
public enum PanelRefresh: String, Sendable, CaseIterable {
    /// The whole panel with the full waveform: slow, flashes, clears ghosting.
    case full
    /// The whole panel with a short waveform (a forced-temperature LUT): quicker, less clean.
    case fast
    /// Only a window, driving only pixels that change (1-bit panels), or a windowed
    /// write (LCDs).
    case partial
}

/// How long each kind of wait may take before the panel counts as stuck.
public struct BusyTimeouts: Sendable, Equatable {
    /// Resets, power on/off and other short steps.
    public var command: Int
    public var full: Int
    public var fast: Int
    public var partial: Int

    public init(command: Int = 2_000, full: Int = 10_000, fast: Int = 6_000, partial: Int = 3_000) {
        self.command = command
        self.full = full
        self.fast = fast
        self.partial = partial
    }

    public func milliseconds(for refresh: PanelRefresh) -> Int {
        switch refresh {
        case .full: full
        case .fast: fast
        case .partial: partial
        }
    }
}

/// A controller asked to drive a panel it cannot: too large, or colours it lacks.
public struct PanelConfigurationError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) { self.message = message }

    /// Throws unless `palette` is one of `shown`, the palettes `controller`'s panels
    /// show: a board that names other colours is an error, never drawn as something else.
    static func check(_ palette: Palette, _ controller: String, shows shown: [Palette]) throws(PanelConfigurationError) {
        guard !shown.contains(where: { $0.name == palette.name }) else { return }
        let names = shown.map(\.name)
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
        throw PanelConfigurationError(message: "\(controller) panels are \(list), not \(palette.name)")
    }
}

/// A panel controller's command set: turns frames into bus traffic. Frames arrive in
/// the controller's native orientation (`width` along its source lines) as palette
/// values; the controller packs them into its RAM format.
public protocol PanelController: AnyObject {
    /// The controller's name, for messages (`SSD1680`).
    var name: String { get }
    /// Native pixels.
    var width: Int { get }
    var height: Int { get }
    var palette: Palette { get }
    var refreshes: Set<PanelRefresh> { get }
    /// Partial windows start and end on multiples of this many pixels horizontally.
    var windowAlignment: Int { get }
    /// True while the controller is out of reset and not in deep sleep.
    var isAwake: Bool { get }
    /// Wakes the controller if needed and shows `frame`. `previous` is what the panel
    /// shows now (nil when unknown: after start or an error); `window` (native, aligned)
    /// bounds the change for `.partial`.
    func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, refresh: PanelRefresh, window: PixelRect) throws
    /// Puts the controller to sleep (deep sleep on e-paper, display off on LCDs).
    func sleep() throws
    /// After an error: a hardware reset (which stops any waveform) and deep sleep,
    /// without waiting for BUSY, so the panel is not left driven.
    func abandon()
}

extension PanelController {
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}

/// Packing helpers shared by the e-paper controllers.
extension QuantisedFrame {
    /// One bit a pixel, MSB first, rows padded to bytes: `isSet` decides each bit.
    func plane(_ isSet: (UInt32) -> Bool) -> [UInt8] {
        packed(bitsPerPixel: 1) { isSet($0) ? 1 : 0 }
    }
}

/// The bytes of a 1-bit plane (`rowBytes` a row) inside `window`, whose x edges lie on
/// byte boundaries: what a controller takes after its RAM window is set.
func planeWindow(_ plane: [UInt8], rowBytes: Int, _ window: PixelRect) -> [UInt8] {
    let first = window.x / 8, last = (window.maxX + 7) / 8
    var out = [UInt8]()
    out.reserveCapacity((last - first) * window.height)
    for y in window.y..<window.maxY { out.append(contentsOf: plane[(y * rowBytes + first)..<(y * rowBytes + last)]) }
    return out
}
