#ifndef TEXTURE_LAYOUT_CICU_SHIM_H
#define TEXTURE_LAYOUT_CICU_SHIM_H

// Plain C functions over the few ICU services the text module needs. ICU renames every function with its
// version through macros that Swift cannot import, so these wrappers give Swift stable names. Text is UTF-16, as
// ICU works on it; every offset is in UTF-16 code units.

#include <stdint.h>

/// Writes the UAX #14 line-break opportunities of `text`: each offset (> 0; the last is `length` for non-empty
/// text) into `positions` and 1 into `mandatory` where the break is forced (after a newline), else 0.
/// Returns how many were written (at most `capacity`), or -1 when ICU fails.
int32_t tl_line_breaks(const uint16_t *text, int32_t length, int32_t *positions, uint8_t *mandatory,
                       int32_t capacity);

/// Writes the grapheme-cluster boundaries (extended grapheme clusters, UAX #29) of `text` after offset 0 into
/// `positions`. Returns how many were written (at most `capacity`), or -1 when ICU fails.
int32_t tl_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *positions, int32_t capacity);

/// Resolves the UAX #9 embedding level of every code unit of one paragraph into `levels` (`length` entries).
/// `paragraph_level` is 0 (left to right), 1 (right to left), 0xFE (from the first strong character, else left to
/// right) or 0xFF (from the first strong character, else right to left). Returns the paragraph's resolved level
/// (0 or 1), or -1 when ICU fails.
int32_t tl_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels);

/// Computes the visual order of `count` items with the given embedding levels (UAX #9 rule L2):
/// `visual_to_logical[i]` is the logical index of the item shown at visual position `i`.
void tl_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);

/// The emoji and default-ignorable properties of code point `c` (Unicode's emoji data, UTS #51, and
/// DerivedCoreProperties), as bits: 1 Emoji, 2 Emoji_Presentation, 4 Default_Ignorable_Code_Point. What font
/// fallback asks of a cluster's characters.
uint32_t tl_emoji_properties(uint32_t c);

#endif
