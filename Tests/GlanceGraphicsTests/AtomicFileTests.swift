import Foundation
import GlanceGraphics
import Glibc
import Testing
import GlanceSystem

/// The one safe file writer: nothing planted in the folder is written through, nothing but
/// a regular file is replaced, a killed writer's leftovers are cleaned, pairs change together.
@Suite struct AtomicFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "glance-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }
    func entries() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test func aSymlinkAtTheTargetIsReplacedNotFollowed() throws {
        let victim = folder + "/victim"
        try AtomicFile.write([1, 2, 3], to: victim)
        #expect(symlink(victim, folder + "/frame.png") == 0)
        try AtomicFile.write([9, 9], to: folder + "/frame.png")
        #expect(contents(victim) == [1, 2, 3])
        #expect(contents(folder + "/frame.png") == [9, 9])
        var info = stat()
        #expect(lstat(folder + "/frame.png", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(entries() == ["frame.png", "victim"])   // no temporary file left behind
    }

    @Test func onlyRegularFilesAreReplaced() throws {
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let refusedFIFO = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: fifo) }
        #expect(refusedFIFO?.description.contains("it is a FIFO, and Glance replaces only regular files") == true)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: false)
        let refusedDirectory = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: folder + "/dir") }
        #expect(refusedDirectory?.description.contains("it is a directory") == true)

        // A device node (root only can make one): refused, and left a device.
        let device = folder + "/null"
        if mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 {
            let refusedDevice = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: device) }
            #expect(refusedDevice?.description.contains("it is a device") == true)
            #expect(lstat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        }
        #expect(!entries().contains { $0.contains(".tmp-") })
    }

    @Test func leftoversOfAKilledWriterAreRemoved() throws {
        // pid 4194303 is above any pid a running system hands out; pid 1 always runs.
        for name in [".frame.png.tmp-4194303-x1", ".frame.png.tmp-1-x2", "notes.tmp-4194303-x3"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([0]))
        }
        #expect(AtomicFile.removeStale(in: folder) == 1)
        #expect(entries() == [".frame.png.tmp-1-x2", "notes.tmp-4194303-x3"])
    }

    @Test func aPairChangesTogetherOrNotAtAll() throws {
        try AtomicFile.write([1], to: folder + "/frame.raw")
        let raw = try AtomicFile.stage([2], for: folder + "/frame.raw")
        try FileManager.default.createDirectory(atPath: folder + "/frame.png", withIntermediateDirectories: false)
        #expect(throws: AtomicFile.WriteError.self) { _ = try AtomicFile.stage([2], for: folder + "/frame.png") }
        raw.discard()
        #expect(contents(folder + "/frame.raw") == [1])
        #expect(!entries().contains { $0.contains(".tmp-") })
    }

    /// Staged together (all written, then all synced): a file that cannot be staged
    /// leaves the others' targets as they were and no temporary file; staged whole, they
    /// are committed together.
    @Test func filesStagedTogetherChangeTogetherOrNotAtAll() throws {
        try AtomicFile.write([1], to: folder + "/frame.raw")
        try FileManager.default.createDirectory(atPath: folder + "/frame.png", withIntermediateDirectories: false)
        #expect(throws: AtomicFile.WriteError.self) {
            _ = try AtomicFile.stage([([2], folder + "/frame.raw"), ([3], folder + "/frame.png")])
        }
        #expect(contents(folder + "/frame.raw") == [1])
        #expect(!entries().contains { $0.contains(".tmp-") })
        try FileManager.default.removeItem(atPath: folder + "/frame.png")
        let staged = try AtomicFile.stage([([2], folder + "/frame.raw"), ([3], folder + "/frame.png")])
        #expect(contents(folder + "/frame.raw") == [1])
        try AtomicFile.commit(staged)
        #expect(contents(folder + "/frame.raw") == [2])
        #expect(contents(folder + "/frame.png") == [3])
        #expect(entries() == ["frame.png", "frame.raw"])
    }
}
