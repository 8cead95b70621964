#include "CGlanceCurl.h"
#include <CGlanceLoader.h>
#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

// libcurl is opened on the first fetch, not linked: it and the two dozen libraries it
// needs (TLS, Kerberos, LDAP, SSH, IDN, HTTP/2…) are then not loaded, relocated and
// kept in memory by displays that fetch nothing.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    void (*easy_cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLU *(*url)(void);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    CURLUcode (*url_get)(CURLU *, CURLUPart, char **, unsigned int);
    void (*url_cleanup)(CURLU *);
    void (*free)(void *);
    int loaded;
} lib;

static glance_library libcurl = GLANCE_LIBRARY("libcurl.so.4", "libcurl", "libcurl4", "libcurl4 7.62 or later (scripts/bootstrap does)");

static void *symbol(const char *name, int *missing) {
    void *address = glance_library_symbol(&libcurl, name);
    if (!address) *missing = 1;
    return address;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void init_once(void) {
    if (glance_library_error(&libcurl)) return;
    int missing = 0;
    *(void **)&lib.global_init = symbol("curl_global_init", &missing);
    *(void **)&lib.easy_init = symbol("curl_easy_init", &missing);
    *(void **)&lib.easy_setopt = symbol("curl_easy_setopt", &missing);
    *(void **)&lib.easy_perform = symbol("curl_easy_perform", &missing);
    *(void **)&lib.easy_getinfo = symbol("curl_easy_getinfo", &missing);
    *(void **)&lib.easy_strerror = symbol("curl_easy_strerror", &missing);
    *(void **)&lib.easy_cleanup = symbol("curl_easy_cleanup", &missing);
    *(void **)&lib.slist_append = symbol("curl_slist_append", &missing);
    *(void **)&lib.slist_free_all = symbol("curl_slist_free_all", &missing);
    *(void **)&lib.url = symbol("curl_url", &missing);
    *(void **)&lib.url_set = symbol("curl_url_set", &missing);
    *(void **)&lib.url_get = symbol("curl_url_get", &missing);
    *(void **)&lib.url_cleanup = symbol("curl_url_cleanup", &missing);
    *(void **)&lib.free = symbol("curl_free", &missing);
    if (missing) return;
    lib.global_init(CURL_GLOBAL_DEFAULT);
    lib.loaded = 1;
}
void glance_http_global_init(void) { pthread_once(&once, init_once); }

const char *glance_http_load_error(void) {
    pthread_once(&once, init_once);
    return lib.loaded ? NULL : glance_library_error(&libcurl);
}

// Keeps `value` of the header line `line` (of `length` bytes) when its name is `name`
// (with the colon, lower case): trimmed, at most 512 bytes.
static void keep_header(const char *line, size_t length, const char *name, char **value) {
    size_t name_length = strlen(name);
    if (length < name_length || strncasecmp(line, name, name_length) != 0) return;
    const char *start = line + name_length, *end = line + length;
    while (start < end && (*start == ' ' || *start == '\t')) start++;
    while (end > start && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\t')) end--;
    if ((size_t)(end - start) > 512) return;
    free(*value);
    *value = strndup(start, (size_t)(end - start));
}

// Each header line of each answer: a new status line (after a redirect) forgets what the
// answer before it said.
static size_t read_header(char *line, size_t size, size_t count, void *data) {
    glance_http_result *result = data;
    size_t length = size * count;
    if (length >= 5 && strncmp(line, "HTTP/", 5) == 0) {
        free(result->etag);
        free(result->last_modified);
        result->etag = NULL;
        result->last_modified = NULL;
    }
    keep_header(line, length, "etag:", &result->etag);
    keep_header(line, length, "last-modified:", &result->last_modified);
    return length;
}

typedef struct {
    glance_http_result *result;
    size_t capacity;
    size_t max_bytes;
} sink;

static size_t write_body(char *data, size_t size, size_t count, void *userdata) {
    sink *s = userdata;
    size_t n = size * count;
    glance_http_result *r = s->result;
    if (r->body_length + n > s->max_bytes) {
        r->too_large = 1;
        return 0; // stops the transfer with CURLE_WRITE_ERROR
    }
    if (r->body_length + n > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 16384;
        while (capacity < r->body_length + n) capacity *= 2;
        if (capacity > s->max_bytes) capacity = s->max_bytes;
        char *grown = realloc(r->body, capacity);
        if (!grown) return 0;
        r->body = grown;
        s->capacity = capacity;
    }
    memcpy(r->body + r->body_length, data, n);
    r->body_length += n;
    return n;
}

static long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

// "scheme://host:port" of `url` (lower case, the scheme's port when none is given), or
// NULL when libcurl cannot parse it: the origin, as a browser compares them.
static char *origin_of(const char *url) {
    CURLU *parsed = lib.url();
    if (!parsed) return NULL;
    char *scheme = NULL, *host = NULL, *port = NULL, *origin = NULL;
    if (lib.url_set(parsed, CURLUPART_URL, url, 0) == CURLUE_OK &&
        lib.url_get(parsed, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK &&
        lib.url_get(parsed, CURLUPART_HOST, &host, 0) == CURLUE_OK &&
        lib.url_get(parsed, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK) {
        size_t length = strlen(scheme) + strlen(host) + strlen(port) + 5;
        origin = malloc(length);
        if (origin) {
            snprintf(origin, length, "%s://%s:%s", scheme, host, port);
            for (char *c = origin; *c; c++) *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        }
    }
    if (scheme) lib.free(scheme);
    if (host) lib.free(host);
    if (port) lib.free(port);
    lib.url_cleanup(parsed);
    return origin;
}

void glance_http_get(const char *url, const char *const *headers, int header_count, long timeout_ms,
                     size_t max_bytes, glance_http_result *result) {
    glance_http_global_init();
    memset(result, 0, sizeof *result);
    if (!lib.loaded) {
        result->curl_code = CURLE_FAILED_INIT;
        const char *why = glance_library_error(&libcurl);
        strncpy(result->error, why ? why : "libcurl is not loaded", sizeof result->error - 1);
        return;
    }
    CURL *curl = lib.easy_init();
    if (!curl) {
        result->curl_code = CURLE_FAILED_INIT;
        strcpy(result->error, "libcurl could not start a transfer");
        return;
    }
    sink s = {result, 0, max_bytes};
    struct curl_slist *list = NULL;
    for (int i = 0; i < header_count; i++) list = lib.slist_append(list, headers[i]);
    lib.easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    lib.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    lib.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    // Redirects are followed here, not by libcurl: libcurl keeps sending custom headers
    // (an API key, a token in X-Auth) to whatever host a Location names, and strips only
    // Authorization and Cookie. Headers configured for a URL go to its origin alone.
    lib.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
#if LIBCURL_VERSION_NUM >= 0x075500
    lib.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    lib.easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    lib.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    lib.easy_setopt(curl, CURLOPT_USERAGENT, "Glance (+https://github.com/glance-displays)");
    lib.easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_bytes);
    lib.easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    lib.easy_setopt(curl, CURLOPT_WRITEDATA, &s);
    lib.easy_setopt(curl, CURLOPT_HEADERFUNCTION, read_header);
    lib.easy_setopt(curl, CURLOPT_HEADERDATA, result);
    lib.easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);
    char *origin = origin_of(url);
    char *next = strdup(url);
    long started = now_ms();
    CURLcode code = CURLE_OK;
    for (int hop = 0;; hop++) {
        long left = timeout_ms - (now_ms() - started);
        if (left <= 0) {
            code = CURLE_OPERATION_TIMEDOUT;
            snprintf(result->error, sizeof result->error, "gave up after %ld ms, following redirects", timeout_ms);
            break;
        }
        char *here = origin_of(next);
        int same_origin = origin && here && strcmp(origin, here) == 0;
        free(here);
        lib.easy_setopt(curl, CURLOPT_URL, next);
        lib.easy_setopt(curl, CURLOPT_HTTPHEADER, same_origin ? list : NULL);
        lib.easy_setopt(curl, CURLOPT_TIMEOUT_MS, left);
        lib.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, left);
        result->body_length = 0;
        code = lib.easy_perform(curl);
        if (code != CURLE_OK) break;
        long status = 0;
        char *location = NULL;
        lib.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308) break;
        if (lib.easy_getinfo(curl, CURLINFO_REDIRECT_URL, &location) != CURLE_OK || !location) break;
        if (hop == GLANCE_HTTP_MAX_REDIRECTS) {
            code = CURLE_TOO_MANY_REDIRECTS;
            snprintf(result->error, sizeof result->error, "more than %d redirects", GLANCE_HTTP_MAX_REDIRECTS);
            break;
        }
        free(next);
        next = strdup(location);
        if (!next) {
            code = CURLE_OUT_OF_MEMORY;
            break;
        }
    }
    free(next);
    free(origin);
    result->curl_code = (int)code;
    if (code == CURLE_FILESIZE_EXCEEDED) result->too_large = 1;
    lib.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    char *type = NULL;
    if (lib.easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type) result->content_type = strdup(type);
    if (code != CURLE_OK && result->error[0] == 0) {
        strncpy(result->error, lib.easy_strerror(code), sizeof result->error - 1);
    }
    lib.slist_free_all(list);
    lib.easy_cleanup(curl);
}

void glance_http_result_free(glance_http_result *result) {
    free(result->body);
    free(result->content_type);
    free(result->etag);
    free(result->last_modified);
    result->body = NULL;
    result->content_type = NULL;
    result->etag = NULL;
    result->last_modified = NULL;
}
