// libpng's and libjpeg's decoding behind functions that return a status: both libraries report errors by calling a
// function that must not return (it leaves with longjmp), which Swift code cannot catch, so the jump is caught here
// in C.
#ifndef CIMAGEDECODERS_H
#define CIMAGEDECODERS_H

#include <stddef.h>
#include <stdint.h>

/// What a JPEG's header says.
typedef struct {
    /// The size in pixels, as stored (before any EXIF orientation).
    uint32_t width, height;
    /// The colour components: 1 (greyscale), 3 (YCbCr or RGB) or 4 (CMYK or YCCK).
    int32_t components;
    /// 1 when the pixels are CMYK (or YCCK).
    int32_t cmyk;
    /// 1 when the image is progressive.
    int32_t progressive;
} tl_jpeg_header;

/// Reads the header of the JPEG in `data` (nothing past the start of the first scan is decoded). Returns 0, or -1
/// with a message in `message` (NUL-terminated, at most `capacity` bytes).
int tl_jpeg_read_header(const uint8_t *data, size_t size, tl_jpeg_header *header, char *message, size_t capacity);

/// Decodes the JPEG in `data` into `rgba`: width × height pixels (as stored), rows top to bottom, each red, green,
/// blue and alpha 255; `rgba_size` must be width × height × 4. CMYK is turned into RGB as Adobe writes it (inverted
/// when the file has Adobe's marker). A truncated or corrupt body is an error (libjpeg would only warn and fill the
/// rest with grey); so is a progressive file with more than `max_scans` scans (a few hundred bytes of scans can
/// otherwise keep the decoder busy for minutes) or one that needs more than `max_memory` bytes of working memory.
/// Returns 0, or -1 with a message.
int tl_jpeg_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size, int32_t max_scans,
                   long max_memory, char *message, size_t capacity);

/// Reads the size of the PNG in `data`: its chunks up to the first image data (nothing is decompressed). Returns 0,
/// or -1 with a message.
int tl_png_read_header(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *message,
                       size_t capacity);

/// Decodes the PNG in `data` into `rgba`: width × height pixels, rows top to bottom, each red, green, blue, alpha, 8
/// bits (16-bit samples scaled, palettes and grey expanded, a transparency chunk turned into alpha, interlacing
/// undone; samples are taken as they are, as sRGB, without gamma conversion). `rgba_size` must be width × height ×
/// 4. Returns 0, or -1 with a message.
int tl_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size, char *message, size_t capacity);

#endif
