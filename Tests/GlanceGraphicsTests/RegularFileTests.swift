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

    /// A small file that says a huge picture (a decompression bomb) is refused before its
    /// pixels are made: the header of a 64x64 PNG rewritten to say 5000x5000.
    @Test func aHugePictureInASmallFileIsNotDecoded() throws {
        var bytes = try PNG.encode(try Canvas(width: 64, height: 64))
        #expect(try PNG.decode(bytes).width == 64)
        // IHDR's data starts at byte 16: width and height, big-endian; its CRC follows the
        // 13 bytes of data and covers the type and the data.
        func put(_ value: UInt32, at offset: Int) {
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        }
        put(5000, at: 16)
        put(5000, at: 20)
        put(crc32(bytes[12..<29]), at: 29)
        do {
            _ = try PNG.decode(bytes, path: "bomb.png")
            Issue.record("decoded")
        } catch {
            #expect(error.description.contains("a 5000x5000 picture is more than 16 megapixels; not decoded"), "\(error)")
        }
    }

    private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
