#include "CGlanceLoader.h"
#include <dlfcn.h>
#include <stdio.h>

static void open_library(glance_library *library) {
    if (atomic_load_explicit(&library->opened, memory_order_acquire)) return;
    pthread_mutex_lock(&library->lock);
    if (!atomic_load_explicit(&library->opened, memory_order_relaxed)) {
        library->handle = dlopen(library->file, RTLD_NOW | RTLD_LOCAL);
        if (!library->handle) {
            const char *reason = dlerror();
            snprintf(library->error, sizeof library->error, "%s cannot be loaded (%s); install %s (scripts/bootstrap does)",
                     library->name, reason ? reason : "no reason given", library->package);
        }
        atomic_store_explicit(&library->opened, 1, memory_order_release);
    }
    pthread_mutex_unlock(&library->lock);
}

const char *glance_library_error(glance_library *library) {
    open_library(library);
    pthread_mutex_lock(&library->lock);
    const char *error = library->error[0] ? library->error : NULL;
    pthread_mutex_unlock(&library->lock);
    return error;
}

void *glance_library_symbol(glance_library *library, const char *symbol) {
    open_library(library);
    if (!library->handle) return NULL;
    void *address = dlsym(library->handle, symbol);
    if (!address) {
        pthread_mutex_lock(&library->lock);
        if (!library->error[0]) {
            snprintf(library->error, sizeof library->error, "%s has no %s; install %s", library->file, symbol, library->requirement);
        }
        pthread_mutex_unlock(&library->lock);
    }
    return address;
}
