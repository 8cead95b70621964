#include "CGlanceFontconfig.h"
#include <CGlanceLoader.h>
#include <fontconfig/fontconfig.h>

static glance_library libfontconfig = GLANCE_LIBRARY("libfontconfig.so.1", "fontconfig", "libfontconfig1", "libfontconfig1 2.13 or later");

const char *glance_fontconfig_load_error(void) { return glance_library_error(&libfontconfig); }

int glance_fontconfig_header_version(void) { return FC_VERSION; }

// Each definition has fontconfig.h's prototype and calls the library's own function;
// without the library it answers as fontconfig does when it has nothing: NULL, FcFalse,
// FcResultNoMatch. FontLibrary asks for a configuration first and says why it has none.
#define FORWARD(type, name, params, args, fallback) GLANCE_FORWARD(libfontconfig, type, name, params, args, fallback)
#define FORWARD_VOID(name, params, args) GLANCE_FORWARD_VOID(libfontconfig, name, params, args)

FORWARD(FcConfig *, FcInitLoadConfigAndFonts, (void), (), NULL)
FORWARD_VOID(FcConfigDestroy, (FcConfig *config), (config))
FORWARD(FcBool, FcConfigAppFontAddDir, (FcConfig *config, const FcChar8 *dir), (config, dir), FcFalse)
FORWARD(FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind), (config, p, kind), FcFalse)
FORWARD_VOID(FcDefaultSubstitute, (FcPattern *pattern), (pattern))
FORWARD(FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result), (config, p, result), NULL)
FORWARD(FcPattern *, FcPatternCreate, (void), (), NULL)
FORWARD_VOID(FcPatternDestroy, (FcPattern *p), (p))
FORWARD(FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s), (p, object, s), FcFalse)
FORWARD(FcBool, FcPatternAddInteger, (FcPattern *p, const char *object, int i), (p, object, i), FcFalse)
FORWARD(FcBool, FcPatternAddBool, (FcPattern *p, const char *object, FcBool b), (p, object, b), FcFalse)
FORWARD(FcBool, FcPatternAddCharSet, (FcPattern *p, const char *object, const FcCharSet *c), (p, object, c), FcFalse)
FORWARD(FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 **s), (p, object, n, s), FcResultNoMatch)
FORWARD(FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i), (p, object, n, i), FcResultNoMatch)
FORWARD(FcResult, FcPatternGetCharSet, (const FcPattern *p, const char *object, int n, FcCharSet **c), (p, object, n, c), FcResultNoMatch)
FORWARD(FcCharSet *, FcCharSetCreate, (void), (), NULL)
FORWARD_VOID(FcCharSetDestroy, (FcCharSet *fcs), (fcs))
FORWARD(FcBool, FcCharSetAddChar, (FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4), FcFalse)
FORWARD(FcBool, FcCharSetHasChar, (const FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4), FcFalse)
