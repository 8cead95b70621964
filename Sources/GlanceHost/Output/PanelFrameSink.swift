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
        display = PanelDisplay(controller: try Self.controller(for: board, bus: bus), profile: board.refresh, rotation: board.rotation, dither: dither)
        self.log = log
    }

    /// The controller type a board names, configured from its file.
    public static func controller(for board: Board, bus: any PanelBus) throws(ConfigError) -> any PanelController {
        let palette = Palette.named(board.colors.rawValue) ?? .bw
        do {
            switch board.controller {
            case .ssd1680, .ssd1683:
                return try SSD168xController(bus: bus, model: board.controller == .ssd1680 ? .ssd1680 : .ssd1683,
                                             width: board.nativeWidth, height: board.nativeHeight, palette: palette,
                                             timeouts: board.busyTimeouts, columnOffsetBytes: board.columnOffsetBytes)
            case .uc8179:
                return try UC8179Controller(bus: bus, width: board.nativeWidth, height: board.nativeHeight, timeouts: board.busyTimeouts)
            case .uc8159:
                return try UC8159Controller(bus: bus, width: board.nativeWidth, height: board.nativeHeight, timeouts: board.busyTimeouts)
            case .st7789:
                return try ST7789Controller(bus: bus, width: board.nativeWidth, height: board.nativeHeight, madctl: UInt8(board.madctl),
                                            columnOffset: board.columnOffset, rowOffset: board.rowOffset)
            }
        } catch {
            throw ConfigError(file: board.file, message: "board \(board.name): \(error)")
        }
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
