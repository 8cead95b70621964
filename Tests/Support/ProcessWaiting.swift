import Foundation

extension Process {
    /// Runs the process and waits for it to end without blocking a thread: the test run's
    /// threads are one a core, and a test that blocks one on a child process holds up every
    /// other test meanwhile. (Its output goes to files, not pipes: a pipe nobody reads while
    /// it waits would fill and stop the child.)
    public func finished() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            terminationHandler = { _ in continuation.resume() }
            do {
                try run()
            } catch {
                terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}

extension FileHandle {
    /// A new empty file at `path`, open for writing: a child's output, read once it ended.
    public static func creating(_ path: String) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }
}
