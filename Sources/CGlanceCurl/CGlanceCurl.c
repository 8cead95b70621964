#include "CGlanceCurl.h"
#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void init_once(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }
void glance_http_global_init(void) { pthread_once(&once, init_once); }

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

void glance_http_get(const char *url, const char *const *headers, int header_count, long timeout_ms,
                     size_t max_bytes, glance_http_result *result) {
    glance_http_global_init();
    memset(result, 0, sizeof *result);
    CURL *curl = curl_easy_init();
    if (!curl) {
        result->curl_code = CURLE_FAILED_INIT;
        strcpy(result->error, "libcurl could not start a transfer");
        return;
    }
    sink s = {result, 0, max_bytes};
    struct curl_slist *list = NULL;
    for (int i = 0; i < header_count; i++) list = curl_slist_append(list, headers[i]);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "Glance (+https://github.com/glance-displays)");
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_bytes);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &s);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);
    CURLcode code = curl_easy_perform(curl);
    result->curl_code = (int)code;
    if (code == CURLE_FILESIZE_EXCEEDED) result->too_large = 1;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    char *type = NULL;
    if (curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type) result->content_type = strdup(type);
    if (code != CURLE_OK && result->error[0] == 0) {
        strncpy(result->error, curl_easy_strerror(code), sizeof result->error - 1);
    }
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
}

void glance_http_result_free(glance_http_result *result) {
    free(result->body);
    free(result->content_type);
    result->body = NULL;
    result->content_type = NULL;
}
