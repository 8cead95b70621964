#define _GNU_SOURCE
#include "CGlanceLinux.h"

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/spi/spidev.h>

int glance_realtime_timerfd_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
}

int glance_realtime_timerfd_arm(int fd, int64_t seconds, int64_t nanoseconds) {
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = (time_t)seconds;
    spec.it_value.tv_nsec = (long)nanoseconds;
    // A zero it_value would disarm the timer; an instant in the past fires at once.
    if (spec.it_value.tv_sec <= 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

int glance_timerfd_read(int fd, int *cancelled) {
    uint64_t expirations = 0;
    *cancelled = 0;
    ssize_t n;
    do {
        n = read(fd, &expirations, sizeof expirations);
    } while (n < 0 && errno == EINTR);
    if (n < 0 && errno == ECANCELED) {
        *cancelled = 1;
        return 0;
    }
    if (n < 0 && errno == EAGAIN) return 0;
    return n < 0 ? -1 : 0;
}

int glance_termination_signalfd(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    // SIGHUP re-reads the configuration, unless the daemon was started with it ignored
    // (nohup): then it stays ignored.
    struct sigaction hangup;
    if (sigaction(SIGHUP, NULL, &hangup) == 0 && hangup.sa_handler != SIG_IGN) sigaddset(&set, SIGHUP);
    // A closed pipe on stdout or stderr (`glance run | head`) is a failed write, not death.
    signal(SIGPIPE, SIG_IGN);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

int glance_hangup_ignored(void) {
    struct sigaction hangup;
    return sigaction(SIGHUP, NULL, &hangup) == 0 && hangup.sa_handler == SIG_IGN;
}

int glance_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n;
    do {
        n = read(fd, &info, sizeof info);
    } while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : -1;
}

int glance_eventfd_create(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

int glance_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t n;
    do {
        n = write(fd, &one, sizeof one);
    } while (n < 0 && errno == EINTR);
    // EAGAIN means the counter is saturated: the reader will wake anyway.
    return (n < 0 && errno != EAGAIN) ? -1 : 0;
}

int glance_eventfd_drain(int fd) {
    uint64_t value;
    ssize_t n;
    do {
        n = read(fd, &value, sizeof value);
    } while (n < 0 && errno == EINTR);
    return (n < 0 && errno != EAGAIN) ? -1 : 0;
}

int glance_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int glance_epoll_add(int epfd, int fd, uint64_t token) {
    struct epoll_event event = {0};
    event.events = EPOLLIN;
    event.data.u64 = token;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

int glance_epoll_remove(int epfd, int fd) {
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
}

int glance_epoll_modify(int epfd, int fd, uint64_t token, int writable) {
    struct epoll_event event = {0};
    event.events = EPOLLIN | (writable ? EPOLLOUT : 0);
    event.data.u64 = token;
    return epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &event);
}

int glance_monotonic_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
}

int glance_timerfd_arm_after(int fd, int64_t milliseconds) {
    struct itimerspec spec = {0};
    if (milliseconds <= 0) {
        spec.it_value.tv_nsec = 1;
    } else {
        spec.it_value.tv_sec = (time_t)(milliseconds / 1000);
        spec.it_value.tv_nsec = (long)(milliseconds % 1000) * 1000000L;
    }
    return timerfd_settime(fd, 0, &spec, NULL);
}

int glance_timerfd_disarm(int fd) {
    struct itimerspec spec = {0};
    return timerfd_settime(fd, 0, &spec, NULL);
}

int glance_epoll_wait_one(int epfd, int timeout_ms, uint64_t *token) {
    struct epoll_event event;
    int n;
    do {
        n = epoll_wait(epfd, &event, 1, timeout_ms);
    } while (n < 0 && errno == EINTR);
    if (n == 1) *token = event.data.u64;
    return n;
}

int glance_spi_configure(int fd, uint8_t mode, uint32_t speed_hz) {
    uint8_t bits = 8;
    if (ioctl(fd, SPI_IOC_WR_MODE, &mode) < 0) return -1;
    if (ioctl(fd, SPI_IOC_WR_BITS_PER_WORD, &bits) < 0) return -1;
    if (ioctl(fd, SPI_IOC_WR_MAX_SPEED_HZ, &speed_hz) < 0) return -1;
    return 0;
}

int glance_spi_write(int fd, const uint8_t *bytes, uint32_t length, uint32_t speed_hz) {
    struct spi_ioc_transfer transfer;
    memset(&transfer, 0, sizeof transfer);
    transfer.tx_buf = (uint64_t)(uintptr_t)bytes;
    transfer.len = length;
    transfer.speed_hz = speed_hz;
    transfer.bits_per_word = 8;
    int result = ioctl(fd, SPI_IOC_MESSAGE(1), &transfer);
    return result < 0 ? -1 : 0;
}

int glance_fb_get_info(int fd, glance_fb_info *info) {
    struct fb_var_screeninfo var;
    struct fb_fix_screeninfo fix;
    if (ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0) return -1;
    if (ioctl(fd, FBIOGET_FSCREENINFO, &fix) < 0) return -1;
    memset(info, 0, sizeof *info);
    info->width = var.xres;
    info->height = var.yres;
    info->virtual_width = var.xres_virtual;
    info->bits_per_pixel = var.bits_per_pixel;
    info->line_length = fix.line_length;
    info->memory_length = fix.smem_len;
    info->red_offset = var.red.offset;
    info->red_length = var.red.length;
    info->green_offset = var.green.offset;
    info->green_length = var.green.length;
    info->blue_offset = var.blue.offset;
    info->blue_length = var.blue.length;
    info->grayscale = var.grayscale;
    info->visual = fix.visual;
    memcpy(info->id, fix.id, sizeof fix.id);
    info->id[16] = '\0';
    return 0;
}

int glance_fb_pan_to_origin(int fd) {
    struct fb_var_screeninfo var;
    if (ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0) return -1;
    var.xoffset = 0;
    var.yoffset = 0;
    return ioctl(fd, FBIOPAN_DISPLAY, &var);
}

int glance_fb_blank(int fd, int blank) {
    return ioctl(fd, FBIOBLANK, blank ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK);
}

int glance_console_graphics(int fd, int graphics) {
    return ioctl(fd, KDSETMODE, graphics ? KD_GRAPHICS : KD_TEXT);
}

/* Unix stream sockets for the control socket (sockaddr_un is awkward from Swift). */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

static int glance_unix_address(const char *path, struct sockaddr_un *address) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    if (strlen(path) >= sizeof address->sun_path) { errno = ENAMETOOLONG; return -1; }
    strcpy(address->sun_path, path);
    return 0;
}

