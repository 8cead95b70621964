import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceHost
import GlanceText
import GlanceTime
import GlanceWake
import GlanceWidgetKit
import Synchronization
import GlanceConfiguration

/// The clock of a TRMNL device's host: it never blocks. The daemon's own wait covers
/// every device (it ends at the earliest of their instants, or when one is
/// interrupted), and then steps the hosts that are due; `wait` only says why.
final class DeviceClock: HostClock, Sendable {
    private let interrupted = Mutex(false)
    /// Wakes the daemon's wait (the server's event descriptor).
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func now() -> Date { Date() }

    func wait(until deadline: Date?) -> WakeCause {
        if takeInterrupt() { return .interrupted }
        if let deadline, deadline <= now() { return .deadline }
        return .exhausted
    }

    func interrupt() {
        interrupted.withLock { $0 = true }
        wake()
    }

    var isInterrupted: Bool { interrupted.withLock { $0 } }

    private func takeInterrupt() -> Bool {
        interrupted.withLock { value in
            defer { value = false }
            return value
        }
    }
}

/// A TRMNL device's display as an output: each frame becomes a PNG in the device's own
/// inks — greyscale at 1, 2 or 4 bits a pixel, or colour-mapped at 4 bits for Spectra 6
/// with the colours its firmware matches — named by a hash of its bytes, kept for the
/// device to fetch.
final class TRMNLOutput: DisplayOutput {
    let nativeWidth: Int
    let nativeHeight: Int
    let rotation = 0
    let palette: Palette
    let dither: DitherMode = .floydSteinberg
    /// The device redraws whole frames; the firmware skips a frame whose name it has.
    let profile = RefreshProfile(partial: false)
    let refreshes: Set<PanelRefresh> = [.full]
    let windowAlignment = 1
    let maximumBytes: Int

    /// The frame the device should show, and the one before (still being fetched by a
    /// device that asked a moment ago).
    private(set) var current: (name: String, png: [UInt8])?
    private(set) var previous: (name: String, png: [UInt8])?

    struct TooLarge: Error, CustomStringConvertible {
        let bytes: Int
        let limit: Int
        var description: String {
            "the frame's PNG is \(bytes) bytes, more than the device takes (\(limit)); show fewer tones (gradients and pictures dither into many small dots)"
        }
    }

    init(width: Int, height: Int, colors: PanelColors, maximumBytes: Int) {
        nativeWidth = width
        nativeHeight = height
        palette = colors.palette
        self.maximumBytes = maximumBytes
    }

    func show(_ frame: QuantisedFrame, previous _: QuantisedFrame?, plan _: RefreshPlan, at _: Date) throws {
        let png = try TRMNLModel.firmwareColours(of: frame.palette).map { try PNG.encode(frame, colours: $0) } ?? PNG.encodeGray(frame)
        guard png.count <= maximumBytes else { throw TooLarge(bytes: png.count, limit: maximumBytes) }
        let name = Self.hashName(of: png) + ".png"
        guard name != current?.name else { return }
        previous = current
        current = (name, png)
    }

    func close() throws {}

    /// The PNG named `name`, if it is the current or the previous frame.
    func image(named name: String) -> [UInt8]? {
        if let current, current.name == name { return current.png }
        if let previous, previous.name == name { return previous.png }
        return nil
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a name that changes with the picture.
    static func hashName(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// One TRMNL device served by the daemon: its own host (its slots, its schedule), its
/// output, its access token and what it last reported.
final class TRMNLDevice {
    private(set) var config: TRMNLDeviceConfig
    private(set) var host: WidgetHost
    private(set) var output: TRMNLOutput
    let clock: DeviceClock
    var token: String?
    /// What the device said on its last request.
    var batteryVoltage: Double?
    var signal: Int?
    var lastSeen: Date?
    /// Log lines already said (once until something changes).
    var said: Set<String> = []

    private let main: GlanceConfig
    private let registry: WidgetRegistry
    private let fonts: FontLibrary
    private let stateDirectory: String
    private let log: (String) -> Void

    init(config: TRMNLDeviceConfig, main: GlanceConfig, registry: WidgetRegistry, fonts: FontLibrary, stateDirectory: String,
         clock: DeviceClock, log: @escaping (String) -> Void) throws {
        self.config = config
        self.main = main
        self.registry = registry
        self.fonts = fonts
        self.stateDirectory = stateDirectory
        self.clock = clock
        self.log = log
        (host, output) = try Self.makeHost(config, main: main, registry: registry, fonts: fonts, stateDirectory: stateDirectory, clock: clock, log: log)
    }

    private static func makeHost(_ config: TRMNLDeviceConfig, main: GlanceConfig, registry: WidgetRegistry, fonts: FontLibrary, stateDirectory: String,
                                 clock: DeviceClock, log: @escaping (String) -> Void) throws -> (WidgetHost, TRMNLOutput) {
        let output = TRMNLOutput(width: config.width, height: config.height, colors: config.colors, maximumBytes: config.maximumBytes)
        let presenter = try FramePresenter(output: output, fonts: fonts, scale: 1)
        // Its own WidgetCenter: the daemon's own host keeps the shared one.
        let host = try WidgetHost(config: config.displayConfig(from: main), registry: registry, clock: clock,
                                  presenter: presenter, center: WidgetCenter(),
                                  entryStore: EntryStore(stateDirectory: stateDirectory + "/trmnl/" + config.name),
                                  log: { log("trmnl \(config.name): \($0)") })
        let zone = main.timeZone
        host.onWake = { record in
            log("trmnl \(config.name): \(iso8601String(record.at, in: zone)) \(record.slot): \(record.reason.rawValue) → \(record.refresh.rawValue) refresh")
        }
        return (host, output)
    }

    /// The device says what it is (`Model`, `Width` and `Height` headers): what the
    /// config does not give — the display's size, its inks, the largest PNG — is taken
    /// from it, and a display that changes is made again (its slots laid out again).
    func adopt(width: Int?, height: Int?, model: TRMNLModel?) {
        var changed = config
        if let width, let height, !config.sizeGiven, (1...4096).contains(width), (1...4096).contains(height) {
            (changed.width, changed.height) = (width, height)
        }
        if let model {
            if !config.colorsGiven { changed.colors = model.colors }
            if !config.maximumBytesGiven { changed.maximumBytes = model.maximumBytes }
        }
        guard changed.width != config.width || changed.height != config.height || changed.colors != config.colors
                || changed.maximumBytes != config.maximumBytes else { return }
        let resized = changed
        let (width, height) = (resized.width, resized.height)
        do {
            let made = try Self.makeHost(resized, main: main, registry: registry, fonts: fonts, stateDirectory: stateDirectory, clock: clock, log: log)
            config = resized
            (host, output) = made
            log("trmnl \(config.name): the device is \(width)x\(height) in \(config.colors.rawValue); its display is now that")
            host.start()
        } catch {
            if said.insert("size \(width)x\(height) \(resized.colors.rawValue)").inserted {
                log("trmnl \(config.name): the device says it is \(width)x\(height), but its slots do not fit that: \(error); keeping \(config.width)x\(config.height) (give size: in its entry)")
            }
        }
    }
}
