import FoundationEssentials
import GlanceGraphics
import GlanceTime
import Glibc
import GlanceSystem

/// The file backend. Each refresh replaces, atomically:
/// - `frame.png`: the picture as the device would show it (in its colours),
/// - `frame.raw`: the bytes a panel would receive (see `QuantisedFrame.panelBytes`), in
///   the panel's native orientation when a board turns the picture,
/// and appends one JSON line to `refresh.jsonl`: time, refresh, and the refreshed
/// rectangle of the picture (`damage`; the whole picture for a full refresh).
public final class FileOutput: DisplayOutput {
    public let directory: URL
    public let nativeWidth: Int
    public let nativeHeight: Int
    public let rotation: Int
    public let palette: Palette
    public let dither: DitherMode
    public private(set) var inkLook: [RGBA]?

    public func useInkLook(_ look: [RGBA]?) { inkLook = look }
    public let profile: RefreshProfile
    public let refreshes: Set<PanelRefresh> = [.full, .partial]
    public let windowAlignment = 1
    private let timeZone: ZoneRules

    public struct OutputError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// `width`×`height` is the picture's size (before `rotation`).
    public init(directory: String, width: Int, height: Int, timeZone: ZoneRules, palette: Palette = .bw,
                dither: DitherMode = .floydSteinberg, rotation: Int = 0, profile: RefreshProfile = RefreshProfile(),
                inkLook: [RGBA]? = nil) throws(OutputError) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        (nativeWidth, nativeHeight) = rotation % 180 == 0 ? (width, height) : (height, width)
        self.rotation = rotation
        self.timeZone = timeZone
        self.palette = palette
        self.dither = dither
        self.inkLook = inkLook
        self.profile = profile
        try makeDirectory()
        // Temporary files of a run that was killed mid-write.
        AtomicFile.removeStale(in: self.directory.path)
    }

    /// `mkdir -p`, with the system's reason when it fails; again before every frame, so
    /// a folder deleted while the display runs comes back.
    private func makeDirectory() throws(OutputError) {
        do {
            try AtomicFile.makeFolders(directory.path)
        } catch {
            throw OutputError(path: directory.path, reason: "cannot create the output directory (\(error.path): \(SystemErrno(error.code ?? 0).description))")
        }
    }

    public var framePath: String { directory.appendingPathComponent("frame.png").path }
    public var rawPath: String { directory.appendingPathComponent("frame.raw").path }
    public var logPath: String { directory.appendingPathComponent("refresh.jsonl").path }

    public func show(_ frame: QuantisedFrame, previous: QuantisedFrame?, plan: RefreshPlan, at instant: Date) throws {
        let back = (360 - rotation) % 360
        try makeDirectory()
        // The pair changes together: both are written and synced beside their names
        // first; if either cannot be (a full disk), both old files stay.
        // The panel's bytes once; unturned, they are also the PNG's rows (bw, gray4).
        let bytes = frame.panelBytes()
        let png = back == 0 ? try PNG.encode(frame, packed: bytes) : try PNG.encode(frame.rotated(clockwise: back))
        // Both written, then both synced (the disk waited for about once), then both
        // renamed and their folder synced once.
        let staged: [AtomicFile.Staged]
        do {
            staged = try AtomicFile.stage([(bytes, rawPath), (png, framePath)])
        } catch {
            throw OutputError(path: error.path, reason: "cannot be written (\(error.reason)); the previous frame stays")
        }
        do {
            try AtomicFile.commit(staged)
        } catch {
            throw OutputError(path: error.path, reason: "cannot be written (\(error.reason))")
        }
        let damage = plan.window.rotated(clockwise: back, inWidth: nativeWidth, height: nativeHeight)
        let stamp = iso8601String(instant, in: timeZone)
        let line = "{\"at\": \"\(stamp)\", \"refresh\": \"\(plan.refresh.rawValue)\", "
            + "\"damage\": {\"x\": \(damage.x), \"y\": \(damage.y), \"width\": \(damage.width), \"height\": \(damage.height)}"
            + (plan.why.map { ", \"why\": \(jsonString($0))" } ?? "") + "}\n"
        try append(line, to: logPath)
    }

    public func close() throws {}

    /// Appends with O_APPEND, so a reader never sees a line cut by another writer.
    private func append(_ line: String, to path: String) throws(OutputError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw OutputError(path: path, reason: SystemErrno(errno).description) }
        defer { Glibc.close(fd) }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw OutputError(path: path, reason: "short write (is the disk full?)") }
    }
}
