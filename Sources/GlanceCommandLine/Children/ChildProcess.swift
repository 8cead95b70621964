import GlanceSystem
import GlanceRender
import ArgumentParser
import FoundationEssentials
import GlanceEmulators
import GlanceDisplays
import GlanceGraphics
import GlanceHardware
import GlanceHost
import GlanceText
import GlanceUI
import GlanceWidgetKit
import GlanceWidgets
import GlanceTime
import Glibc
import GlanceRunner

/// The number of a `Name:  value kB` line of a /proc file (`status`, `smaps_rollup`);
/// 0 when it is not there.
func procField(_ name: String, in text: String) -> Int {
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
        return Int(String(line.dropFirst(name.count + 1).filter(\.isNumber))) ?? 0
    }
    return 0
}

/// Sleeps the calling thread.
func pause(seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}

/// This executable started again as a child (posix_spawn), its stderr on a pipe.
final class ChildProcess {
    let pid: pid_t
    private let stderrRead: Int32
    private var buffer: [UInt8] = []
    private var announcementsSeen = 0
    private var exitStatus: Int32?

    init(arguments: [String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw RuntimeError(message: "pipe: \(SystemErrno(errno).description)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let executable = "/proc/self/exe"
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            throw RuntimeError(message: "cannot start glance: \(SystemErrno(result).description)")
        }
        pid = child
        stderrRead = pipeEnds[0]
    }

    deinit { close(stderrRead) }

    var output: String { String(decoding: buffer, as: UTF8.self) }

    /// The whole lines of output from byte `offset` on, and the offset after them: for a
    /// long run that reads each line once.
    func lines(from offset: Int) -> (lines: [Substring], next: Int) {
        guard let end = buffer.lastIndex(of: UInt8(ascii: "\n")), end >= offset else { return ([], offset) }
        let text = String(decoding: buffer[offset..<end], as: UTF8.self)
        return (text.split(separator: "\n"), end + 1)
    }

    /// The instant of the next "next wake:" line the child prints, waiting up to `timeout` s.
    func nextWakeAnnouncement(timeout: Double) -> Date? {
        let deadline = Date.now.addingTimeInterval(timeout)
        let prefix = "glance: next wake: "
        while true {
            let announcements = output.split(separator: "\n").filter { $0.hasPrefix(prefix) }
            if announcements.count > announcementsSeen {
                let text = String(announcements[announcementsSeen].dropFirst(prefix.count))
                announcementsSeen += 1
                // "none scheduled" never ends the idle window.
                return parseISO8601Instant(text) ?? .distantFuture
            }
            let left = deadline.timeIntervalSince(.now)
            if left <= 0 { return nil }
            var descriptor = pollfd(fd: stderrRead, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(left, 1) * 1000)) >= 0 else { return nil }
            if descriptor.revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(stderrRead, &chunk, chunk.count)
                if count <= 0 { return nil }
                buffer += chunk[..<count]
            }
        }
    }

    /// Reads what the child has written to stderr so far, waiting up to `timeout` s for
    /// the first bytes; returns how many bytes came. A child that logs while nobody reads
    /// would block once the pipe is full, so a long run calls this often.
    @discardableResult
    func drain(timeout: Double = 0) -> Int {
        var total = 0
        var wait = Int32(timeout * 1000)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptor = pollfd(fd: stderrRead, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, wait) > 0, descriptor.revents != 0 else { return total }
            let count = read(stderrRead, &chunk, chunk.count)
            guard count > 0 else { return total }
            buffer += chunk[..<count]
            total += count
            wait = 0
        }
    }

    /// The exit status if the child has exited (reaped here), else nil.
    func exitStatusIfExited() -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
    }

    /// Waits for the child to exit on its own (its stderr read meanwhile); returns the
    /// exit status.
    func waitForExit() -> Int32 {
        if let exitStatus { return exitStatus }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(stderrRead, &chunk, chunk.count)
            if count > 0 { buffer += chunk[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        _ = retryingInterrupted { waitpid(pid, &status, 0) }
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
    }

    /// SIGTERM, then waits for the exit; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if let exitStatus { return exitStatus }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = retryingInterrupted { waitpid(pid, &status, 0) }
        // WEXITSTATUS; a death by signal shows as 128 + the signal, as shells do.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
    }
}

/// Runs a program found on PATH to completion; its standard output and error together.
enum ChildCommand {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw RuntimeError(message: "pipe: \(SystemErrno(errno).description)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &actions, nil, argv, environ)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard result == 0 else { throw RuntimeError(message: "cannot start \(arguments[0]): \(SystemErrno(result).description)") }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = retryingInterrupted { chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) } }
            guard count > 0 else { break }
            output += chunk[0..<count]
        }
        var status: Int32 = 0
        _ = retryingInterrupted { waitpid(child, &status, 0) }
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, String(decoding: output, as: UTF8.self))
    }
}
