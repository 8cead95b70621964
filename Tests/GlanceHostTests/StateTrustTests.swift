import Foundation
import GlanceHost
import GlanceSystem
import Glibc
import Testing

/// Issue 28, "trust only what is yours": the daemon refuses a state folder another user
/// owns or may write (as ssh's StrictModes) and reads only its own user's files there.
/// Tests may run as root, who owns everything: the mode checks are tested as they are,
/// the owner checks through `owner:` or a file `chown`ed away (as root).
@Suite struct StateTrustTests {
    func folder(mode: mode_t) throws -> String {
        let path = NSTemporaryDirectory() + "glance-trust-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(chmod(path, mode) == 0)
        return path
    }

    func refusal(_ directory: String, owner: uid_t = geteuid()) -> String? {
        do throws(StateDirectory.Untrusted) {
            try StateDirectory.secure(directory, owner: owner)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aFolderOnlyItsOwnerWritesIsUsed() throws {
        for mode: mode_t in [0o700, 0o750, 0o755] {
            let directory = try folder(mode: mode)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            #expect(refusal(directory) == nil, "mode \(String(mode, radix: 8))")
        }
    }

    @Test func aMissingFolderIsMadeForItsOwnerOnly() throws {
        let parent = try folder(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let directory = parent + "/a/state"
        #expect(refusal(directory) == nil)
        var info = stat()
        #expect(stat(directory, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    /// 0777 and 0757: anyone may replace control.sock; /tmp's sticky 01777 is no better
    /// (another user may still add a socket or params.json before the daemon does).
    @Test func aFolderOthersMayWriteIsRefusedWithItsFix() throws {
        for mode: mode_t in [0o777, 0o757, 0o1777, 0o775, 0o722] {
            let directory = try folder(mode: mode)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let line = try #require(refusal(directory), "mode \(String(mode, radix: 8))")
            #expect(line.contains(directory))
            #expect(line.contains("mode 0\(String(mode, radix: 8))"))
            #expect(line.contains("owner uid \(geteuid())"))
            #expect(line.contains("chmod go-w \(directory)"))
            #expect(!line.contains("\n"))
        }
    }

    @Test func aFolderOfAnotherUserIsRefused() throws {
        let directory = try folder(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let line: String
        if geteuid() == 0 {
            // Root may give the folder away; root's own folders are accepted for anyone.
            #expect(chown(directory, 4242, 4242) == 0)
            line = try #require(refusal(directory))
            #expect(line.contains("owner uid 4242"))
        } else {
            line = try #require(refusal(directory, owner: geteuid() + 1))
        }
        #expect(line.contains(directory))
        #expect(line.contains("chown"))
    }

    @Test func aFileIsReadOnlyWhenItIsTheDaemonUsersOwn() throws {
        let directory = try folder(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/params.json"
        #expect(try StateDirectory.readOwnFile(path) == nil)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try StateDirectory.readOwnFile(path) == Array("{}".utf8))
        #expect(throws: StateDirectory.Untrusted.self) { try StateDirectory.readOwnFile(path, owner: geteuid() + 1) }
        // A symlink planted in its place is not followed.
        let link = directory + "/quarantine.json"
        #expect(symlink("/etc/passwd", link) == 0)
        #expect(throws: StateDirectory.Untrusted.self) { try StateDirectory.readOwnFile(link) }
    }

    /// A FIFO at `entries/SLOT.json` held start-up in `open()` before the first log line,
    /// SIGTERM ignored: it is refused at once as not a regular file (this call would never
    /// return if the open waited for a writer).
    @Test func aFIFOInTheStateFolderIsRefusedWithoutWaiting() throws {
        let directory = try folder(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkdir(directory + "/entries", 0o700) == 0)
        let fifo = directory + "/entries/dday.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        do throws(StateDirectory.Untrusted) {
            _ = try StateDirectory.readOwnFile(fifo)
            Issue.record("a FIFO was read")
        } catch {
            #expect(error.description.contains("is not a regular file"), "\(error)")
        }
    }

    /// Every file start-up reads from the state folder is opened so: a FIFO as a crash
    /// record of a dead process is passed over, not waited on (this test would hang).
    @Test func aFIFOAmongTheCrashRecordsDoesNotHoldStartUp() throws {
        let directory = try folder(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkdir(directory + "/crash", 0o700) == 0)
        // pid 4194303 is above any pid a running system hands out.
        #expect(mkfifo(directory + "/crash/record-4194303", 0o600) == 0)
        #expect(mkfifo(directory + "/crash/backtrace-4194303.txt", 0o600) == 0)
        #expect(CrashRecorder.collect(stateDirectory: directory).isEmpty)
    }

    /// The heatmap pointed at /etc/shadow: a params.json another user left is not applied.
    @Test(.enabled(if: geteuid() == 0, "only root can give a file away"))
    func plantedParamsAndQuarantineAreIgnoredAndSaid() throws {
        let directory = try folder(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"heat": {"path": "/etc/shadow"}}"#.utf8).write(to: URL(fileURLWithPath: directory + "/params.json"))
        try Data(#"[]"#.utf8).write(to: URL(fileURLWithPath: directory + "/quarantine.json"))
        #expect(ParameterOverrides(directory: directory).load() == ["heat": ["path": "/etc/shadow"]])
        #expect(chown(directory + "/params.json", 4242, 4242) == 0)
        #expect(chown(directory + "/quarantine.json", 4242, 4242) == 0)
        var said: [String] = []
        #expect(ParameterOverrides(directory: directory).load(log: { said.append($0) }).isEmpty)
        _ = Quarantine(stateDirectory: directory, log: { said.append($0) })
        #expect(said.count == 2)
        #expect(said.allSatisfy { $0.contains("belongs to uid 4242") && $0.contains("not the daemon's user") })
        #expect(said.first?.contains(directory + "/params.json") == true)
    }
}
