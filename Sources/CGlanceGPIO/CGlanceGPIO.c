#define _GNU_SOURCE
#include "CGlanceGPIO.h"

#include <errno.h>
#include <gpiod.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// libgpiod 1.x defines this macro (line bulks); 2.x has no bulks and no such macro.
#if defined(GPIOD_LINE_BULK_MAX_LINES)
#define GLANCE_GPIOD_V1 1
#else
#define GLANCE_GPIOD_V2 1
#endif

// Copies a possibly-NULL C string into a caller's buffer.
static void copy_consumer(const char *name, char *out, size_t capacity) {
    if (!out || capacity == 0) return;
    if (!name) name = "";
    strncpy(out, name, capacity - 1);
    out[capacity - 1] = '\0';
}

#if GLANCE_GPIOD_V1
// ---------------------------------------------------------------- libgpiod 1.x

struct glance_gpio_chip { struct gpiod_chip *chip; };
struct glance_gpio_line { struct gpiod_line *line; };

int glance_gpio_api_major(void) { return 1; }
const char *glance_gpio_library_version(void) { return gpiod_version_string(); }

glance_gpio_chip *glance_gpio_chip_open(const char *path) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return NULL;
    glance_gpio_chip *result = calloc(1, sizeof *result);
    if (!result) { gpiod_chip_close(chip); errno = ENOMEM; return NULL; }
    result->chip = chip;
    return result;
}

void glance_gpio_chip_close(glance_gpio_chip *chip) {
    if (!chip) return;
    gpiod_chip_close(chip->chip);
    free(chip);
}

const char *glance_gpio_chip_label(glance_gpio_chip *chip) { return gpiod_chip_label(chip->chip); }
int glance_gpio_chip_line_count(glance_gpio_chip *chip) { return (int)gpiod_chip_num_lines(chip->chip); }

int glance_gpio_chip_find_line(glance_gpio_chip *chip, const char *name) {
    unsigned count = gpiod_chip_num_lines(chip->chip);
    for (unsigned offset = 0; offset < count; offset++) {
        struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
        if (!line) return -1;
        const char *line_name = gpiod_line_name(line);
        if (line_name && strcmp(line_name, name) == 0) return (int)offset;
    }
    errno = ENOENT;
    return -1;
}

int glance_gpio_line_name(glance_gpio_chip *chip, unsigned offset, char *name, size_t capacity) {
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line) return -1;
    copy_consumer(gpiod_line_name(line), name, capacity);
    return 0;
}

int glance_gpio_line_in_use(glance_gpio_chip *chip, unsigned offset, char *consumer, size_t capacity) {
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line) return -1;
    if (gpiod_line_update(line) < 0) return -1;
    copy_consumer(gpiod_line_consumer(line), consumer, capacity);
    return gpiod_line_is_used(line) ? 1 : 0;
}

static glance_gpio_line *wrap_line(struct gpiod_line *line) {
    glance_gpio_line *result = calloc(1, sizeof *result);
    if (!result) { gpiod_line_release(line); errno = ENOMEM; return NULL; }
    result->line = line;
    return result;
}

glance_gpio_line *glance_gpio_request_output(glance_gpio_chip *chip, unsigned offset, const char *consumer, int initial) {
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line) return NULL;
    if (gpiod_line_request_output(line, consumer, initial ? 1 : 0) < 0) return NULL;
    return wrap_line(line);
}

glance_gpio_line *glance_gpio_request_input(glance_gpio_chip *chip, unsigned offset, const char *consumer,
                                            int bias, int edges) {
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line) return NULL;
    int flags = 0;
    switch (bias) {
    case GLANCE_BIAS_PULL_UP: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP; break;
    case GLANCE_BIAS_PULL_DOWN: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN; break;
    case GLANCE_BIAS_DISABLED: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE; break;
    default: break;
    }
    int status;
    switch (edges) {
    case GLANCE_EDGES_RISING: status = gpiod_line_request_rising_edge_events_flags(line, consumer, flags); break;
    case GLANCE_EDGES_FALLING: status = gpiod_line_request_falling_edge_events_flags(line, consumer, flags); break;
    case GLANCE_EDGES_BOTH: status = gpiod_line_request_both_edges_events_flags(line, consumer, flags); break;
    default: status = gpiod_line_request_input_flags(line, consumer, flags); break;
    }
    if (status < 0) return NULL;
    return wrap_line(line);
}

