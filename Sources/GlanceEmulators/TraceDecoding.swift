import GlanceDisplays
import GlanceGraphics

/// Turning bus traffic back into pictures: the emulator of a board's controller.
public enum TraceDecoding {
    /// An emulator of `board`'s controller at its native size, colours and offsets.
    public static func emulator(for board: Board) -> ControllerEmulator {
        let palette = board.colors.palette
        switch board.controller {
        case .ssd1680, .ssd1683:
            return SSD168xEmulator(model: board.controller.rawValue, width: board.nativeWidth, height: board.nativeHeight,
                                   palette: palette, columnOffsetBytes: board.columnOffsetBytes)
        case .uc8179:
            return UC8179Emulator(width: board.nativeWidth, height: board.nativeHeight, palette: palette)
        case .uc8159:
            return UC8159Emulator(width: board.nativeWidth, height: board.nativeHeight)
        case .e673, .e640, .el133uf1, .ac073tc1a, .jd79661, .jd79668:
            return ColourEPaperEmulator(model: board.controller.colourModel(board.sequence)!, width: board.nativeWidth, height: board.nativeHeight)
        case .st7789:
            return ST7789Emulator(width: board.nativeWidth, height: board.nativeHeight, columnOffset: board.columnOffset, rowOffset: board.rowOffset)
        }
    }
}
