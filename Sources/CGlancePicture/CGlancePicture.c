#include "CGlancePicture.h"
#include <CGlanceLoader.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include <webp/decode.h>

static void say(char *error, size_t capacity, const char *format, ...) {
    if (!error || capacity == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, capacity, format, arguments);
    va_end(arguments);
}

void glance_picture_free(glance_picture *picture) {
    if (!picture) return;
    free(picture->pixels);
    picture->pixels = NULL;
    picture->width = picture->height = 0;
}

// MARK: libjpeg-turbo, opened on the first JPEG

static glance_library libjpeg = GLANCE_LIBRARY("libjpeg.so.62", "libjpeg", "libjpeg62-turbo", "libjpeg62-turbo 2.0 or later (scripts/bootstrap does)");

static struct {
    struct jpeg_error_mgr *(*std_error)(struct jpeg_error_mgr *);
    void (*create_decompress)(j_decompress_ptr, int, size_t);
    void (*mem_src)(j_decompress_ptr, const unsigned char *, unsigned long);
    int (*read_header)(j_decompress_ptr, boolean);
    void (*calc_output_dimensions)(j_decompress_ptr);
    boolean (*start_decompress)(j_decompress_ptr);
    JDIMENSION (*read_scanlines)(j_decompress_ptr, JSAMPARRAY, JDIMENSION);
    void (*destroy_decompress)(j_decompress_ptr);
    int loaded;
} jpeg;

static pthread_once_t jpeg_once = PTHREAD_ONCE_INIT;
static void jpeg_load(void) {
    if (glance_library_error(&libjpeg)) return;
    int missing = 0;
#define LOOK(field, name) \
    do { *(void **)&jpeg.field = glance_library_symbol(&libjpeg, name); if (!jpeg.field) missing = 1; } while (0)
    LOOK(std_error, "jpeg_std_error");
    LOOK(create_decompress, "jpeg_CreateDecompress");
    LOOK(mem_src, "jpeg_mem_src");
    LOOK(read_header, "jpeg_read_header");
    LOOK(calc_output_dimensions, "jpeg_calc_output_dimensions");
    LOOK(start_decompress, "jpeg_start_decompress");
    LOOK(read_scanlines, "jpeg_read_scanlines");
    LOOK(destroy_decompress, "jpeg_destroy_decompress");
#undef LOOK
    jpeg.loaded = !missing;
}

const char *glance_jpeg_load_error(void) {
    pthread_once(&jpeg_once, jpeg_load);
    return jpeg.loaded ? NULL : glance_library_error(&libjpeg);
}

// libjpeg reports a fatal error by calling error_exit, which must not return: it jumps
// back to the decode with the library's message kept.
struct glance_jpeg_errors {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int truncated;
};

struct glance_jpeg_progress {
    struct jpeg_progress_mgr manager;
    int scans;
};

static void jpeg_failed(j_common_ptr info) {
    struct glance_jpeg_errors *errors = (struct glance_jpeg_errors *)info->err;
    errors->manager.format_message(info, errors->message);
    longjmp(errors->jump, 1);
}

// Warnings (a corrupt segment the decoder skips over) are not errors: the picture shows
// what could be read. A file that ends before the picture does is: libjpeg would fill
// the rest with grey, and the slot keeps its last good picture instead.
static void jpeg_warning(j_common_ptr info, int level) {
    if (level == -1 && info->err->msg_code == JWRN_JPEG_EOF) {
        struct glance_jpeg_errors *errors = (struct glance_jpeg_errors *)info->err;
        snprintf(errors->message, sizeof errors->message, "the file ends before the picture does");
        errors->truncated = 1;
        longjmp(errors->jump, 1);
    }
}

static void jpeg_progress(j_common_ptr info) {
    struct glance_jpeg_progress *progress = (struct glance_jpeg_progress *)info->progress;
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > progress->scans) {
        struct glance_jpeg_errors *errors = (struct glance_jpeg_errors *)info->err;
        snprintf(errors->message, sizeof errors->message, "more than %d progressive scans (a hostile JPEG?); not decoded", progress->scans);
        longjmp(errors->jump, 1);
    }
}

