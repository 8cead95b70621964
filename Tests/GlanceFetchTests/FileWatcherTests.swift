import GlanceFetch
import GlanceSystem
import GlanceTestSupport
import Glibc
import Testing

/// The inotify watcher on a real folder: a file written, replaced by a rename, deleted
/// and created again is seen; other files in the folder are not.
@Suite struct FileWatcherTests {
    let scratch: ScratchFolder
    var folder: String { scratch.path }
    let path: String

    init() throws {
        scratch = try ScratchFolder(prefix: "glance-watch")
        path = scratch.path + "/data.csv"
    }

    /// Counts calls and lets a test wait for the next one (without sleeping blind).
    final class Calls: @unchecked Sendable {
        private let lock = ConditionLock()
        private var count = 0

        func record() { lock.withLock { count += 1; lock.broadcast() } }

        var value: Int { lock.withLock { count } }

        /// Waits until at least `expected` calls were made (at most 2 s; a watcher fires
        /// within milliseconds).
        func wait(for expected: Int) -> Bool {
            lock.withLock {
                while count < expected {
                    if !lock.wait(seconds: 2) { return count >= expected }
                }
                return true
            }
        }
    }

    func removeFolder() { scratch.remove() }

    /// Writes `text` into `file`, a path in the test's folder.
    func write(_ text: String, to file: String) throws {
        try scratch.write(text, to: String(file.dropFirst(folder.count + 1)))
    }

    /// Stops the watcher and waits until its thread has handled everything before.
    func drain(_ watcher: FileWatcher) {
        watcher.stop()
        for _ in 0..<400 where watcher.isWatching { usleep(5_000) }
    }

    @Test func aWriteIsSeen() throws {
        defer { removeFolder() }
        try write("2026-11-20,1\n", to: path)
        let calls = Calls()
        let watcher = try FileWatcher(path: path) { calls.record() }
        try write("2026-11-20,2\n", to: path)
        #expect(calls.wait(for: 1))
        // Appending, as `echo >> data.csv` does.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        _ = Array("2026-11-21,3\n".utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        #expect(calls.wait(for: 2))
        drain(watcher)
    }

    @Test func aRenameOverTheFileIsSeen() throws {
        defer { removeFolder() }
        try write("2026-11-20,1\n", to: path)
        let calls = Calls()
        let watcher = try FileWatcher(path: path) { calls.record() }
        // How editors save: a new file beside it, renamed over it. Writing the temporary
        // file may be seen as a change of another file only.
        try write("2026-11-20,5\n", to: folder + "/.data.csv.swp")
        drain(watcher)
        #expect(calls.value == 0)

        let again = Calls()
        let second = try FileWatcher(path: path) { again.record() }
        #expect(rename(folder + "/.data.csv.swp", path) == 0)
        #expect(again.wait(for: 1))
        drain(second)
    }

    @Test func aDeleteAndACreateAreSeen() throws {
        defer { removeFolder() }
        try write("2026-11-20,1\n", to: path)
        let calls = Calls()
        let watcher = try FileWatcher(path: path) { calls.record() }
        #expect(unlink(path) == 0)
        #expect(calls.wait(for: 1))
        try write("2026-11-22,4\n", to: path)
        #expect(calls.wait(for: 2))
        drain(watcher)
    }

    @Test func otherFilesInTheFolderAreNot() throws {
        defer { removeFolder() }
        let calls = Calls()
        let watcher = try FileWatcher(path: path) { calls.record() }
        try write("x", to: folder + "/other.csv")
        try write("x", to: folder + "/data.csv.bak")
        #expect(rename(folder + "/other.csv", folder + "/another.csv") == 0)
        #expect(unlink(folder + "/another.csv") == 0)
        // Every event above is handled before the stop's.
        drain(watcher)
        #expect(!watcher.isWatching)
        #expect(calls.value == 0)
    }

    @Test func stopEndsTheWatchAndAMissingFolderIsSaid() throws {
        defer { removeFolder() }
        let calls = Calls()
        let watcher = try FileWatcher(path: path) { calls.record() }
        #expect(watcher.isWatching)
        drain(watcher)
        #expect(!watcher.isWatching)
        try write("2026-11-20,1\n", to: path)
        usleep(50_000)
        #expect(calls.value == 0)
        watcher.stop() // again: nothing

        #expect(throws: FileWatcherError.self) { try FileWatcher(path: folder + "/missing/data.csv") {} }
        do {
            _ = try FileWatcher(path: folder + "/missing/data.csv") {}
        } catch {
            #expect(error.description == "cannot watch \(folder)/missing: the folder does not exist")
        }
    }

    @Test func aRelativePathWatchesTheWorkingFolder() {
        defer { removeFolder() }
        #expect(FileWatcher.split("data.csv") == (".", "data.csv"))
        #expect(FileWatcher.split("/data.csv") == ("/", "data.csv"))
        #expect(FileWatcher.split("/home/pi/data/commits.csv") == ("/home/pi/data", "commits.csv"))
    }
}
