import GlanceSystem
import Glibc

/// Reads a configuration or board file, with a message for each way that can fail:
/// missing, a permission (naming the user who needs it), a directory, something that is
/// not a regular file, a symbolic-link loop, too large, not UTF-8.
package enum TextFile {
    /// Configurations are a few kilobytes; this keeps a wrong path (a disk image, a log)
    /// from being read whole.
    package static let largest = 1 << 20

    package static func read(_ path: String) throws(ConfigError) -> String {
        func fail(_ message: String) -> ConfigError { ConfigError(file: path, message: message) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw fail("no such file")
            case EACCES, EPERM:
                let user = getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "uid \(geteuid())"
                throw fail("permission denied: the user running glance (\(user)) cannot read it; let that user read it (chmod o+r \(path), or chgrp its group and chmod g+r) or move it where that user can")
            case ELOOP: throw fail("a loop of symbolic links; point the link at the file itself")
            default: throw fail("cannot be opened (\(SystemErrno(code).description))")
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw fail("cannot be read (\(SystemErrno(errno).description))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw fail("is a directory; name the YAML file in it")
        case S_IFIFO: throw fail("is a FIFO, not a regular file; name a YAML file")
        case S_IFCHR, S_IFBLK: throw fail("is a device, not a regular file; name a YAML file")
        default: throw fail("is not a regular file; name a YAML file")
        }
        guard info.st_size <= largest else {
            throw fail("is \(info.st_size) bytes, more than \(largest) (a configuration is a few kilobytes); is this the right file?")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let got = retryingInterrupted { bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) } }
            guard got > 0 else {
                if got == 0 { break }
                throw fail("cannot be read (\(SystemErrno(errno).description))")
            }
            count += got
        }
        let text = bytes.prefix(count)
        guard let decoded = String(validating: text, as: UTF8.self) else {
            // Where the first byte that is not UTF-8 is.
            var valid = 0
            var iterator = text.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            scan: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): valid += scalar.count
                case .emptyInput, .error: break scan
                }
            }
            let line = text.prefix(valid).filter { $0 == 0x0A }.count + 1
            throw ConfigError(file: path, line: line, column: 0, message: "is not UTF-8 text (a byte that is not UTF-8 on this line, at byte \(valid + 1)); save the file as UTF-8")
        }
        return decoded
    }
}
