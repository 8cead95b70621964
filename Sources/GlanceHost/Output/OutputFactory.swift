import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceHardware
import GlanceYAML
import GlanceConfiguration

/// A configuration's display, opened: the output frames go to and what it holds open.
public final class OpenedDisplay {
    public let output: any DisplayOutput
    /// What to call it in messages: the board's name, the device, the directory.
    public let name: String
    /// A panel's wires (SPI transport): its key lines are here too.
    public let wires: WiredBus?
    /// What a person is told at start: where frames go, and any advice.
    public let summary: [String]

    init(_ name: String, output: any DisplayOutput, wires: WiredBus?, summary: [String]) {
        self.name = name
        self.output = output
        self.wires = wires
        self.summary = summary
    }

    /// An LCD keeps showing its picture after the program ends; e-paper needs no power.
    /// Otherwise the device rests (panel deep sleep, console back to text).
    public var keepsPictureWithoutSleep: Bool { (output as? PanelOutput).map { !$0.profile.sleepAfterUpdate } ?? false }

    /// Lets the lines go (after the output was closed).
    public func releaseWires() { wires?.close() }
}

/// A display that cannot be opened: a device problem, not a mistake in the file's syntax
/// (`glance run` exits 1, not 2). Says which configuration and what to do.
public struct DisplayOpenError: Error, CustomStringConvertible {
    public var source: String
    public var message: String
    /// The device's own error, when there is one (`DeviceError` says whether it is permanent).
    public var underlying: (any Error)?
    public var description: String { "\(source): \(message)" }
}

/// The one place outputs are made: `glance run`, `glance panel`, `glance bench bus`
/// and the tests build theirs here.
public enum OutputFactory {
    /// Opens `config.display`. Every start-up check (SPI enabled, lines free,
    /// permissions, sizes) happens here, before a byte reaches a panel. A framebuffer
    /// without `size:` gives `config` its own size.
    public static func open(_ config: inout GlanceConfig) throws -> OpenedDisplay {
        let display = config.display
        do {
            switch display.backend {
            case .file:
                let output = try FileOutput(directory: display.path, width: display.width, height: display.height, timeZone: config.timeZone,
                                            palette: display.palette, dither: display.dither, rotation: display.board?.rotation ?? 0,
                                            profile: display.refreshProfile, inkLook: display.board?.inkLook)
                return OpenedDisplay(display.path, output: output, wires: nil, summary: [
                    "frames go to \(output.framePath) (panel bytes: \(output.rawPath)); one line per refresh in \(output.logPath)",
                ])
            case .framebuffer:
                let device = try LinuxFramebuffer(path: display.path)
                let screen = device.geometry
                if display.sizeFromDevice, screen.width > display.maximumWidth || screen.height > display.maximumHeight {
                    throw DisplayOpenError(source: config.source,
                                           message: "\(display.path) is \(screen.width)x\(screen.height), above the limit of \(display.maximumWidth)x\(display.maximumHeight); raise it with max_size: under display:")
                }
                if display.sizeFromDevice {
                    (config.display.width, config.display.height) = (screen.width, screen.height)
                } else if (display.width, display.height) != (screen.width, screen.height) {
                    throw DisplayOpenError(source: config.source,
                                           message: "display.size \(display.width)x\(display.height) does not match \(display.path) (\(screen.width)x\(screen.height)); remove size: to use the screen's")
                }
                let output = FramebufferOutput(framebuffer: device, palette: display.palette, dither: display.dither,
                                               profile: RefreshProfile(partial: true, fast: false, fullEvery: display.refreshProfile.fullEvery,
                                                                       fullAtLeastEvery: display.refreshProfile.fullAtLeastEvery, sleepAfterUpdate: false))
                var summary = ["frames go to \(display.path) (\(screen.name.isEmpty ? "framebuffer" : screen.name), \(screen.width)x\(screen.height), \(screen.bitsPerPixel) bpp)"]
                if let advice = device.consoleAdvice { summary.append(advice) }
                return OpenedDisplay(display.path, output: output, wires: nil, summary: summary)
            case .panel:
                guard let board = display.board else {
                    throw DisplayOpenError(source: config.source, message: "display: the panel backend needs a board: add board: NAME (glance boards lists them)")
                }
                let (bus, wires) = try board.openBus(trace: display.transport == .trace ? display.path : nil)
                do {
                    let output = try panel(board: board, bus: bus, dither: display.dither)
                    var destination = "bus traffic goes to \(display.path)"
                    if wires != nil { destination = "on \(board.spiDevice) at \(board.spiSpeedHz / 1000) kHz, \(LibgpiodSystem.version)" }
                    return OpenedDisplay(board.name, output: output, wires: wires, summary: [
                        "board \(board.name) (\(board.controller.rawValue.uppercased()), \(board.width)x\(board.height) \(board.colors.rawValue)); \(destination)",
                    ])
                } catch {
                    wires?.close()
                    throw error
                }
            }
        } catch let error as DisplayOpenError {
            throw error
        } catch {
            throw DisplayOpenError(source: config.source, message: "display: \(error)", underlying: error)
        }
    }

    /// `board`'s panel on `bus`: its controller, discipline and rotation.
    public static func panel(board: Board, bus: any PanelBus, dither: DitherMode) throws(ConfigError) -> PanelOutput {
        let controller: any PanelController
        do {
            controller = try board.makeController(bus: bus)
        } catch {
            throw ConfigError(file: board.file, message: "board \(board.name): \(error)")
        }
        return PanelOutput(controller: controller, profile: board.refresh, rotation: board.rotation, dither: dither, inkLook: board.inkLook)
    }
}