void glance_gpio_line_release(glance_gpio_line *line) {
    if (!line) return;
    gpiod_line_release(line->line);
    free(line);
}

int glance_gpio_line_set(glance_gpio_line *line, int value) { return gpiod_line_set_value(line->line, value ? 1 : 0); }
int glance_gpio_line_get(glance_gpio_line *line) { return gpiod_line_get_value(line->line); }
int glance_gpio_line_event_fd(glance_gpio_line *line) { return gpiod_line_event_get_fd(line->line); }

int glance_gpio_line_wait_event(glance_gpio_line *line, int64_t timeout_ns) {
    if (timeout_ns < 0) timeout_ns = 0;
    struct timespec timeout = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
    return gpiod_line_event_wait(line->line, &timeout);
}

int glance_gpio_line_read_event(glance_gpio_line *line, int *rising, uint64_t *timestamp_ns) {
    struct gpiod_line_event event;
    if (gpiod_line_event_read(line->line, &event) < 0) return -1;
    *rising = event.event_type == GPIOD_LINE_EVENT_RISING_EDGE;
    *timestamp_ns = (uint64_t)event.ts.tv_sec * 1000000000u + (uint64_t)event.ts.tv_nsec;
    return 0;
}

#else
// ---------------------------------------------------------------- libgpiod 2.x

struct glance_gpio_chip { struct gpiod_chip *chip; char *label; int lines; };
struct glance_gpio_line {
    struct gpiod_line_request *request;
    struct gpiod_edge_event_buffer *events;
    unsigned offset;
};

int glance_gpio_api_major(void) { return 2; }
const char *glance_gpio_library_version(void) { return gpiod_api_version(); }

glance_gpio_chip *glance_gpio_chip_open(const char *path) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return NULL;
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info) { int saved = errno; gpiod_chip_close(chip); errno = saved; return NULL; }
    glance_gpio_chip *result = calloc(1, sizeof *result);
    char *label = strdup(gpiod_chip_info_get_label(info));
    int lines = (int)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    if (!result || !label) {
        free(result); free(label); gpiod_chip_close(chip);
        errno = ENOMEM;
        return NULL;
    }
    result->chip = chip;
    result->label = label;
    result->lines = lines;
    return result;
}

void glance_gpio_chip_close(glance_gpio_chip *chip) {
    if (!chip) return;
    gpiod_chip_close(chip->chip);
    free(chip->label);
    free(chip);
}

const char *glance_gpio_chip_label(glance_gpio_chip *chip) { return chip->label; }
int glance_gpio_chip_line_count(glance_gpio_chip *chip) { return chip->lines; }

int glance_gpio_chip_find_line(glance_gpio_chip *chip, const char *name) {
    return gpiod_chip_get_line_offset_from_name(chip->chip, name);
}

int glance_gpio_line_name(glance_gpio_chip *chip, unsigned offset, char *name, size_t capacity) {
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip->chip, offset);
    if (!info) return -1;
    copy_consumer(gpiod_line_info_get_name(info), name, capacity);
    gpiod_line_info_free(info);
    return 0;
}

int glance_gpio_line_in_use(glance_gpio_chip *chip, unsigned offset, char *consumer, size_t capacity) {
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip->chip, offset);
    if (!info) return -1;
    int used = gpiod_line_info_is_used(info) ? 1 : 0;
    copy_consumer(gpiod_line_info_get_consumer(info), consumer, capacity);
    gpiod_line_info_free(info);
    return used;
}

