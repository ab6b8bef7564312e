// PNG encoders and their settings on raw 8-bit RGB pictures: bytes and milliseconds per picture, the least of
// three rounds. Built and run by Scripts/compare-png-encoders.py (which says how); compiled with -DWITH_SPNG when
// libspng is installed.
//
// Usage: png-encoders WIDTH HEIGHT FILE.rgb...
#include <libdeflate.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#ifdef WITH_SPNG
#include <spng.h>
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

typedef struct {
    unsigned char *data;
    size_t size, capacity;
} buffer;

static void append(buffer *b, const void *bytes, size_t count) {
    if (b->size + count > b->capacity) {
        b->capacity = (b->size + count) * 2;
        b->data = realloc(b->data, b->capacity);
    }
    memcpy(b->data + b->size, bytes, count);
    b->size += count;
}

static void libpng_write(png_structp png, png_bytep data, png_size_t length) { append(png_get_io_ptr(png), data, length); }
static void libpng_flush(png_structp png) { (void)png; }

// libpng writing rows as Cairo's writer does; a negative setting keeps libpng's default.
static size_t with_libpng(const unsigned char *rgb, int w, int h, int filters, int level, int strategy, buffer *out) {
    out->size = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    png_set_write_fn(png, out, libpng_write, libpng_flush);
    png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (filters >= 0) png_set_filter(png, 0, filters);
    if (level >= 0) png_set_compression_level(png, level);
    if (strategy >= 0) png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    for (int y = 0; y < h; y++) png_write_row(png, (png_bytep)(rgb + (size_t)y * w * 3));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return out->size;
}

#ifdef WITH_SPNG
static size_t with_spng(const unsigned char *rgb, int w, int h, int filters, int level, buffer *out) {
    spng_ctx *ctx = spng_ctx_new(SPNG_CTX_ENCODER);
    spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
    spng_set_option(ctx, SPNG_FILTER_CHOICE, filters);
    spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, level);
    struct spng_ihdr ihdr = {w, h, 8, SPNG_COLOR_TYPE_TRUECOLOR, 0, 0, 0};
    spng_set_ihdr(ctx, &ihdr);
    spng_encode_image(ctx, rgb, (size_t)w * h * 3, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
    size_t size;
    int error;
    void *data = spng_get_png_buffer(ctx, &size, &error);
    out->size = 0;
    append(out, data, size);
    free(data);
    spng_ctx_free(ctx);
    return size;
}
#endif

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// The rows with one filter each (0 none, 1 sub, 2 up, 4 paeth; the first row: none), each led by its type byte.
static void filter_rows(const unsigned char *rgb, int w, int h, int kind, unsigned char *out) {
    size_t stride = (size_t)w * 3;
    for (int y = 0; y < h; y++) {
        const unsigned char *row = rgb + y * stride, *above = row - stride;
        unsigned char *line = out + y * (stride + 1);
        int type = y == 0 && kind != 1 ? 0 : kind;
        line[0] = (unsigned char)type;
        switch (type) {
        case 0: memcpy(line + 1, row, stride); break;
        case 1:
            for (size_t i = 0; i < stride; i++) line[1 + i] = row[i] - (i >= 3 ? row[i - 3] : 0);
            break;
        case 2:
            for (size_t i = 0; i < stride; i++) line[1 + i] = row[i] - above[i];
            break;
        default:
            for (size_t i = 0; i < stride; i++)
                line[1 + i] = row[i] - paeth(i >= 3 ? row[i - 3] : 0, above[i], i >= 3 ? above[i - 3] : 0);
        }
    }
}

static void be32(unsigned char *p, unsigned v) {
    p[0] = v >> 24;
    p[1] = v >> 16;
    p[2] = v >> 8;
    p[3] = v;
}

static void chunk(buffer *out, const char *type, const unsigned char *data, size_t n) {
    unsigned char head[8], tail[4];
    be32(head, (unsigned)n);
    memcpy(head + 4, type, 4);
    append(out, head, 8);
    append(out, data, n);
    be32(tail, (unsigned)libdeflate_crc32(libdeflate_crc32(0, type, 4), data, n));
    append(out, tail, 4);
}

