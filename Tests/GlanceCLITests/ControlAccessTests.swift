import GlanceSystem
import Glibc
import Testing

/// Who may use the control socket (the server's rule) and whom a client talks to (the
/// client's rule), over every kind of peer and state folder. The daemon is uid 998, its
/// folder's group 998 (glance:glance), the admin uid 1000.
@Suite struct ControlAccessTests {
    typealias Folder = ControlAccess.Folder
    let daemon: uid_t = 998
    let glance: gid_t = 998

    /// The folders: shared (0750, 0710, 0755), not shared (0700), and ones the
    /// state folder's own rule refuses (0770, 0775: group- or other-writable).
    @Test func aFolderIsSharedWithItsGroupOnlyWhenOpenToItAndWrittenByNoOtherUser() {
        for mode: mode_t in [0o750, 0o710, 0o755, 0o2750] {
            #expect(ControlAccess.sharedGroup(Folder(uid: daemon, gid: glance, mode: mode)) == glance, "\(String(mode, radix: 8))")
        }
        for mode: mode_t in [0o700, 0o701, 0o705, 0o770, 0o775, 0o757, 0o1777, 0o730] {
            #expect(ControlAccess.sharedGroup(Folder(uid: daemon, gid: glance, mode: mode)) == nil, "\(String(mode, radix: 8))")
        }
        #expect(ControlAccess.sharedGroup(nil) == nil)
    }

    @Test func theServerAnswersItsUserRootAndTheSharedGroup() {
        let shared = Folder(uid: daemon, gid: glance, mode: 0o750)
        let closed = Folder(uid: daemon, gid: glance, mode: 0o700)
        let writable = Folder(uid: daemon, gid: glance, mode: 0o770)
        for folder in [shared, closed, writable, nil] {
            #expect(ControlAccess.serverAllows(uid: daemon, gid: glance, groups: [], daemon: daemon, folder: folder))
            #expect(ControlAccess.serverAllows(uid: 0, gid: 0, groups: [], daemon: daemon, folder: folder))
        }
        // The admin in group glance, as a supplementary group or as the primary one.
        #expect(ControlAccess.serverAllows(uid: 1000, gid: 1000, groups: [27, glance], daemon: daemon, folder: shared))
        #expect(ControlAccess.serverAllows(uid: 1000, gid: glance, groups: [], daemon: daemon, folder: shared))
        // Not in the group; or the folder is not shared, or shared in a way its rule refuses.
        #expect(!ControlAccess.serverAllows(uid: 1000, gid: 1000, groups: [27, 100], daemon: daemon, folder: shared))
        #expect(!ControlAccess.serverAllows(uid: 1000, gid: 1000, groups: [glance], daemon: daemon, folder: closed))
        #expect(!ControlAccess.serverAllows(uid: 1000, gid: 1000, groups: [glance], daemon: daemon, folder: writable))
        #expect(!ControlAccess.serverAllows(uid: 1000, gid: glance, groups: [glance], daemon: daemon, folder: nil))
    }

    @Test func aClientTalksToRootItselfOrTheOwnerOfAFolderSharedWithIt() {
        let shared = Folder(uid: daemon, gid: glance, mode: 0o750)
        let closed = Folder(uid: daemon, gid: glance, mode: 0o700)
        // Root and the client's own user always.
        for folder in [shared, closed, nil] {
            #expect(ControlAccess.clientAccepts(server: 0, client: 1000, clientGroups: [1000], folder: folder))
            #expect(ControlAccess.clientAccepts(server: 1000, client: 1000, clientGroups: [1000], folder: folder))
        }
        // The folder's owner: for root, and for a member of the group it is shared with.
        #expect(ControlAccess.clientAccepts(server: daemon, client: 0, clientGroups: [0], folder: closed))
        #expect(ControlAccess.clientAccepts(server: daemon, client: 1000, clientGroups: [1000, glance], folder: shared))
        #expect(!ControlAccess.clientAccepts(server: daemon, client: 1000, clientGroups: [1000], folder: shared))
        #expect(!ControlAccess.clientAccepts(server: daemon, client: 1000, clientGroups: [1000, glance], folder: closed))
        // Anyone else serving the socket is an impostor, for root too.
        #expect(!ControlAccess.clientAccepts(server: 1001, client: 1000, clientGroups: [1000, glance], folder: shared))
        #expect(!ControlAccess.clientAccepts(server: 1001, client: 0, clientGroups: [0], folder: shared))
        #expect(!ControlAccess.clientAccepts(server: daemon, client: 1000, clientGroups: [glance], folder: nil))
    }

    @Test func aFolderIsDescribedWithItsOwnerGroupAndMode() {
        #expect(Folder(uid: 0, gid: 0, mode: 0o40750).described("/var/lib/glance") == "/var/lib/glance (root:root 0750)")
    }
}
