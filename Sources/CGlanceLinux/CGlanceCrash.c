#define _GNU_SOURCE
#include "CGlanceCrash.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// The Swift runtime keeps its last fatal error message here (Swift 5.9 and later off
// Apple platforms); weak, so a runtime without it leaves the pointer NULL.
extern void *swift_getFatalErrorMessageBuffer(void) __attribute__((weak));

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

static const int crash_signals[] = { SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV };
#define CRASH_SIGNAL_COUNT (sizeof(crash_signals) / sizeof(crash_signals[0]))

static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];
static int note_descriptor = -1;
static int report_descriptor = -1;
static const char *announcement;
static const char **fatal_message;
static atomic_int armed;
static atomic_int crashing;
static volatile sig_atomic_t hang_guard_fired;
// How long the guard that fired gave, in milliseconds (for the record).
static volatile int hang_guard_milliseconds;

// Initial-exec: reading it in a signal handler never allocates.
static __thread char thread_note[GLANCE_CRASH_NOTE_MAX] __attribute__((tls_model("initial-exec")));
static __thread volatile size_t thread_note_length __attribute__((tls_model("initial-exec")));

void glance_crash_note_set(const void *bytes, size_t length) {
    if (length > GLANCE_CRASH_NOTE_MAX) length = GLANCE_CRASH_NOTE_MAX;
    // A handler that interrupts the copy (the hang guard) sees no note, never half of one.
    thread_note_length = 0;
    atomic_signal_fence(memory_order_seq_cst);
    if (length > 0) memcpy(thread_note, bytes, length);
    atomic_signal_fence(memory_order_seq_cst);
    thread_note_length = length;
}

static int write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return -1;
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}

static int write_text(int fd, const char *text) { return write_all(fd, text, strlen(text)); }

static int write_number(int fd, int value) {
    char digits[16];
    size_t at = sizeof(digits);
    unsigned magnitude = value < 0 ? (unsigned)(-value) : (unsigned)value;
    do {
        digits[--at] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0 && at > 1);
    if (value < 0) digits[--at] = '-';
    return write_all(fd, digits + at, sizeof(digits) - at);
}

static const char *runtime_message(void) {
    if (!fatal_message) return NULL;
    return __atomic_load_n(fatal_message, __ATOMIC_SEQ_CST);
}

int glance_crash_write_record(int fd, int signal_number, const char *message) {
    int failed = 0;
    failed |= write_text(fd, "glance-crash 1\nsignal: ");
    failed |= write_number(fd, signal_number);
    failed |= write_text(fd, "\n");
    if (hang_guard_fired) {
        failed |= write_text(fd, "hung: ");
        failed |= write_number(fd, hang_guard_milliseconds);
        failed |= write_text(fd, "\n");
    }
    failed |= write_text(fd, "note: ");
    size_t length = thread_note_length;
    atomic_signal_fence(memory_order_seq_cst);
    if (length > 0) failed |= write_all(fd, thread_note, length);
    failed |= write_text(fd, "\nmessage: ");
    if (!message) message = runtime_message();
    if (message) failed |= write_text(fd, message);
    return failed ? -1 : 0;
}

static struct sigaction *previous_action(int signal_number) {
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
        if (crash_signals[index] == signal_number) return &previous_actions[index];
    }
    return NULL;
}

static void crash_handler(int signal_number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    // The first thread to crash writes the record; another one that crashes meanwhile
    // goes straight on to the backtracer, which stops every thread but one.
    if (atomic_exchange(&crashing, 1) == 0) {
        if (note_descriptor >= 0) {
            // The page cache keeps it for the next start; no fsync on the way down.
            glance_crash_write_record(note_descriptor, signal_number, NULL);
        }
        if (announcement) write_text(STDERR_FILENO, announcement);
        if (report_descriptor >= 0) dup2(report_descriptor, STDERR_FILENO);
    }
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) sigaction(crash_signals[index], &previous_actions[index], NULL);
    struct sigaction *previous = previous_action(signal_number);
    errno = saved_errno;
    if (previous && (previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction) {
        previous->sa_sigaction(signal_number, info, context);
    } else if (previous && previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(signal_number);
    }
    // A fault happens again when the handler returns, now with the default action; a
    // signal that was sent (kill, raise, abort) does not, so it is raised again.
    if (!info || info->si_code <= 0) {
        signal(signal_number, SIG_DFL);
        raise(signal_number);
    }
}