// Filtered rows compressed whole by libdeflate (zlib = 0) or by zlib's deflate with `strategy` (zlib = 1), as a file.
static size_t with_rows(const unsigned char *rgb, int w, int h, int kind, int level, int zlib, int strategy,
                        buffer *out, unsigned char *rows, unsigned char *z, size_t zcap) {
    size_t n = (size_t)h * (w * 3 + 1), length;
    filter_rows(rgb, w, h, kind, rows);
    if (zlib) {
        z_stream s = {0};
        deflateInit2(&s, level, Z_DEFLATED, 15, 8, strategy);
        s.next_in = rows;
        s.avail_in = n;
        s.next_out = z;
        s.avail_out = zcap;
        deflate(&s, Z_FINISH);
        length = s.total_out;
        deflateEnd(&s);
    } else {
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
        length = libdeflate_zlib_compress(c, rows, n, z, zcap);
        libdeflate_free_compressor(c);
    }
    unsigned char ihdr[13] = {0};
    be32(ihdr, w);
    be32(ihdr + 4, h);
    ihdr[8] = 8;
    ihdr[9] = 2;
    out->size = 0;
    append(out, "\x89PNG\r\n\x1a\n", 8);
    chunk(out, "IHDR", ihdr, 13);
    chunk(out, "IDAT", z, length);
    chunk(out, "IEND", NULL, 0);
    return out->size;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: png-encoders WIDTH HEIGHT FILE.rgb...\n");
        return 2;
    }
    int w = atoi(argv[1]), h = atoi(argv[2]), count = argc - 3;
    size_t size = (size_t)w * h * 3, n = (size_t)h * (w * 3 + 1), zcap = n + n / 8 + 1024;
    unsigned char **pictures = malloc(sizeof *pictures * count);
    for (int i = 0; i < count; i++) {
        FILE *f = fopen(argv[i + 3], "rb");
        pictures[i] = malloc(size);
        if (!f || fread(pictures[i], 1, size, f) != size) {
            fprintf(stderr, "%s: not %d × %d RGB\n", argv[i + 3], w, h);
            return 1;
        }
        fclose(f);
    }
    buffer out = {0};
    unsigned char *rows = malloc(n), *z = malloc(zcap);
    char label[80];
#define MEASURE(expression)                                                                                            \
    do {                                                                                                               \
        double best = 1e9;                                                                                             \
        size_t bytes = 0;                                                                                              \
        for (int round = 0; round < 3; round++) {                                                                      \
            double start = now();                                                                                      \
            bytes = 0;                                                                                                 \
            for (int i = 0; i < count; i++) {                                                                          \
                const unsigned char *picture = pictures[i];                                                            \
                bytes += (expression);                                                                                 \
            }                                                                                                          \
            double t = now() - start;                                                                                  \
            if (t < best) best = t;                                                                                    \
        }                                                                                                              \
        printf("%-40s %9.1f %9.2f\n", label, bytes / 1024.0 / count, best * 1000 / count);                             \
        fflush(stdout);                                                                                                \
    } while (0)
    printf("%-40s %9s %9s\n", "encoder, filter, level", "KB", "ms");
    snprintf(label, sizeof label, "libpng, all filters, zlib 6 (Cairo's)");
    MEASURE(with_libpng(picture, w, h, -1, -1, -1, &out));
    const char *names[] = {"none", "sub", "up", "", "paeth"};
    int kinds[] = {0, 1, 2, 4};
    int png_filters[] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, 0, PNG_FILTER_PAETH};
    for (int f = 0; f < 4; f++) {
        int k = kinds[f], levels[] = {1, 3, 6};
        for (int l = 0; l < 3; l++) {
            snprintf(label, sizeof label, "libpng, %s, zlib %d", names[k], levels[l]);
            MEASURE(with_libpng(picture, w, h, png_filters[k], levels[l], -1, &out));
        }
    }
    snprintf(label, sizeof label, "libpng, paeth, zlib 1 Z_RLE");
    MEASURE(with_libpng(picture, w, h, PNG_FILTER_PAETH, 1, Z_RLE, &out));
    for (int f = 0; f < 4; f++) {
        int k = kinds[f], levels[] = {1, 2, 3, 4};
        for (int l = 0; l < 4; l++) {
            snprintf(label, sizeof label, "zlib, %s, %d", names[k], levels[l]);
            MEASURE(with_rows(picture, w, h, k, levels[l], 1, Z_DEFAULT_STRATEGY, &out, rows, z, zcap));
        }
    }
    for (int f = 0; f < 4; f++) {
        int k = kinds[f], levels[] = {1, 2, 3, 4, 5, 6, 9};
        for (int l = 0; l < 7; l++) {
            snprintf(label, sizeof label, "libdeflate, %s, %d", names[k], levels[l]);
            MEASURE(with_rows(picture, w, h, k, levels[l], 0, 0, &out, rows, z, zcap));
        }
    }
#ifdef WITH_SPNG
    int spng_filters[] = {SPNG_FILTER_CHOICE_UP, SPNG_FILTER_CHOICE_ALL};
    const char *spng_names[] = {"up", "all filters"};
    for (int f = 0; f < 2; f++) {
        int levels[] = {1, 6};
        for (int l = 0; l < 2; l++) {
            snprintf(label, sizeof label, "libspng, %s, zlib %d", spng_names[f], levels[l]);
            MEASURE(with_spng(picture, w, h, spng_filters[f], levels[l], &out));
        }
    }
#endif
    return 0;
}
