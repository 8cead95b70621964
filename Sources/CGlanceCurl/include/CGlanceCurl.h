#ifndef CGLANCECURL_H
#define CGLANCECURL_H

#include <stddef.h>
#include <stdint.h>

// One blocking HTTP GET through libcurl's easy interface, with the limits a widget's
// fetch needs; Swift cannot call curl_easy_setopt (a variadic function) itself.

typedef struct glance_http_result {
    long status;           // the HTTP status, 0 when no response came
    int curl_code;         // CURLE_OK (0) or why the transfer failed
    int too_large;         // 1: the body passed `max_bytes` and the transfer was stopped
    char *body;            // malloc'ed, `body_length` bytes (free with glance_http_result_free)
    size_t body_length;
    char *content_type;    // malloc'ed or NULL
    char *etag;            // the final answer's ETag, malloc'ed or NULL (conditional GETs)
    char *last_modified;   // the final answer's Last-Modified, malloc'ed or NULL
    char error[256];       // libcurl's message for curl_code
} glance_http_result;

// Redirects a GET follows; one more is refused (CURLE_TOO_MANY_REDIRECTS): a loop.
#define GLANCE_HTTP_MAX_REDIRECTS 5

// Initialises libcurl once per process (thread-safe to call repeatedly).
void glance_http_global_init(void);

// NULL when libcurl is loaded, else why it cannot be (the loader's words and the Debian
// package to install). Asking opens the library, as the first fetch does.
const char *glance_http_load_error(void);

// GET `url` with `header_count` "Name: value" lines, giving up after `timeout_ms` in all
// (connecting included) and stopping once the body passes `max_bytes`. Only http and
// https; redirects are followed (at most GLANCE_HTTP_MAX_REDIRECTS, to http or https only),
// and the headers go only to hops of the same origin (scheme, host and port) as `url`.
// `result` is filled in either way.
void glance_http_get(const char *url, const char *const *headers, int header_count, long timeout_ms,
                     size_t max_bytes, glance_http_result *result);

void glance_http_result_free(glance_http_result *result);

#endif
