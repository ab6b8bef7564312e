#include "CImageDecoders.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

// The error manager: libjpeg's, the jump back to the call, and where the message goes.
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t capacity;
} error_state;

// The progress monitor that counts scans: libjpeg calls it while it reads a progressive file's scans.
typedef struct {
    struct jpeg_progress_mgr monitor;
    int32_t max_scans;
} scan_limit;

static void write_message(j_common_ptr cinfo) {
    error_state *state = (error_state *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    if (state->capacity > 0) {
        strncpy(state->message, text, state->capacity - 1);
        state->message[state->capacity - 1] = 0;
    }
}

static void fail(j_common_ptr cinfo) {
    write_message(cinfo);
    longjmp(((error_state *)cinfo->err)->jump, 1);
}

// Warnings are corrupt data (a bad Huffman code, a premature end of the data, a bad progression): an error here.
// Bytes after the end of a segment (common in files written by cameras) are not.
static void warn_or_fail(j_common_ptr cinfo, int level) {
    if (level >= 0 || cinfo->err->msg_code == JWRN_EXTRANEOUS_DATA) return;
    fail(cinfo);
}

static void count_scans(j_common_ptr cinfo) {
    scan_limit *limit = (scan_limit *)cinfo->progress;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > limit->max_scans) {
        error_state *state = (error_state *)cinfo->err;
        if (state->capacity > 0) {
            snprintf(state->message, state->capacity, "more than %d scans in a progressive JPEG", limit->max_scans);
        }
        longjmp(state->jump, 1);
    }
}

static void begin(struct jpeg_decompress_struct *cinfo, error_state *errors, char *message, size_t capacity) {
    cinfo->err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = fail;
    errors->manager.emit_message = warn_or_fail;
    errors->message = message;
    errors->capacity = capacity;
}

int tl_jpeg_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size, int32_t max_scans,
                   long max_memory, char *message, size_t capacity) {
    struct jpeg_decompress_struct cinfo;
    error_state errors;
    scan_limit limit;
    // Volatile: read after a longjmp, which may have left a register copy stale.
    uint8_t *volatile cmyk_row = NULL;
    begin(&cinfo, &errors, message, capacity);
    if (setjmp(errors.jump)) {
        free(cmyk_row);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.mem->max_memory_to_use = max_memory;
    limit.monitor.progress_monitor = count_scans;
    limit.max_scans = max_scans;
    cinfo.progress = &limit.monitor;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    size_t width = cinfo.output_width, height = cinfo.output_height;
    if (width * height * 4 != rgba_size) {
        snprintf(message, capacity, "the JPEG's size changed between its header and its decoding");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    // Adobe's files hold CMYK inverted (0 is full ink); files without its marker are taken as plain CMYK.
    int inverted = cinfo.saw_Adobe_marker;
    if (cmyk) cmyk_row = malloc(width * 4);
    while (cinfo.output_scanline < height) {
        uint8_t *row = rgba + (size_t)cinfo.output_scanline * width * 4;
        JSAMPROW rows[1] = {cmyk ? cmyk_row : row};
        jpeg_read_scanlines(&cinfo, rows, 1);
        if (!cmyk) continue;
        for (size_t x = 0; x < width; x++) {
            unsigned c = cmyk_row[4 * x], m = cmyk_row[4 * x + 1], y = cmyk_row[4 * x + 2], k = cmyk_row[4 * x + 3];
            if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
            // With inverted inks, each of red, green and blue is the light its ink and black let through.
            row[4 * x] = (uint8_t)((c * k + 127) / 255);
            row[4 * x + 1] = (uint8_t)((m * k + 127) / 255);
            row[4 * x + 2] = (uint8_t)((y * k + 127) / 255);
            row[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&cinfo);
    free(cmyk_row);
    cmyk_row = NULL;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
