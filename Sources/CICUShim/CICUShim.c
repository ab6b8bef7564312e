#include "CICUShim.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <string.h>

// One iterator of each kind per thread, reused through ubrk_setText: opening one loads ICU's rules, which costs
// far more than breaking a short text.
static _Thread_local UBreakIterator *line_iterator;
static _Thread_local UBreakIterator *grapheme_iterator;
static _Thread_local UBiDi *bidi;

static UBreakIterator *iterator_for(UBreakIterator **slot, UBreakIteratorType type, const uint16_t *text,
                                    int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    if (*slot == NULL) {
        *slot = ubrk_open(type, "", NULL, 0, &status);
        if (U_FAILURE(status)) { *slot = NULL; return NULL; }
    }
    ubrk_setText(*slot, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? NULL : *slot;
}

int32_t tl_line_breaks(const uint16_t *text, int32_t length, int32_t *positions, uint8_t *mandatory,
                       int32_t capacity) {
    UBreakIterator *it = iterator_for(&line_iterator, UBRK_LINE, text, length);
    if (it == NULL) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t p = ubrk_next(it); p != UBRK_DONE && count < capacity; p = ubrk_next(it)) {
        int32_t status = ubrk_getRuleStatus(it);
        positions[count] = p;
        mandatory[count] = (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count += 1;
    }
    return count;
}

int32_t tl_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *positions, int32_t capacity) {
    UBreakIterator *it = iterator_for(&grapheme_iterator, UBRK_CHARACTER, text, length);
    if (it == NULL) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t p = ubrk_next(it); p != UBRK_DONE && count < capacity; p = ubrk_next(it)) {
        positions[count++] = p;
    }
    return count;
}

int32_t tl_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    if (bidi == NULL) {
        bidi = ubidi_open();
        if (bidi == NULL) return -1;
    }
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph_level, NULL, &status);
    if (U_FAILURE(status)) return -1;
    if (length > 0) {
        const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
        if (U_FAILURE(status)) return -1;
        memcpy(levels, resolved, (size_t)length);
    }
    return ubidi_getParaLevel(bidi) & 1;
}

void tl_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
    ubidi_reorderVisual(levels, count, visual_to_logical);
}

uint32_t tl_emoji_properties(uint32_t c) {
    UChar32 code = (UChar32)c;
    return (u_hasBinaryProperty(code, UCHAR_EMOJI) ? 1u : 0u)
        | (u_hasBinaryProperty(code, UCHAR_EMOJI_PRESENTATION) ? 2u : 0u)
        | (u_hasBinaryProperty(code, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 4u : 0u);
}
