import FoundationEssentials
import GlanceGraphics
import GlanceTime
import Glibc

/// The file backend. Each refresh replaces, atomically:
/// - `frame.png`: the frame as the panel would show it (quantised to its palette),
/// - `frame.raw`: the bytes the panel would receive (see `QuantisedFrame.panelBytes`), in
///   the panel's native orientation when a board turns the picture,
/// and appends one JSON line to `refresh.jsonl`: time, refresh mode, damaged rectangle.
public final class FileFrameSink: FrameSink {
    public let directory: URL
    private let timeZone: ZoneRules
    private let palette: Palette
    private let dither: DitherMode
    /// Degrees the picture turns to the panel's native orientation, for `frame.raw`.
    private let rotation: Int

    public struct OutputError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public init(directory: String, timeZone: ZoneRules, palette: Palette = .bw, dither: DitherMode = .floydSteinberg,
                rotation: Int = 0) throws(OutputError) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        self.timeZone = timeZone
        self.palette = palette
        self.dither = dither
        self.rotation = rotation
        // mkdir -p, with the system's reason when it fails.
        var made = ""
        for part in self.directory.path.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + part
            if mkdir(made, 0o755) != 0 && errno != EEXIST {
                throw OutputError(path: directory, reason: "cannot create the output directory (\(made): \(String(cString: strerror(errno))))")
            }
        }
    }

    public var framePath: String { directory.appendingPathComponent("frame.png").path }
    public var rawPath: String { directory.appendingPathComponent("frame.raw").path }
    public var logPath: String { directory.appendingPathComponent("refresh.jsonl").path }

    public func show(_ frame: Frame, refresh: RefreshMode, damage: PixelRect?, at instant: Date) throws {
        if let canvas = frame.canvas {
            let quantised = canvas.quantised(to: palette, dither: dither)
            try PNG.write(quantised, to: framePath)
            do {
                try AtomicFile.write(quantised.rotated(clockwise: rotation).panelBytes(), to: rawPath)
            } catch {
                throw OutputError(path: rawPath, reason: "cannot be written (\(error.reason))")
            }
        }
        let stamp = iso8601String(instant, in: timeZone)
        var line = "{\"at\": \(jsonString(stamp)), \"refresh\": \"\(refresh.rawValue)\""
        if let damage {
            line += ", \"damage\": {\"x\": \(damage.x), \"y\": \(damage.y), \"width\": \(damage.width), \"height\": \(damage.height)}"
        }
        line += "}\n"
        try append(line, to: logPath)
    }

    /// Appends with O_APPEND, so a reader never sees a line cut by another writer.
    private func append(_ line: String, to path: String) throws(OutputError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw OutputError(path: path, reason: "short write (is the disk full?)") }
    }
}
