import GlanceSystem
import Glibc
import Synchronization

/// Calls back when a file is written, replaced or deleted, through inotify on the file's
/// folder: editors and `mv new data.csv` replace a file by renaming another over it, which
/// a watch on the file itself would not see (it follows the old inode).
///
/// A thread of its own sits blocked on the inotify descriptor (`poll(2)` with no
/// time-out): no wakeups while nothing in the folder changes. Each `read` that names
/// the file gives one `onChange` call, however many events it held.
///
/// What counts as a change: the file closed after writing (`IN_CLOSE_WRITE`: a save, an
/// `echo >>`, a `touch`), another file renamed onto it (`IN_MOVED_TO`), and the file
/// deleted or renamed away (`IN_DELETE`, `IN_MOVED_FROM`). A new file is seen when it is
/// closed, not when it is created empty. A writer that keeps the file open is seen when
/// it closes it.
///
/// The watch follows the path, not the folder it found there: the folder must exist when
/// watching starts, but if it (or a folder above it) is later deleted or moved away, the
/// watcher waits in the nearest folder above that still exists for the missing one to be
/// made or moved in, walks down as each appears, and watches the folder at the path again.
/// The folder going and coming back each count as a change, since the file read from the
/// path is then another one. To see a folder above being moved, every folder on the path
/// holds a watch for its own move or deletion only (`IN_MOVE_SELF`, `IN_DELETE_SELF`), which
/// wakes nothing otherwise; all of them share the one inotify descriptor and thread.
public final class FileWatcher: Sendable {
    /// The name each watcher's thread has.
    package static let threadName = "glance-watch"

    /// The file as given.
    public let path: String

    private let shared: Shared

    /// Starts watching `path` (its folder must exist). `onChange` runs on the watcher's
    /// thread.
    public convenience init(path: String, onChange: @escaping @Sendable () -> Void) throws(FileWatcherError) {
        try self.init(path: path, wholeFolder: false, onChange: onChange)
    }

    /// Starts watching every file in the folder `path` (which must exist): any file
    /// written, renamed in or out, or deleted there is a change. `onChange` runs on the
    /// watcher's thread.
    public convenience init(folder path: String, onChange: @escaping @Sendable () -> Void) throws(FileWatcherError) {
        try self.init(path: path, wholeFolder: true, onChange: onChange)
    }

