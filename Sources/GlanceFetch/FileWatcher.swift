import GlanceSystem
import Glibc
import Synchronization

/// Calls back when a file is written, replaced or deleted, through inotify on the file's
/// folder: editors and `mv new data.csv` replace a file by renaming another over it, which
/// a watch on the file itself would not see (it follows the old inode).
///
/// A thread of its own sits blocked in `read(2)` on the inotify descriptor: no polling,
/// no time-outs, no wakeups while nothing in the folder changes. Each `read` that names
/// the file gives one `onChange` call, however many events it held.
///
/// What counts as a change: the file closed after writing (`IN_CLOSE_WRITE`: a save, an
/// `echo >>`, a `touch`), another file renamed onto it (`IN_MOVED_TO`), and the file
/// deleted or renamed away (`IN_DELETE`, `IN_MOVED_FROM`). A new file is seen when it is
/// closed, not when it is created empty. A writer that keeps the file open is seen when
/// it closes it. The folder must exist when watching starts; if it is deleted or moved
/// later, the watch ends.
public final class FileWatcher: Sendable {
    /// The file as given.
    public let path: String

    private let descriptor: Int32
    private let watch: Int32
    /// Whether the descriptor is still open; guards it against `stop()` after the thread
    /// closed it (a closed number may already belong to another file).
    private let open = OpenFlag()

    private final class OpenFlag: Sendable {
        let isOpen = Mutex(true)
    }

    /// Starts watching `path` (its folder must exist). `onChange` runs on the watcher's
    /// thread.
    public init(path: String, onChange: @escaping @Sendable () -> Void) throws(FileWatcherError) {
        self.path = path
        let (folder, name) = Self.split(path)
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileWatcherError(path: path, call: "inotify_init1", errno: errno) }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE) | UInt32(IN_ONLYDIR)
        let watch = inotify_add_watch(descriptor, folder, mask)
        guard watch >= 0 else {
            let error = FileWatcherError(path: folder, call: "inotify_add_watch", errno: errno)
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.watch = watch
        let open = self.open
        startThread { Self.readEvents(descriptor: descriptor, name: name, open: open, onChange: onChange) }
    }

    /// Ends the watch: the kernel answers `inotify_rm_watch` with `IN_IGNORED`, which
    /// wakes the thread, and the thread closes the descriptor and ends. Calling it again
    /// does nothing.
    public func stop() {
        open.isOpen.withLock { isOpen in
            if isOpen { _ = inotify_rm_watch(descriptor, watch) }
        }
    }

    /// False once the watch has ended (after `stop()`, or when the folder went away) and
    /// the thread has handled every event before that.
    public var isWatching: Bool { open.isOpen.withLock { $0 } }

    deinit { stop() }

    /// The folder to watch and the name to look for in it.
    package static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    private static func readEvents(descriptor: Int32, name: String, open: OpenFlag, onChange: @Sendable () -> Void) {
        // Room for many events; one event is 16 bytes and its NUL-padded name.
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let interesting = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
        let target = Array(name.utf8)
        reading: while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var changed = false
            var ended = false
            var offset = 0
            while offset + 16 <= count {
                let mask = load(UInt32.self, buffer, offset + 4)
                let length = Int(load(UInt32.self, buffer, offset + 12))
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changed = true // events were lost: the file may have changed
                } else if mask & interesting != 0, nameBytes.elementsEqual(target) {
                    changed = true
                }
                // The watch is gone: `stop()`, or the folder was deleted or unmounted.
                if mask & UInt32(IN_IGNORED) != 0 { ended = true }
                offset += 16 + length
            }
            if changed { onChange() }
            if ended { break reading }
        }
        open.isOpen.withLock { isOpen in
            isOpen = false
            close(descriptor)
        }
    }

    private static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], _ offset: Int) -> T {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }
}

/// Why a file could not be watched: the call that failed, on which path, and the
/// system's reason.
public struct FileWatcherError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let call: String
    public let errno: Int32

    public var description: String {
        let reason = String(cString: strerror(errno))
        switch errno {
        case ENOENT, ENOTDIR: return "cannot watch \(path): the folder does not exist"
        case ENOSPC: return "cannot watch \(path): \(call): the inotify watch limit is reached (fs.inotify.max_user_watches)"
        case EMFILE: return "cannot watch \(path): \(call): too many inotify instances (fs.inotify.max_user_instances)"
        default: return "cannot watch \(path): \(call): \(reason)"
        }
    }
}