// The decode of one JPEG, in one frame so that setjmp's rules hold: everything the
// jump may skip is volatile or lives in `state`.
struct jpeg_state {
    struct jpeg_decompress_struct info;
    struct glance_jpeg_errors errors;
    struct glance_jpeg_progress progress;
    uint8_t *pixels;
    uint8_t *row;
};

static int jpeg_begin(struct jpeg_state *state, const uint8_t *bytes, size_t length, char *error, size_t capacity) {
    if (glance_jpeg_load_error()) {
        say(error, capacity, "%s", glance_jpeg_load_error());
        return -1;
    }
    if (length > (size_t)0xFFFFFFFF) {
        say(error, capacity, "the JPEG is larger than 4 GB");
        return -1;
    }
    memset(state, 0, sizeof *state);
    state->info.err = jpeg.std_error(&state->errors.manager);
    state->errors.manager.error_exit = jpeg_failed;
    state->errors.manager.emit_message = jpeg_warning;
    return 0;
}

int glance_jpeg_size(const uint8_t *bytes, size_t length, int *width, int *height, char *error, size_t capacity) {
    struct jpeg_state *state = malloc(sizeof *state);
    if (!state) { say(error, capacity, "out of memory"); return -1; }
    if (jpeg_begin(state, bytes, length, error, capacity) != 0) { free(state); return -1; }
    if (setjmp(state->errors.jump)) {
        say(error, capacity, "damaged JPEG (%s)", state->errors.message);
        jpeg.destroy_decompress(&state->info);
        free(state);
        return -1;
    }
    jpeg.create_decompress(&state->info, JPEG_LIB_VERSION, sizeof state->info);
    jpeg.mem_src(&state->info, bytes, (unsigned long)length);
    jpeg.read_header(&state->info, TRUE);
    *width = (int)state->info.image_width;
    *height = (int)state->info.image_height;
    jpeg.destroy_decompress(&state->info);
    free(state);
    return 0;
}

int glance_jpeg_decode(const uint8_t *bytes, size_t length, int eighths, glance_picture_limits limits,
                       glance_picture *out, char *error, size_t capacity) {
    memset(out, 0, sizeof *out);
    struct jpeg_state *state = malloc(sizeof *state);
    if (!state) { say(error, capacity, "out of memory"); return -1; }
    if (jpeg_begin(state, bytes, length, error, capacity) != 0) { free(state); return -1; }
    if (setjmp(state->errors.jump)) {
        say(error, capacity, "%s JPEG (%s)", state->errors.truncated ? "truncated" : "damaged", state->errors.message);
        jpeg.destroy_decompress(&state->info);
        free(state->pixels);
        free(state->row);
        free(state);
        return -1;
    }
    jpeg.create_decompress(&state->info, JPEG_LIB_VERSION, sizeof state->info);
    state->info.mem->max_memory_to_use = limits.decoder_bytes > 0 ? (long)limits.decoder_bytes : 0;
    state->progress.manager.progress_monitor = jpeg_progress;
    state->progress.scans = limits.scans > 0 ? limits.scans : 1000;
    state->info.progress = &state->progress.manager;
    jpeg.mem_src(&state->info, bytes, (unsigned long)length);
    jpeg.read_header(&state->info, TRUE);
    long long declared = (long long)state->info.image_width * state->info.image_height;
    if (limits.source_pixels > 0 && declared > limits.source_pixels) {
        snprintf(state->errors.message, sizeof state->errors.message, "a %ux%u JPEG is more than %lld megapixels; not decoded",
                 state->info.image_width, state->info.image_height, limits.source_pixels / 1000000);
        longjmp(state->errors.jump, 1);
    }
    int cmyk = state->info.jpeg_color_space == JCS_CMYK || state->info.jpeg_color_space == JCS_YCCK;
    state->info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    state->info.scale_num = (unsigned)(eighths < 1 ? 1 : eighths > 16 ? 16 : eighths);
    state->info.scale_denom = 8;
    state->info.dct_method = JDCT_ISLOW;
    jpeg.calc_output_dimensions(&state->info);
    int width = (int)state->info.output_width, height = (int)state->info.output_height;
    if (width <= 0 || height <= 0) {
        snprintf(state->errors.message, sizeof state->errors.message, "an empty picture");
        longjmp(state->errors.jump, 1);
    }
    size_t stride = (size_t)width * 4;
    state->pixels = malloc(stride * (size_t)height);
    state->row = malloc(stride);
    if (!state->pixels || !state->row) {
        snprintf(state->errors.message, sizeof state->errors.message, "out of memory for %dx%d pixels", width, height);
        longjmp(state->errors.jump, 1);
    }
    jpeg.start_decompress(&state->info);
    while (state->info.output_scanline < state->info.output_height) {
        int line = (int)state->info.output_scanline;
        JSAMPROW rows[1] = { state->row };
        if (jpeg.read_scanlines(&state->info, rows, 1) != 1) break;
        uint8_t *target = state->pixels + (size_t)line * stride;
        if (!cmyk) {
            memcpy(target, state->row, stride);
            continue;
        }
        // Adobe's CMYK JPEGs store the inks inverted (255 = no ink); others plainly.
        int inverted = state->info.saw_Adobe_marker;
        for (int x = 0; x < width; x++) {
            unsigned c = state->row[4 * x], m = state->row[4 * x + 1], y = state->row[4 * x + 2], k = state->row[4 * x + 3];
            if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
            target[4 * x] = (uint8_t)((c * k + 127) / 255);
            target[4 * x + 1] = (uint8_t)((m * k + 127) / 255);
            target[4 * x + 2] = (uint8_t)((y * k + 127) / 255);
            target[4 * x + 3] = 255;
        }
    }
    // Rows the decoder did not give (it gave up) are white, not uninitialised memory.
    for (int line = (int)state->info.output_scanline; line < height; line++) memset(state->pixels + (size_t)line * stride, 255, stride);
    out->pixels = state->pixels;
    out->width = width;
    out->height = height;
    state->pixels = NULL;
    jpeg.destroy_decompress(&state->info);
    free(state->row);
    free(state);
    return 0;
}

