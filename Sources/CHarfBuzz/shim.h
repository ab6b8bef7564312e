// HarfBuzz's public C API (shaping, font faces from memory, glyph outlines), found through pkg-config `harfbuzz`.
#include <hb.h>
#include <hb-ot.h>
