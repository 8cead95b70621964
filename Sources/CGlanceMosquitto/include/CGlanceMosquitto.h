#ifndef CGLANCEMOSQUITTO_H
#define CGLANCEMOSQUITTO_H

// The libmosquitto functions Glance calls, defined here and forwarded to libmosquitto.so.1
// opened on first use (dlopen), so that a display without `mqtt:` does not load it and
// OpenSSL at start. The declarations are mosquitto.h's (module CMosquitto).

// NULL when libmosquitto is loaded, else why it cannot be. Asking opens the library (once).
const char *glance_mosquitto_load_error(void);

#endif