// MARK: libwebp, opened on the first WebP

static glance_library libwebp = GLANCE_LIBRARY("libwebp.so.7", "libwebp", "libwebp7", "libwebp7 1.0 or later (scripts/bootstrap does)");

static struct {
    VP8StatusCode (*get_features)(const uint8_t *, size_t, WebPBitstreamFeatures *, int);
    int (*init_config)(WebPDecoderConfig *, int);
    VP8StatusCode (*decode)(const uint8_t *, size_t, WebPDecoderConfig *);
    void (*free_buffer)(WebPDecBuffer *);
    int loaded;
} webp;

static pthread_once_t webp_once = PTHREAD_ONCE_INIT;
static void webp_load(void) {
    if (glance_library_error(&libwebp)) return;
    int missing = 0;
#define LOOK(field, name) \
    do { *(void **)&webp.field = glance_library_symbol(&libwebp, name); if (!webp.field) missing = 1; } while (0)
    LOOK(get_features, "WebPGetFeaturesInternal");
    LOOK(init_config, "WebPInitDecoderConfigInternal");
    LOOK(decode, "WebPDecode");
    LOOK(free_buffer, "WebPFreeDecBuffer");
#undef LOOK
    webp.loaded = !missing;
}

const char *glance_webp_load_error(void) {
    pthread_once(&webp_once, webp_load);
    return webp.loaded ? NULL : glance_library_error(&libwebp);
}

static const char *webp_status(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "damaged WebP";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "a WebP feature libwebp does not read";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "truncated WebP";
    default: return "the WebP could not be decoded";
    }
}

int glance_webp_size(const uint8_t *bytes, size_t length, int *width, int *height, int *animated, char *error, size_t capacity) {
    if (glance_webp_load_error()) { say(error, capacity, "%s", glance_webp_load_error()); return -1; }
    WebPBitstreamFeatures features;
    VP8StatusCode status = webp.get_features(bytes, length, &features, WEBP_DECODER_ABI_VERSION);
    if (status != VP8_STATUS_OK) { say(error, capacity, "%s", webp_status(status)); return -1; }
    *width = features.width;
    *height = features.height;
    *animated = features.has_animation ? 1 : 0;
    return 0;
}

