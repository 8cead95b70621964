import CGlanceLinux
import FoundationEssentials
import GlanceSystem
import Glibc
import GlanceWake

/// The daemon's control socket, `<state_dir>/control.sock`: mode 0660, served from the
/// host's one wait (each connection is a descriptor the clock watches; nothing polls).
/// A client sends one JSON request per line and gets one JSON answer per line.
///
/// Only the daemon's own user, root, and members of the group the state folder is
/// shared with (`ControlAccess`: a group-readable folder, 0750) may talk to it
/// (`SO_PEERCRED`, `SO_PEERGROUPS`); the folder's mode keeps others from reaching the
/// socket at all, the peer check turns away whoever still does. A line longer
/// than `maximumLine`, a client that does not read its answers, or more than
/// `maximumClients` at once are turned away with one error line; the daemon goes on.
///
/// Out of descriptors (the process's or the system's), a client is still answered: it is
/// accepted in the place of a spare descriptor kept for that, which is taken again when it
/// leaves. With no spare to give, accepting pauses for `acceptPause` (a timer of its own)
/// rather than waking the daemon's loop again and again for a listener it cannot empty.
public final class ControlServer {
    public let path: String
    /// The state folder: its group, when it is shared, may use the socket too.
    private let directory: String
    private let listener: Int32
    private let clock: LinuxEventClock
    private let answer: (String) -> String
    private var clients: [Int32: [UInt8]] = [:]
    private let owner = geteuid()

    public static let maximumLine = 1 << 20
    /// Answers are sent without blocking the loop; one larger than a socket's send
    /// buffer would be cut, so it is refused instead.
    public static let maximumAnswer = 128 << 10
    public static let maximumClients = 256
    /// Kept open so that, out of descriptors, a pending client can still be accepted in
    /// its place (-1 while lent to a client, or when it could not be taken again).
    private var spare: Int32 = open("/dev/null", O_RDONLY | O_CLOEXEC)
    /// Ends a pause in accepting (a monotonic timerfd).
    private let resume: Int32
    private var paused = false
    public static let acceptPause = 1.0

