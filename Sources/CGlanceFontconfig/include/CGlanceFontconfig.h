#ifndef CGLANCEFONTCONFIG_H
#define CGLANCEFONTCONFIG_H

// The fontconfig functions Glance calls, defined here and forwarded to libfontconfig.so.1
// opened on first use (dlopen): a daemon whose font questions are all answered by the
// match cache in its state folder (every start after the first) then loads neither
// fontconfig nor expat. The declarations are fontconfig/fontconfig.h's (module CFontconfig).

// NULL when fontconfig is loaded, else why it cannot be. Asking opens the library (once).
const char *glance_fontconfig_load_error(void);

// The fontconfig version Glance was built against (FC_VERSION: major * 10000 + minor *
// 100 + revision), for the match cache's stamp without loading the library.
int glance_fontconfig_header_version(void);

#endif