int glance_crash_arm(int note_fd, int report_fd, const char *announce) {
    note_descriptor = note_fd;
    report_descriptor = report_fd;
    announcement = announce;
    if (swift_getFatalErrorMessageBuffer) fatal_message = (const char **)swift_getFatalErrorMessageBuffer();
    if (atomic_load(&armed)) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = crash_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
        if (sigaction(crash_signals[index], &action, &previous_actions[index]) != 0) {
            int saved = errno;
            while (index-- > 0) sigaction(crash_signals[index], &previous_actions[index], NULL);
            errno = saved;
            return -1;
        }
    }
    // A blocked fault signal kills without running any handler; a parent may have left
    // them blocked (a test runner does). Threads started later inherit the mask.
    sigset_t faults;
    sigemptyset(&faults);
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) sigaddset(&faults, crash_signals[index]);
    pthread_sigmask(SIG_UNBLOCK, &faults, NULL);
    atomic_store(&armed, 1);
    return 0;
}

int glance_crash_armed(void) { return atomic_load(&armed); }

// The alternate stack glance_crash_prepare_thread mapped for this thread, if any.
static __thread void *own_alternate_stack __attribute__((tls_model("initial-exec")));
#define ALTERNATE_STACK_SIZE (64 * 1024)

int glance_crash_prepare_thread(void) {
    stack_t existing;
    if (sigaltstack(NULL, &existing) != 0) return -1;
    if (existing.ss_sp != NULL && !(existing.ss_flags & SS_DISABLE)) return 0;
    // The handler and the runtime's, which starts the backtracer, run on it.
    void *stack = mmap(NULL, ALTERNATE_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED) return -1;
    stack_t alternate = { .ss_sp = stack, .ss_flags = 0, .ss_size = ALTERNATE_STACK_SIZE };
    if (sigaltstack(&alternate, NULL) != 0) {
        int saved = errno;
        munmap(stack, ALTERNATE_STACK_SIZE);
        errno = saved;
        return -1;
    }
    own_alternate_stack = stack;
    return 0;
}

void glance_crash_release_thread(void) {
    if (!own_alternate_stack) return;
    stack_t off = { .ss_sp = NULL, .ss_flags = SS_DISABLE, .ss_size = 0 };
    if (sigaltstack(&off, NULL) == 0) munmap(own_alternate_stack, ALTERNATE_STACK_SIZE);
    own_alternate_stack = NULL;
}

// The hang guard: one timer, aimed at the thread that made it.
static timer_t hang_timer;
static atomic_int hang_timer_made;
static atomic_int hang_guard_armed;
// Only the thread the timer aims at arms it.
static __thread int hang_guard_owner __attribute__((tls_model("initial-exec")));

static void hang_handler(int signal_number, siginfo_t *info, void *context) {
    (void)signal_number;
    // A timer that ran out just as it was disarmed is not a hang.
    if (!atomic_load(&hang_guard_armed)) return;
    hang_guard_fired = 1;
    // A crash where the thread was stuck: the backtracer gets the interrupted context, so
    // its report starts in the code that did not return (abort() would start it here).
    crash_handler(SIGABRT, info, context);
    signal(SIGABRT, SIG_DFL);
    raise(SIGABRT);
}