    /// The socket could not be made or listened on (its folder, another daemon on it).
    public struct ListenError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Listens in `directory` (created 0700 if missing). `answer` turns a request line
    /// into an answer line, on the clock's thread.
    public init(directory: String, clock: LinuxEventClock, answer: @escaping (String) -> String) throws(ListenError) {
        path = StateDirectory.socketPath(in: directory)
        self.directory = directory
        self.clock = clock
        self.answer = answer
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ListenError(description: "cannot create the state folder \(directory): \(error); set state_dir: in the configuration")
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw ListenError(description: "\(path) exists and is not a socket; move it away")
            }
            // A socket that answers belongs to a daemon that is running; one that does
            // not is left over from one that stopped.
            let probe = glance_unix_connect(path)
            if probe >= 0 {
                Glibc.close(probe)
                throw ListenError(description: "another glance daemon is listening on \(path); stop it, or give this one its own state_dir:")
            }
            unlink(path)
        }
        // 0660: connect() needs write permission. Only the state folder's mode decides
        // who reaches the socket, and the peer check below who is answered.
        let fd = glance_unix_listen_mode(path, 128, 0o660)
        guard fd >= 0 else {
            throw ListenError(description: "cannot listen on \(path): \(SystemErrno(errno).description); give state_dir: a folder the daemon's user can write (and a path under 100 characters)")
        }
        listener = fd
        // The socket gets the daemon's group; where the folder is shared with another
        // group the daemon is in, that group is given the socket too (else only root can).
        if let shared = ControlAccess.sharedGroup(ControlAccess.Folder(path: directory)), shared != getegid() {
            _ = chown(path, uid_t.max, shared)
        }
        resume = glance_monotonic_timerfd_create()
        do {
            guard resume >= 0 else { throw ListenError(description: "timerfd_create: \(SystemErrno(errno).description)") }
            try clock.watch(descriptor: fd) { [unowned self] in acceptAll() }
            try clock.watch(descriptor: resume) { [unowned self] in
                var cancelled: Int32 = 0
                _ = glance_timerfd_read(resume, &cancelled)
                endPause()
            }
        } catch {
            clock.unwatch(descriptor: fd)
            Glibc.close(fd)
            if resume >= 0 { Glibc.close(resume) }
            unlink(path)
            throw ListenError(description: "\(error)")
        }
    }

    /// Stops listening and removes the socket.
    public func close() {
        for fd in clients.keys {
            clock.unwatch(descriptor: fd)
            Glibc.close(fd)
        }
        clients = [:]
        if spare >= 0 { Glibc.close(spare) }
        spare = -1
        clock.unwatch(descriptor: resume)
        Glibc.close(resume)
        if !paused { clock.unwatch(descriptor: listener) }
        Glibc.close(listener)
        unlink(path)
    }

    private func acceptAll() {
        while true {
            var fd = glance_unix_accept(listener)
            if fd < 0, errno == EMFILE || errno == ENFILE {
                // accept fails so even with nothing pending: only an accept in the spare's
                // place tells. Nothing pending: the spare is taken back, and all is done.
                guard spare >= 0 else { return pause() }
                Glibc.close(spare)
                spare = -1
                fd = glance_unix_accept(listener)
                if fd < 0 {
                    let nothingPending = errno == EAGAIN || errno == EWOULDBLOCK
                    takeSpareBack()
                    if nothingPending && spare >= 0 { return }
                    // The freed descriptor went to another thread first.
                    return pause()
                }
            }
            guard fd >= 0 else { return }
            if let refusal = refusal(of: fd) {
                reply(fd, ControlCommands.failure(refusal))
                Glibc.close(fd)
                takeSpareBack()
                continue
            }
            if clients.count >= Self.maximumClients {
                reply(fd, ControlCommands.failure("too many connections at once; try again"))
                Glibc.close(fd)
                takeSpareBack()
                continue
            }
            do {
                try clock.watch(descriptor: fd) { [unowned self] in read(fd) }
                clients[fd] = []
            } catch {
                Glibc.close(fd)
                takeSpareBack()
            }
        }
    }

    /// Why the client on `fd` may not use the socket (`ControlAccess.serverAllows`), or
    /// nil. The state folder is looked at each time: an admin may share it while the
    /// daemon runs.
    private func refusal(of fd: Int32) -> String? {
        var uid: UInt32 = 0, gid: UInt32 = 0
        var groups = [UInt32](repeating: 0, count: 256)
        var count = Int32(groups.count)
        guard glance_peer_identity(fd, &uid, &gid, &groups, &count) == 0 else {
            return "cannot tell who you are (SO_PEERCRED: \(SystemErrno(errno).description))"
        }
        let peerGroups = count >= 0 ? Array(groups.prefix(Int(count))) : ControlAccess.groups(ofUser: uid, primary: gid)
        let folder = ControlAccess.Folder(path: directory)
        if ControlAccess.serverAllows(uid: uid, gid: gid, groups: peerGroups, daemon: owner, folder: folder) { return nil }
        let you = StateDirectory.userName(uid)
        // Never "join root"; and to a member whose login predates the membership, log in again.
        if let shared = ControlAccess.sharedGroup(folder), shared != 0 {
            let group = ControlAccess.groupName(shared)
            if ControlAccess.groups(ofUser: uid, primary: gid).contains(shared) {
                return "only the daemon's user (\(StateDirectory.userName(owner))), root and members of group \(group) may use this socket; "
                    + "you are \(you), in group \(group) since after this login: log in again (or run newgrp \(group))"
            }
            return "only the daemon's user (\(StateDirectory.userName(owner))), root and members of group \(group) may use this socket; "
                + "you are \(you): join the group (sudo adduser \(ControlAccess.userName(uid)) \(group)), then log in again"
        }
        return "only the daemon's user (\(StateDirectory.userName(owner))) or root may use this socket; you are \(you): run the command as that user or with sudo"
    }

    /// Opens the spare again if it is lent or lost (a descriptor was just given back).
    private func takeSpareBack() {
        if spare < 0 { spare = open("/dev/null", O_RDONLY | O_CLOEXEC) }
    }

    /// Out of descriptors with no spare to give: the listener is not watched until the
    /// pause ends, or a client leaves.
    private func pause() {
        guard !paused else { return }
        paused = true
        clock.unwatch(descriptor: listener)
        _ = glance_timerfd_arm_after(resume, Int64(Self.acceptPause * 1000))
    }

    private func endPause() {
        guard paused else { return }
        paused = false
        _ = glance_timerfd_disarm(resume)
        takeSpareBack()
        do {
            try clock.watch(descriptor: listener) { [unowned self] in acceptAll() }
        } catch {
            // Still out of descriptors for epoll's own needs: try again after another pause.
            paused = true
            _ = glance_timerfd_arm_after(resume, Int64(Self.acceptPause * 1000))
            return
        }
        acceptAll()
    }

    private func read(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = retryingInterrupted { chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) } }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            // Closed (perhaps mid-line, which is dropped) or failed.
            guard count > 0 else { return drop(fd) }
            clients[fd, default: []] += chunk[0..<count]
            while let end = clients[fd]?.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: clients[fd]![..<end], as: UTF8.self)
                clients[fd]!.removeSubrange(...end)
                var text = answer(line)
                if text.utf8.count > Self.maximumAnswer {
                    text = ControlCommands.failure("the answer is \(text.utf8.count) bytes, more than \(Self.maximumAnswer); ask for one key at a time")
                }
                guard reply(fd, text) else { return drop(fd) }
            }
            if clients[fd]?.count ?? 0 > Self.maximumLine {
                reply(fd, ControlCommands.failure("request line longer than \(Self.maximumLine) bytes"))
                return drop(fd)
            }
        }
    }

    /// Sends `line`; false when the client cannot take it (gone, or not reading).
    @discardableResult
    private func reply(_ fd: Int32, _ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = retryingInterrupted { bytes.withUnsafeBytes { glance_send(fd, $0.baseAddress! + sent, $0.count - sent) } }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    private func drop(_ fd: Int32) {
        clock.unwatch(descriptor: fd)
        clients[fd] = nil
        Glibc.close(fd)
        // A descriptor is free: the spare first, then the clients that waited.
        takeSpareBack()
        if paused { endPause() }
    }
}
