import CGlanceLinux
#if canImport(Glibc)
import Glibc
#endif

/// What each thread is doing, kept where a crash can still write it down: the handler for
/// the fatal signals (`CGlanceCrash.c`) writes the crashing thread's note, the signal and
/// the Swift runtime's fatal error message into a file opened beforehand, using only
/// async-signal-safe calls, then lets the runtime's backtracer run with its report going
/// to a second file. Setting a note copies its bytes into the thread's own buffer: no
/// system call, no allocation, nothing written while nothing crashes.
package enum CrashNotes {
    /// A note formatted once; it is copied as it is each time a thread takes it up.
    package struct Note: Sendable, Hashable {
        package let bytes: [UInt8]
        package init(_ text: String) { bytes = Array(text.utf8) }
    }

    /// The calling thread is doing what `note` says until another note or `clear()`.
    package static func set(_ note: Note) {
        note.bytes.withUnsafeBufferPointer { glance_crash_note_set($0.baseAddress, $0.count) }
    }

    /// The calling thread is doing nothing a crash should be blamed on.
    package static func clear() { glance_crash_note_set(nil, 0) }

    /// Whether the handler is installed in this process.
    package static var isArmed: Bool { glance_crash_armed() != 0 }

    /// Installs the handler in front of the ones there now (the Swift runtime's
    /// backtracer, which still runs after it): a crash writes its record to
    /// `recordDescriptor`, says `announce` on stderr, and sends the backtracer's report to
    /// `reportDescriptor` (nil: stderr stays). The descriptors must stay open. Throws the
    /// system's error number.
    package static func arm(recordDescriptor: Int32, reportDescriptor: Int32?, announce: String?) throws(CrashNoteError) {
        // Kept for the life of the process: the handler may need it at any moment.
        let text = announce.flatMap { strdup($0) }
        guard glance_crash_arm(recordDescriptor, reportDescriptor ?? -1, text) == 0 else { throw CrashNoteError(code: errno) }
    }

    /// Gives the calling thread a stack of its own for the handler, so that a stack
    /// overflow on it is still recorded (threads that run widget code call it once).
    package static func prepareThread() {
        guard isArmed else { return }
        _ = glance_crash_prepare_thread()
    }

    /// A thread that called `prepareThread` is about to end: its stack goes back.
    package static func releaseThread() { glance_crash_release_thread() }

    /// Writes the record the handler would write for `signal` on this thread, with
    /// `message` for the runtime's: the handler's own writer, for tests.
    package static func writeRecord(to descriptor: Int32, signal: Int32, message: String?) -> Bool {
        if let message { return message.withCString { glance_crash_write_record(descriptor, signal, $0) } == 0 }
        return glance_crash_write_record(descriptor, signal, nil) == 0
    }
}

/// A system call of the crash handler or the hang guard failed.
package struct CrashNoteError: Error, CustomStringConvertible {
    package let code: Int32
    package var description: String { SystemErrno(code).description }
}

/// Bounds how long one thread may stay in widget code (a placeholder or a view's body on
/// the daemon's thread, which nothing else bounds): a timer aimed at that thread that,
/// should it run out, aborts the process as a crash of that thread, marked hung, so that
/// the next start quarantines the slot it was working for. Armed and disarmed around each
/// piece of widget code (two `timer_settime` calls); a disarmed timer costs no wakeups.
package enum HangGuard {
    /// Makes the guard for the calling thread; only that thread's `arm` and `disarm` do
    /// anything afterwards.
    package static func install() throws(CrashNoteError) {
        guard glance_hang_guard_create() == 0 else { throw CrashNoteError(code: errno) }
    }

    /// The calling thread must leave widget code within `seconds`.
    package static func arm(seconds: Double) {
        _ = glance_hang_guard_arm(Int64(max(0.001, seconds) * 1000))
    }

    package static func disarm() { _ = glance_hang_guard_disarm() }
}

/// Bounds how long the daemon takes to stop: armed once stopping begins, it ends the
/// process with exit status 1 after `stop_timeout:` should a step of stopping not return
/// (a lock another thread holds, a thread that cannot be started at the thread limit, a
/// device that does not answer), writing on stderr which step it was in. A second SIGINT
/// or SIGTERM meanwhile ends the process at once.
package enum StopDeadline {
    /// Stopping has begun: the process is gone within `seconds` whatever happens.
    package static func arm(seconds: Double) throws(CrashNoteError) {
        guard glance_stop_deadline_arm(Int64((max(0.001, seconds) * 1000).rounded())) == 0 else { throw CrashNoteError(code: errno) }
    }

    /// What stopping does next, for the line the deadline writes ("closing the TRMNL
    /// server"); kept until the next step.
    package static func step(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { glance_stop_step_set($0.baseAddress, $0.count) }
    }
}
