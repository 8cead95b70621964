import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where a daemon keeps its state (the control socket, `glance set` values): the
/// config's `state_dir:`, else `$STATE_DIRECTORY` (systemd's `StateDirectory=`; its
/// first entry), else `$XDG_STATE_HOME/glance`, else `~/.local/state/glance`.
package enum StateDirectory {
    private static let adopted = Mutex<String?>(nil)

    /// The running daemon's state folder, once its configuration is loaded (what
    /// app-group containers in widget code resolve to); nil in other processes.
    package static var inUse: String? { adopted.withLock { $0 } }

    /// Said once by the daemon, when its configuration is loaded.
    package static func adopt(_ directory: String) { adopted.withLock { $0 = directory } }

    package static func resolve(configured: String?) -> String {
        if let configured, !configured.isEmpty { return configured }
        if let systemd = UserFolders.variable("STATE_DIRECTORY"), let first = systemd.split(separator: ":").first { return String(first) }
        return UserFolders.stateHome + "/glance"
    }

    /// The control socket in `directory`.
    package static func socketPath(in directory: String) -> String { directory + "/control.sock" }
}

/// Trust only what is the daemon's own: a state folder another user can write lets that
/// user replace the control socket (and receive what `glance set` sends) or plant
/// `params.json` for the daemon to read at its next start. As ssh's `StrictModes`, the
/// daemon refuses such a folder, and ignores files in it that are not its user's.
extension StateDirectory {
    /// Why a state folder, or a file in it, is not used: one line naming it, its owner
    /// and mode, and the fix.
    package struct Untrusted: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    /// Makes `directory` if it is missing (0700, with its missing parents), then checks
    /// that it belongs to `owner` (the daemon's user; root is accepted too) and that
    /// neither group nor others may write it (mode & 0o022 == 0; a sticky folder such as
    /// `/tmp` is refused as well). `owner` is a parameter for tests, which may run as root.
    package static func secure(_ directory: String, owner: uid_t = geteuid()) throws(Untrusted) {
        var info = stat()
        if stat(directory, &info) != 0 {
            guard errno == ENOENT else {
                throw Untrusted("cannot use the state folder \(directory): \(SystemErrno(errno).description); set state_dir: to a folder of the daemon's user")
            }
            do {
                try AtomicFile.makeFolders(directory, mode: 0o700)
            } catch {
                throw Untrusted("cannot make the state folder \(directory): \(error.reason); set state_dir: to a folder the daemon's user can write")
            }
            guard stat(directory, &info) == 0 else {
                throw Untrusted("cannot use the state folder \(directory): \(SystemErrno(errno).description)")
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Untrusted("the state folder \(directory) is not a folder; set state_dir: to a folder of the daemon's user")
        }
        let mode = info.st_mode & 0o7777
        let described = "\(directory) (owner \(userName(info.st_uid)), mode \(octal(mode)))"
        guard info.st_uid == owner || info.st_uid == 0 else {
            throw Untrusted("the state folder \(described) is not the daemon's user's (\(userName(owner))): another user could replace its socket or plant its files; chown \(owner) \(directory), or give state_dir: a folder of its own")
        }
        guard mode & 0o022 == 0 else {
            throw Untrusted("the state folder \(described) can be written by others, who could replace its socket or plant its files; chmod go-w \(directory), or give state_dir: a folder of its own")
        }
    }

    /// A secret the configuration names (`password_file:`, TLS certificates and keys):
    /// whoever may write the file, or its folder, could put their own there (a password, an
    /// authority that makes their broker trusted), so both
    /// must belong to `owner` (the daemon's user) or root and be writable by no one else.
    /// A root-owned file the service's group may read is fine; `unreadableByOthers` (a file
    /// of passwords, not a certificate) also refuses one every user may read.
    package static func checkSecret(_ path: String, owner: uid_t = geteuid(), unreadableByOthers: Bool = false) throws(Untrusted) {
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        for (place, what) in [(path, "the file"), (folder, "its folder")] {
            var info = stat()
            guard stat(place, &info) == 0 else { throw Untrusted("cannot check \(place): \(SystemErrno(errno).description)") }
            let described = "\(place) (owner \(userName(info.st_uid)), mode \(octal(info.st_mode & 0o7777)))"
            if unreadableByOthers, place == path, info.st_mode & 0o004 != 0 {
                throw Untrusted("the file \(described) can be read by every user of this machine, who would learn what it holds; chmod o-r \(place)")
            }
            guard info.st_uid == owner || info.st_uid == 0 else {
                throw Untrusted("\(what) \(described) is not the daemon's user's (\(userName(owner))) or root's: its owner could replace what it holds; chown it, or keep it elsewhere")
            }
            guard info.st_mode & 0o022 == 0 else {
                throw Untrusted("\(what) \(described) can be written by others, who could replace what it holds; chmod go-w \(place)")
            }
        }
    }

    /// The bytes of the regular file at `path` (at most `limit` bytes), or nil when there
    /// is no file. A file that is not `owner`'s, a symlink or anything but a regular file
    /// is refused: the daemon reads only what its own user wrote.
    package static func readOwnFile(_ path: String, owner: uid_t = geteuid(), limit: Int = 16 << 20) throws(Untrusted) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw Untrusted("\(path) is a symbolic link; the daemon reads only its own files there; remove it") }
            throw Untrusted("cannot read \(path): \(SystemErrno(code).description)")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Untrusted("\(path) is not a regular file; remove it")
        }
        guard info.st_uid == owner else {
            throw Untrusted("\(path) belongs to \(userName(info.st_uid)), not the daemon's user \(userName(owner)); ignored (remove it, or chown \(owner) it if it is yours)")
        }
        guard Int(info.st_size) <= limit else { throw Untrusted("\(path) is larger than \(limit) bytes; ignored") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = retryingInterrupted { bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + offset, $0.count - offset) } }
            guard count > 0 else { break }
            offset += count
        }
        return Array(bytes[0..<offset])
    }

    /// `uid 1000 (pi)`, or `uid 1000` when the user has no name.
    package static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return "uid \(uid) (\(String(cString: name)))"
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return "0" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
