import Glibc

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
    public static func openFailure(_ path: String, _ code: Int32, group: String, missing: String) -> PanelBusError {
        switch code {
        case EACCES, EPERM:
            let group = owningGroup(of: path, fallback: group)
            return .io("permission denied on \(path): add your user to the '\(group)' group (sudo usermod -aG \(group) $USER) and log in again, or run as root")
        case ENOENT, ENODEV, ENXIO:
            return .io("\(path) does not exist: \(missing)")
        default:
            return .io("\(path): cannot open (\(describe(code)))")
        }
    }
}