    private init(path: String, wholeFolder: Bool, onChange: @escaping @Sendable () -> Void) throws(FileWatcherError) {
        self.path = path
        var (folder, name) = Self.split(path)
        if wholeFolder { (folder, name) = (path, "") }
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileWatcherError(path: path, call: "inotify_init1", errno: errno) }
        let shared = Shared(descriptor: descriptor, route: Route(folder: folder), name: name)
        let failure = shared.state.withLock { shared.arm(&$0) }
        guard failure == 0 else {
            close(descriptor) // and with it the watches of the folders above
            throw FileWatcherError(path: folder, call: "inotify_add_watch", errno: failure)
        }
        self.shared = shared
        startThread {
            // Named, so that a person (top -H, /proc/PID/task/*/comm) and the tests can tell it.
            nameThisThread(FileWatcher.threadName)
            shared.readEvents(onChange: onChange)
        }
    }

    /// Ends the watch: each of its watches is removed, the kernel answers with `IN_IGNORED`,
    /// which wakes the thread, and the thread closes the descriptor and ends. Calling it
    /// again does nothing.
    public func stop() {
        shared.state.withLock { state in
            guard state.isOpen, !state.stopping else { return }
            state.stopping = true
            shared.disarm(&state)
        }
    }

    /// False once the watch has ended (after `stop()`, or when not even the top of the
    /// path could be watched any more) and the thread has handled every event before that.
    public var isWatching: Bool { shared.state.withLock { $0.isOpen } }

    /// Whether every event queued so far has been read and handled (its `onChange` call
    /// returned): what shows that a change gave the calls it gave and no more are coming.
    package var isSettled: Bool { shared.isSettled }

    /// Whether the file's folder itself is watched now; false while the watcher waits for
    /// it to come back (and once the watch has ended).
    package var isWatchingFolder: Bool { shared.state.withLock { $0.isOpen && $0.watchesFolder } }

    deinit { stop() }

    /// The folder to watch and the name to look for in it.
    package static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// The folders from the top of the path (`/`, or `.` for a relative one) down to the
    /// watched folder, each with its name in the one above.
    struct Route {
        /// `["/", "/home", "/home/pi", "/home/pi/data"]`: the watched folder last.
        let folders: [String]
        /// `["", "home", "pi", "data"]`: the name each folder has in the one before it.
        let names: [String]

        var target: Int { folders.count - 1 }

        init(folder: String) {
            let absolute = folder.hasPrefix("/")
            // "." steps lead nowhere; ".." steps are kept, as the kernel walks them.
            let steps = folder.split(separator: "/").filter { $0 != "." }
            var folders = [absolute ? "/" : "."]
            var names = [""]
            var walked = absolute ? "/" : ""
            for step in steps {
                walked += step
                folders.append(walked)
                names.append(String(step))
                walked += "/"
            }
            self.folders = folders
            self.names = names
        }
    }

    /// What the watcher and its thread share: the descriptor, the route and which watch
    /// stands for which of its folders.
    final class Shared: Sendable {
        let descriptor: Int32
        let route: Route
        /// The file's name in its folder (empty: any file in the folder).
        let name: [UInt8]
        let state = Mutex(State())

        struct State {
            /// Whether the descriptor is still open; guards it against `stop()` after the
            /// thread closed it (a closed number may already belong to another file).
            var isOpen = true
            var stopping = false
            /// Set before a batch of events is read, cleared once it is handled.
            var handling = false
            /// Each watch descriptor and the index in `route.folders` of the folder it watches.
            var watches: [Int32: Int] = [:]
            var target: Int = 0

            /// The watch descriptor of the file's folder, if it is watched.
            var folderWatch: Int32? { watches.first { $0.value == target }?.key }
            var watchesFolder: Bool { folderWatch != nil }
        }

        /// The file's events, looked for in its folder only.
        static let fileEvents = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
        /// A folder on the path moved away, deleted, unmounted, or its watch removed.
        static let selfEvents = UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)
        static let watchEnded = UInt32(IN_IGNORED) | UInt32(IN_UNMOUNT)
        /// A missing folder made or moved in, looked for in the deepest folder that exists.
        static let arrivals = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)

        init(descriptor: Int32, route: Route, name: String) {
            self.descriptor = descriptor
            self.route = route
            self.name = Array(name.utf8)
            state.withLock { $0.target = route.target }
        }

        /// Watches each folder on the route that exists, from the top down: each for its own
        /// move or deletion, the file's folder for the file's events too, and, when a folder
        /// is missing, the one above it for the missing one to arrive. Watches of folders no
        /// longer on the route are removed. Returns the `errno` of the first folder that
        /// could not be watched, 0 when the file's folder is watched.
        func arm(_ state: inout State) -> Int32 {
            var armed: [Int32: Int] = [:]
            var added: Set<Int32> = []
            var failure: Int32 = 0
            // A folder that appears between the look and the watch for its arrival is looked
            // for again; a few rounds, as each round sees it or waits for its event.
            for _ in 0..<8 {
                armed = [:]
                failure = 0
                var deepest = -1
                var missing = -1
                for (index, folder) in route.folders.enumerated() {
                    let events = index == route.target ? Self.selfEvents | Self.fileEvents : Self.selfEvents
                    let watch = inotify_add_watch(descriptor, folder, events | UInt32(IN_ONLYDIR))
                    if watch >= 0 {
                        armed[watch] = index
                        added.insert(watch)
                        deepest = index
                        continue
                    }
                    let reason = errno
                    // A folder above that exists but may not be read (a home folder of mode
                    // 711) is passed over: only its move goes unseen.
                    if index < route.target, reason != ENOENT, reason != ENOTDIR { continue }
                    failure = reason
                    missing = index
                    break
                }
                // The folder above the missing one waits for it (unless it could not be watched).
                guard failure == ENOENT || failure == ENOTDIR, missing > 0, deepest == missing - 1 else { break }
                // The same folder gives the same watch descriptor, its events replaced.
                let watch = inotify_add_watch(descriptor, route.folders[deepest], Self.selfEvents | Self.arrivals | UInt32(IN_ONLYDIR))
                if watch >= 0 {
                    armed[watch] = deepest
                    added.insert(watch)
                }
                guard Self.isFolder(route.folders[missing]) else { break }
            }
            for watch in added.union(state.watches.keys) where armed[watch] == nil {
                _ = inotify_rm_watch(descriptor, watch)
            }
            state.watches = armed
            return failure
        }

        /// Removes every watch; the kernel answers each with `IN_IGNORED`.
        func disarm(_ state: inout State) {
            for watch in state.watches.keys { _ = inotify_rm_watch(descriptor, watch) }
            state.watches = [:]
        }

        static func isFolder(_ path: String) -> Bool {
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }

        func readEvents(onChange: @Sendable () -> Void) {
            // Room for many events; one event is 16 bytes and its NUL-padded name.
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            reading: while true {
                // Waits for events, then marks the batch as being handled before taking
                // it, so that `isSettled` never sees an empty queue and nothing in hand
                // while a batch is between the two.
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, -1) < 0 {
                    if errno == EINTR { continue }
                    break
                }
                state.withLock { $0.handling = true }
                defer { state.withLock { $0.handling = false } }
                let count = retryingInterrupted { buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
                guard count > 0 else { break }
                let watches = state.withLock { $0.watches }
                var changed = false
                var rearm = false
                var offset = 0
                while offset + 16 <= count {
                    let watch = Self.load(Int32.self, buffer, offset)
                    let mask = Self.load(UInt32.self, buffer, offset + 4)
                    let length = Int(Self.load(UInt32.self, buffer, offset + 12))
                    let name = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    offset += 16 + length
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        // Events were lost: the file may have changed, a folder may have gone.
                        changed = true
                        rearm = true
                        continue
                    }
                    // A watch removed earlier (its folder left the route) still sends its last events.
                    guard let index = watches[watch] else { continue }
                    if index == route.target, mask & Self.fileEvents != 0, self.name.isEmpty || name.elementsEqual(self.name) { changed = true }
                    if mask & (Self.selfEvents | Self.watchEnded) != 0 { rearm = true }
                    if index < route.target, mask & Self.arrivals != 0, name.elementsEqual(route.names[index + 1].utf8) { rearm = true }
                }
                let ended = state.withLock { state -> Bool in
                    if state.stopping { return true }
                    guard rearm else { return false }
                    let before = state.folderWatch
                    _ = arm(&state)
                    // The folder went, or another came in its place: the file is another one.
                    if state.folderWatch != before { changed = true }
                    return state.watches.isEmpty
                }
                if changed { onChange() }
                if ended { break reading }
            }
            state.withLock { state in
                state.isOpen = false
                state.watches = [:]
                close(descriptor)
            }
        }

        /// Nothing queued and no batch in hand, looked at under the lock the thread takes
        /// to start and end a batch.
        var isSettled: Bool {
            state.withLock { state in
                guard state.isOpen else { return true }
                var queued = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                return poll(&queued, 1, 0) == 0 && !state.handling
            }
        }

        static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], _ offset: Int) -> T {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
        }
    }
}

/// Why a file could not be watched: the call that failed, on which path, and the
/// system's reason.
public struct FileWatcherError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let call: String
    public let errno: Int32

    public var description: String {
        let reason = SystemErrno(errno).description
        switch errno {
        case ENOENT, ENOTDIR: return "cannot watch \(path): the folder does not exist"
        case ENOSPC: return "cannot watch \(path): \(call): the inotify watch limit is reached (fs.inotify.max_user_watches)"
        case EMFILE: return "cannot watch \(path): \(call): too many inotify instances (fs.inotify.max_user_instances)"
        default: return "cannot watch \(path): \(call): \(reason)"
        }
    }
}
