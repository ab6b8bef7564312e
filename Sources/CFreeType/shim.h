// FreeType (font file validation, rasterizing glyphs for pictures), found through pkg-config `freetype2`.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_GLYPH_H