int glance_unix_listen(const char *path, int backlog) { return glance_unix_listen_mode(path, backlog, 0600); }

int glance_unix_listen_mode(const char *path, int backlog, unsigned mode) {
    struct sockaddr_un address;
    if (glance_unix_address(path, &address) < 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    /* Created 0600 (no window where others could connect), then listening. */
    mode_t old = umask(0177);
    int bound = bind(fd, (struct sockaddr *)&address, sizeof address);
    umask(old);
    if (bound < 0 || chmod(path, (mode_t)mode) < 0 || listen(fd, backlog) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int glance_unix_connect(const char *path) {
    struct sockaddr_un address;
    if (glance_unix_address(path, &address) < 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int glance_unix_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }

int glance_peer_uid(int fd, uint32_t *uid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) < 0) return -1;
    *uid = credentials.uid;
    return 0;
}

#ifndef SO_PEERGROUPS
#define SO_PEERGROUPS 59
#endif

int glance_peer_identity(int fd, uint32_t *uid, uint32_t *gid, uint32_t *groups, int *count) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) < 0) return -1;
    *uid = credentials.uid;
    *gid = credentials.gid;
    socklen_t size = (socklen_t)(*count > 0 ? *count : 0) * sizeof(gid_t);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups, &size) < 0) {
        *count = -1;
    } else {
        *count = (int)(size / sizeof(gid_t));
    }
    return 0;
}

int glance_socket_timeouts(int fd, int milliseconds) {
    struct timeval tv = { milliseconds / 1000, (milliseconds % 1000) * 1000 };
    if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0) return -1;
    return setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

ssize_t glance_send(int fd, const void *bytes, size_t length) { return send(fd, bytes, length, MSG_NOSIGNAL | MSG_DONTWAIT); }

/* Linux input devices (evdev). */
#include <linux/input.h>

int glance_evdev_abs_range(int fd, int axis, int32_t *minimum, int32_t *maximum) {
    struct input_absinfo info;
    if (ioctl(fd, EVIOCGABS(axis), &info) < 0) return -1;
    *minimum = info.minimum;
    *maximum = info.maximum;
    return 0;
}

int glance_malloc_tune(size_t mmap_threshold, size_t trim_threshold, int arenas) {
    int ok = mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold);
    ok = mallopt(M_TRIM_THRESHOLD, (int)trim_threshold) && ok;
    ok = mallopt(M_ARENA_MAX, arenas) && ok;
    return ok ? 0 : -1;
}

void glance_malloc_release(void) { malloc_trim(0); }

#include <sys/mman.h>
#include <stdint.h>

int glance_release_stack_below(size_t keep) {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return -1;
    void *low = NULL;
    size_t size = 0;
    int result = pthread_attr_getstack(&attributes, &low, &size);
    pthread_attr_destroy(&attributes);
    if (result != 0) return -1;
    volatile char here = 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t here_address = (uintptr_t)&here;
    if (here_address < (uintptr_t)low + keep) return 0;
    uintptr_t top = (here_address - keep) & ~(page - 1);
    uintptr_t bottom = ((uintptr_t)low + page - 1) & ~(page - 1);
    if (top <= bottom) return 0;
    // The main thread's stack is mapped only as far down as it has grown: the rest of
    // the range is no mapping at all (glibc bounds it by the mapping below), which
    // madvise reports as ENOMEM after doing the mapped part.
    if (madvise((void *)bottom, top - bottom, MADV_DONTNEED) != 0 && errno != ENOMEM) return -1;
    return 0;
}

int glance_thread_name(const char *name) {
    char kept[16];
    strncpy(kept, name, sizeof(kept) - 1);
    kept[sizeof(kept) - 1] = 0;
    return pthread_setname_np(pthread_self(), kept);
}

#include <sched.h>

int glance_allowed_processors(int *out, int capacity) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++) {
        if (CPU_ISSET(cpu, &set)) out[count++] = cpu;
    }
    return count;
}

int glance_run_on(const int *processors, int count) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int index = 0; index < count; index++) {
        if (processors[index] >= 0 && processors[index] < CPU_SETSIZE) CPU_SET(processors[index], &set);
    }
    return sched_setaffinity(0, sizeof set, &set);
}
