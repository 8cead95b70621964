#ifndef CGLANCEICAL_H
#define CGLANCEICAL_H

// The libical functions Glance calls, defined here and forwarded to libical.so.3 opened
// on first use (dlopen), so that a display without an agenda does not load it and ICU
// at start. The declarations are libical/ical.h's (module CICal).

// NULL when libical is loaded, else why it cannot be. Asking opens the library (once):
// a caller checks it before parsing, so that a missing library is one clear error and
// not a calendar that reads as empty.
const char *glance_ical_load_error(void);

#endif
