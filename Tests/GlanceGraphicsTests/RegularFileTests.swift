import Foundation
import GlanceGraphics
import Glibc
import Testing
import GlanceSystem

/// The one reader of files the daemon is given by name: a FIFO, folder or device at the
/// path is refused at once (a FIFO once held a thread in open(2) for good), a file over the
/// bound is not read, a regular file is read whole.
@Suite struct RegularFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "glance-regular-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test func onlyARegularFileWithinTheBoundIsRead() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let plain = folder + "/plain.bin"
        #expect(FileManager.default.createFile(atPath: plain, contents: Data(repeating: 7, count: 1000)))
        func outcome(_ path: String, limit: Int = 4096) -> String {
            do { return "\(try RegularFile.read(path, limit: limit).count) bytes" } catch { return error.description }
        }
        // On the test's own thread: a blocking open of the FIFO would hang the test here.
        #expect(outcome(fifo) == "a FIFO, not a regular file; not read")
        #expect(outcome(folder) == "a folder, not a regular file; not read")
        #expect(outcome("/dev/zero") == "a device, not a regular file; not read")
        #expect(outcome(folder + "/none") == "no such file")
        #expect(outcome(plain) == "1000 bytes")
        #expect(outcome(plain, limit: 1000) == "1000 bytes")
        #expect(outcome(plain, limit: 999) == "larger than 999 bytes; not read")
        #expect(outcome(plain, limit: 512) == "larger than 512 bytes; not read")
        #expect(try RegularFile.read(plain, limit: 4096) == [UInt8](repeating: 7, count: 1000))
    }

    @Test func aPictureThatIsAFIFOIsRefusedNamingIt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/photo.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: PNG.Failure.self) { try PNG.read(fifo) }
        do {
            _ = try PNG.read(fifo)
        } catch {
            #expect(error.description.contains("photo.png"))
            #expect(error.description.contains("a FIFO, not a regular file"))
        }
    }
}