// Claims `offset` with `settings`; frees the settings in every case.
static glance_gpio_line *request_one(glance_gpio_chip *chip, unsigned offset, const char *consumer,
                                     struct gpiod_line_settings *settings, int wants_events) {
    glance_gpio_line *result = NULL;
    struct gpiod_line_config *line_config = gpiod_line_config_new();
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    int saved = 0;
    if (!line_config || !request_config) { saved = ENOMEM; goto done; }
    if (gpiod_line_config_add_line_settings(line_config, &offset, 1, settings) < 0) { saved = errno; goto done; }
    gpiod_request_config_set_consumer(request_config, consumer);
    struct gpiod_line_request *request = gpiod_chip_request_lines(chip->chip, request_config, line_config);
    if (!request) { saved = errno; goto done; }
    result = calloc(1, sizeof *result);
    if (!result) { gpiod_line_request_release(request); saved = ENOMEM; goto done; }
    result->request = request;
    result->offset = offset;
    if (wants_events) {
        result->events = gpiod_edge_event_buffer_new(1);
        if (!result->events) { gpiod_line_request_release(request); free(result); result = NULL; saved = ENOMEM; }
    }
done:
    gpiod_line_settings_free(settings);
    gpiod_line_config_free(line_config);
    gpiod_request_config_free(request_config);
    if (!result) errno = saved ? saved : EINVAL;
    return result;
}

glance_gpio_line *glance_gpio_request_output(glance_gpio_chip *chip, unsigned offset, const char *consumer, int initial) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (!settings) { errno = ENOMEM; return NULL; }
    gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
    gpiod_line_settings_set_output_value(settings, initial ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
    return request_one(chip, offset, consumer, settings, 0);
}

glance_gpio_line *glance_gpio_request_input(glance_gpio_chip *chip, unsigned offset, const char *consumer,
                                            int bias, int edges) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (!settings) { errno = ENOMEM; return NULL; }
    gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
    switch (bias) {
    case GLANCE_BIAS_PULL_UP: gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_PULL_UP); break;
    case GLANCE_BIAS_PULL_DOWN: gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_PULL_DOWN); break;
    case GLANCE_BIAS_DISABLED: gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_DISABLED); break;
    default: break;
    }
    switch (edges) {
    case GLANCE_EDGES_RISING: gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_RISING); break;
    case GLANCE_EDGES_FALLING: gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_FALLING); break;
    case GLANCE_EDGES_BOTH: gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH); break;
    default: break;
    }
    if (edges != GLANCE_EDGES_NONE) gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC);
    return request_one(chip, offset, consumer, settings, edges != GLANCE_EDGES_NONE);
}

void glance_gpio_line_release(glance_gpio_line *line) {
    if (!line) return;
    gpiod_line_request_release(line->request);
    if (line->events) gpiod_edge_event_buffer_free(line->events);
    free(line);
}

int glance_gpio_line_set(glance_gpio_line *line, int value) {
    return gpiod_line_request_set_value(line->request, line->offset,
                                        value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
}

int glance_gpio_line_get(glance_gpio_line *line) {
    enum gpiod_line_value value = gpiod_line_request_get_value(line->request, line->offset);
    if (value == GPIOD_LINE_VALUE_ERROR) return -1;
    return value == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

int glance_gpio_line_event_fd(glance_gpio_line *line) { return gpiod_line_request_get_fd(line->request); }

int glance_gpio_line_wait_event(glance_gpio_line *line, int64_t timeout_ns) {
    if (timeout_ns < 0) timeout_ns = 0;
    return gpiod_line_request_wait_edge_events(line->request, timeout_ns);
}

int glance_gpio_line_read_event(glance_gpio_line *line, int *rising, uint64_t *timestamp_ns) {
    if (!line->events) { errno = EINVAL; return -1; }
    int count = gpiod_line_request_read_edge_events(line->request, line->events, 1);
    if (count < 0) return -1;
    if (count == 0) { errno = EAGAIN; return -1; }
    struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(line->events, 0);
    *rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
    *timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
    return 0;
}

#endif
