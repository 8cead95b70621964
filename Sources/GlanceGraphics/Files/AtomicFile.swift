import FoundationEssentials
import Glibc

/// Replacing a file whole, so that a reader sees the old contents or the new, never half:
/// written to a temporary file beside it and renamed into place. Failures carry the
/// system's reason ("Permission denied"), not an error object's dump.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): cannot be written (\(reason))" }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = written < 0 ? String(cString: strerror(errno)) : "short write (is the disk full?)"
                close(descriptor)
                unlink(temporary)
                throw WriteError(path: path, reason: reason)
            }
            offset += written
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