int glance_webp_decode(const uint8_t *bytes, size_t length, int width, int height, glance_picture_limits limits,
                       glance_picture *out, char *error, size_t capacity) {
    memset(out, 0, sizeof *out);
    if (glance_webp_load_error()) { say(error, capacity, "%s", glance_webp_load_error()); return -1; }
    WebPDecoderConfig config;
    if (!webp.init_config(&config, WEBP_DECODER_ABI_VERSION)) { say(error, capacity, "libwebp's decoder does not match its header"); return -1; }
    VP8StatusCode status = webp.get_features(bytes, length, &config.input, WEBP_DECODER_ABI_VERSION);
    if (status != VP8_STATUS_OK) { say(error, capacity, "%s", webp_status(status)); return -1; }
    if (config.input.has_animation) { say(error, capacity, "an animated WebP (only still pictures are shown)"); return -1; }
    long long declared = (long long)config.input.width * config.input.height;
    if (limits.source_pixels > 0 && declared > limits.source_pixels) {
        say(error, capacity, "a %dx%d WebP is more than %lld megapixels; not decoded", config.input.width, config.input.height, limits.source_pixels / 1000000);
        return -1;
    }
    if (width > 0 && height > 0 && (width != config.input.width || height != config.input.height)) {
        config.options.use_scaling = 1;
        config.options.scaled_width = width;
        config.options.scaled_height = height;
    }
    config.output.colorspace = MODE_RGBA;
    status = webp.decode(bytes, length, &config);
    if (status != VP8_STATUS_OK) {
        webp.free_buffer(&config.output);
        say(error, capacity, "%s", webp_status(status));
        return -1;
    }
    int w = config.output.width, h = config.output.height;
    size_t stride = (size_t)w * 4;
    uint8_t *pixels = malloc(stride * (size_t)h);
    if (!pixels) {
        webp.free_buffer(&config.output);
        say(error, capacity, "out of memory for %dx%d pixels", w, h);
        return -1;
    }
    const WebPRGBABuffer *rgba = &config.output.u.RGBA;
    for (int y = 0; y < h; y++) memcpy(pixels + (size_t)y * stride, rgba->rgba + (size_t)y * (size_t)rgba->stride, stride);
    webp.free_buffer(&config.output);
    out->pixels = pixels;
    out->width = w;
    out->height = h;
    return 0;
}

// MARK: libheif, opened on the first HEIC or AVIF

// libheif's C API, declared here from its documented ABI (libheif 1.x: opaque handles, the
// error returned by value; the enum values are those of heif.h) rather than from
// libheif-dev, whose headers pull in no code Glance needs.
struct glance_heif_error { int code; int subcode; const char *message; };
enum { GLANCE_HEIF_COLORSPACE_RGB = 1, GLANCE_HEIF_CHROMA_INTERLEAVED_RGBA = 11, GLANCE_HEIF_CHANNEL_INTERLEAVED = 10 };

static glance_library libheif = GLANCE_LIBRARY("libheif.so.1", "libheif", "libheif1", "libheif1 1.12 or later (scripts/bootstrap does)");

static struct {
    void *(*context_alloc)(void);
    void (*context_free)(void *);
    struct glance_heif_error (*read_from_memory)(void *, const void *, size_t, const void *);
    struct glance_heif_error (*primary_handle)(void *, void **);
    int (*handle_width)(const void *);
    int (*handle_height)(const void *);
    void (*handle_release)(const void *);
    struct glance_heif_error (*decode)(const void *, void **, int, int, const void *);
    const uint8_t *(*plane)(const void *, int, int *);
    int (*image_width)(const void *, int);
    int (*image_height)(const void *, int);
    void (*image_release)(const void *);
    int loaded;
} heif;

static pthread_once_t heif_once = PTHREAD_ONCE_INIT;
static void heif_load(void) {
    if (glance_library_error(&libheif)) return;
    int missing = 0;
#define LOOK(field, name) \
    do { *(void **)&heif.field = glance_library_symbol(&libheif, name); if (!heif.field) missing = 1; } while (0)
    LOOK(context_alloc, "heif_context_alloc");
    LOOK(context_free, "heif_context_free");
    LOOK(read_from_memory, "heif_context_read_from_memory_without_copy");
    LOOK(primary_handle, "heif_context_get_primary_image_handle");
    LOOK(handle_width, "heif_image_handle_get_width");
    LOOK(handle_height, "heif_image_handle_get_height");
    LOOK(handle_release, "heif_image_handle_release");
    LOOK(decode, "heif_decode_image");
    LOOK(plane, "heif_image_get_plane_readonly");
    LOOK(image_width, "heif_image_get_width");
    LOOK(image_height, "heif_image_get_height");
    LOOK(image_release, "heif_image_release");
#undef LOOK
    heif.loaded = !missing;
}

