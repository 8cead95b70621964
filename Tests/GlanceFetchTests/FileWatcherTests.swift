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

        /// Waits until at least `expected` calls were made (at most `seconds`, a hang
        /// guard: a watcher fires within milliseconds).
        func wait(for expected: Int, seconds: Double = 2) -> Bool {
            lock.withLock {
                while count < expected {
                    if !lock.wait(seconds: seconds) { return count >= expected }
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

    /// A folder watched whole (a photo folder): any file added, replaced, renamed away or
    /// deleted is a change.
    @Test func aWholeFolderSeesEveryFile() throws {
        defer { removeFolder() }
        let calls = Calls()
        let watcher = try FileWatcher(folder: folder) { calls.record() }
        try write("x", to: folder + "/a.jpg")
        #expect(calls.wait(for: 1))
        try write("y", to: folder + "/b.jpg")
        #expect(calls.wait(for: 2))
        #expect(rename(folder + "/b.jpg", folder + "/c.jpg") == 0)
        #expect(calls.wait(for: 3))
        #expect(unlink(folder + "/a.jpg") == 0)
        #expect(calls.wait(for: 4))
        drain(watcher)
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

    /// Waits until `condition` holds (polling; a hang guard of 20 s, not a speed bound).
    func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<4000 where !condition() { usleep(5_000) }
        return condition()
    }

    /// Issue 28: the folder moved away and a new one made at its path was never seen
    /// again. The watch follows the path: the folder leaving is a change, the new folder is
    /// watched once it appears (a change too), and the old folder is not watched any more.
    @Test func aFolderMovedAwayAndANewOneMadeInItsPlaceIsFollowed() throws {
        defer { removeFolder() }
        try scratch.makeFolder("data")
        let file = folder + "/data/data.csv"
        try write("2026-11-20,1\n", to: file)
        let calls = Calls()
        let watcher = try FileWatcher(path: file) { calls.record() }
        #expect(rename(folder + "/data", folder + "/data.old") == 0)
        // The file is gone from the path.
        #expect(calls.wait(for: 1, seconds: 20))
        #expect(waitUntil { !watcher.isWatchingFolder })
        try scratch.makeFolder("data")
        try write("2026-11-21,2\n", to: file)
        #expect(calls.wait(for: 2, seconds: 20))
        #expect(waitUntil { watcher.isWatchingFolder })
        usleep(100_000) // the write's own event, if it came after the folder's
        let settled = calls.value
        // The old folder is not watched; the new one is.
        try write("2026-11-22,3\n", to: folder + "/data.old/data.csv")
        try write("2026-11-22,4\n", to: file)
        #expect(calls.wait(for: settled + 1, seconds: 20))
        drain(watcher)
        #expect(calls.value == settled + 1)
    }

    /// The folder and the one above it deleted (`rm -r`), then made again (`mkdir -p`):
    /// the watcher waits in the folder that is left, walks down as each folder appears,
    /// and sees the file written in the new one. The same when the folder above is moved
    /// away whole.
    @Test func aFolderDeletedAndMadeAgainTwoLevelsDeepIsFollowed() throws {
        defer { removeFolder() }
        try scratch.makeFolder("a")
        try scratch.makeFolder("a/b")
        let file = folder + "/a/b/data.csv"
        try write("2026-11-20,1\n", to: file)
        let calls = Calls()
        let watcher = try FileWatcher(path: file) { calls.record() }
        scratch.remove("a")
        #expect(calls.wait(for: 1, seconds: 20))
        #expect(waitUntil { !watcher.isWatchingFolder })
        usleep(100_000)
        let gone = calls.value
        try scratch.makeFolder("a")
        try scratch.makeFolder("a/b")
        #expect(calls.wait(for: gone + 1, seconds: 20))
        #expect(waitUntil { watcher.isWatchingFolder })
        usleep(100_000)
        let back = calls.value
        try write("2026-11-21,2\n", to: file)
        #expect(calls.wait(for: back + 1, seconds: 20))

        // A folder above moved away (the file's folder stays whole, under another name).
        #expect(rename(folder + "/a", folder + "/a.old") == 0)
        #expect(calls.wait(for: back + 2, seconds: 20))
        #expect(waitUntil { !watcher.isWatchingFolder })
        try scratch.makeFolder("a")
        try scratch.makeFolder("a/b")
        try write("2026-11-22,3\n", to: file)
        #expect(calls.wait(for: back + 3, seconds: 20))
        #expect(waitUntil { watcher.isWatchingFolder })
        usleep(100_000)
        let settled = calls.value
        try write("2026-11-22,4\n", to: folder + "/a.old/b/data.csv")
        try write("2026-11-22,5\n", to: file)
        #expect(calls.wait(for: settled + 1, seconds: 20))
        drain(watcher)
        #expect(calls.value == settled + 1)
    }

    /// Following the path costs nothing that grows: one thread and one inotify instance
    /// for the watcher, and the same number of kernel watches, however often its folder
    /// is replaced. Each going and each coming back is a change.
    @Test func aFolderReplacedManyTimesHoldsOneThreadOneInstanceAndItsWatches() throws {
        defer { removeFolder() }
        try scratch.makeFolder("data")
        let file = folder + "/data/data.csv"
        try write("2026-11-20,1\n", to: file)
        // Watchers' own threads (named): the suite's other tests start threads of every
        // kind. Counted before this watcher is made: it adds one of each.
        let name = FileWatcher.threadName
        let before = (threads: ProcessCounts.threads(named: name), inotify: ProcessCounts.inotifyInstances(), watches: ProcessCounts.inotifyWatches())
        let calls = Calls()
        let watcher = try FileWatcher(path: file) { calls.record() }
        let cycles = 50
        for cycle in 0..<cycles {
            #expect(rename(folder + "/data", folder + "/old\(cycle)") == 0)
            #expect(waitUntil { !watcher.isWatchingFolder }, "cycle \(cycle): the moved folder is still watched")
            try scratch.makeFolder("data")
            try write("2026-11-21,\(cycle)\n", to: file)
            #expect(waitUntil { watcher.isWatchingFolder }, "cycle \(cycle): the new folder is not watched")
        }
        #expect(calls.wait(for: 2 * cycles, seconds: 20))
        usleep(100_000)
        let after = (threads: ProcessCounts.threads(named: name), inotify: ProcessCounts.inotifyInstances(), watches: ProcessCounts.inotifyWatches())
        print("file watcher, folder replaced \(cycles) times: \(calls.value) changes; threads \(before.threads) -> \(after.threads), inotify instances \(before.inotify) -> \(after.inotify), watches \(before.watches) -> \(after.watches) (other tests run beside)")
        // Other tests run beside this one, some with a watcher of a few watches: a little
        // room, far below the 50 or more of a leak.
        #expect(after.threads <= before.threads + 4)
        #expect(after.inotify <= before.inotify + 4)
        #expect(after.watches <= before.watches + 16)
        #expect(watcher.isWatching)
        drain(watcher)
        #expect(!watcher.isWatching)
    }

    @Test func aRelativePathWatchesTheWorkingFolder() {
        defer { removeFolder() }
        #expect(FileWatcher.split("data.csv") == (".", "data.csv"))
        #expect(FileWatcher.split("/data.csv") == ("/", "data.csv"))
        #expect(FileWatcher.split("/home/pi/data/commits.csv") == ("/home/pi/data", "commits.csv"))
    }
}
