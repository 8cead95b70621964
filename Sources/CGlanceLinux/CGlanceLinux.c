#define _GNU_SOURCE
#include "CGlanceLinux.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

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
    sigaddset(&set, SIGHUP);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
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

int glance_epoll_wait_one(int epfd, int timeout_ms, uint64_t *token) {
    struct epoll_event event;
    int n;
    do {
        n = epoll_wait(epfd, &event, 1, timeout_ms);
    } while (n < 0 && errno == EINTR);
    if (n == 1) *token = event.data.u64;
    return n;
}
