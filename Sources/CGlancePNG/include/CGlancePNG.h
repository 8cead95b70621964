#ifndef CGLANCEPNG_H
#define CGLANCEPNG_H
#include <stddef.h>
#include <stdint.h>

// Encodes rows packed most significant bit first (1, 2, 4 or 8 bits a pixel, each row
// padded to whole bytes) as a PNG of that bit depth, compressed once at zlib `level`
// (0-9), with libpng's full API (the simplified API writes 8-bit pixels only and
// compresses twice to learn the size). Without `palette_rgb` the values are greys
// (0 = black, the largest value = white); with it they index its `palette_count` RGB
// triples. On success returns 0 and a malloc'd buffer the caller frees; on failure -1
// and, in `error` (if given), libpng's message.
int glance_png_encode_rows(const uint8_t *rows, int width, int height, int bit_depth,
                           const uint8_t *palette_rgb, int palette_count, int level,
                           uint8_t **out, size_t *out_length, char *error, size_t error_capacity);

#endif
