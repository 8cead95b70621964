import FoundationEssentials
import GlanceSystem
import Glibc

/// Where a crash leaves its record: `state_dir/crash/`, two files a process opened before
/// any widget code runs: `record-PID` (the handler's record, `CrashNotes`) and
/// `backtrace-PID.txt` (the Swift runtime's backtracer writes its report there instead of
/// to stderr). A process that stops cleanly removes both; the next start reads those of
/// processes that no longer run. A file per process, so a `glance run --once` beside the
/// daemon never empties the daemon's.
package enum CrashRecorder {
    /// The reports kept for people to read (the newest; older ones are removed).
    static let reportsKept = 8

    package static func folder(in stateDirectory: String) -> String { stateDirectory + "/crash" }

    /// This process's two files, once armed.
    nonisolated(unsafe) private static var ownFiles: (record: String, report: String)?

    /// Opens this process's files and installs the handler; a failure (a read-only state
    /// folder) is for one log line: the display runs, but a crash is not quarantined.
    package static func arm(stateDirectory: String) throws(AtomicFile.WriteError) {
        let folder = folder(in: stateDirectory)
        try AtomicFile.makeFolders(folder, mode: 0o700)
        let pid = getpid()
        let record = "\(folder)/record-\(pid)", report = "\(folder)/backtrace-\(pid).txt"
        let recordDescriptor = try open(record)
        let reportDescriptor: Int32
        do {
            reportDescriptor = try open(report)
        } catch {
            close(recordDescriptor)
            unlink(record)
            throw error
        }
        do {
            try CrashNotes.arm(recordDescriptor: recordDescriptor, reportDescriptor: reportDescriptor,
                               announce: "glance: crashed; the backtrace is in \(report), and the next start reads it\n")
        } catch {
            close(recordDescriptor)
            close(reportDescriptor)
            unlink(record)
            unlink(report)
            throw AtomicFile.WriteError(path: record, reason: "cannot install the crash handler: \(error)", code: error.code)
        }
        ownFiles = (record, report)
    }

    /// A clean stop: this process's files go (they are empty).
    package static func removeOwnFiles() {
        guard let (record, report) = ownFiles else { return }
        unlink(record)
        unlink(report)
    }

    /// What runs that crashed left, oldest first. Records are removed once read; the
    /// reports of crashes stay (the newest few) and are named in what is said; empty
    /// files of runs that were killed or stopped without removing them are removed.
    package static func collect(stateDirectory: String) -> [CrashRecord] {
        let folder = folder(in: stateDirectory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [(modified: Double, record: CrashRecord)] = []
        for name in names where name.hasPrefix("record-") {
            guard let pid = Int32(name.dropFirst(7)), pid > 0, pid != getpid(), !isRunning(pid) else { continue }
            let recordPath = "\(folder)/\(name)", reportPath = "\(folder)/backtrace-\(pid).txt"
            let text = read(recordPath)
            let report = read(reportPath)
            let modified = modificationTime(recordPath)
            unlink(recordPath)
            guard let text, !text.isEmpty,
                  let record = CrashRecord(record: text, report: report, backtracePath: report?.isEmpty == false ? reportPath : nil) else {
                if report?.isEmpty ?? true { unlink(reportPath) }
                continue
            }
            found.append((modified, record))
        }
        pruneReports(in: folder)
        return found.sorted { $0.modified < $1.modified }.map(\.record)
    }

    /// Keeps the newest reports of crashes (never this process's own, nor a running one's).
    private static func pruneReports(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let reports = names.filter { $0.hasPrefix("backtrace-") && $0.hasSuffix(".txt") }.compactMap { name -> (String, Double)? in
            guard let pid = Int32(name.dropFirst(10).dropLast(4)), pid != getpid(), !isRunning(pid) else { return nil }
            let path = "\(folder)/\(name)"
            return (path, modificationTime(path))
        }
        for (path, _) in reports.sorted(by: { $0.1 > $1.1 }).dropFirst(reportsKept) { unlink(path) }
    }

    private static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }

    /// Seconds since the epoch of the file's last change (0 when it cannot be read).
    private static func modificationTime(_ path: String) -> Double {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// A file of this process's, empty, owner only, never through a planted link.
    private static func open(_ path: String) throws(AtomicFile.WriteError) -> Int32 {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw AtomicFile.WriteError(path: path, reason: SystemErrno(code).description, code: code)
        }
        return descriptor
    }

    /// A regular file's text (at most 4 MiB), never through a link.
    /// A record or report, when it is the daemon's own regular file (a FIFO planted in
    /// the crash folder must not hold start-up in open(2)); at most 4 MiB.
    private static func read(_ path: String) -> String? {
        guard let bytes = try? StateDirectory.readOwnFile(path, limit: 4 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
