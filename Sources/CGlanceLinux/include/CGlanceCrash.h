#ifndef CGLANCECRASH_H
#define CGLANCECRASH_H

#include <stddef.h>
#include <stdint.h>

// What a crash leaves behind: each thread says what it is doing (a widget's slot and
// phase, as bytes formatted beforehand), and a handler for the fatal signals writes the
// crashing thread's note into a file that is open already, with only async-signal-safe
// calls, before the handler that was there (the Swift runtime's backtracer) runs.

// The most bytes a thread's note keeps (longer notes are cut).
#define GLANCE_CRASH_NOTE_MAX 1024

// Installs the handler for SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE and SIGSEGV, in front
// of the handlers installed now, which it calls afterwards. At a crash it writes to
// `note_fd`:
//   glance-crash 1
//   signal: N
//   hung: MS                    (only when the hang guard fired: its milliseconds)
//   note: <the crashing thread's note, or nothing>
//   message: <the Swift runtime's fatal error message, to the end of the file>
// then writes `announce` (NULL: nothing) to stderr, and, when `report_fd` >= 0, makes
// `report_fd` the process's stderr, so that the backtracer's report goes there.
// `note_fd`, `report_fd` and `announce` must stay valid. Unblocks those signals for the
// calling thread (and the threads it starts later). Returns 0, or -1 with errno.
int glance_crash_arm(int note_fd, int report_fd, const char *announce);

// Whether glance_crash_arm succeeded in this process.
int glance_crash_armed(void);

// Sets the calling thread's note (copied, cut at GLANCE_CRASH_NOTE_MAX bytes); a length
// of 0 clears it.
void glance_crash_note_set(const void *bytes, size_t length);

// Gives the calling thread an alternate signal stack, so that a stack overflow still
// reaches the handler (the Swift runtime gives one to the main thread only). 0 or -1.
int glance_crash_prepare_thread(void);
// Gives back the stack glance_crash_prepare_thread made (a thread about to end).
void glance_crash_release_thread(void);

// Writes the record the handler writes for `signal_number` (the calling thread's note,
// `message`, or the runtime's message when NULL) to `fd`: the handler's own writer, for
// tests. Returns 0, or -1 when a write failed.
int glance_crash_write_record(int fd, int signal_number, const char *message);

// The hang guard: a timer that, when it runs out (SIGALRM, unblocked for that thread),
// aborts the process as a crash of the thread that made it, marked hung (the backtrace then shows where that thread was
// stuck). Made once, for the calling thread (another thread's create fails with EBUSY);
// armed for `milliseconds` from now, disarmed again; on any other thread, and before it
// is made, arming and disarming do nothing. Each returns 0, or -1 with errno.
int glance_hang_guard_create(void);
int glance_hang_guard_arm(int64_t milliseconds);
int glance_hang_guard_disarm(void);

// The stop deadline: once the daemon has begun to stop, a timer that ends the process
// with `_exit(1)` after `milliseconds`, writing on stderr which step of stopping it was
// still in (the last `glance_stop_step_set`), whatever holds the threads (a lock, a
// thread that cannot be started, a device that does not answer). Arming it also gives
// SIGINT and SIGTERM back their default action on the calling thread, so that asking a
// second time ends the process at once. Returns 0, or -1 with errno.
int glance_stop_deadline_arm(int64_t milliseconds);
// What stopping is doing now (copied; at most 120 bytes are kept).
void glance_stop_step_set(const void *bytes, size_t length);

#endif
