#ifndef CGLANCEPNG_H
#define CGLANCEPNG_H
#include <stddef.h>
#include <stdint.h>

// Encodes grey rows packed most significant bit first (1, 2, 4 or 8 bits a pixel,
// 0 = black, the largest value = white; each row padded to whole bytes) as a
// greyscale PNG of that bit depth, with libpng's full API (the simplified API writes
// 8-bit pixels only). On success returns 0 and a malloc'd buffer the caller frees;
// on failure -1 and, in `error` (if given), libpng's message.
int glance_png_encode_gray(const uint8_t *rows, int width, int height, int bit_depth,
                           uint8_t **out, size_t *out_length, char *error, size_t error_capacity);

#endif
