#if canImport(Glibc)
import Glibc
#endif

/// Who may use a daemon's control socket, and which daemon a client talks to.
///
/// The daemon's user and root always may. A group may too, when the admin shares the
/// state folder with it: the folder's group, if the folder is open to its group
/// (`mode & 0o050 != 0`: read or search) and nobody but its owner may write it
/// (`mode & 0o022 == 0`, the state folder's own rule). A folder made 0700, the default, shares with nobody; the
/// Debian package makes `/var/lib/glance` 0750 glance:glance, so members of group
/// `glance` may run `glance status`.
package enum ControlAccess {
    /// A state folder's owner, group and mode.
    package struct Folder: Equatable, Sendable {
        package var uid: uid_t
        package var gid: gid_t
        package var mode: mode_t

        package init(uid: uid_t, gid: gid_t, mode: mode_t) {
            self.uid = uid
            self.gid = gid
            self.mode = mode & 0o7777
        }

        /// The folder at `path`, as `StateDirectory.secure` sees it (`stat`); nil when it
        /// is missing or not a folder.
        package init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
            self.init(uid: info.st_uid, gid: info.st_gid, mode: info.st_mode)
        }

        /// `/var/lib/glance (glance:glance 0750)`.
        package func described(_ path: String) -> String {
            let digits = String(mode, radix: 8)
            return "\(path) (\(ControlAccess.userName(uid)):\(ControlAccess.groupName(gid)) \(String(repeating: "0", count: max(0, 4 - digits.count)) + digits))"
        }
    }

    /// The group the folder is shared with, or nil: the group must have read or search
    /// permission on it, and nobody but its owner may write it.
    package static func sharedGroup(_ folder: Folder?) -> gid_t? {
        guard let folder, folder.mode & 0o050 != 0, folder.mode & 0o022 == 0 else { return nil }
        return folder.gid
    }

    /// The server's rule: the daemon's user, root, or a member (primary or supplementary
    /// group) of the group the state folder is shared with.
    package static func serverAllows(uid: uid_t, gid: gid_t, groups: [gid_t], daemon: uid_t, folder: Folder?) -> Bool {
        if uid == daemon || uid == 0 { return true }
        guard let shared = sharedGroup(folder) else { return false }
        return gid == shared || groups.contains(shared)
    }

    /// The client's rule, checked (`SO_PEERCRED`) before a byte is sent: the process
    /// serving the socket must be root, the client's own user, or the owner of the state
    /// folder when the client is root or a member of the group the folder is shared with.
    package static func clientAccepts(server: uid_t, client: uid_t, clientGroups: [gid_t], folder: Folder?) -> Bool {
        if server == 0 || server == client { return true }
        guard let folder, folder.uid == server else { return false }
        if client == 0 { return true }
        guard let shared = sharedGroup(folder) else { return false }
        return clientGroups.contains(shared)
    }

    /// This process's groups: its effective group and its supplementary ones.
    package static func ownGroups() -> [gid_t] {
        let count = getgroups(0, nil)
        var groups = [gid_t](repeating: 0, count: Int(max(count, 0)))
        let got = count > 0 ? getgroups(count, &groups) : 0
        return [getegid()] + groups.prefix(Int(max(got, 0)))
    }

    /// `uid`'s groups from the group database (`getgrouplist`), for a kernel that does not
    /// say a peer's (`SO_PEERGROUPS`).
    package static func groups(ofUser uid: uid_t, primary: gid_t) -> [gid_t] {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return [primary] }
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, primary, &groups, &count) < 0 {
            groups = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, primary, &groups, &count) >= 0 else { return [primary] }
        }
        return Array(groups.prefix(Int(count)))
    }

    /// `glance`, or `998` for a uid without a name.
    package static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "\(uid)" }
        return String(cString: name)
    }

    /// `glance`, or `998` for a gid without a name.
    package static func groupName(_ gid: gid_t) -> String {
        guard let entry = getgrgid(gid), let name = entry.pointee.gr_name else { return "\(gid)" }
        return String(cString: name)
    }

    /// The folder a socket path is in.
    package static func folder(ofSocket path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    }
}
