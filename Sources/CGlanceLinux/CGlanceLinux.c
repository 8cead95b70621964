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

int glance_console_graphics(int fd, int graphics) {
    return ioctl(fd, KDSETMODE, graphics ? KD_GRAPHICS : KD_TEXT);
}
