#ifndef CGLANCELOADER_H
#define CGLANCELOADER_H

#include <pthread.h>
#include <stdatomic.h>

// A shared library Glance opens on first use instead of linking (libcurl, libical, fontconfig,
// libmosquitto): a display that never fetches, reads a calendar, joins a broker or asks
// a font question its match cache cannot answer then never loads it and what it needs.
// One loader for the four shims: the library is
// opened once (any thread), each function is looked up once, and what went wrong is
// said one way: "<name> cannot be loaded (<dlerror>); install <package> (scripts/bootstrap
// does)", or "<file> has no <symbol>; install <requirement>".
typedef struct glance_library {
    const char *file;         // "libical.so.3"
    const char *name;         // "libical"
    const char *package;      // "libical3"
    const char *requirement;  // "libical3 3.0 or later"
    pthread_mutex_t lock;
    atomic_int opened;        // 1 once the open was tried
    void *handle;
    char error[256];
} glance_library;

#define GLANCE_LIBRARY(file, name, package, requirement) \
    { (file), (name), (package), (requirement), PTHREAD_MUTEX_INITIALIZER, 0, 0, { 0 } }

// NULL when the library is open and every function looked up so far was found, else
// why not. Asking opens the library (once).
const char *glance_library_error(glance_library *library);

// The function `symbol`, or NULL (and the reason kept, the first one only) when the
// library or the function is missing.
void *glance_library_symbol(glance_library *library, const char *symbol);

// A definition with the header's own prototype (a mismatch does not compile) that calls
// the library's function, looked up on the first call and kept in an atomic pointer
// (calendars are parsed on several threads at once); without it, `fallback` is what the
// library answers when it cannot do the work.
#define GLANCE_FORWARD(library, type, name, params, args, fallback) \
    type name params { \
        static type (*_Atomic function) params; \
        type (*resolved) params = function; \
        if (!resolved) { \
            *(void **)&resolved = glance_library_symbol(&(library), #name); \
            function = resolved; \
        } \
        if (!resolved) return fallback; \
        return resolved args; \
    }
#define GLANCE_FORWARD_VOID(library, name, params, args) \
    void name params { \
        static void (*_Atomic function) params; \
        void (*resolved) params = function; \
        if (!resolved) { \
            *(void **)&resolved = glance_library_symbol(&(library), #name); \
            function = resolved; \
        } \
        if (resolved) resolved args; \
    }

#endif
