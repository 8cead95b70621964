import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceHardware

/// The panel backend: frames go through a board's controller to its bus (spidev +
/// libgpiod, or a trace file), under the panel's refresh discipline.
public final class PanelFrameSink: FrameSink {
    public let board: Board
    public let display: PanelDisplay
    private let log: (String) -> Void

    public init(board: Board, bus: any PanelBus, dither: DitherMode, log: @escaping (String) -> Void = { _ in }) throws(ConfigError) {
        self.board = board
        let controller: any PanelController
        do {
            controller = try board.makeController(bus: bus)
        } catch {
            throw ConfigError(file: board.file, message: "board \(board.name): \(error)")
        }
        display = PanelDisplay(controller: controller, profile: board.refresh, rotation: board.rotation, dither: dither)
        self.log = log
    }

    public func show(_ frame: Frame, refresh: RefreshMode, damage: PixelRect?, at instant: Date) throws {
        guard let canvas = frame.canvas else { return }
        if let update = try display.show(canvas, requested: refresh) {
            log("\(board.name): \(update.refresh.rawValue) refresh of \(update.window) (panel pixels)")
        }
    }

    /// Puts the panel to sleep (on SIGTERM and at the end of `--once`).
    public func close() throws { try display.close() }
}
