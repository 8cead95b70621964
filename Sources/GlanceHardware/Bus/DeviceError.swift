import GlanceSystem
import Glibc

/// A device node that failed: which one, the system's error number, what kind of
/// failure it is and how to fix it. The kind says whether trying again can help: a
/// missing node or a permission stays so until a person acts, a failed write may not.
public struct DeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The process may not open it (its group, or root).
        case permission
        /// The node does not exist (the interface is off, the device unplugged).
        case missing
        /// Another program holds it.
        case busy
        /// It is not the kind of device, or not in a mode, that Glance drives.
        case unsupported
        /// A read or write failed; it may work next time.
        case io
    }

    public var path: String
    /// The `errno` of the failing call, when there was one.
    public var code: Int32?
    public var kind: Kind
    /// What went wrong, naming the device.
    public var problem: String
    /// What a person can do about it, when something can be said.
    public var fix: String?

    public init(path: String, code: Int32? = nil, kind: Kind, problem: String, fix: String? = nil) {
        self.path = path
        self.code = code
        self.kind = kind
        self.problem = problem
        self.fix = fix
    }

    /// Trying again cannot help until a person acts.
    public var isPermanent: Bool { kind != .io }

    public var description: String { fix.map { "\(problem): \($0)" } ?? problem }
}

/// One-line messages, with the fix, for device nodes that cannot be opened: the GPIO
/// chips, spidev, framebuffers, and the emulated machines in tests, all alike.
public enum DeviceErrors {
    public static func describe(_ code: Int32) -> String { SystemErrno(code).description }

    /// The one line for a node `user` may not open: who, which node, its owner, group and
    /// mode (`node`; nil when it cannot be read), and what to do. `wanted` is the group such
    /// nodes belong to where a udev rule gives them one (gpio, spi, video, input; nil when a
    /// folder on the way is closed); a node of group root needs that rule first.
    ///
    /// Advice never names group root, and never a group the user is in already (per the
    /// group database, `userGroups`; then the process only predates the membership).
    public static func permissionDenied(_ path: String, code: Int32 = EACCES, user: String,
                                        node: (owner: String, group: String, gid: gid_t, mode: mode_t)?, wanted: String?,
                                        userGroups: [String]? = nil) -> DeviceError {
        let relogin = "then restart glance or log in again"
        let groups = userGroups ?? groupNames(ofUser: user)
        /// How the user gets into `group`.
        func join(_ group: String) -> String {
            groups.contains(group)
                ? "user \(user) is in group \(group) already, but this process started before that: restart glance or log in again"
                : "add the user to group \(group) (sudo usermod -aG \(group) \(user)), \(relogin)"
        }
        guard let node else {
            guard let wanted, wanted != "root" else {
                return DeviceError(path: path, code: code, kind: .permission, problem: "user \(user) cannot open \(path)",
                                   fix: "a folder on the way to it is closed to the user; check ls -l \(path)")
            }
            return DeviceError(path: path, code: code, kind: .permission, problem: "user \(user) cannot open \(path)", fix: join(wanted))
        }
        // Never "join root": a node of root's needs a group of its own.
        let wanted = wanted.flatMap { $0 == "root" ? nil : $0 } ?? (node.gid == 0 ? nil : node.group)
        let problem = "user \(user) cannot open \(path) (\(node.owner):\(node.group) \(octal(node.mode)))"
        if node.gid == 0 || node.mode & 0o060 == 0 {
            guard let wanted else {
                return DeviceError(path: path, code: code, kind: .permission, problem: problem,
                                   fix: "only \(node.owner) may open it: a udev rule must give it a group of its own with MODE=\"0660\", "
                                       + "and the user must be in that group; \(relogin)")
            }
            let member = groups.contains(wanted) ? "the user is in group \(wanted) already"
                : "the user must be in group \(wanted) (sudo usermod -aG \(wanted) \(user))"
            return DeviceError(path: path, code: code, kind: .permission, problem: problem,
                               fix: "only \(node.owner) may open it: a udev rule must give it to group \(wanted) with MODE=\"0660\" "
                                   + "(the glance package installs them for gpio and spi; udevadm trigger applies them) "
                                   + "and \(member); \(relogin)")
        }
        return DeviceError(path: path, code: code, kind: .permission, problem: problem, fix: join(node.group))
    }

    /// The names of `user`'s groups in the group database (`getgrouplist`); none when the
    /// user is unknown.
    static func groupNames(ofUser user: String) -> [String] {
        guard let entry = getpwnam(user) else { return [] }
        var count: Int32 = 64
        var ids = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(user, entry.pointee.pw_gid, &ids, &count) < 0 {
            ids = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(user, entry.pointee.pw_gid, &ids, &count) >= 0 else { return [] }
        }
        return ids.prefix(Int(count)).map(groupName)
    }

    /// `glance`, or `1000` for a uid without a name.
    public static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "\(uid)" }
        return String(cString: name)
    }

    /// `spi`, or `997` for a gid without a name.
    public static func groupName(_ gid: gid_t) -> String {
        guard let entry = getgrgid(gid), let name = entry.pointee.gr_name else { return "\(gid)" }
        return String(cString: name)
    }

    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `open` of a device node failed with `code`: permission names the node's group
    /// (`group` when it cannot be read), a missing node says `missing`.
    public static func openFailure(_ path: String, _ code: Int32, group: String, missing: String) -> DeviceError {
        switch code {
        case EACCES, EPERM:
            var info = stat()
            guard stat(path, &info) == 0 else {
                // A folder on the way is closed; or the node cannot be looked at (emulated
                // machines in tests): the group such nodes have is the advice.
                let closed = errno == EACCES
                return permissionDenied(path, code: code, user: userName(geteuid()), node: nil, wanted: closed ? nil : group)
            }
            return permissionDenied(path, code: code, user: userName(geteuid()),
                                    node: (owner: userName(info.st_uid), group: groupName(info.st_gid), gid: info.st_gid, mode: info.st_mode & 0o7777),
                                    wanted: group)
        case ENOENT, ENODEV, ENXIO:
            return DeviceError(path: path, code: code, kind: .missing, problem: "\(path) does not exist", fix: missing)
        case ENOTTY:
            return DeviceError(path: path, code: code, kind: .unsupported, problem: "\(path): cannot open (\(describe(code)))",
                               fix: "it is not the kind of device expected here; check the path")
        case EBUSY:
            return DeviceError(path: path, code: code, kind: .busy, problem: "\(path) is in use (\(describe(code)))",
                               fix: "stop the program that holds it")
        default:
            return DeviceError(path: path, code: code, kind: .io, problem: "\(path): cannot open (\(describe(code)))")
        }
    }

    /// A read or write on an open device failed with `code`: a node that went away
    /// (an unplugged screen) is `missing`, anything else `io`.
    public static func transferFailure(_ path: String, _ code: Int32, doing action: String) -> DeviceError {
        let kind: DeviceError.Kind = [ENODEV, ENXIO, ENOENT].contains(code) ? .missing : .io
        return DeviceError(path: path, code: code, kind: kind, problem: "\(path): \(action) failed (\(describe(code)))",
                           fix: kind == .missing ? "the device went away; reconnect it and restart glance" : nil)
    }
}
