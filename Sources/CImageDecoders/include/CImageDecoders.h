// libpng's and libjpeg's decoding behind functions that return a status: both libraries report errors by calling a
// function that must not return (it leaves with longjmp), which Swift code cannot catch, so the jump is caught here
// in C.
#ifndef CIMAGEDECODERS_H
#define CIMAGEDECODERS_H

#include <stddef.h>
#include <stdint.h>

/// Decodes the JPEG in `data` into `rgba`: width × height pixels (as stored), rows top to bottom, each red, green,
/// blue and alpha 255; `rgba_size` must be width × height × 4. CMYK is turned into RGB as Adobe writes it (inverted
/// when the file has Adobe's marker). A truncated or corrupt body is an error (libjpeg would only warn and fill the
/// rest with grey); so is a progressive file with more than `max_scans` scans (a few hundred bytes of scans can
/// otherwise keep the decoder busy for minutes) or one that needs more than `max_memory` bytes of working memory.
/// Returns 0, or -1 with a message.
int tl_jpeg_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size, int32_t max_scans,
                   long max_memory, char *message, size_t capacity);

/// Decodes the PNG in `data` into `rgba`: width × height pixels, rows top to bottom, each red, green, blue, alpha, 8
/// bits (16-bit samples scaled, palettes and grey expanded, a transparency chunk turned into alpha, interlacing
/// undone; samples are taken as they are, as sRGB, without gamma conversion). `rgba_size` must be width × height ×
/// 4. Returns 0, or -1 with a message.
int tl_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size, char *message, size_t capacity);

#endif
