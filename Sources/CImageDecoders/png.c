#include "CImageDecoders.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The bytes being read, and where the message of an error goes.
typedef struct {
    const uint8_t *data;
    size_t size, offset;
    char *message;
    size_t capacity;
} png_source;

static void read_bytes(png_structp png, png_bytep out, size_t count) {
    png_source *source = (png_source *)png_get_io_ptr(png);
    if (count > source->size - source->offset) png_error(png, "the file ends early (truncated)");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

static void fail(png_structp png, png_const_charp text) {
    png_source *source = (png_source *)png_get_error_ptr(png);
    if (source->capacity > 0) snprintf(source->message, source->capacity, "%s", text);
    png_longjmp(png, 1);
}

// Warnings (an ancillary chunk with a bad checksum, an unknown profile) leave the pixels right: not an error.
static void ignore_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static png_structp open_png(png_source *source, const uint8_t *data, size_t size, char *message, size_t capacity) {
    source->data = data;
    source->size = size;
    source->offset = 0;
    source->message = message;
    source->capacity = capacity;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, fail, ignore_warning);
    if (png) png_set_read_fn(png, source, read_bytes);
    return png;
}

int tl_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size, char *message, size_t capacity) {
    png_source source;
    png_structp png = open_png(&source, data, size, message, capacity);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    // Volatile: read after a longjmp, which may have left a register copy stale.
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((size_t)width * height * 4 != rgba_size) png_error(png, "the image's size changed while it was read");
    int type = png_get_color_type(png, info);
    // Everything to 8-bit RGBA: palettes and low-depth grey expanded, a tRNS chunk to alpha, 16 bits scaled
    // (rounded, not cut), grey to RGB, opaque alpha added where there is none.
    png_set_expand(png);
    png_set_scale_16(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row size");
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    rows = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