int glance_hang_guard_create(void) {
    if (atomic_load(&hang_timer_made)) {
        if (hang_guard_owner) return 0;
        errno = EBUSY;
        return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = hang_handler;
    action.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGALRM, &action, NULL) != 0) return -1;
    struct sigevent event;
    memset(&event, 0, sizeof(event));
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = SIGALRM;
    event.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
    if (timer_create(CLOCK_MONOTONIC, &event, &hang_timer) != 0) return -1;
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &alarm, NULL);
    atomic_store(&hang_timer_made, 1);
    hang_guard_owner = 1;
    return 0;
}

int glance_hang_guard_arm(int64_t milliseconds) {
    if (!hang_guard_owner) return 0;
    if (milliseconds < 1) milliseconds = 1;
    struct itimerspec when;
    memset(&when, 0, sizeof(when));
    when.it_value.tv_sec = (time_t)(milliseconds / 1000);
    when.it_value.tv_nsec = (long)(milliseconds % 1000) * 1000000L;
    hang_guard_milliseconds = milliseconds > 3600000 ? 3600000 : (int)milliseconds;
    atomic_store(&hang_guard_armed, 1);
    return timer_settime(hang_timer, 0, &when, NULL);
}

int glance_hang_guard_disarm(void) {
    if (!hang_guard_owner) return 0;
    atomic_store(&hang_guard_armed, 0);
    struct itimerspec never;
    memset(&never, 0, sizeof(never));
    return timer_settime(hang_timer, 0, &never, NULL);
}

// The stop deadline: a process-wide timer on a real-time signal of its own (SIGALRM is the
// hang guard's), whose handler uses only write(2) and _exit(2).
static char stop_step[120];
static volatile size_t stop_step_length;
static volatile int stop_deadline_milliseconds;
static timer_t stop_timer;
static atomic_int stop_timer_made;

void glance_stop_step_set(const void *bytes, size_t length) {
    if (length > sizeof(stop_step)) length = sizeof(stop_step);
    stop_step_length = 0;
    atomic_signal_fence(memory_order_seq_cst);
    if (length > 0) memcpy(stop_step, bytes, length);
    atomic_signal_fence(memory_order_seq_cst);
    stop_step_length = length;
}

static void stop_deadline_handler(int signal_number) {
    (void)signal_number;
    int milliseconds = stop_deadline_milliseconds;
    write_text(2, "glance: still stopping after ");
    if (milliseconds % 1000 == 0) {
        write_number(2, milliseconds / 1000);
        write_text(2, " s");
    } else {
        write_number(2, milliseconds);
        write_text(2, " ms");
    }
    write_text(2, " (stop_timeout)");
    size_t length = stop_step_length;
    if (length > 0) {
        write_text(2, ", stuck ");
        write_all(2, stop_step, length);
    }
    write_text(2, "; exiting without finishing\n");
    _exit(1);
}

int glance_stop_deadline_arm(int64_t milliseconds) {
    if (milliseconds < 1) milliseconds = 1;
    if (milliseconds > 3600000) milliseconds = 3600000;
    int signal_number = SIGRTMIN + 3;
    if (!atomic_load(&stop_timer_made)) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_handler = stop_deadline_handler;
        action.sa_flags = SA_RESTART | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        if (sigaction(signal_number, &action, NULL) != 0) return -1;
        struct sigevent event;
        memset(&event, 0, sizeof(event));
        event.sigev_notify = SIGEV_THREAD_ID;
        event.sigev_signo = signal_number;
        event.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
        if (timer_create(CLOCK_MONOTONIC, &event, &stop_timer) != 0) return -1;
        atomic_store(&stop_timer_made, 1);
    }
    // A second SIGINT or SIGTERM ends the process at once (the daemon's signalfd no
    // longer reads them); the deadline's own signal reaches this thread.
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
    stop_deadline_milliseconds = (int)milliseconds;
    struct itimerspec when;
    memset(&when, 0, sizeof(when));
    when.it_value.tv_sec = (time_t)(milliseconds / 1000);
    when.it_value.tv_nsec = (long)(milliseconds % 1000) * 1000000L;
    return timer_settime(stop_timer, 0, &when, NULL);
}
