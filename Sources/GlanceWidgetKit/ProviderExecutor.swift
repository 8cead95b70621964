import GlanceSystem
import GlanceTime

/// Runs the async parts of providers (`AppIntentTimelineProvider`) on one thread of
/// Glance's own.
///
/// On Linux the first task that reaches the global concurrent executor starts a
/// libdispatch worker pool, and with it a monitor timer that wakes the process every
/// second for as long as it lives: sixty wakeups a minute on a display that should
/// sleep for hours. Tasks that prefer this executor never touch that pool. The thread
/// sleeps on a condition variable with no timeout while there is no work.
///
/// The thread holds the executor while it runs, and runs until `retire()`: whoever
/// makes an executor retires it when it is done with it (a slot when it is released,
/// the intent runner with its host), or the thread waits for work for ever.
package final class ProviderExecutor: TaskExecutor, @unchecked Sendable {
    package static let shared = ProviderExecutor()

    private let condition = ConditionLock()
    private var jobs: [UnownedJob] = []
    private var started = false
    /// A job is on the thread now (a provider that blocks keeps it there).
    private var running = false
    /// No more work comes: the thread ends once the queue is empty.
    private var retired = false
    /// What the thread says it is doing while it runs a job, should the process crash
    /// (`CrashNotes`): the slot and phase it works for; changed by `noteChanges`.
    private var note: CrashNotes.Note?
    private var noteChanges = 0
    private var name: String?
    private var slot: String?
    private var slotLog: ((String) -> Void)?

    /// What the thread is called (`top -H`, `/proc/PID/task/*/comm`: 15 bytes), taken up
    /// when it starts: a slot's executor is named after the slot, so a busy or stuck
    /// provider can be told apart from the others.
    package var threadName: String? {
        get { condition.withLock { name } }
        set { condition.withLock { name = newValue } }
    }

    /// The slot the thread works for: widget code's `os.Logger` lines carry its name.
    package var slotName: String? {
        get { condition.withLock { slot } }
        set { condition.withLock { slot = newValue } }
    }

    /// Where the thread's widget log lines go (the host's log; nil: the process's).
    package var log: ((String) -> Void)? {
        get { condition.withLock { slotLog } }
        set { condition.withLock { slotLog = newValue } }
    }

    /// The note the thread takes up before its next job: which slot's provider (or
    /// intent) it runs, so that a crash on it is blamed on that slot.
    package var crashNote: CrashNotes.Note? {
        get { condition.withLock { note } }
        set {
            condition.withLock {
                note = newValue
                noteChanges += 1
            }
        }
    }

    /// A separate executor with its own thread (intents run on one, so that an intent
    /// that blocks its thread cannot hold up providers).
    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        if !started {
            started = true
            // Strong: the thread needs the lock and the queue until it ends.
            startThread { self.runJobs() }
        }
        condition.signal()
        condition.unlock()
    }

    /// Whether the executor's thread is running now (started by a job, not yet ended).
    package var hasThread: Bool { condition.withLock { started } }

    /// Whether a job is running or waiting: a provider call that has not returned.
    package var isBusy: Bool { condition.withLock { running || !jobs.isEmpty } }

    /// Lets the thread end once it has run what it has (an executor given up on after a
    /// provider blocked it); a task that prefers it later still runs, on a new thread.
    package func retire() {
        condition.withLock {
            retired = true
            condition.signal()
        }
    }

    private func runJobs() {
        CrashNotes.prepareThread()
        if let name = threadName { nameThisThread(name) }
        // The note this thread holds: taken up again only when it changed.
        var noteTaken = -1
        while true {
            condition.lock()
            running = false
            if jobs.isEmpty {
                // Idle until the next wake, usually minutes: the stack pages the provider
                // dirtied (ICU's formats, a parser's recursion) go back meanwhile.
                condition.unlock()
                Allocator.releaseStack()
                condition.lock()
            }
            while jobs.isEmpty {
                if retired {
                    started = false
                    condition.unlock()
                    CrashNotes.releaseThread()
                    return
                }
                condition.wait()
            }
            let job = jobs.removeFirst()
            running = true
            let noteChanged = noteTaken != noteChanges
            let note = self.note
            let slot = self.slot
            let slotLog = self.slotLog
            noteTaken = noteChanges
            condition.unlock()
            SlotLog.setSlot(slot, log: slotLog)
            if noteChanged {
                if let note { CrashNotes.set(note) } else { CrashNotes.clear() }
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
