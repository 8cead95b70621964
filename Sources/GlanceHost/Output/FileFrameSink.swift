import FoundationEssentials
import GlanceGraphics
import Glibc
import GlanceTime
import GlanceUI

/// The file backend: each refresh replaces `frame.txt` in the output directory
/// (atomically) with what each slot shows, and appends one JSON line to
/// `refresh.jsonl` (time, refresh mode, damaged rectangle).
///
/// The rendering issue adds `frame.png` and the packed framebuffer beside these.
public final class FileFrameSink: FrameSink {
    public let directory: URL
    private let timeZone: ZoneRules

    public struct OutputError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public init(directory: String, timeZone: ZoneRules) throws(OutputError) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        self.timeZone = timeZone
        do {
            try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: directory, reason: "cannot create the output directory (\(error))")
        }
    }

    public var framePath: String { directory.appendingPathComponent("frame.txt").path }
    public var logPath: String { directory.appendingPathComponent("refresh.jsonl").path }

    public func show(_ frame: Frame, refresh: RefreshMode, damage: PixelRect?, at instant: Date) throws {
        let stamp = iso8601String(instant, in: timeZone)
        var text = "frame \(frame.width)x\(frame.height) at \(stamp) (\(refresh.rawValue) refresh)\n"
        for slot in frame.slots {
            text += "\n[\(slot.name)] \(slot.kind) \(slot.rect)\n"
            for line in slot.content.textLines { text += "  \(line)\n" }
        }
        // Write-then-rename: a reader never sees half a frame.
        try Data(text.utf8).write(to: URL(fileURLWithPath: framePath), options: .atomic)

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
        guard written == bytes.count else { throw OutputError(path: path, reason: "short write") }
    }
}
