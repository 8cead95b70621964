import Foundation
import GlanceTime
import GlanceUI

/// The file backend: each refresh replaces `frame.txt` in the output directory
/// (atomically) with what each slot shows, and appends one JSON line to
/// `refresh.jsonl` (time, refresh mode, damaged rectangle).
///
/// The rendering issue adds `frame.png` and the packed framebuffer beside these.
public final class FileFrameSink: FrameSink {
    public let directory: URL
    private let timeZone: TimeZone

    public struct OutputError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public init(directory: String, timeZone: TimeZone) throws(OutputError) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        self.timeZone = timeZone
        do {
            try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: directory, reason: "cannot create the output directory (\(error.localizedDescription))")
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
        let url = URL(fileURLWithPath: logPath)
        if let handle = try? FileHandle(forWritingTo: url) {
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(line.utf8))
        } else {
            try Data(line.utf8).write(to: url)
        }
    }

}
