import FoundationEssentials
import Glibc

/// Replacing a file whole (every file Glance writes goes through here: frames, entries,
/// tokens, parameters, the font cache), so that a reader sees the old contents or the new, never half,
/// and so that nothing but a regular file is ever replaced:
/// - the new contents go to a temporary file beside the target, created with
///   `O_CREAT|O_EXCL|O_NOFOLLOW` under a random name (a planted symlink or file is never
///   written through), and `fsync`ed;
/// - the target must be a regular file (or absent, or a symlink, which is replaced and
///   not followed): a device, FIFO, socket or directory is refused with a clear error;
/// - `rename` puts it in place and the folder is `fsync`ed, so a power cut leaves the
///   old file or the new one, never a zero-length one.
/// Failures carry the system's reason ("Permission denied"), not an error object's dump.
package enum AtomicFile {
    package struct WriteError: Error, CustomStringConvertible {
        package let path: String
        package let reason: String
        /// The system's error number, when a call failed (`ENOSPC` for a full disk).
        package var code: Int32?
        package var description: String { "\(path): cannot be written (\(reason))" }

        package init(path: String, reason: String, code: Int32? = nil) {
            self.path = path
            self.reason = reason
            self.code = code
        }
    }

    /// New contents written and synced beside their target, not yet in place.
    package struct Staged {
        package let path: String
        let temporary: String

        /// Puts the new contents in place.
        package func commit() throws(WriteError) {
            try AtomicFile.commit([self])
        }

        /// Leaves the old contents (after another part of a pair failed).
        package func discard() { unlink(temporary) }
    }

    /// `mkdir -p`: `path` and the folders above it, made with `mode` where missing
    /// (relative paths from the current folder). A failure names the folder that could
    /// not be made and the system's reason.
    package static func makeFolders(_ path: String, mode: mode_t = 0o755) throws(WriteError) {
        var folder = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            folder += "/" + part
            if mkdir(folder, mode) != 0 && errno != EEXIST {
                let code = errno
                throw WriteError(path: folder, reason: "cannot make the folder: \(SystemErrno(code).description)", code: code)
            }
        }
    }

    /// `mode` is the new file's (0600 for what only the daemon's user may read).
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(WriteError) {
        try stage(bytes, for: path, mode: mode).commit()
    }

    /// Writes `bytes` beside `path` for a later `commit()`; nothing at `path` changes.
    package static func stage(_ bytes: [UInt8], for path: String, mode: mode_t = 0o644) throws(WriteError) -> Staged {
        try stage([(bytes, path)], mode: mode)[0]
    }

    /// Files that change together (a frame's picture and its panel bytes), each staged
    /// as `stage` does, but all written before any is synced: on a journaling filesystem
    /// the first `fsync` commits the others' new files with it, so a start waits for the
    /// disk about once, not once a file (a disk busy with other writers makes each wait
    /// long). Nothing at their paths changes; on a failure no temporary file is left.
    package static func stage(_ files: [(bytes: [UInt8], path: String)], mode: mode_t = 0o644) throws(WriteError) -> [Staged] {
        var opened: [(descriptor: Int32, staged: Staged)] = []
        func abandon() {
            for (descriptor, staged) in opened {
                close(descriptor)
                unlink(staged.temporary)
            }
        }
        for file in files {
            do {
                opened.append(try written(file.bytes, for: file.path, mode: mode))
            } catch {
                abandon()
                throw error
            }
        }
        for (descriptor, staged) in opened where fsync(descriptor) != 0 && errno != EINVAL {
            let code = errno
            abandon()
            throw WriteError(path: staged.path, reason: SystemErrno(code).description, code: code)
        }
        for (descriptor, _) in opened { close(descriptor) }
        return opened.map(\.staged)
    }

    /// Puts staged files in place, in order, then syncs each of their folders once. A
    /// rename that fails leaves that file and the ones after it as they were.
    package static func commit(_ staged: [Staged]) throws(WriteError) {
        for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
            let code = errno
            for rest in staged[index...] { rest.discard() }
            throw WriteError(path: file.path, reason: SystemErrno(code).description, code: code)
        }
        var synced: [String] = []
        for file in staged {
            let folder = folder(of: file.path)
            if !synced.contains(folder) {
                synced.append(folder)
                syncFolder(of: file.path)
            }
        }
    }

    /// The new contents written to a temporary file beside `path`, open and not synced.
    private static func written(_ bytes: [UInt8], for path: String, mode: mode_t) throws(WriteError) -> (Int32, Staged) {
        try refuseSpecialFile(at: path)
        let temporary = temporaryName(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            throw WriteError(path: path, reason: SystemErrno(code).description, code: code)
        }
        var offset = 0
        while offset < bytes.count {
            let written = retryingInterrupted { bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) } }
            guard written > 0 else {
                let code = written < 0 ? errno : ENOSPC
                close(descriptor)
                unlink(temporary)
                throw WriteError(path: path, reason: code == ENOSPC ? "the disk is full; free some space there" : SystemErrno(code).description, code: code)
            }
            offset += written
        }
        return (descriptor, Staged(path: path, temporary: temporary))
    }

    /// What kind of thing is at `path` when it is not a regular file, a symlink or absent.
    static func specialKind(at path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFLNK: return nil
        case S_IFDIR: return "a directory"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Glance replaces regular files only: never `/dev/null`, a FIFO or a folder.
    package static func refuseSpecialFile(at path: String) throws(WriteError) {
        if let kind = specialKind(at: path) {
            throw WriteError(path: path, reason: "it is \(kind), and Glance replaces only regular files; name a file (or '-' for standard output where a command allows it)")
        }
    }

    /// `.NAME.tmp-PID-RANDOM` in the target's folder: hidden, ours, unpredictable.
    static func temporaryName(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return "\(folder).\(name).tmp-\(getpid())-\(random)"
    }

    /// Removes temporary files that a process killed mid-write left in `folder` (theirs
    /// only: names this writer makes, of processes that no longer run). Returns how many.
    @discardableResult
    package static func removeStale(in folder: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for entry in entries where entry.hasPrefix(".") {
            let pieces = entry.split(separator: ".", omittingEmptySubsequences: false)
            guard let last = pieces.last, last.hasPrefix("tmp-") else { continue }
            let parts = last.dropFirst(4).split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), pid > 0 else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }
            if unlink(folder + "/" + entry) == 0 { removed += 1 }
        }
        return removed
    }

    /// The folder `path` is in.
    private static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }

    /// After a rename: the folder's entry reaches the disk too.
    static func syncFolder(of path: String) {
        let folder = folder(of: path)
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
