import Glibc

/// Reads a file someone else may name (a widget's `file:` or picture, set through the
/// config, `glance set` or MQTT) with bounds: opened without waiting (a FIFO would hold
/// `open(2)` until a writer came), read only when it is a regular file, and only up to
/// `limit` bytes, checked before reading and again while reading (a file that grows).
package enum RegularFile {
    /// Why a file was not read; `description` is what to tell the person, without the path.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        /// A FIFO, a folder, a device or a socket: not read.
        case notRegular(kind: String)
        case tooLarge(limit: Int)
        case failed(errno: Int32)

        package var description: String {
            switch self {
            case .missing: "no such file"
            case .notRegular(let kind): "\(kind), not a regular file; not read"
            case .tooLarge(let limit): "larger than \(Self.size(limit)); not read"
            case .failed(let code): String(cString: strerror(code))
            }
        }

        /// `4 MiB`, or bytes when the limit is not whole mebibytes.
        static func size(_ bytes: Int) -> String {
            bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw errno == ENOENT ? .missing : .failed(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .failed(errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = switch info.st_mode & S_IFMT {
            case S_IFIFO: "a FIFO"
            case S_IFDIR: "a folder"
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFSOCK: "a socket"
            default: "not a plain file"
            }
            throw .notRegular(kind: kind)
        }
        if Int(info.st_size) > limit { throw .tooLarge(limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw .failed(errno: errno) }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
    }
}
