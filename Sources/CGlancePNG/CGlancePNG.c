#include "CGlancePNG.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct glance_png_buffer {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    int failed;
};

static void glance_png_append(png_structp png, png_bytep data, png_size_t length) {
    struct glance_png_buffer *buffer = png_get_io_ptr(png);
    if (buffer->failed) return;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) {
            buffer->failed = 1;
            png_error(png, "out of memory");
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
}

static void glance_png_flush(png_structp png) { (void)png; }

struct glance_png_error {
    char *text;
    size_t capacity;
};

static void glance_png_fail(png_structp png, png_const_charp message) {
    struct glance_png_error *error = png_get_error_ptr(png);
    if (error && error->text && error->capacity) {
        strncpy(error->text, message, error->capacity - 1);
        error->text[error->capacity - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void glance_png_warn(png_structp png, png_const_charp message) { (void)png; (void)message; }

int glance_png_encode_rows(const uint8_t *rows, int width, int height, int bit_depth,
                           const uint8_t *palette_rgb, int palette_count, int level,
                           uint8_t **out, size_t *out_length, char *error_text, size_t error_capacity) {
    struct glance_png_error error = { error_text, error_capacity };
    struct glance_png_buffer buffer = { NULL, 0, 0, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, glance_png_fail, glance_png_warn);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.bytes);
        return -1;
    }
    png_set_write_fn(png, &buffer, glance_png_append, glance_png_flush);
    int colour_type = palette_rgb ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_GRAY;
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, bit_depth, colour_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette_rgb) {
        png_color colours[256];
        int count = palette_count < 0 ? 0 : (palette_count > 256 ? 256 : palette_count);
        for (int i = 0; i < count; i++) {
            colours[i].red = palette_rgb[3 * i];
            colours[i].green = palette_rgb[3 * i + 1];
            colours[i].blue = palette_rgb[3 * i + 2];
        }
        png_set_PLTE(png, info, colours, count);
    }
    png_set_compression_level(png, level);
    png_write_info(png, info);
    size_t stride = ((size_t)width * (size_t)bit_depth + 7) / 8;
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rows + stride * (size_t)y));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = buffer.bytes;
    *out_length = buffer.length;
    return 0;
}
