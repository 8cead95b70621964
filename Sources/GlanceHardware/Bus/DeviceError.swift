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
    /// The group that owns `path` (the one to join for access), or `fallback`.
    public static func owningGroup(of path: String, fallback: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_gid != 0, let group = getgrgid(info.st_gid), let name = group.pointee.gr_name else {
            return fallback
        }
        return String(cString: name)
    }

    public static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// `open` of a device node failed with `code`: permission names the node's group
    /// (`group` when it cannot be read), a missing node says `missing`.
    public static func openFailure(_ path: String, _ code: Int32, group: String, missing: String) -> DeviceError {
        switch code {
        case EACCES, EPERM:
            let group = owningGroup(of: path, fallback: group)
            return DeviceError(path: path, code: code, kind: .permission, problem: "permission denied on \(path)",
                               fix: "add your user to the '\(group)' group (sudo usermod -aG \(group) $USER) and log in again, or run as root")
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