const char *glance_heif_load_error(void) {
    pthread_once(&heif_once, heif_load);
    return heif.loaded ? NULL : glance_library_error(&libheif);
}

static void heif_said(char *error, size_t capacity, const char *what, struct glance_heif_error failure) {
    say(error, capacity, "%s (%s)", what, failure.message && failure.message[0] ? failure.message : "libheif gave no reason");
}

// Opens the primary image of a HEIF file (HEIC, AVIF): its handle and size as shown
// (libheif applies the file's rotation and mirroring).
static int heif_open(const uint8_t *bytes, size_t length, void **context, void **handle, int *width, int *height,
                     char *error, size_t capacity) {
    *context = NULL;
    *handle = NULL;
    if (glance_heif_load_error()) { say(error, capacity, "%s", glance_heif_load_error()); return -1; }
    *context = heif.context_alloc();
    if (!*context) { say(error, capacity, "out of memory"); return -1; }
    struct glance_heif_error failure = heif.read_from_memory(*context, bytes, length, NULL);
    if (failure.code != 0) { heif_said(error, capacity, "damaged HEIF", failure); return -1; }
    failure = heif.primary_handle(*context, handle);
    if (failure.code != 0 || !*handle) { heif_said(error, capacity, "a HEIF without a primary image", failure); return -1; }
    *width = heif.handle_width(*handle);
    *height = heif.handle_height(*handle);
    return 0;
}

static void heif_close(void *context, void *handle) {
    if (handle) heif.handle_release(handle);
    if (context) heif.context_free(context);
}

int glance_heif_size(const uint8_t *bytes, size_t length, int *width, int *height, char *error, size_t capacity) {
    void *context, *handle;
    int result = heif_open(bytes, length, &context, &handle, width, height, error, capacity);
    if (context || handle) heif_close(context, handle);
    return result;
}

int glance_heif_decode(const uint8_t *bytes, size_t length, glance_picture_limits limits, glance_picture *out, char *error, size_t capacity) {
    memset(out, 0, sizeof *out);
    void *context, *handle;
    int width = 0, height = 0;
    if (heif_open(bytes, length, &context, &handle, &width, &height, error, capacity) != 0) {
        heif_close(context, handle);
        return -1;
    }
    if (width <= 0 || height <= 0 || (limits.source_pixels > 0 && (long long)width * height > limits.source_pixels)) {
        say(error, capacity, "a %dx%d HEIF is more than %lld megapixels; not decoded", width, height, limits.source_pixels / 1000000);
        heif_close(context, handle);
        return -1;
    }
    void *image = NULL;
    struct glance_heif_error failure = heif.decode(handle, &image, GLANCE_HEIF_COLORSPACE_RGB, GLANCE_HEIF_CHROMA_INTERLEAVED_RGBA, NULL);
    if (failure.code != 0 || !image) {
        heif_said(error, capacity, "the HEIF could not be decoded", failure);
        if (image) heif.image_release(image);
        heif_close(context, handle);
        return -1;
    }
    int stride = 0;
    const uint8_t *plane = heif.plane(image, GLANCE_HEIF_CHANNEL_INTERLEAVED, &stride);
    int w = heif.image_width(image, GLANCE_HEIF_CHANNEL_INTERLEAVED), h = heif.image_height(image, GLANCE_HEIF_CHANNEL_INTERLEAVED);
    uint8_t *pixels = (plane && w > 0 && h > 0 && stride >= w * 4) ? malloc((size_t)w * 4 * (size_t)h) : NULL;
    if (!pixels) {
        say(error, capacity, plane ? "out of memory for %dx%d pixels" : "the HEIF gave no pixels (%dx%d)", w, h);
        heif.image_release(image);
        heif_close(context, handle);
        return -1;
    }
    for (int y = 0; y < h; y++) memcpy(pixels + (size_t)y * (size_t)w * 4, plane + (size_t)y * (size_t)stride, (size_t)w * 4);
    heif.image_release(image);
    heif_close(context, handle);
    out->pixels = pixels;
    out->width = w;
    out->height = h;
    return 0;
}
