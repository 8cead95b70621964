#ifndef CGLANCEPICTURE_H
#define CGLANCEPICTURE_H
#include <stddef.h>
#include <stdint.h>

// JPEG (libjpeg-turbo, libjpeg.so.62), WebP (libwebp.so.7) and HEIF (HEIC and AVIF,
// libheif.so.1) pictures, JPEG and WebP decoded straight to the size they are drawn at:
// a JPEG at M/8 of its size by the codec's own DCT scaling, a WebP by its decoder's
// scaler. Each library is opened on the first picture of its kind, not linked (a wall
// without photos loads none).
//
// Every function returns 0 on success, else -1 with one line in `error` (if given) that
// says what is wrong with the picture or which package to install.

// A decoded picture: RGBA, 4 bytes a pixel, rows `width * 4` bytes apart; malloc'd,
// freed with glance_picture_free.
typedef struct glance_picture {
    uint8_t *pixels;
    int width;
    int height;
} glance_picture;

void glance_picture_free(glance_picture *picture);

// Bounds a hostile picture meets before any pixel is decoded.
typedef struct glance_picture_limits {
    // The most pixels the file may declare (a decompression bomb says billions).
    long long source_pixels;
    // The most bytes the JPEG decoder may allocate (a progressive JPEG keeps its whole
    // coefficient array: 2 bytes a sample at the source size).
    long long decoder_bytes;
    // The most scans a progressive JPEG may have (thousands of tiny scans cost minutes).
    int scans;
} glance_picture_limits;

// The size a JPEG declares, read from its header only.
int glance_jpeg_size(const uint8_t *bytes, size_t length, int *width, int *height, char *error, size_t capacity);
// Decodes a JPEG at `eighths`/8 of its size (1 to 16), as RGBA. CMYK and YCCK JPEGs
// (Adobe's, inverted) are turned into RGB; greyscale into grey RGB.
int glance_jpeg_decode(const uint8_t *bytes, size_t length, int eighths, glance_picture_limits limits,
                       glance_picture *out, char *error, size_t capacity);

// The size a WebP declares, and whether it is animated (1) or not (0).
int glance_webp_size(const uint8_t *bytes, size_t length, int *width, int *height, int *animated, char *error, size_t capacity);
// Decodes a still WebP scaled to `width` x `height` (0 x 0: its own size), as RGBA.
int glance_webp_decode(const uint8_t *bytes, size_t length, int width, int height, glance_picture_limits limits,
                       glance_picture *out, char *error, size_t capacity);

// The size a HEIF (HEIC, AVIF) declares for its primary image, as shown (rotated).
int glance_heif_size(const uint8_t *bytes, size_t length, int *width, int *height, char *error, size_t capacity);
// Decodes a HEIF's primary image whole (libheif cannot scale while decoding), as RGBA,
// rotated and mirrored as the file says.
int glance_heif_decode(const uint8_t *bytes, size_t length, glance_picture_limits limits, glance_picture *out, char *error, size_t capacity);

// NULL when the library can be opened, else why not and what to install.
const char *glance_jpeg_load_error(void);
const char *glance_webp_load_error(void);
const char *glance_heif_load_error(void);

#endif
