import Glibc

/// Writes to file descriptor 1 or 2 directly (no Foundation `FileHandle`).
package enum StandardStreams {
    package static func error(_ text: String) { write(fd: 2, text) }
    package static func output(_ bytes: [UInt8]) { write(fd: 1, bytes) }

    private static func write(fd: Int32, _ text: String) { write(fd: fd, Array(text.utf8)) }

    private static func write(fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
