#ifndef CGLANCELINUX_H
#define CGLANCELINUX_H

#include <stdint.h>

// Thin wrappers so Swift sees plain functions instead of macros and variadic calls.
// Each returns what the syscall returns (-1 with errno set on failure).

// timerfd on CLOCK_REALTIME armed at an absolute time, cancelled when the clock is set.
int glance_realtime_timerfd_create(void);
int glance_realtime_timerfd_arm(int fd, int64_t seconds, int64_t nanoseconds);
// Reads the expiry count; returns 0 and sets *cancelled when the clock was set.
int glance_timerfd_read(int fd, int *cancelled);

// Blocks SIGINT, SIGTERM and SIGHUP for this thread (and threads it starts) and returns
// a signalfd that reports them.
int glance_termination_signalfd(void);
// Reads one signal; returns its number, or -1.
int glance_signalfd_read(int fd);

int glance_eventfd_create(void);
int glance_eventfd_signal(int fd);
int glance_eventfd_drain(int fd);

int glance_epoll_create(void);
int glance_epoll_add(int epfd, int fd, uint64_t token);
// Waits for one event; returns 1 with *token set, 0 on timeout, -1 on error.
int glance_epoll_wait_one(int epfd, int timeout_ms, uint64_t *token);

#endif
