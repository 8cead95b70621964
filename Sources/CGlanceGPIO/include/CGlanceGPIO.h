#ifndef CGLANCEGPIO_H
#define CGLANCEGPIO_H

#include <stdint.h>
#include <stddef.h>

// One small API over libgpiod, whichever major version the build found: 1.x (Debian 12,
// Raspberry Pi OS bookworm) or 2.x (Debian 13, bookworm-backports). The choice is made
// when this file's .c is compiled, from the gpiod.h that pkg-config points at.
// Failures return NULL or -1 with errno set.

typedef struct glance_gpio_chip glance_gpio_chip;
typedef struct glance_gpio_line glance_gpio_line;

// 1 or 2: the libgpiod API this build was compiled against.
int glance_gpio_api_major(void);
// The version of the libgpiod library loaded at run time ("1.6.3", "2.1.3").
const char *glance_gpio_library_version(void);

// Opens the character device at `path` (/dev/gpiochipN).
glance_gpio_chip *glance_gpio_chip_open(const char *path);
void glance_gpio_chip_close(glance_gpio_chip *chip);
// The chip's label ("pinctrl-rp1") and its number of lines.
const char *glance_gpio_chip_label(glance_gpio_chip *chip);
int glance_gpio_chip_line_count(glance_gpio_chip *chip);
// The offset of the line named `name`, or -1 (errno ENOENT) when the chip has none.
int glance_gpio_chip_find_line(glance_gpio_chip *chip, const char *name);
// The line's name copied into `name` (empty when it has none); 0, or -1.
int glance_gpio_line_name(glance_gpio_chip *chip, unsigned offset, char *name, size_t capacity);
// Whether another user holds the line: 1 used (its consumer copied into `consumer`,
// possibly empty), 0 free, -1 error.
int glance_gpio_line_in_use(glance_gpio_chip *chip, unsigned offset, char *consumer, size_t capacity);

enum glance_gpio_bias { GLANCE_BIAS_AS_IS = 0, GLANCE_BIAS_PULL_UP = 1, GLANCE_BIAS_PULL_DOWN = 2, GLANCE_BIAS_DISABLED = 3 };
enum glance_gpio_edges { GLANCE_EDGES_NONE = 0, GLANCE_EDGES_RISING = 1, GLANCE_EDGES_FALLING = 2, GLANCE_EDGES_BOTH = 3 };

// Claims one line as an output driven to `initial` (0/1).
glance_gpio_line *glance_gpio_request_output(glance_gpio_chip *chip, unsigned offset, const char *consumer, int initial);
// Claims one line as an input with a bias and, optionally, edge events.
glance_gpio_line *glance_gpio_request_input(glance_gpio_chip *chip, unsigned offset, const char *consumer,
                                            int bias, int edges);
void glance_gpio_line_release(glance_gpio_line *line);

int glance_gpio_line_set(glance_gpio_line *line, int value);
// 0 or 1, or -1.
int glance_gpio_line_get(glance_gpio_line *line);
// A descriptor that polls readable when an edge event is queued (for epoll), or -1.
int glance_gpio_line_event_fd(glance_gpio_line *line);
// Waits up to `timeout_ns` for an edge event: 1 when one is queued, 0 on timeout, -1.
int glance_gpio_line_wait_event(glance_gpio_line *line, int64_t timeout_ns);
// Reads one queued edge event: returns 0 and sets *rising (1 rising, 0 falling) and
// *timestamp_ns, or -1.
int glance_gpio_line_read_event(glance_gpio_line *line, int *rising, uint64_t *timestamp_ns);

#endif
