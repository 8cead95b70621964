import Glibc

/// A fresh folder under /tmp for a test's files: written in place (open, truncate,
/// write, as a program appending to its log would), and removed with what is in it.
public struct ScratchFolder: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String

    /// Makes `/tmp/PREFIX-XXXXXX`.
    public init(prefix: String) throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) != nil }) else {
            throw Failure(description: "mkdtemp: \(String(cString: strerror(errno)))")
        }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `text` into the file `name` in this folder (replacing what it held, in
    /// place, not by a rename) and returns the file's path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "\(file): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        return file
    }

    /// Makes the folder `name` in this folder and returns its path.
    @discardableResult
    public func makeFolder(_ name: String) throws -> String {
        let folder = path + "/" + name
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw Failure(description: "\(folder): \(String(cString: strerror(errno)))") }
        return folder
    }

    /// Deletes the folder and what is in it (folders too).
    public func remove() { Self.remove(path) }

    /// Deletes `name` in this folder and what is in it, as `rm -r` does.
    public func remove(_ name: String) { Self.remove(path + "/" + name) }

    private static func remove(_ path: String) {
        guard let directory = opendir(path) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != "..", unlink(path + "/" + name) != 0, errno == EISDIR { remove(path + "/" + name) }
        }
        closedir(directory)
        rmdir(path)
    }
}
