import Glibc

/// Reading a file the daemon is given by name (a picture, a data file): opened with
/// `O_NONBLOCK`, so that a FIFO or a device at the path cannot hold the thread in
/// `open(2)`, then checked to be a regular file and no larger than a bound before a byte
/// is read, and read with the bound kept even if the file grows meanwhile.
package enum RegularFile {
    /// Why a file was not read, in words that follow its path.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Nothing at the path.
        case missing
        /// A FIFO, a folder, a device, a socket.
        case notRegular(kind: String)
        /// More than `limit` bytes.
        case tooLarge(limit: Int)
        /// The system's reason (permission, an I/O error).
        case unreadable(String)

        package var description: String {
            switch self {
            case .missing: "no such file"
            case .notRegular(let kind): "\(kind), not a regular file; not read"
            case .tooLarge(let limit): "larger than \(RegularFile.size(limit)); not read"
            case .unreadable(let reason): "cannot be read (\(reason))"
            }
        }
    }

    /// The contents of the regular file at `path`, at most `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(Refusal) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .unreadable(SystemErrno(code).description)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(SystemErrno(errno).description) }
        if let kind = kind(of: info.st_mode) { throw .notRegular(kind: kind) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(limit: limit) }
        // One byte past the bound tells a file that grew since fstat from one that did not.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
                bytes += [UInt8](repeating: 0, count: min(64 << 10, limit + 1 - bytes.count))
            }
            let got = retryingInterrupted { bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) } }
            if got < 0 { throw .unreadable(SystemErrno(errno).description) }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw .tooLarge(limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// What a file of `mode` is, when it is not a regular file ("a FIFO"); nil for a
    /// regular file.
    package static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }

    /// "4 MiB", "512 KiB", "300 bytes".
    package static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
