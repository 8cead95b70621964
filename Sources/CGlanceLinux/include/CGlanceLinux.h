#ifndef CGLANCELINUX_H
#define CGLANCELINUX_H

#include <stdint.h>
#include <sys/types.h>

// Crash notes and the hang guard (CGlanceCrash.c).
#include "CGlanceCrash.h"

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
// 1 when SIGHUP is ignored (the process was started under nohup).
int glance_hangup_ignored(void);

int glance_eventfd_create(void);
int glance_eventfd_signal(int fd);
int glance_eventfd_drain(int fd);

int glance_epoll_create(void);
int glance_epoll_add(int epfd, int fd, uint64_t token);
int glance_epoll_remove(int epfd, int fd);
// Watches for readability, and for writability too when `writable` is non-zero.
int glance_epoll_modify(int epfd, int fd, uint64_t token, int writable);
// timerfd on CLOCK_MONOTONIC (service timers: keepalives, reconnects), armed relative
// to now in milliseconds (0 or less: at once); disarmed with glance_timerfd_disarm.
int glance_monotonic_timerfd_create(void);
int glance_timerfd_arm_after(int fd, int64_t milliseconds);
int glance_timerfd_disarm(int fd);
// Waits for one event; returns 1 with *token set, 0 on timeout, -1 on error.
int glance_epoll_wait_one(int epfd, int timeout_ms, uint64_t *token);

// spidev (linux/spi/spidev.h): the SPI_IOC_* requests are macros Swift cannot import.
// Sets mode (SPI_MODE_0…3), 8 bits per word and the maximum clock; returns 0 or -1.
int glance_spi_configure(int fd, uint8_t mode, uint32_t speed_hz);
// One half-duplex write of `length` bytes as a single SPI_IOC_MESSAGE(1) transfer at
// `speed_hz` (chip select held for the whole transfer); returns 0 or -1.
int glance_spi_write(int fd, const uint8_t *bytes, uint32_t length, uint32_t speed_hz);

// Linux framebuffer (linux/fb.h): the screen's geometry and pixel layout.
typedef struct {
    uint32_t width, height;          // visible pixels
    uint32_t virtual_width;          // pixels per line in memory (xres_virtual)
    uint32_t bits_per_pixel;
    uint32_t line_length;            // bytes per line (fix info)
    uint32_t memory_length;          // bytes of framebuffer memory (smem_len)
    uint32_t red_offset, red_length, green_offset, green_length, blue_offset, blue_length;
    uint32_t grayscale;
    uint32_t visual;                 // FB_VISUAL_*: 2 = true colour
    char id[17];
} glance_fb_info;
// Fills `info` from FBIOGET_VSCREENINFO and FBIOGET_FSCREENINFO; returns 0 or -1.
int glance_fb_get_info(int fd, glance_fb_info *info);
// Asks the driver to show what is in memory (FBIOPAN_DISPLAY at 0,0; ignored by drivers
// without panning). Returns 0 or -1.
int glance_fb_pan_to_origin(int fd);
// Powers the screen down (`blank` 1: FBIOBLANK FB_BLANK_POWERDOWN, the backlight and
// the panel off where the driver can) or up again (0). Returns 0 or -1.
int glance_fb_blank(int fd, int blank);
// Switches the virtual terminal behind `fd` (/dev/tty0: the one in front) to graphics
// mode, so the text console stops drawing its cursor and messages into the
// framebuffer, or back to text mode. KDSETMODE; returns 0 or -1.
int glance_console_graphics(int fd, int graphics);

// Unix stream sockets (the control socket). A listening socket bound at `path`, created
// with mode 0600, non-blocking; -1 with errno on failure.
int glance_unix_listen(const char *path, int backlog);
// The same, its mode then set to `mode` (0660: the state folder's group may connect)
// before it listens.
int glance_unix_listen_mode(const char *path, int backlog, unsigned mode);
// A blocking client socket connected to `path`; -1 with errno.
int glance_unix_connect(const char *path);
// One pending connection, non-blocking; -1 with errno (EAGAIN: none left).
int glance_unix_accept(int fd);
// The user id of the process at the other end (SO_PEERCRED); 0 or -1.
int glance_peer_uid(int fd, uint32_t *uid);
// The peer's user and group ids (SO_PEERCRED) and, in `groups` (room for `*count`), its
// supplementary groups (SO_PEERGROUPS, Linux 4.13); `*count` is set to how many, or to
// -1 when the kernel does not say. 0, or -1 with errno when SO_PEERCRED fails.
int glance_peer_identity(int fd, uint32_t *uid, uint32_t *gid, uint32_t *groups, int *count);
// Receive and send time-outs of a blocking socket.
int glance_socket_timeouts(int fd, int milliseconds);
// send() without SIGPIPE and without blocking.
ssize_t glance_send(int fd, const void *bytes, size_t length);

// The range of an absolute axis of an input device (EVIOCGABS); 0, or -1 with errno
// (ENOTTY on a pipe or a device without the axis).
int glance_evdev_abs_range(int fd, int axis, int32_t *minimum, int32_t *maximum);

// Sets glibc's mmap and trim thresholds and its most arenas (mallopt); returns 0 when
// all were taken.
int glance_malloc_tune(size_t mmap_threshold, size_t trim_threshold, int arenas);

// Gives the free pages of every malloc arena back to the system (malloc_trim(0)).
void glance_malloc_release(void);

// Gives back the pages of the calling thread's stack more than `keep` bytes below the
// caller's frame: they hold only the frames of calls that returned, and the kernel
// maps zeroed pages in again if the stack grows there. 0, or -1 with errno.
int glance_release_stack_below(size_t keep);

// Names the calling thread (at most 15 bytes are kept), as top -H and /proc/PID/task/*/comm
// show it; 0 or an error number.
int glance_thread_name(const char *name);

// The processors the calling thread may run on, up to `capacity` of them, into `out`:
// how many, or -1.
int glance_allowed_processors(int *out, int capacity);
// Lets the calling thread (and the processes it starts) run on these `count` processors
// only: 0, or -1 with errno.
int glance_run_on(const int *processors, int count);

#endif
