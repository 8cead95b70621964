import FoundationEssentials
import GlanceGraphics
import GlanceHardware

/// The Linux framebuffer backend (`/dev/fbN`): HDMI screens, and small SPI LCDs driven
/// by the kernel's fbtft or tiny DRM drivers. Only the planned rows are written (all
/// of them for a full refresh), converted to the device's own pixel layout.
public final class FramebufferOutput: DisplayOutput {
    public let framebuffer: any Framebuffer
    public let palette: Palette
    public let dither: DitherMode
    public let profile: RefreshProfile
    public let refreshes: Set<PanelRefresh> = [.full, .partial]
    public let windowAlignment = 1
    public let rotation = 0
    /// Bytes written to the device since it was opened.
    public private(set) var bytesWritten = 0
    /// Resting (quiet hours): powered down by the driver, or drawn black where it cannot.
    public private(set) var isResting = false

    public init(framebuffer: any Framebuffer, palette: Palette, dither: DitherMode, profile: RefreshProfile = RefreshProfile(sleepAfterUpdate: false)) {
        self.framebuffer = framebuffer
        self.palette = palette
        self.dither = dither
        self.profile = profile
    }

    public var geometry: FramebufferGeometry { framebuffer.geometry }
    public var nativeWidth: Int { geometry.width }
    public var nativeHeight: Int { geometry.height }

    public func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {
        if isResting {
            isResting = false
            _ = framebuffer.blank(false)
        }
        let rows = plan.refresh == .partial ? plan.window.y..<plan.window.maxY : 0..<geometry.height
        let bytesPerPixel = geometry.bytesPerPixel
        var line = [UInt8](repeating: 0, count: geometry.width * bytesPerPixel)
        // Indexed palettes: each colour's stored pixel once; direct ones (rgb565/888)
        // are converted as they come.
        let table = palette.kind == .indexed ? palette.colors.map(geometry.encode) : []
        for y in rows {
            for x in 0..<geometry.width {
                let value = frame[y * frame.width + x]
                var word = table.isEmpty ? geometry.encode(palette.color(of: value)) : table[min(Int(value), table.count - 1)]
                for byte in 0..<bytesPerPixel {
                    line[x * bytesPerPixel + byte] = UInt8(truncatingIfNeeded: word)
                    word >>= 8
                }
            }
            try framebuffer.write(row: y, line)
            bytesWritten += line.count
        }
        framebuffer.present()
    }

    /// Quiet hours: the screen is powered down (FBIOBLANK), or, where the driver cannot
    /// (an fbtft LCD, a file), every row is written black; the frame at the sleep's end
    /// is a full refresh that powers it up and draws every row again.
    public func rest() throws {
        guard !isResting else { return }
        isResting = true
        if framebuffer.blank(true) { return }
        let black = [UInt8](repeating: 0, count: geometry.width * geometry.bytesPerPixel)
        for y in 0..<geometry.height { try framebuffer.write(row: y, black) }
        framebuffer.present()
    }

    /// Gives the console back its text mode, the screen powered up.
    public func close() throws {
        if isResting { _ = framebuffer.blank(false) }
        framebuffer.close()
    }
}

extension FramebufferGeometry {
    /// The stored pixel that shows `color`.
    @inline(__always)
    public func encode(_ color: RGBA) -> UInt32 { encode(red: color.r, green: color.g, blue: color.b) }

    /// The colour a stored pixel shows.
    public func decode(_ pixel: UInt32) -> RGBA {
        let (red, green, blue) = channels(of: pixel)
        return RGBA(red, green, blue)
    }
}
